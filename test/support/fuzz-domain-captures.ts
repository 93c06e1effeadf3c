/**
 * Arbitrary email-security captures: DNS exchanges whose answers a domain controls, at the names
 * the analysis reads, and the MTA-STS policy fetch. Each is a healthy domain with some answers
 * replaced. Small in the fuzz tests, `size: 'max'` in the adversarial bench.
 */
import fc from 'fast-check';
import type { DnsExchange, EmailSecurityCapture, PolicyFetch } from '../../src/tools/email-security/capture.ts';
import { addresses, mx, signed, soa, txt } from './email-capture-builder.ts';
import { grammarText, textOrAnything, type TextLimits } from './fuzz.ts';
import * as grammars from './fuzz-grammars.ts';
import { dkimRecord } from './mail-zones.ts';

const STATUSES = [200, 301, 404, 500, 0];
const POLICY_URLS = ['https://mta-sts.example.com/.well-known/mta-sts.txt', 'https://other.example/'];

const DOMAINS = ['example.com', 'example.co.uk', 'a.b.c.d.e.f.g.h.example.com'];
const SELECTORS = ['default', 'google', 'selector1', 's1'];
const MAIL_HOSTS = ['mail.example.com', 'mx.example.com', 'a.example', 'b.example', '.', '', '192.0.2.1'];

type RecordType = DnsExchange['type'];

/** A name the analysis reads: the types asked there, the grammar of its TXT records and their usual start. */
interface AskedName {
  name: string;
  types: RecordType[];
  tokens: readonly string[];
  start: string;
}

function namesOf(domain: string): AskedName[] {
  const parent = domain.split('.').slice(1).join('.');
  const txt = (name: string, tokens: readonly string[], start: string): AskedName => ({
    name,
    types: ['TXT'],
    tokens,
    start,
  });
  return [
    { name: domain, types: ['TXT', 'MX', 'SOA'], tokens: grammars.SPF_TOKENS, start: 'v=spf1 ' },
    ...[domain, parent, 'example.com'].map((n) => txt(`_dmarc.${n}`, grammars.DMARC_TOKENS, 'v=DMARC1; p=')),
    txt(`${domain}._report._dmarc.b.example`, grammars.DMARC_TOKENS, 'v=DMARC1'),
    txt(`_domainkey.${domain}`, grammars.DKIM_TOKENS, ''),
    ...SELECTORS.map((s) => txt(`${s}._domainkey.${domain}`, grammars.DKIM_TOKENS, 'v=DKIM1; k=rsa; p=')),
    txt(`_mta-sts.${domain}`, grammars.STS_RECORD_TOKENS, 'v=STSv1; id='),
    txt(`_smtp._tls.${domain}`, grammars.TLS_RPT_TOKENS, 'v=TLSRPTv1; rua='),
    txt(`default._bimi.${domain}`, grammars.BIMI_TOKENS, 'v=BIMI1; l='),
    ...MAIL_HOSTS.map((name) => ({
      name,
      types: ['A', 'AAAA', 'TXT', 'MX'] as RecordType[],
      tokens: grammars.SPF_TOKENS,
      start: 'v=spf1 ',
    })),
  ];
}

const OUTCOMES = [
  'answer',
  'answer',
  'answer',
  'answer',
  'nodata',
  'nxdomain',
  'servfail',
  'timeout',
  'error',
] as const;

function exchangeArbitrary(domain: string, limits: TextLimits): fc.Arbitrary<DnsExchange> {
  const size = limits.size !== undefined ? { size: limits.size } : {};
  return fc.constantFrom(...namesOf(domain)).chain(({ name, types, tokens, start }) => {
    // Up to four records share the answer's budget; each is split into strings as DNS publishes it.
    const recordLimits = { ...limits, maxLength: Math.ceil(limits.maxLength / 4) };
    const text = fc.oneof(
      textOrAnything(tokens, recordLimits),
      grammarText(tokens, recordLimits).map((rest) => `${start}${rest}`.slice(0, recordLimits.maxLength)),
    );
    const txt = text.map((record) => ({
      type: 'TXT' as const,
      name,
      ttl: 300,
      text: record,
      strings: record.match(/[^]{1,255}/g) ?? [''],
    }));
    const mx = fc
      .record({ preference: fc.integer({ min: 0, max: 65535 }), exchange: fc.constantFrom(...MAIL_HOSTS) })
      .map((r) => ({ type: 'MX' as const, name, ttl: 300, ...r }));
    const answers = (type: RecordType): fc.Arbitrary<DnsExchange['answers']> => {
      switch (type) {
        case 'TXT':
          return fc.array(txt, { maxLength: 4, ...size });
        case 'MX':
          return fc.array(mx, { maxLength: 14, ...size });
        case 'A':
          return fc.array(
            fc.ipV4().map((address) => ({ type, name, ttl: 300, address })),
            { maxLength: 3 },
          );
        case 'AAAA':
          return fc.array(
            fc.ipV6().map((address) => ({ type, name, ttl: 300, address })),
            { maxLength: 3 },
          );
        case 'SOA':
        case 'CNAME':
        case 'NS':
        case 'PTR':
        case 'SPF':
        case 'TLSA':
          return fc.constant([]);
      }
    };
    return fc
      .record({
        typed: fc.constantFrom(...types).chain((type) => fc.tuple(fc.constant(type), answers(type))),
        outcome: fc.constantFrom(...OUTCOMES),
        authenticated: fc.boolean(),
        cnameChain: fc.array(fc.constantFrom(...MAIL_HOSTS), { maxLength: 2 }),
      })
      .map(({ typed: [type, records], outcome, authenticated, cnameChain }) => ({
        name,
        type,
        rcode: outcome === 'nxdomain' ? 'NXDOMAIN' : outcome === 'servfail' ? 'SERVFAIL' : 'NOERROR',
        outcome,
        authenticated,
        answers: outcome === 'answer' ? records : [],
        cnameChain,
        ...(outcome === 'error' || outcome === 'timeout' ? { error: 'no answer' } : {}),
      }));
  });
}

function policyFetchArbitrary(domain: string, limits: TextLimits): fc.Arbitrary<PolicyFetch> {
  return fc.record({
    url: fc.constant(`https://mta-sts.${domain}/.well-known/mta-sts.txt`),
    status: fc.option(fc.constantFrom(...STATUSES)),
    contentType: fc.option(fc.constantFrom('text/plain', 'text/plain; charset=utf-8', 'TEXT/PLAIN;x', 'text/html')),
    body: fc.option(textOrAnything(grammars.STS_POLICY_TOKENS, limits)),
    error: fc.option(fc.constantFrom('redirect', 'too-large', 'tls', 'dns', 'timeout', 'blocked-address')),
    redirects: fc.array(fc.constantFrom(...POLICY_URLS), { maxLength: 2 }),
  });
}

/**
 * The answers of a domain that grades well. Arbitrary exchanges go before them, and the analysis
 * reads the first answer to a question, so each capture is a healthy domain with parts replaced.
 */
function healthyQueries(domain: string): DnsExchange[] {
  return [
    signed(txt(domain, 'v=spf1 include:a.example mx -all')),
    txt('a.example', 'v=spf1 ip4:192.0.2.0/24 ip6:2001:db8::/32 ~all'),
    mx(domain, [10, 'mail.example.com'], [20, 'mx.example.com']),
    addresses('mail.example.com', 'A', '192.0.2.1'),
    addresses('mx.example.com', 'AAAA', '2001:db8::1'),
    signed(soa(domain)),
    txt(`_dmarc.${domain}`, `v=DMARC1; p=reject; rua=mailto:dmarc@${domain}`),
    txt(`default._domainkey.${domain}`, dkimRecord(2048)),
    txt(`_mta-sts.${domain}`, 'v=STSv1; id=20240101'),
    txt(`_smtp._tls.${domain}`, `v=TLSRPTv1; rua=mailto:tls@${domain}`),
    txt(`default._bimi.${domain}`, 'v=BIMI1; l=https://l.example/logo.svg; a=https://l.example/vmc.pem'),
  ];
}

const HEALTHY_POLICY = 'version: STSv1\nmode: enforce\nmx: mail.example.com\nmx: *.example.com\nmax_age: 604800\n';

export function emailCaptureArbitrary(limits: TextLimits): fc.Arbitrary<EmailSecurityCapture> {
  const size = limits.size !== undefined ? { size: limits.size } : {};
  return fc.constantFrom(...DOMAINS).chain((domain) =>
    fc.record({
      domain: fc.constant(domain),
      queries: fc
        .array(exchangeArbitrary(domain, limits), { maxLength: 40, ...size })
        .map((queries) => [...queries, ...healthyQueries(domain)]),
      mtaStsPolicy: fc.oneof(
        fc.constant(null),
        fc.constant<PolicyFetch>({
          url: `https://mta-sts.${domain}/.well-known/mta-sts.txt`,
          status: 200,
          contentType: 'text/plain',
          body: HEALTHY_POLICY,
          error: null,
          redirects: [],
        }),
        policyFetchArbitrary(domain, limits),
      ),
      selectors: fc.record({
        requested: fc.subarray(SELECTORS),
        tried: fc
          .array(fc.oneof(fc.constantFrom(...SELECTORS), fc.string({ maxLength: 8 })), { maxLength: 6 })
          .map((tried) => [...tried, 'default']),
      }),
    }),
  );
}
