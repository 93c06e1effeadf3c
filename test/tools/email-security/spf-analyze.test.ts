/**
 * analyzeSpf on hand-written captures, table-driven: facts, status, findings and lookup
 * attribution for each kind of record and failure.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DnsExchange, EmailSecurityCapture } from '../../../src/tools/email-security/capture.ts';
import type { SpfFacts } from '../../../src/tools/email-security/section.ts';
import { analyzeSpf, type SpfSection } from '../../../src/tools/email-security/spf/analyze.ts';

type Failure = 'nxdomain' | 'servfail' | 'timeout';
type Records = { TXT?: string[]; A?: string[]; AAAA?: string[]; MX?: string[] };
/**
 * Per name: its records (types not given answer NODATA), or a failure for every type. Names left
 * out were never asked.
 */
type Zone = Record<string, Records | Failure>;

const TYPES = ['TXT', 'A', 'AAAA', 'MX'] as const;

function exchangeOf(name: string, type: (typeof TYPES)[number], entry: Records | Failure): DnsExchange {
  const base = { name, type, authenticated: false, cnameChain: [] };
  if (entry === 'nxdomain') return { ...base, rcode: 'NXDOMAIN', outcome: 'nxdomain', answers: [] };
  if (entry === 'servfail') return { ...base, rcode: 'SERVFAIL', outcome: 'servfail', answers: [] };
  if (entry === 'timeout')
    return { ...base, rcode: null, outcome: 'timeout', answers: [], error: 'no DNS answer within 2500 ms' };
  const values = entry[type] ?? [];
  const answers = values.map((value) => {
    const record = { name, ttl: 300 };
    if (type === 'TXT') return { ...record, type, text: value, strings: [value] };
    if (type === 'MX')
      return { ...record, type, preference: Number(value.split(' ')[0]), exchange: value.split(' ')[1]! };
    return { ...record, type, address: value };
  });
  return { ...base, rcode: 'NOERROR', outcome: answers.length > 0 ? 'answer' : 'nodata', answers };
}

function captureOf(zone: Zone, domain = 'example.com'): EmailSecurityCapture {
  const queries = Object.entries(zone).flatMap(([name, entry]) => TYPES.map((type) => exchangeOf(name, type, entry)));
  return { domain, queries, mtaStsPolicy: null, selectors: { requested: [], tried: [] } };
}

const host = (address: string): Records => ({ A: [address] });
const ids = (analysis: SpfSection) => analysis.findings.map((f) => f.id);

interface Case {
  name: string;
  zone: Zone;
  status: SpfSection['status'];
  facts: Partial<SpfFacts>;
  findings?: string[];
  absent?: string[];
  check?: (analysis: SpfSection) => void;
}

const many = (prefix: string, count: number, records: Records | Failure): Zone =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i + 1}.example.net`, records]));
const aTerms = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `a:${prefix}${i + 1}.example.net`).join(' ');

const CASES: Case[] = [
  {
    name: 'a sound record: one include, -all',
    zone: {
      'example.com': { TXT: ['google-site-verification=x', 'v=spf1 ip4:192.0.2.0/24 include:_spf.example.net -all'] },
      '_spf.example.net': { TXT: ['v=spf1 ip4:198.51.100.0/24 ~all'] },
    },
    status: 'pass',
    facts: { found: true, valid: true, permerror: null, temperror: false, all: '-', lookups: 1, voidLookups: 0 },
    check: (a) => {
      assert.deepEqual(a.findings, []);
      assert.equal(a.record, 'v=spf1 ip4:192.0.2.0/24 include:_spf.example.net -all');
      assert.deepEqual(a.records, [a.record]);
      assert.deepEqual(a.lookupsByMechanism, [
        { term: 'include:_spf.example.net', target: '_spf.example.net', lookups: 1, voidLookups: 0 },
      ]);
      assert.equal(a.tree.terms[1]!.child!.record, 'v=spf1 ip4:198.51.100.0/24 ~all');
      assert.match(a.summary, /fails unlisted senders \(-all\), using 1 of 10 DNS lookups/);
    },
  },
  {
    name: 'no record: NXDOMAIN',
    zone: { 'example.com': 'nxdomain' },
    status: 'fail',
    facts: { found: false, valid: false, permerror: null, temperror: false, all: null, lookups: 0, voidLookups: 0 },
    findings: ['spf-missing'],
  },
  {
    name: 'no record: other TXT only',
    zone: { 'example.com': { TXT: ['hello'] } },
    status: 'fail',
    facts: { found: false },
    findings: ['spf-missing'],
  },
  {
    name: 'near miss: v=spf1 without space',
    zone: { 'example.com': { TXT: ['v=spf1mx -all'] } },
    status: 'fail',
    facts: { found: false },
    findings: ['spf-near-miss'],
    absent: ['spf-missing'],
  },
  {
    name: 'TXT SERVFAIL: temperror, not "missing" and not invalid',
    zone: { 'example.com': 'servfail' },
    status: 'error',
    facts: { found: false, valid: false, permerror: null, temperror: true },
    findings: ['spf-dns-failure'],
    absent: ['spf-missing'],
  },
  {
    name: 'TXT timeout',
    zone: { 'example.com': 'timeout' },
    status: 'error',
    facts: { temperror: true, permerror: null },
    findings: ['spf-dns-failure'],
  },
  {
    name: 'two SPF records',
    zone: { 'example.com': { TXT: ['v=spf1 -all', 'V=spf1 +all'] } },
    status: 'fail',
    facts: {
      found: true,
      valid: false,
      permerror: { reason: 'multiple-records', detail: 'example.com publishes 2 SPF records' },
    },
    findings: ['spf-multiple-records'],
    check: (a) => assert.deepEqual(a.records, ['v=spf1 -all', 'V=spf1 +all']),
  },
  {
    name: 'syntax error with its offset',
    zone: { 'example.com': { TXT: ['v=spf1 a:foo-bar -all'] } },
    status: 'fail',
    facts: { found: true, valid: false, all: null, lookups: 0 },
    findings: ['spf-syntax-error'],
    check: (a) => {
      assert.equal(a.facts.permerror?.reason, 'syntax');
      assert.equal(a.facts.permerror?.position, 9);
      assert.match(a.summary, /syntax error at offset 9/);
      assert.ok(
        a.findings[0]!.evidence.some((line) => line.startsWith('offset 9 (at "foo-bar")')),
        a.findings[0]!.evidence.join('\n'),
      );
    },
  },
  {
    name: '+all is critical',
    zone: { 'example.com': { TXT: ['v=spf1 +all'] } },
    status: 'fail',
    facts: { valid: true, all: '+' },
    findings: ['spf-plus-all'],
  },
  {
    name: '?all is weak',
    zone: { 'example.com': { TXT: ['v=spf1 ip4:192.0.2.1 ?all'] } },
    status: 'warn',
    facts: { all: '?' },
    findings: ['spf-neutral-all'],
  },
  {
    name: 'no all and no redirect is weak',
    zone: { 'example.com': { TXT: ['v=spf1 ip4:192.0.2.1'] } },
    status: 'warn',
    facts: { all: null },
    findings: ['spf-no-all'],
  },
  {
    name: '~all passes with a low note',
    zone: { 'example.com': { TXT: ['v=spf1 ip4:192.0.2.1 ~all'] } },
    status: 'pass',
    facts: { all: '~' },
    findings: ['spf-softfail-all'],
  },
  {
    name: '-all',
    zone: { 'example.com': { TXT: ['v=spf1 -all'] } },
    status: 'pass',
    facts: { all: '-', lookups: 0 },
    absent: ['spf-softfail-all', 'spf-no-all'],
  },
  {
    name: "redirect: the policy is the target's",
    zone: {
      'example.com': { TXT: ['v=spf1 redirect=_spf.example.com'] },
      '_spf.example.com': { TXT: ['v=spf1 ip4:192.0.2.1 -all'] },
    },
    status: 'pass',
    facts: { valid: true, all: '-', lookups: 1 },
    absent: ['spf-no-all'],
  },
  {
    name: 'redirect beside all is ignored and not counted',
    zone: { 'example.com': { TXT: ['v=spf1 -all redirect=_spf.example.com'] } },
    status: 'pass',
    facts: { all: '-', lookups: 0 },
    findings: ['spf-redirect-ignored'],
    absent: ['spf-not-retrieved'],
  },
  {
    name: 'lookups counted through nested includes and attributed per mechanism',
    zone: {
      'example.com': {
        TXT: ['v=spf1 a mx include:one.example.net include:two.example.net -all'],
        A: ['192.0.2.1'],
        MX: ['10 mx.example.com'],
      },
      'mx.example.com': host('192.0.2.25'),
      'one.example.net': { TXT: ['v=spf1 include:three.example.net ip4:192.0.2.0/24 -all'] },
      'three.example.net': { TXT: ['v=spf1 a:h1.example.net a:h2.example.net ~all'] },
      'h1.example.net': host('198.51.100.1'),
      'h2.example.net': host('198.51.100.2'),
      'two.example.net': { TXT: ['v=spf1 exists:%{i}.bl.example.net ptr -all'] },
    },
    status: 'warn',
    facts: { valid: true, lookups: 9, voidLookups: 0 },
    findings: ['spf-lookups-near-limit', 'spf-ptr', 'spf-sender-dependent'],
    absent: ['spf-not-retrieved', 'spf-void-lookups'],
    check: (a) => {
      assert.deepEqual(
        a.lookupsByMechanism.map((l) => [l.term, l.lookups]),
        [
          ['a', 1],
          ['mx', 1],
          ['include:one.example.net', 4],
          ['include:two.example.net', 3],
        ],
      );
      assert.deepEqual(a.tree.terms[1]!.mxHosts, [{ exchange: 'mx.example.com', addresses: ['192.0.2.25'] }]);
      const two = a.tree.terms[3]!.child!;
      assert.deepEqual(
        two.terms.map((t) => [t.text, t.status, t.lookupIndex]),
        [
          ['exists:%{i}.bl.example.net', 'not-evaluable', 8],
          ['ptr', 'not-evaluable', 9],
          ['-all', 'evaluated', null],
        ],
      );
    },
  },
  {
    name: 'over 10 lookups before listed senders: permerror',
    zone: {
      'example.com': { TXT: ['v=spf1 include:big.example.net ip4:192.0.2.1 -all'] },
      'big.example.net': { TXT: [`v=spf1 ${aTerms('h', 10)}`] },
      ...many('h', 10, host('198.51.100.1')),
    },
    status: 'fail',
    facts: { valid: false, lookups: 11 },
    findings: ['spf-too-many-lookups'],
    check: (a) => {
      assert.equal(a.facts.permerror?.reason, 'too-many-lookups');
      assert.match(
        a.facts.permerror.detail,
        /passed at a:h10\.example\.net \(in big\.example\.net\), before ip4:192\.0\.2\.1/,
      );
    },
  },
  {
    name: 'an mx term only reached after the 10th lookup: its hosts meet permerror (RFC 7208 §4.6.4)',
    zone: {
      'example.com': { TXT: ['v=spf1 ip4:192.0.2.1 include:big.example.net mx -all'], MX: ['10 mx.example.com'] },
      'mx.example.com': host('192.0.2.25'),
      'big.example.net': { TXT: [`v=spf1 ${aTerms('h', 9)}`] },
      ...many('h', 9, host('198.51.100.1')),
    },
    status: 'fail',
    facts: { valid: false, lookups: 11 },
    findings: ['spf-too-many-lookups'],
    check: (a) => assert.match(a.facts.permerror!.detail, /passed at mx \(in example\.com\)$/),
  },
  ...['a:mail.example.com', 'exists:mail.example.com', 'redirect=mail.example.com'].map((term): Case => ({
    name: `${term} past the 10th lookup: a permerror for the senders it lists`,
    zone: {
      'example.com': { TXT: [`v=spf1 include:big.example.net ${term}${term.startsWith('redirect') ? '' : ' -all'}`] },
      'mail.example.com': { A: ['192.0.2.25'], TXT: ['v=spf1 ip4:192.0.2.25 -all'] },
      'big.example.net': { TXT: [`v=spf1 ${aTerms('h', 9)}`] },
      ...many('h', 9, host('198.51.100.1')),
    },
    status: 'fail',
    facts: { valid: false, lookups: 11 },
    findings: ['spf-too-many-lookups'],
    check: (a) => assert.equal(a.facts.permerror?.reason, 'too-many-lookups'),
  })),
  {
    name: 'three void lookups: permerror, each one named',
    zone: {
      'example.com': { TXT: ['v=spf1 a:n1.example.net a:n2.example.net a:n3.example.net -all'] },
      ...many('n', 3, 'nxdomain'),
    },
    status: 'fail',
    facts: { valid: false, voidLookups: 3, lookups: 3 },
    findings: ['spf-too-many-void-lookups'],
    check: (a) => {
      assert.equal(a.facts.permerror?.reason, 'too-many-void-lookups');
      assert.equal(a.facts.permerror?.position, 41);
      assert.match(a.facts.permerror.detail, /a:n1.*a:n2.*a:n3/);
    },
  },
  {
    name: 'two void lookups: allowed, reported',
    zone: {
      'example.com': { TXT: ['v=spf1 a:n1.example.net mx:n2.example.net -all'] },
      'n1.example.net': {},
      'n2.example.net': 'nxdomain',
    },
    status: 'pass',
    facts: { valid: true, voidLookups: 2 },
    findings: ['spf-void-lookups'],
  },
  {
    name: 'an a target with only AAAA is not void',
    zone: { 'example.com': { TXT: ['v=spf1 a:v6.example.net -all'] }, 'v6.example.net': { AAAA: ['2001:db8::1'] } },
    status: 'pass',
    facts: { voidLookups: 0 },
  },
  {
    name: 'more than 10 MX records',
    zone: {
      'example.com': { TXT: ['v=spf1 mx -all'], MX: Array.from({ length: 11 }, (_, i) => `${i} mx${i}.example.com`) },
    },
    status: 'fail',
    facts: {
      valid: false,
      permerror: {
        reason: 'too-many-mx',
        detail: 'example.com has 11 MX records; an mx mechanism may look at 10',
        position: 7,
      },
    },
    findings: ['spf-too-many-mx'],
  },
  {
    name: 'include loop',
    zone: {
      'example.com': { TXT: ['v=spf1 include:a.example.net -all'] },
      'a.example.net': { TXT: ['v=spf1 include:example.com -all'] },
    },
    status: 'fail',
    facts: { valid: false, lookups: 2 },
    findings: ['spf-loop'],
    check: (a) => assert.equal(a.facts.permerror?.detail, 'include loop: example.com -> a.example.net -> example.com'),
  },
  {
    name: 'redirect to itself',
    zone: { 'example.com': { TXT: ['v=spf1 redirect=example.com'] } },
    status: 'fail',
    facts: { permerror: { reason: 'loop', detail: 'redirect loop: example.com -> example.com', position: 7 } },
    findings: ['spf-loop'],
  },
  {
    name: 'include without a record',
    zone: {
      'example.com': { TXT: ['v=spf1 ip4:192.0.2.1 include:gone.example.net -all'] },
      'gone.example.net': 'nxdomain',
    },
    status: 'fail',
    facts: {
      valid: false,
      voidLookups: 1,
      permerror: {
        reason: 'include-missing',
        detail: 'include:gone.example.net (from example.com): gone.example.net has no SPF record',
        position: 21,
      },
    },
    findings: ['spf-include-missing'],
  },
  {
    name: 'include of an invalid record',
    zone: {
      'example.com': { TXT: ['v=spf1 include:bad.example.net -all'] },
      'bad.example.net': { TXT: ['v=spf1 include +all'] },
    },
    status: 'fail',
    facts: {
      permerror: {
        reason: 'include-invalid',
        detail: 'include:bad.example.net (from example.com): include needs a domain: include:<domain> (position 14)',
        position: 7,
      },
    },
    findings: ['spf-include-invalid'],
  },
  {
    name: 'redirect without a record',
    zone: {
      'example.com': { TXT: ['v=spf1 redirect=gone.example.net'] },
      'gone.example.net': { TXT: ['v=spfl nope'] },
    },
    status: 'fail',
    facts: { valid: false },
    findings: ['spf-redirect-missing'],
    absent: ['spf-no-all'],
  },
  {
    name: 'redirect to several records',
    zone: {
      'example.com': { TXT: ['v=spf1 redirect=two.example.net'] },
      'two.example.net': { TXT: ['v=spf1 -all', 'v=spf1 ~all'] },
    },
    status: 'fail',
    facts: { valid: false },
    findings: ['spf-redirect-invalid'],
  },
  {
    name: 'include target times out: temperror, the record stays valid',
    zone: { 'example.com': { TXT: ['v=spf1 include:slow.example.net -all'] }, 'slow.example.net': 'timeout' },
    status: 'error',
    facts: { found: true, valid: true, permerror: null, temperror: true, all: '-', lookups: 1 },
    findings: ['spf-dns-failure'],
  },
  {
    name: 'mx host lookup fails: temperror',
    zone: { 'example.com': { TXT: ['v=spf1 mx -all'], MX: ['10 mx.example.com'] }, 'mx.example.com': 'servfail' },
    status: 'error',
    facts: { temperror: true, permerror: null },
    findings: ['spf-dns-failure'],
  },
  {
    name: 'answers missing from the capture: not retrieved, counts are lower bounds',
    zone: { 'example.com': { TXT: ['v=spf1 include:unasked.example.net -all'] } },
    status: 'pass',
    facts: { lookups: 1, permerror: null, temperror: false },
    findings: ['spf-not-retrieved'],
  },
  {
    name: 'an include that passes everyone',
    zone: {
      'example.com': { TXT: ['v=spf1 include:open.example.net -all'] },
      'open.example.net': { TXT: ['v=spf1 +all'] },
    },
    status: 'fail',
    facts: { valid: true, all: '-' },
    findings: ['spf-include-passes-all'],
  },
  ...(
    [
      ['ip4:0.0.0.0/0', {}],
      ['ip6:::/0', {}],
      ['a/0', { 'example.com': { TXT: ['v=spf1 a/0 -all'], A: ['192.0.2.1'] } }],
      [
        'mx//0',
        {
          'example.com': { TXT: ['v=spf1 mx//0 -all'], MX: ['10 mx.example.com'] },
          'mx.example.com': { AAAA: ['2001:db8::1'] },
        },
      ],
      ['exists:always.example.net', { 'always.example.net': host('192.0.2.9') }],
      ['ip4:192.0.2.1 redirect=open.example.net', { 'open.example.net': { TXT: ['v=spf1 ip4:0.0.0.0/0'] } }],
    ] as [string, Zone][]
  ).map(([terms, zone]): Case => ({
    name: `${terms}: every sender passes, as with +all (RFC 7208 §5)`,
    zone: { 'example.com': { TXT: [`v=spf1 ${terms}${terms.includes('redirect') ? '' : ' -all'}`] }, ...zone },
    status: 'fail',
    facts: { valid: true },
    findings: ['spf-passes-every-sender'],
    check: (a) => assert.notEqual(a.facts.passesEverySender, null),
  })),
  {
    name: 'an include of a record that passes everyone through an equivalent of +all',
    zone: {
      'example.com': { TXT: ['v=spf1 include:open.example.net -all'] },
      'open.example.net': { TXT: ['v=spf1 exists:open.example.net'], A: ['192.0.2.7'] },
    },
    status: 'fail',
    facts: {
      valid: true,
      all: '-',
      passesEverySender:
        'include:open.example.net (in example.com), through exists:open.example.net (in open.example.net)',
    },
    findings: ['spf-include-passes-all'],
  },
  {
    name: 'not an equivalent: a/0 without addresses, exists with a sender macro, -ip4:0.0.0.0/0, a /1',
    zone: {
      'example.com': {
        TXT: ['v=spf1 a:none.example.net/0 exists:%{i}.x.example.net -ip4:0.0.0.0/0 ip4:0.0.0.0/1 ~all'],
      },
      'none.example.net': { TXT: ['x'] },
    },
    status: 'warn',
    facts: { valid: true, passesEverySender: null },
    absent: ['spf-passes-every-sender', 'spf-plus-all'],
  },
  {
    name: 'terms after a term that matches every sender are never reached: no limit, no error counted past it',
    zone: {
      'example.com': { TXT: ['v=spf1 exists:always.example.net include:broken.example.net a:h1.example.net -all'] },
      'always.example.net': host('192.0.2.9'),
      'broken.example.net': { TXT: ['v=spf1 ip4:203.0.113 -all'] },
    },
    status: 'fail',
    facts: { valid: true, lookups: 1, all: '-' },
    findings: ['spf-passes-every-sender'],
    absent: ['spf-include-invalid'],
    check: (a) =>
      assert.deepEqual(
        a.tree.terms.map((t) => t.status),
        ['evaluated', 'unreachable', 'unreachable', 'unreachable'],
      ),
  },
  {
    name: 'a term matching every IPv4 sender leaves IPv6 senders to the later terms, and their errors',
    zone: {
      'example.com': { TXT: ['v=spf1 ip4:0.0.0.0/0 include:broken.example.net -all'] },
      'broken.example.net': { TXT: ['v=spf1 ip4:203.0.113 -all'] },
    },
    status: 'fail',
    facts: { valid: false },
    findings: ['spf-include-invalid'],
  },
  {
    name: 'terms after all are not counted',
    zone: { 'example.com': { TXT: ['v=spf1 -all include:x.example.net a'] } },
    status: 'pass',
    facts: { lookups: 0 },
    findings: ['spf-terms-after-all'],
    absent: ['spf-not-retrieved'],
  },
  {
    name: 'a /8 is a huge range',
    zone: { 'example.com': { TXT: ['v=spf1 ip4:10.0.0.0/8 -all'] } },
    status: 'warn',
    facts: { valid: true },
    findings: ['spf-broad-range'],
  },
  {
    name: 'the same include twice',
    zone: {
      'example.com': { TXT: ['v=spf1 include:x.example.net include:x.example.net -all'] },
      'x.example.net': { TXT: ['v=spf1 ip4:192.0.2.1 -all'] },
    },
    status: 'pass',
    facts: { lookups: 2 },
    findings: ['spf-duplicate-include'],
  },
  {
    name: 'MX host without address',
    zone: { 'example.com': { TXT: ['v=spf1 mx -all'], MX: ['10 mx.example.com'] }, 'mx.example.com': {} },
    status: 'pass',
    facts: { voidLookups: 0 },
    findings: ['spf-mx-host-without-address'],
  },
  {
    name: 'unknown modifier',
    zone: { 'example.com': { TXT: ['v=spf1 default=deny -all'] } },
    status: 'pass',
    facts: { valid: true },
    findings: ['spf-unknown-modifier'],
  },
  {
    name: 'a long record',
    zone: {
      'example.com': { TXT: [`v=spf1 ${Array.from({ length: 30 }, (_, i) => `ip4:192.0.2.${i}`).join(' ')} -all`] },
    },
    status: 'pass',
    facts: { valid: true },
    findings: ['spf-record-too-long'],
  },
  {
    name: 'the first permerror in evaluation order wins',
    zone: {
      'example.com': { TXT: ['v=spf1 include:gone.example.net a:n1.example.net a:n2.example.net -all'] },
      'gone.example.net': 'nxdomain',
      ...many('n', 2, 'nxdomain'),
    },
    status: 'fail',
    facts: { voidLookups: 3 },
    findings: ['spf-include-missing', 'spf-too-many-void-lookups'],
    check: (a) => assert.equal(a.facts.permerror?.reason, 'include-missing'),
  },
  {
    name: 'names built from %{d} are looked up',
    zone: {
      'example.com': { TXT: ['v=spf1 include:_spf.%{d} -exists:%{d1r}.example.net -all'] },
      '_spf.example.com': { TXT: ['v=spf1 -all'] },
      'example.example.net': host('127.0.0.2'),
    },
    status: 'pass',
    facts: { lookups: 2, voidLookups: 0 },
    absent: ['spf-not-retrieved', 'spf-sender-dependent'],
  },
];

describe('analyzeSpf on hand-written captures', () => {
  for (const c of CASES) {
    test(c.name, () => {
      const analysis = analyzeSpf(captureOf(c.zone));
      assert.equal(analysis.status, c.status, `status; findings ${ids(analysis).join(', ')}`);
      for (const [key, value] of Object.entries(c.facts))
        assert.deepEqual(analysis.facts[key as keyof SpfFacts], value, `facts.${key}`);
      for (const id of c.findings ?? [])
        assert.ok(ids(analysis).includes(id), `${id} expected in ${ids(analysis).join(', ')}`);
      for (const id of c.absent ?? []) assert.ok(!ids(analysis).includes(id), `${id} not expected`);
      c.check?.(analysis);
    });
  }
});

// RFC 7208 §4.5: records that do not begin with a version section of exactly "v=spf1", ended by
// a space or the end of the record, are discarded. One meant as SPF is reported with the reason it
// is discarded: in place of the record it is the record missing (high), beside one it is noise (low).
describe('a TXT record meant as SPF but discarded says why', () => {
  const cases: [name: string, text: string, title: RegExp, recommendation: RegExp][] = [
    ['published with its quotes', '"v=spf1 ip4:192.0.2.1 -all"', /published with its quotes/, /without the quotes/],
    ['with escaped quotes', '\\"v=spf1 -all\\"', /published with its quotes/, /without the quotes/],
    ['with single quotes', "'v=spf1 -all'", /published with its quotes/, /without the quotes/],
    ['after a leading space', ' v=spf1 -all', /starts with white space before "v=spf1"/, /Remove the white space/],
    [
      'with a misspelt version',
      'v=spf10 -all',
      /starts "v=spf10", not "v=spf1"/,
      /exactly "v=spf1" followed by a space/,
    ],
    ['without a version number', 'v=spf -all', /starts "v=spf", not "v=spf1"/, /exactly "v=spf1"/],
    ['with spaces around =', 'v = spf1 -all', /starts "v = spf1", not "v=spf1"/, /exactly "v=spf1"/],
    ['without a space after the version', 'v=spf1mx -all', /starts "v=spf1mx", not "v=spf1"/, /exactly "v=spf1"/],
    [
      'with v=spf1 not first',
      'ip4:192.0.2.1 v=spf1 -all',
      /has "v=spf1" after other terms, not first/,
      /Move "v=spf1" to the start/,
    ],
  ];
  for (const [name, text, title, recommendation] of cases)
    test(`in place of the record, ${name}: spf-near-miss, as serious as no record`, () => {
      const analysis = analyzeSpf(captureOf({ 'example.com': { TXT: ['hello', text] } }));
      assert.equal(analysis.status, 'fail');
      assert.equal(analysis.facts.found, false);
      assert.deepEqual(ids(analysis), ['spf-near-miss']);
      const [finding] = analysis.findings;
      assert.equal(finding!.severity, 'high');
      assert.match(finding!.title, /^No SPF record is read: /);
      assert.match(finding!.title, title);
      assert.match(finding!.recommendation, recommendation);
      assert.equal(finding!.evidence.length, 1);
      assert.ok(finding!.evidence[0]!.startsWith(`TXT example.com: ${JSON.stringify(text)}: it `));
      assert.match(finding!.evidence[0]!, title);
    });

  test('a correct record beside a quoted copy is still read; the copy is low', () => {
    const analysis = analyzeSpf(captureOf({ 'example.com': { TXT: ['"v=spf1 -all"', 'v=spf1 -all'] } }));
    assert.equal(analysis.status, 'pass');
    assert.equal(analysis.record, 'v=spf1 -all');
    assert.deepEqual(ids(analysis), ['spf-near-miss']);
    assert.equal(analysis.findings[0]!.severity, 'low');
    assert.match(analysis.findings[0]!.title, /published with its quotes/);
    assert.match(analysis.findings[0]!.recommendation, /^Remove it/);
  });

  test('Sender ID is a near miss; unrelated text mentioning spf is not', () => {
    const senderId = analyzeSpf(captureOf({ 'example.com': { TXT: ['spf2.0/pra ip4:192.0.2.1 -all'] } }));
    assert.deepEqual(ids(senderId), ['spf-near-miss']);
    assert.match(senderId.findings[0]!.title, /Sender ID/);
    const unrelated = analyzeSpf(captureOf({ 'example.com': { TXT: ['spf records are described in RFC 7208'] } }));
    assert.deepEqual(ids(unrelated), ['spf-missing']);
  });
});

test('every finding has an id, a severity, evidence, a one-line recommendation and an RFC reference', () => {
  for (const c of CASES) {
    for (const finding of analyzeSpf(captureOf(c.zone)).findings) {
      assert.match(finding.id, /^spf-[a-z-]+$/);
      assert.ok(finding.evidence.length > 0, finding.id);
      assert.ok(finding.recommendation.length > 0 && !finding.recommendation.includes('\n'), finding.id);
      assert.match(finding.rfc ?? '', /^RFC 7208 §/);
    }
  }
});

test('the analysis is pure and plain JSON', () => {
  const capture = captureOf(CASES[0]!.zone);
  const first = analyzeSpf(capture);
  assert.deepEqual(analyzeSpf(JSON.parse(JSON.stringify(capture)) as EmailSecurityCapture), first);
  assert.deepEqual(JSON.parse(JSON.stringify(first)), first);
});
