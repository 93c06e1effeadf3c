/**
 * Hand-written worst captures for the whole-capture graders: a site whose every response carries
 * the largest headers and body the bench allows, and domains whose DNS answers each fill a DNS
 * message, at every name the email-security analysis reads.
 */
import type { DnsExchange, EmailSecurityCapture } from '../../src/tools/email-security/capture.ts';
import type { HeaderPairs, Hop, SecurityHeadersCapture } from '../../src/tools/security-headers/capture.ts';
import { addresses, captureOf, mx, soa, txt } from '../support/email-capture-builder.ts';
import { MAX_HEADER_BYTES, withinHeaderCap } from '../../src/net/guarded-fetch.ts';
import {
  COOKIE_VALUES,
  CSP_VALUES,
  fill,
  HTML_BODIES,
  SERVER_VALUES,
  STRUCTURED_FIELD_VALUES,
  TXT_CAP,
} from './adversarial-inputs.ts';

const numbered = (count: number, item: (i: number) => string): string[] =>
  Array.from({ length: count }, (_, i) => item(i));

const repeated = (name: string, values: string[]): HeaderPairs => values.map((value) => [name, value]);

/**
 * Header blocks, each at its worst for one part of the grader, cut where the guarded fetch cuts
 * every response's headers (MAX_HEADER_BYTES).
 */
function headerBombs(): HeaderPairs[] {
  const many = (count: number, item: (i: number) => string) => numbered(count, item);
  const bombs: HeaderPairs[] = [
    ...CSP_VALUES.slice(0, 6).map((csp): HeaderPairs => [
      ['content-security-policy', csp],
      ['content-security-policy-report-only', csp],
    ]),
    repeated(
      'set-cookie',
      many(5_000, (i) => `__Host-c${i}=1; Domain=x; SameSite=x`),
    ),
    repeated(
      'set-cookie',
      many(5_000, (i) => `s${i}=1`),
    ),
    [['set-cookie', COOKIE_VALUES[0]!]],
    [['permissions-policy', STRUCTURED_FIELD_VALUES[0]!]],
    [['server', SERVER_VALUES[0]!]],
    repeated(
      'x-frame-options',
      many(5_000, () => 'DENY'),
    ),
    Array.from({ length: 5_000 }, (_, i): [string, string] => [`x-nextjs-h${i}`, '1.2']),
    [['strict-transport-security', fill('max-age=1', ', max-age=1', MAX_HEADER_BYTES)]],
    [['referrer-policy', fill('no-referrer', ',x', MAX_HEADER_BYTES)]],
  ];
  return bombs.map((pairs) => withinHeaderCap([['content-type', 'text/html'], ...pairs]).headers);
}

/** A site whose ten redirects in each session and final response all send `headers`. */
function site(status: number, headers: HeaderPairs, html: string): SecurityHeadersCapture {
  const hops = (scheme: string): Hop[] =>
    numbered(10, (i) => `${scheme}://example.com/${i}`).map((url, i) => ({
      url,
      status: 301,
      headers: [['location', `https://example.com/${i + 1}`], ...headers],
    }));
  const final: Hop = { url: 'https://example.com/10', status, headers };
  return {
    host: 'example.com',
    http: { verified: true, chain: hops('http') },
    https: { verified: true, chain: [...hops('https'), final] },
    cors: { status: 200, headers: [['access-control-allow-origin', '*']] },
    html,
  };
}

export function worstSites(): SecurityHeadersCapture[] {
  const bombs = headerBombs();
  return [
    ...bombs.map((headers) => site(200, headers, '<html></html>')),
    ...HTML_BODIES.slice(0, 3).map((html) => site(200, bombs[3]!, html)),
    site(403, bombs[0]!, HTML_BODIES[8]!),
    site(403, bombs[0]!, HTML_BODIES[10]!),
  ];
}

const DOMAIN = 'example.com';

/** The SPF walk at its widest: the domain's record includes 20 targets, each a record filling a DNS message. */
function widestSpf(childRecord: (i: number) => string): DnsExchange[] {
  const targets = numbered(20, (i) => `i${i}.example`);
  const root = `v=spf1 ${targets.map((t) => `include:${t}`).join(' ')} -all`;
  return [txt(DOMAIN, root), ...targets.map((t, i) => txt(t, childRecord(i)))];
}

/** A DMARC record naming as many external destinations as fit, each authorized. */
function widestDmarc(): DnsExchange[] {
  const hosts: string[] = [];
  let record = 'v=DMARC1; p=reject; rua=';
  for (let i = 0; record.length < TXT_CAP - 40; i++) {
    hosts.push(`d${i}.example`);
    record += `${i === 0 ? '' : ','}mailto:r@d${i}.example`;
  }
  return [txt(`_dmarc.${DOMAIN}`, record), ...hosts.map((host) => txt(`${DOMAIN}._report._dmarc.${host}`, 'v=DMARC1'))];
}

/** As many MX records as fit a DNS message, each host twice, the first ten resolved (what retrieval asks). */
function widestMx(): DnsExchange[] {
  const hosts = numbered(2_800, (i) => `mx${i % 1_400}.example`);
  return [
    mx(DOMAIN, ...hosts.map((host, i): [number, string] => [i % 3, host])),
    ...hosts.slice(0, 10).map((host) => addresses(host, 'A', '192.0.2.1')),
  ];
}

const basics = (): DnsExchange[] => [soa(DOMAIN), txt(DOMAIN, 'v=spf1 -all'), mx(DOMAIN, [10, 'mx0.example'])];

export function worstDomains(): EmailSecurityCapture[] {
  const ip4 = (i: number) => fill('v=spf1', ` ip4:192.0.2.${i}`, TXT_CAP);
  const modifiers = () => fill('v=spf1', ' a=b', TXT_CAP);
  const errors = () => fill('v=spf1', ' x', TXT_CAP);
  return [
    captureOf(DOMAIN, [...widestSpf(ip4), ...basics()]),
    captureOf(DOMAIN, [...widestSpf(modifiers), ...basics()]),
    captureOf(DOMAIN, [...widestSpf(errors), ...basics()]),
    captureOf(DOMAIN, [txt(DOMAIN, errors()), ...basics()]),
    captureOf(DOMAIN, [txt(DOMAIN, fill('v=spf1', ' ptr', TXT_CAP)), ...basics()]),
    captureOf(DOMAIN, [...widestDmarc(), ...basics()]),
    captureOf(DOMAIN, [...widestMx(), ...basics()]),
    captureOf(DOMAIN, [...widestSpf(ip4), ...widestDmarc(), ...widestMx(), ...basics()]),
  ];
}
