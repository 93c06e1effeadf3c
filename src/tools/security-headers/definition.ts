import ipaddr from 'ipaddr.js';
import { asciiHostname, isHostname, isIpLiteralHostname, withoutTrailingDot } from '../../net/host-text.ts';
import { normalizeBadgeDomainWith, type PublicSuffixList } from '../../net/site-domain.ts';
import type { BadgeFeed, TargetParse, ToolDefinition } from '../tool.ts';
import { GRADE_SCALE } from '../grading.ts';
import { MAX_SCORE } from './grade/score.ts';

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

function parseUrlTarget(raw: string, suffixes: PublicSuffixList): TargetParse {
  const text = SCHEME.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, detail: `"target" is not a valid URL or domain: ${JSON.stringify(raw.slice(0, 100))}.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      detail: `"target" uses the scheme ${url.protocol.slice(0, -1)}; only http and https can be scanned.`,
    };
  }
  if (url.username !== '' || url.password !== '') {
    return {
      ok: false,
      detail: '"target" contains user credentials (user:password@); remove them.',
      hint: `Scan ${url.protocol}//${url.host}${url.pathname} instead.`,
    };
  }
  const host = url.hostname;
  const bare = withoutTrailingDot(host);
  const isIpLiteral = isIpLiteralHostname(bare);
  if (!isIpLiteral && !isHostname(bare)) {
    return { ok: false, detail: `"target" has an invalid host name: ${JSON.stringify(host.slice(0, 100))}.` };
  }
  if (!isIpLiteral && !bare.includes('.')) {
    return {
      ok: false,
      detail:
        `"target" host ${JSON.stringify(bare.slice(0, 100))} is not a fully qualified domain name; ` +
        'give a public domain such as example.com.',
    };
  }
  url.hash = '';
  const quotaKey = isIpLiteral ? ipQuotaKey(bare) : (asciiHostname(bare) ?? bare);
  return { ok: true, target: url.href, quotaKey, badge: isIpLiteral ? NO_ADDRESS_BADGE : siteBadge(url, suffixes) };
}

const NO_ADDRESS_BADGE: BadgeFeed = { domain: null, feeds: false, why: 'An IP address has no badge.' };

/**
 * A site's badge shows the grade of its start page: only a scan of https://<the domain the badge
 * names>/, or of its www. host, which the badge stands for too, feeds it. Any other path, a query,
 * http://, another port or a trailing dot could show a worse page than the site's own, chosen by
 * whoever scans.
 */
function siteBadge(url: URL, suffixes: PublicSuffixList): BadgeFeed {
  const site = normalizeBadgeDomainWith(suffixes, url.hostname);
  if (!site.ok) return { domain: null, feeds: false, why: `${url.hostname} has no badge. ${site.reason}` };
  // www.www.example.com folds to www.example.com, which a badge URL folds again: no URL shows it.
  const again = normalizeBadgeDomainWith(suffixes, site.domain);
  if (!again.ok || again.domain !== site.domain)
    return {
      domain: null,
      feeds: false,
      why: `${url.hostname} has no badge of its own: a badge URL names it as another.`,
    };
  const starts = [site.domain, ...(site.domain.startsWith('www.') ? [] : [`www.${site.domain}`])].map(
    (host) => `https://${host}/`,
  );
  if (starts.includes(url.href)) return { domain: site.domain, feeds: true };
  return {
    domain: site.domain,
    feeds: false,
    why: `Only a scan of ${starts.join(' or ')} feeds the badge of ${site.domain}; this scan was of ${url.href}.`,
  };
}

/**
 * One quota key per address however it is spelled: an IPv4-mapped IPv6 literal ([::ffff:7f00:1])
 * counts as its IPv4 address (127.0.0.1).
 */
function ipQuotaKey(literal: string): string {
  const address = literal.startsWith('[') ? literal.slice(1, -1) : literal;
  return ipaddr.isValid(address) ? ipaddr.process(address).toString() : literal;
}

export const securityHeadersDefinition: ToolDefinition<'security-headers'> = {
  name: 'security-headers',
  title: 'HTTP security headers',
  description:
    'Grades the HTTP security headers of a web site (Content-Security-Policy, Strict-Transport-Security, cookies, ' +
    'CORS, redirects, X-Frame-Options, Referrer-Policy and more) with the MDN HTTP Observatory scoring model. ' +
    'Non-intrusive: a few ordinary GET and OPTIONS requests.',
  targetDescription:
    'A URL or a domain, at most 2,048 characters. https:// is assumed when the scheme is left out; ' +
    'only http and https URLs without credentials are accepted.',
  targetExamples: ['example.com', 'https://www.example.com/login'],
  gradeScale: GRADE_SCALE,
  scoreRange: {
    min: 0,
    max: MAX_SCORE,
    note: 'MDN HTTP Observatory score: starts at 100, bonuses only when penalties leave at least 90; A+ from 100.',
  },
  parseTarget: parseUrlTarget,
  badgeTargets: (domain) => [`https://${domain}/`, `https://www.${domain}/`],
};
