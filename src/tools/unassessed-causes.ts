/**
 * Why a scan could not grade its target: each `result.details.reason` of a 422 (both tools,
 * docs/api-behaviour.md) with a title, what happened and its own next step. One table for the tool
 * pages, the REST 422's hint and the MCP compact result's `next`. `{vendor}` in `what` is the
 * bot-challenge vendor the scan recognised, in brackets.
 */
export interface Cause {
  title: string;
  what: string;
  next: string;
}

const unreachable = (what: string): Cause => ({
  title: 'The site could not be reached',
  what,
  next: 'Check the address and that the site is up, then scan again.',
});

export const CAUSES: Readonly<Record<string, Cause>> = {
  'bot-challenge': {
    title: 'The site showed a bot check instead of its page',
    what: 'The site\u2019s firewall{vendor} answered with a challenge page, so its own headers could not be read.',
    next:
      'Scan a page the firewall lets through, or let the scanner pass in the firewall settings. ' +
      'Retrying rarely helps.',
  },
  'blocked-address': {
    title: 'This address may not be scanned',
    what: 'The site is, or redirects to, a private, loopback or cloud-metadata address.',
    next: 'Scan a site on a public address.',
  },
  'no-response': unreachable('Neither http:// nor https:// got a response.'),
  dns: unreachable('The host name does not resolve to an address.'),
  refused: unreachable('The server refused the connection.'),
  tls: unreachable('The secure connection (TLS handshake) failed.'),
  network: unreachable('A network error stopped the request.'),
  'unexpected-status': {
    title: 'The site answered with an error',
    what: 'The final response was not a page (its status is not 2xx, 3xx, 401 or 403).',
    next: 'Scan a URL that answers with a page.',
  },
  'too-many-redirects': {
    title: 'The redirects never reach a page',
    what: 'The site redirected more than 10 times.',
    next: 'Fix the redirect loop, or scan the final URL directly.',
  },
  'invalid-redirect': {
    title: 'A redirect points nowhere',
    what: 'A redirect pointed to an address that is not a valid URL.',
    next: 'Fix the Location of that redirect, or scan the final URL directly.',
  },
  nxdomain: {
    title: 'The domain does not exist',
    what: 'DNS says no such domain is registered.',
    next: 'Check the spelling of the domain and scan again.',
  },
  'dns-failure': {
    title: 'The domain\u2019s DNS servers failed',
    what: 'The domain\u2019s name servers failed or did not answer for its core records.',
    next: 'Check the domain\u2019s name servers, or try again in a few minutes.',
  },
  timeout: {
    title: 'The scan ran out of time',
    what: 'The site or its DNS answered too slowly for the scan to finish.',
    next: 'Try again in a minute.',
  },
  'client-closed': {
    title: 'The scan was cut off',
    what: 'The connection closed before the scan finished.',
    next: 'Scan again.',
  },
  unavailable: {
    title: 'Scanning is unavailable right now',
    what:
      'The service cannot run scans at the moment (for example, its DNS resolver is down). ' +
      'Nothing is wrong with your target.',
    next: 'Wait until the countdown ends, then scan again.',
  },
};

export const UNKNOWN_CAUSE: Cause = {
  title: 'The scan could not grade this target',
  what: 'The scan ran but could not read what it grades.',
  next: 'Check the target and scan again.',
};

/** The cause of `reason`, or the general one for a reason this table does not name. */
export function unassessedCause(reason: unknown): Cause {
  return typeof reason === 'string' && Object.prototype.hasOwnProperty.call(CAUSES, reason)
    ? CAUSES[reason]!
    : UNKNOWN_CAUSE;
}
