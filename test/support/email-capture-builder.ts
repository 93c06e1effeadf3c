/**
 * Hand-written email-security captures for analysis tests: one helper per kind of DNS answer.
 *
 *   captureOf('example.com', [
 *     mx('example.com', [10, 'mx1.example.com']),
 *     addresses('mx1.example.com', 'A', '192.0.2.1'),
 *     txt('_dmarc.example.com', 'v=DMARC1; p=reject'),
 *     nxdomain('_domainkey.example.com', 'TXT'),
 *   ])
 */
import type { DnsExchange, EmailSecurityCapture } from '../../src/tools/email-security/capture.ts';
import type { RecordType } from '../../src/net/resolver.ts';

const norm = (name: string) => name.toLowerCase().replace(/\.$/, '');

function answered(name: string, type: RecordType, answers: DnsExchange['answers']): DnsExchange {
  return {
    name: norm(name),
    type,
    rcode: 'NOERROR',
    outcome: answers.length > 0 ? 'answer' : 'nodata',
    authenticated: false,
    answers,
    cnameChain: [],
  };
}

/** TXT records at `name`; a string[] is one record of several character-strings. */
export function txt(name: string, ...records: (string | string[])[]): DnsExchange {
  return answered(
    name,
    'TXT',
    records.map((r) => {
      const strings = Array.isArray(r) ? r : [r];
      return { type: 'TXT' as const, name: norm(name), ttl: 300, text: strings.join(''), strings };
    }),
  );
}

export function mx(name: string, ...records: [preference: number, exchange: string][]): DnsExchange {
  return answered(
    name,
    'MX',
    records.map(([preference, exchange]) => ({
      type: 'MX' as const,
      name: norm(name),
      ttl: 300,
      preference,
      exchange: exchange === '.' ? '.' : norm(exchange),
    })),
  );
}

export function addresses(name: string, type: 'A' | 'AAAA', ...list: string[]): DnsExchange {
  return answered(
    name,
    type,
    list.map((address) => ({ type, name: norm(name), ttl: 300, address })),
  );
}

export function soa(name: string): DnsExchange {
  return answered(name, 'SOA', [
    {
      type: 'SOA',
      name: norm(name),
      ttl: 300,
      mname: `ns1.${norm(name)}`,
      rname: `hostmaster.${norm(name)}`,
      serial: 1,
      refresh: 3600,
      retry: 600,
      expire: 86400,
      minimum: 300,
    },
  ]);
}

export const nodata = (name: string, type: RecordType): DnsExchange => answered(name, type, []);

export function nxdomain(name: string, type: RecordType): DnsExchange {
  return {
    name: norm(name),
    type,
    rcode: 'NXDOMAIN',
    outcome: 'nxdomain',
    authenticated: false,
    answers: [],
    cnameChain: [],
  };
}

export function servfail(name: string, type: RecordType): DnsExchange {
  return {
    name: norm(name),
    type,
    rcode: 'SERVFAIL',
    outcome: 'servfail',
    authenticated: false,
    answers: [],
    cnameChain: [],
  };
}

export function timeout(name: string, type: RecordType): DnsExchange {
  return {
    name: norm(name),
    type,
    rcode: null,
    outcome: 'timeout',
    authenticated: false,
    answers: [],
    cnameChain: [],
    error: 'no answer in time',
  };
}

/** The same exchange with the AD bit set. */
export const signed = (exchange: DnsExchange): DnsExchange => ({ ...exchange, authenticated: true });

/** The same exchange reached through CNAMEs. */
export const via = (exchange: DnsExchange, ...chain: string[]): DnsExchange => ({ ...exchange, cnameChain: chain });

export function captureOf(
  domain: string,
  queries: DnsExchange[],
  extra: Partial<EmailSecurityCapture> = {},
): EmailSecurityCapture {
  return { domain, queries, mtaStsPolicy: null, selectors: { requested: [], tried: [] }, ...extra };
}
