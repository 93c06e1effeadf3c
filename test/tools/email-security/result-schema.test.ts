/**
 * The schema of an email-security result (src/tools/email-security/result-schema.ts), read as a
 * specification: every result `analyzeEmail` gives passes it, with undocumented members refused —
 * curated domains in every state each section can report, every reason a domain cannot be graded,
 * and generated captures — and a result that breaks it fails.
 */
import { EmailSecurityStatusSchema } from '../../../src/tools/email-security/status-schema.ts';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type * as v from 'valibot';
import { normalizeName, type DnsRecord } from '../../../src/net/dns-records.ts';
import type { DnsResult, RecordType, Resolver } from '../../../src/net/resolver.ts';
import type { ScanFetch } from '../../../src/net/scan-fetch.ts';
import { componentSchemas } from '../../../src/contract/openapi/components.ts';
import { jsonSchemaOf } from '../../../src/contract/request-schemas.ts';
import { analyzeEmail } from '../../../src/tools/email-security/analyze.ts';
import { FINDING_CATALOGUES, findingIdsOf, type SectionName } from '../../../src/tools/email-security/catalogues.ts';
import type { DnsExchange, EmailSecurityCapture, PolicyFetch } from '../../../src/tools/email-security/capture.ts';
import {
  EmailSecurityDetailsSchema,
  EmailSecurityUnassessedDetailsSchema,
} from '../../../src/tools/email-security/result-schema.ts';
import { emailSecurityImplementation } from '../../../src/tools/email-security/implementation.ts';
import { retrieveEmail } from '../../../src/tools/email-security/retrieve.ts';
import type { ScanOutcome } from '../../../src/tools/tool.ts';
import { ZoneBook, type ZoneRecord, type Zones } from '../../support/dns-zones.ts';
import {
  addresses,
  captureOf,
  mx,
  nxdomain,
  servfail,
  signed,
  soa,
  timeout,
  txt,
} from '../../support/email-capture-builder.ts';
import { emailCaptureArbitrary } from '../../support/fuzz-domain-captures.ts';
import { FUZZ_SEED } from '../../support/fuzz.ts';
import { dkimRecord, mailZones, STS_POLICY } from '../../support/mail-zones.ts';
import { mtaStsPolicies, realisticZones, REALISTIC_MAIL_DOMAINS } from '../../support/realistic-mail-domains.ts';
import { strictValidator } from '../../support/strict-schema.ts';
import { undescribedMembers } from '../../support/described-members.ts';

type Json = Record<string, unknown>;

const detailsSchema = jsonSchemaOf(EmailSecurityDetailsSchema);
const unassessedSchema = jsonSchemaOf(EmailSecurityUnassessedDetailsSchema);
const checkDetails = strictValidator(detailsSchema);
const checkUnassessed = strictValidator(unassessedSchema);
const checkStatus = strictValidator(jsonSchemaOf(EmailSecurityStatusSchema));

/** Paths of members whose value is undefined: JSON drops them, so the schema cannot describe them. */
function undefinedMembers(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => undefinedMembers(item, `${path}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, member]) =>
    member === undefined ? [`${path}/${key}`] : undefinedMembers(member, `${path}/${key}`),
  );
}

/** How a result breaks the schema of its kind (graded: 200; not graded: 422); none when it fits. */
function violations(outcome: ScanOutcome): string[] {
  const { status, details } = outcome.result;
  const sent: unknown = JSON.parse(JSON.stringify(details));
  const undefinedOnes = undefinedMembers(details).map((path) => `${path} is undefined`);
  if (!outcome.assessed)
    return [...undefinedOnes, ...(status === 'error' ? [] : [`status ${status}`]), ...checkUnassessed(sent)];
  return [
    ...undefinedOnes,
    ...checkStatus(status).map((e) => `status ${e}`),
    ...checkDetails(sent),
    ...foreignFindings(details as v.InferOutput<typeof EmailSecurityDetailsSchema>),
  ];
}

/** Findings a section lists that its catalogue does not hold (the schema allows any section's ids). */
function foreignFindings(details: v.InferOutput<typeof EmailSecurityDetailsSchema>): string[] {
  return (Object.keys(FINDING_CATALOGUES) as SectionName[]).flatMap((section) => {
    const own: readonly string[] = findingIdsOf(section);
    return details.sections[section].findings
      .filter((finding) => !own.includes(finding.id))
      .map((finding) => `sections.${section} lists ${finding.id}`);
  });
}

function assertFits(outcome: ScanOutcome, label: string): void {
  assert.deepEqual(violations(outcome), [], label);
}

// ---------------------------------------------------------------------------------------------
// Captures of whole domains: their zones answered by an in-memory resolver, their MTA-STS
// policy served by an in-memory fetch, retrieved as a scan retrieves them.

function zoneResolver(zones: Zones): Resolver {
  const book = new ZoneBook(zones);
  const data = (record: ZoneRecord & { name: string }): DnsRecord | null => {
    const base = { name: normalizeName(record.name), ttl: 300 };
    switch (record.type) {
      case 'A':
      case 'AAAA':
        return { ...base, type: record.type, address: record.data };
      case 'TXT': {
        const parts = Array.isArray(record.data) ? record.data : [record.data];
        const strings = parts.map((p) => (typeof p === 'string' ? p : new TextDecoder().decode(p)));
        return { ...base, type: 'TXT', text: strings.join(''), strings };
      }
      case 'MX':
        return {
          ...base,
          type: 'MX',
          preference: record.data.preference,
          exchange: normalizeName(record.data.exchange),
        };
      case 'SOA':
        return {
          ...base,
          type: 'SOA',
          serial: 1,
          refresh: 3600,
          retry: 600,
          expire: 86400,
          minimum: 300,
          ...record.data,
        };
      case 'CNAME':
      case 'NS':
      case 'PTR':
      case 'SPF':
      case 'TLSA':
        return null;
    }
  };
  return {
    query: <T extends RecordType>(name: string, type: T) => {
      const answer = book.answer(name, type);
      // No answer in the zones is a time-out, as the DoH server's silence is.
      const result: DnsResult = timeout(name, type);
      if (answer.kind === 'answer') {
        const answers = answer.records.filter((r) => r.type === type).flatMap((r) => data(r) ?? []);
        const outcomes = { NOERROR: answers.length > 0 ? 'answer' : 'nodata', NXDOMAIN: 'nxdomain' } as const;
        delete result.error;
        Object.assign(result, {
          rcode: answer.rcode,
          outcome: answer.rcode === 'SERVFAIL' ? 'servfail' : (outcomes[answer.rcode as 'NOERROR'] ?? 'error'),
          authenticated: answer.authenticated,
          answers,
          cnameChain: answer.records.flatMap((r) => (r.type === 'CNAME' ? [normalizeName(r.data)] : [])),
        });
      }
      return Promise.resolve(result as DnsResult<T>);
    },
  };
}

function retrieveFromZones(zones: Zones, policies: Map<string, string>) {
  const resolver = zoneResolver(zones);
  const fetch: ScanFetch = (url) => {
    const { hostname, pathname } = new URL(url);
    const policy = policies.get(hostname);
    return Promise.resolve(
      policy !== undefined && pathname === '/.well-known/mta-sts.txt'
        ? new Response(policy, { headers: { 'content-type': 'text/plain; charset=utf-8' } })
        : new Response('not found', { status: 404 }),
    );
  };
  const deps = { resolver, fetch: { fetch, resolver, allowPrivate: true, userAgent: 'result-schema test' } };
  return (domain: string, selectors?: string[]) => retrieveEmail(domain, deps, selectors ? { selectors } : {});
}

/** The domains of test/support/mail-zones.ts. */
const MAIL_ZONE_DOMAINS = [
  ...['gworkspace.test', 'm365.test', 'parked.test', 'toomany.test'],
  ...['monitor.test', 'nodmarc.test', 'weakkey.test', 'sts.test'],
];

// ---------------------------------------------------------------------------------------------
// Hand-written captures: a domain that gets everything right, with parts replaced.

const DOMAIN = 'example.com';
const HEALTHY_POLICY: PolicyFetch = {
  url: `https://mta-sts.${DOMAIN}/.well-known/mta-sts.txt`,
  status: 200,
  contentType: 'text/plain',
  body: 'version: STSv1\nmode: enforce\nmx: mail.example.com\nmax_age: 604800\n',
  error: null,
  redirects: [],
};

function healthy(): DnsExchange[] {
  return [
    txt(DOMAIN, 'v=spf1 mx -all'),
    mx(DOMAIN, [10, 'mail.example.com']),
    addresses('mail.example.com', 'A', '192.0.2.1'),
    signed(soa(DOMAIN)),
    txt(`_dmarc.${DOMAIN}`, `v=DMARC1; p=reject; rua=mailto:dmarc@${DOMAIN}`),
    txt(`default._domainkey.${DOMAIN}`, dkimRecord(2048)),
    txt(`_mta-sts.${DOMAIN}`, 'v=STSv1; id=20240101'),
    txt(`_smtp._tls.${DOMAIN}`, `v=TLSRPTv1; rua=mailto:tls@${DOMAIN}`),
    txt(`default._bimi.${DOMAIN}`, 'v=BIMI1; l=https://l.example/logo.svg; a=https://l.example/vmc.pem'),
  ];
}

/** The healthy domain with `replaced` answers instead of its own to the same questions. */
function variant(replaced: DnsExchange[], extra: Partial<EmailSecurityCapture> = {}): EmailSecurityCapture {
  const asked = new Set(replaced.map((q) => `${q.type} ${q.name}`));
  const kept = healthy().filter((q) => !asked.has(`${q.type} ${q.name}`));
  const selectors = { requested: [], tried: ['default'] };
  return captureOf(DOMAIN, [...replaced, ...kept], { mtaStsPolicy: HEALTHY_POLICY, selectors, ...extra });
}

const NESTED_INCLUDES = 25;
const includeChain = () =>
  Array.from({ length: NESTED_INCLUDES }, (_, i) =>
    txt(`i${i + 1}.example.net`, i + 1 < NESTED_INCLUDES ? `v=spf1 include:i${i + 2}.example.net -all` : 'v=spf1 -all'),
  );

const CURATED: [label: string, capture: EmailSecurityCapture][] = [
  ['a domain that gets everything right', variant([])],
  ['the DMARC lookup fails', variant([servfail(`_dmarc.${DOMAIN}`, 'TXT')])],
  ['the SPF lookup fails', variant([servfail(DOMAIN, 'TXT')])],
  ['the MX lookup fails', variant([servfail(DOMAIN, 'MX')])],
  [
    'the DKIM lookups fail',
    variant([servfail(`_domainkey.${DOMAIN}`, 'TXT'), servfail(`default._domainkey.${DOMAIN}`, 'TXT')]),
  ],
  [
    'the MTA-STS, TLS-RPT, BIMI and SOA lookups fail',
    variant(
      ['_mta-sts.', '_smtp._tls.', 'default._bimi.']
        .map((p) => servfail(`${p}${DOMAIN}`, 'TXT'))
        .concat(servfail(DOMAIN, 'SOA')),
    ),
  ],
  [
    'no DKIM key, _domainkey exists',
    variant([nxdomain(`default._domainkey.${DOMAIN}`, 'TXT'), txt(`_domainkey.${DOMAIN}`)]),
  ],
  [
    'parked: null MX, v=spf1 -all, nothing else',
    variant(
      [mx(DOMAIN, [0, '.']), txt(DOMAIN, 'v=spf1 -all')].concat(
        ['_mta-sts.', '_smtp._tls.', 'default._bimi.', 'default._domainkey.', '_domainkey.'].map((p) =>
          nxdomain(`${p}${DOMAIN}`, 'TXT'),
        ),
      ),
      { mtaStsPolicy: null },
    ),
  ],
  ['the MX host does not exist', variant([nxdomain('mail.example.com', 'A'), nxdomain('mail.example.com', 'AAAA')])],
  ['the MTA-STS policy was not fetched', variant([], { mtaStsPolicy: null })],
  [
    'the MTA-STS policy fetch failed',
    variant([], { mtaStsPolicy: { ...HEALTHY_POLICY, status: null, contentType: null, body: null, error: 'tls' } }),
  ],
  [
    'TLS-RPT and BIMI records that are invalid',
    variant([txt(`_smtp._tls.${DOMAIN}`, 'v=TLSRPTv1'), txt(`default._bimi.${DOMAIN}`, 'v=BIMI1; l=http://x')]),
  ],
  ['SPF includes nested 25 deep', variant([txt(DOMAIN, 'v=spf1 include:i1.example.net -all'), ...includeChain()])],
  [
    'the deadline cut SPF and DKIM short',
    variant([], { deadlineReached: true, selectors: { requested: [], tried: [] } }),
  ],
];

const UNASSESSED: [reason: string, capture: EmailSecurityCapture][] = [
  ['nxdomain', captureOf(DOMAIN, [nxdomain(DOMAIN, 'SOA'), nxdomain(DOMAIN, 'TXT'), nxdomain(DOMAIN, 'MX')])],
  [
    'dns-failure',
    captureOf(DOMAIN, [servfail(DOMAIN, 'TXT'), servfail(`_dmarc.${DOMAIN}`, 'TXT'), servfail(DOMAIN, 'MX')]),
  ],
  ['timeout', captureOf(DOMAIN, [mx(DOMAIN, [10, 'mail.example.com'])], { deadlineReached: true })],
];

async function curatedOutcomes(): Promise<[label: string, outcome: ScanOutcome][]> {
  const fromMailZones = retrieveFromZones(mailZones(), new Map([['mta-sts.sts.test', STS_POLICY]]));
  const fromRealistic = retrieveFromZones(realisticZones(), mtaStsPolicies());
  const outcomes: [string, ScanOutcome][] = [];
  for (const domain of MAIL_ZONE_DOMAINS) outcomes.push([domain, analyzeEmail(await fromMailZones(domain))]);
  for (const { domain, title, selectors } of REALISTIC_MAIL_DOMAINS)
    outcomes.push([`${domain}: ${title}`, analyzeEmail(await fromRealistic(domain, selectors))]);
  for (const [label, capture] of CURATED) outcomes.push([label, analyzeEmail(capture)]);
  return outcomes;
}

const curated = curatedOutcomes();

/** The sub-schema at a path of property names (`[]` steps into array items). */
function schemaAt(schema: Json, ...path: string[]): Json {
  return path.reduce<Json>(
    (s, step) => (step === '[]' ? (s['items'] as Json) : (s['properties'] as Record<string, Json>)[step]!),
    schema,
  );
}

const SECTIONS = Object.keys(schemaAt(detailsSchema, 'sections')['properties'] as Json);

/** The components of /openapi.json that the result schemas publish: the details and their named parts. */
const PUBLISHED = [
  'EmailSecurityDetails',
  'EmailSecurityUnassessedDetails',
  ...Object.keys(emailSecurityImplementation.resultSchemas.parts),
];

describe('the schemas as published', () => {
  test('describe every member whose name and type leave its meaning open', () => {
    const components = componentSchemas();
    assert.ok(PUBLISHED.length > 10);
    for (const name of PUBLISHED) {
      assert.ok(name in components, name);
      assert.deepEqual(undescribedMembers(components[name]), [], name);
    }
  });

  test('convert to JSON Schema on their own; the SPF tree is one definition', () => {
    // The SPF record holds its includes' records in the same shape: the one recursive part.
    assert.equal(Object.keys((detailsSchema['$defs'] as Json | undefined) ?? {}).length, 1);
    assert.doesNotMatch(JSON.stringify(unassessedSchema), /"\$(defs|ref)"/);
  });

  test('name the eight sections, and each its own statuses', () => {
    assert.deepEqual(SECTIONS, ['dmarc', 'spf', 'dkim', 'mx', 'mtaSts', 'tlsRpt', 'bimi', 'dnssec']);
    const statuses = (section: string) => schemaAt(detailsSchema, 'sections', section, 'status')['enum'];
    assert.deepEqual(statuses('dnssec'), ['pass', 'fail', 'error']);
    assert.deepEqual(statuses('tlsRpt'), ['pass', 'fail', 'not-applicable', 'error']);
    assert.deepEqual(statuses('dkim'), ['pass', 'warn', 'fail', 'not-applicable', 'error']);
  });
});

describe('a graded scan (200)', () => {
  test('every curated domain fits: the mail zones, the realistic domains, the hand-written captures', async () => {
    for (const [label, outcome] of await curated) {
      assert.equal(outcome.assessed, true, label);
      assertFits(outcome, label);
    }
  });

  test('together the curated domains report every status each section may, and every DKIM state', async () => {
    const details = (await curated).map(([, outcome]) => outcome.result.details as Json & { sections: Json });
    for (const section of SECTIONS) {
      const seen = new Set(details.map((d) => (d.sections[section] as Json)['status']));
      const allowed = schemaAt(detailsSchema, 'sections', section, 'status')['enum'] as string[];
      assert.deepEqual([...seen].sort(), [...allowed].sort(), section);
    }
    const states = new Set(details.map((d) => ((d.sections['dkim'] as Json)['facts'] as Json)['state']));
    const allowed = schemaAt(detailsSchema, 'sections', 'dkim', 'facts', 'state')['enum'] as string[];
    assert.deepEqual([...states].sort(), [...allowed].sort());
    assert.ok(details.some((d) => (d['incomplete'] as string[]).length > 0));
  });

  test('an SPF tree nested as deep as the walk follows includes fits the recursive schema', async () => {
    const [label, outcome] = (await curated).find(([name]) => name === 'SPF includes nested 25 deep')!;
    let depth = 0;
    type Node = { terms: { child?: Node }[] };
    const spf = (outcome.result.details as { sections: { spf: { tree: Node } } }).sections.spf;
    for (let node = spf.tree; ; depth++) {
      const child = node.terms.find((t) => t.child)?.child;
      if (!child) break;
      node = child;
    }
    assert.ok(depth > 10 && depth < NESTED_INCLUDES, `depth ${depth}`);
    assertFits(outcome, label);
  });

  test('generated captures fit, with and without the deadline reached', () => {
    const captures = fc
      .tuple(emailCaptureArbitrary({ maxLength: 300 }), fc.boolean())
      .map(([capture, deadlineReached]) => (deadlineReached ? { ...capture, deadlineReached } : capture));
    fc.assert(
      fc.property(captures, (capture) => {
        assert.deepEqual(violations(analyzeEmail(capture)), []);
      }),
      { seed: FUZZ_SEED, numRuns: 300 },
    );
  });
});

describe('a scan that cannot grade the domain (422)', () => {
  test('every reason analyzeEmail gives fits, with its domain and query count; the schema has no other', () => {
    for (const [reason, capture] of UNASSESSED) {
      const outcome = analyzeEmail(capture);
      assert.equal(outcome.assessed, false, reason);
      assert.deepEqual(outcome.result.details, { reason, domain: DOMAIN, queries: capture.queries.length });
      assertFits(outcome, reason);
    }
    const reasons = (unassessedSchema['oneOf'] as Json[]).map((option) => schemaAt(option, 'reason')['const']);
    assert.deepEqual(
      reasons,
      UNASSESSED.map(([reason]) => reason),
    );
  });
});

describe('a result that breaks the schema fails', () => {
  const graded = async () => structuredClone((await curated)[0]![1]);
  const broken = async (change: (details: Json & { sections: Record<string, Json> }) => void) => {
    const outcome = await graded();
    change(outcome.result.details as Json & { sections: Record<string, Json> });
    return violations(outcome);
  };

  test('a member the schema does not document, at the top or deep inside', async () => {
    assert.notDeepEqual(await broken((d) => (d['extra'] = 1)), []);
    assert.notDeepEqual(await broken((d) => ((d.sections['dmarc']!['facts'] as Json)['extra'] = true)), []);
    const tree = (d: Json & { sections: Record<string, Json> }) => d.sections['spf']!['tree'] as Json;
    assert.notDeepEqual(await broken((d) => ((tree(d)['terms'] as Json[])[0]!['extra'] = 'x')), []);
  });

  test('a value outside a closed vocabulary, or of the wrong type', async () => {
    assert.notDeepEqual(await broken((d) => ((d.sections['dkim']!['facts'] as Json)['state'] = 'maybe')), []);
    assert.notDeepEqual(await broken((d) => (d.sections['dnssec']!['status'] = 'warn')), []);
    assert.notDeepEqual(await broken((d) => (d['grade'] = 'E')), []);
    assert.notDeepEqual(await broken((d) => ((d['findings'] as Json[])[0] = { severity: 'urgent' })), []);
    assert.notDeepEqual(await broken((d) => (d['score'] = '100')), []);
  });

  test('a finding in a section whose catalogue does not hold it', async () => {
    const finding = { id: 'spf-missing', severity: 'high', title: 't', evidence: [], recommendation: 'r' };
    assert.deepEqual(await broken((d) => (d.sections['mx']!['findings'] as Json[]).push(finding)), [
      'sections.mx lists spf-missing',
    ]);
  });

  test('a member missing, or undefined', async () => {
    assert.notDeepEqual(await broken((d) => delete d['bulkSender']), []);
    assert.notDeepEqual(await broken((d) => (d.sections['mx']!['hosts'] = undefined)), []);
  });

  test('a graded status of error, and a 422 with a reason or member of its own', async () => {
    const outcome = await graded();
    assert.notDeepEqual(violations({ ...outcome, result: { ...outcome.result, status: 'error' } }), []);
    const refused = analyzeEmail(UNASSESSED[0]![1]);
    const with422 = (details: Json) => violations({ ...refused, result: { ...refused.result, details } });
    assert.notDeepEqual(with422({ ...refused.result.details, reason: 'client-closed' }), []);
    assert.notDeepEqual(with422({ ...refused.result.details, extra: 1 }), []);
  });
});
