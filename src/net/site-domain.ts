/**
 * The `{domain}` of `GET /api/badge/{domain}`: everything after `/api/badge/`, still
 * percent-encoded, as the router matched it from the URL's path. People paste anything there:
 * `example.com`, `https://www.Example.com/some/page?x=1`, `bücher.de`, `example.com:8443`; an
 * HTTP proxy that merges slashes turns `https://` into `https:/`. All of those name the same
 * site, and its grade is stored under the lower-case ASCII host without `www.`
 * (deploy/node/admin-commands.ts `grades set`).
 */
import type { parse } from 'tldts';
import {
  asciiHostname,
  endsInNumericLabel,
  hasHostnameCharacters,
  hasInvisibleCharacters,
  MAX_DNS_LABEL_LENGTH,
  MAX_DNS_NAME_LENGTH,
  percentDecode,
  urlHostname,
  withoutTrailingDot,
} from './host-text.ts';

export type BadgeDomain = { ok: true; domain: string } | { ok: false; reason: string };

/** What the checks need of tldts: the public-suffix list (ICANN section), 134 KB loaded on first use. */
export interface PublicSuffixList {
  parse: typeof parse;
}

/** tldts, imported the first time a target or a badge domain is read: a cold start never parses it. */
export const loadPublicSuffixList = (): Promise<PublicSuffixList> => import('tldts');

/** Longest path parameter looked at at all; host names are at most 253 characters. */
const MAX_RAW_LENGTH = 2048;

const HTTP_SCHEME = /^https?:[/\\]*/i;
// `name:` followed by something other than a port number is a URL scheme (javascript:, ftp:, …).
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?:\/\/|(?![0-9]*(?:[/?#\\]|$)))/i;

const fail = (reason: string): BadgeDomain => ({ ok: false, reason });

/**
 * The host part of what was pasted: scheme, path, query and fragment removed, port removed.
 * Returns a reason instead when the text is not an http(s) URL or a bare host.
 */
function hostPart(text: string): { host: string } | { reason: string } {
  let rest = text;
  const scheme = HTTP_SCHEME.exec(rest);
  if (scheme) rest = rest.slice(scheme[0].length);
  else if (OTHER_SCHEME.test(rest))
    return {
      reason:
        'The domain must be a host name such as example.com, or an http:// or https:// URL; ' +
        'other URL schemes are not accepted.',
    };
  rest = rest.split(/[/?#\\]/, 1)[0]!;
  if (rest.includes('@'))
    return { reason: 'The domain contains user credentials (user@ or user:password@); give the host name alone.' };
  if (rest.startsWith('[')) return { reason: 'The domain is an IP address; badges are shown for domain names only.' };
  const port = /:(\d*)$/.exec(rest);
  if (port) {
    if (port[1]!.length > 5 || Number(port[1]) > 65535) return { reason: 'The domain has an invalid port number.' };
    rest = rest.slice(0, port.index);
  }
  if (rest.includes(':')) return { reason: 'The domain contains a ":" that is neither a scheme nor a port.' };
  if (rest === '') return { reason: 'The domain is empty; give a host name such as example.com.' };
  return { host: rest };
}

/** Why `host` (what `asciiHostname` refused) is not a host name, in words. */
function whyNotHostname(host: string): string {
  const ascii = urlHostname(host);
  if (ascii === null) {
    return (
      'The domain contains characters that are not allowed in a host name, ' +
      'or an internationalised label that cannot be converted to punycode.'
    );
  }
  const labels = ascii.split('.');
  if (ascii.length > MAX_DNS_NAME_LENGTH)
    return (
      `The domain is ${ascii.length} characters long (in punycode); ` + `host names are at most ${MAX_DNS_NAME_LENGTH}.`
    );
  if (labels.some((label) => label === ''))
    return 'The domain has an empty label (two dots in a row, or a leading dot).';
  if (labels.some((label) => label.length > MAX_DNS_LABEL_LENGTH))
    return `The domain has a label longer than ${MAX_DNS_LABEL_LENGTH} characters.`;
  if (labels.some((label) => !hasHostnameCharacters(label)))
    return 'The domain contains characters other than letters, digits, hyphens and dots.';
  if (labels.some((label) => label.startsWith('-') || label.endsWith('-')))
    return 'A label of the domain starts or ends with a hyphen.';
  return 'The domain is not a valid host name.';
}

/**
 * Normalises and checks the badge's domain parameter. Accepts a host name or an http(s) URL,
 * percent-encoded or not, in any case, with or without `www.`, a port, a path, a query, a
 * fragment or one trailing dot; converts an internationalised name to punycode. Refuses, with
 * the reason, IP addresses, single-label names, public suffixes, other schemes and anything that
 * is not a host name (at most 253 characters, labels at most 63).
 */
export async function normalizeBadgeDomain(raw: string): Promise<BadgeDomain> {
  return normalizeBadgeDomainWith(await loadPublicSuffixList(), raw);
}

/** normalizeBadgeDomain with the public-suffix list at hand. */
export function normalizeBadgeDomainWith(list: PublicSuffixList, raw: string): BadgeDomain {
  const form = badgeDomainForm(raw);
  if (!form.ok) return form;
  const registrable = (name: string) => list.parse(name, { allowPrivateDomains: false }).domain !== null;
  if (!registrable(form.domain)) {
    // www.gov.uk is a site of its own: without www. it would be the public suffix gov.uk.
    const www = `www.${form.domain}`;
    if (registrable(www) && wwwGiven(raw)) return { ok: true, domain: www };
    return fail(
      'The domain is a public suffix (such as co.uk), not a domain that can be registered; give the domain below it.',
    );
  }
  return form;
}

/** Whether the host of `raw` starts with www. (its normal form dropped it). */
function wwwGiven(raw: string): boolean {
  const text = percentDecode(raw);
  const part = text === null ? null : hostPart(text);
  return part !== null && 'host' in part && /^www\./i.test(part.host);
}

/**
 * The badge's normal form of `raw`, every check but the public-suffix one (which needs the list):
 * what DEV_WEBSITE_GRADES is read with at start-up.
 */
export function badgeDomainForm(raw: string): BadgeDomain {
  if (raw.length === 0) return fail('The domain is empty; give a host name such as example.com.');
  if (raw.length > MAX_RAW_LENGTH)
    return fail(`The domain parameter is ${raw.length} characters long; at most ${MAX_RAW_LENGTH} are read.`);
  const text = percentDecode(raw);
  if (text === null) return fail('The domain contains a "%" that does not start valid percent-encoded UTF-8.');
  const part = hostPart(text);
  if ('reason' in part) return fail(part.reason);
  if (hasInvisibleCharacters(part.host)) return fail('The domain contains whitespace or control characters.');
  if (part.host.includes('%'))
    return fail('The domain still contains "%" after percent-decoding; encode it once, not twice.');
  // Checked before and after the URL parser, which turns every IPv4 spelling into a dotted quad.
  const notIp = 'The domain is an IP address (or ends in a numeric label); badges are shown for domain names only.';
  if (endsInNumericLabel(withoutTrailingDot(part.host))) return fail(notIp);
  const ascii = asciiHostname(part.host);
  if (ascii === null) return fail(whyNotHostname(part.host));
  if (endsInNumericLabel(ascii)) return fail(notIp);
  if (!ascii.includes('.'))
    return fail('The domain has no dot; give a fully qualified domain name such as example.com.');
  return { ok: true, domain: withoutWww(ascii) };
}

const withoutWww = (host: string) => (host.startsWith('www.') && host.indexOf('.', 4) > 0 ? host.slice(4) : host);
