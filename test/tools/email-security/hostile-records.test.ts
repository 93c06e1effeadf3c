/**
 * What a domain's hostile DNS answers cost the analysis, bounded by rules that leave ordinary
 * domains graded as before: the characters of SPF records one tree reads, the evidence one SPF
 * finding lists, the DMARC report destinations whose authorization is asked, and lookups in
 * captures of thousands of answers.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DnsResult, RecordType, Resolver } from '../../../src/net/resolver.ts';
import { exchange, RecordingResolver, type EmailSecurityCapture } from '../../../src/tools/email-security/capture.ts';
import { analyzeDmarc } from '../../../src/tools/email-security/dmarc/analyze.ts';
import { MAX_AUTHORIZATION_LOOKUPS } from '../../../src/tools/email-security/dmarc/destinations.ts';
import { retrieveDmarc } from '../../../src/tools/email-security/dmarc/retrieve.ts';
import { parseDmarcRecord } from '../../../src/tools/email-security/dmarc/parse.ts';
import { analyzeMx } from '../../../src/tools/email-security/mx/analyze.ts';
import { MAX_REPORT_URIS } from '../../../src/tools/email-security/report-uri.ts';
import { spfIncludedDomains } from '../../../src/tools/email-security/sender-hints.ts';
import { parseTlsRptRecord } from '../../../src/tools/email-security/tls-rpt/record.ts';
import { analyzeSpf, MAX_REPORTED_TERMS } from '../../../src/tools/email-security/spf/analyze.ts';
import { MAX_EVIDENCE_LINES } from '../../../src/tools/email-security/spf/findings.ts';
import { RETRIEVAL } from '../../../src/tools/email-security/spf/rfc7208.ts';
import { addresses, captureOf, mx, nxdomain, txt } from '../../support/email-capture-builder.ts';

const filled = (prefix: string, unit: string, length: number) =>
  prefix + unit.repeat(Math.floor((length - prefix.length) / unit.length));

describe('SPF', () => {
  test(`include targets past ${RETRIEVAL.maxRecordCharacters} characters of records are not read`, () => {
    const big = (i: number) => filled('v=spf1', ` ip4:192.0.2.${i}`, 30_000);
    const section = analyzeSpf(
      captureOf('example.com', [
        txt('example.com', 'v=spf1 include:a.example include:b.example include:c.example -all'),
        ...['a', 'b', 'c'].map((name, i) => txt(`${name}.example`, big(i))),
      ]),
    );
    const [a, b, c] = section.tree.terms;
    assert.equal(a!.child!.state, 'ok');
    assert.equal(b!.child!.state, 'ok');
    assert.equal(c!.status, 'not-retrieved');
    assert.match(c!.note!, /would pass 65536 characters/);
    assert.ok(section.findings.some((f) => f.id === 'spf-not-retrieved'));
    assert.equal(section.facts.lookups, 3);
  });

  test("the domain's own record is read whatever its length", () => {
    const record = filled('v=spf1 -all', ' ip4:192.0.2.1', 80_000);
    const section = analyzeSpf(captureOf('example.com', [txt('example.com', record)]));
    assert.equal(section.tree.state, 'ok');
    assert.equal(section.facts.all, '-');
    // Every term is evaluated; the section lists the first ones and counts the rest.
    assert.equal(section.tree.terms.length, MAX_REPORTED_TERMS);
    assert.equal(section.tree.termsOmitted, record.split(' ').length - 1 - MAX_REPORTED_TERMS);
  });

  test(`a finding lists ${MAX_EVIDENCE_LINES} occurrences and counts the rest`, () => {
    const ptr = analyzeSpf(captureOf('example.com', [txt('example.com', filled('v=spf1', ' ptr', 4_006))]));
    const evidence = ptr.findings.find((f) => f.id === 'spf-ptr')!.evidence;
    assert.equal(evidence.length, MAX_EVIDENCE_LINES + 1);
    assert.equal(evidence.at(-1), `… and ${1_000 - MAX_EVIDENCE_LINES} more`);
    const [last] = ptr.lookupsByMechanism.slice(MAX_REPORTED_TERMS);
    assert.deepEqual(last, {
      term: `… ${1_000 - MAX_REPORTED_TERMS} more terms`,
      target: null,
      lookups: 500,
      voidLookups: 0,
    });
    assert.equal(ptr.facts.lookups, 1_000);
    const errors = analyzeSpf(captureOf('example.com', [txt('example.com', filled('v=spf1', ' x', 60_000))]));
    const syntax = errors.findings.find((f) => f.id === 'spf-syntax-error')!.evidence;
    assert.equal(syntax.length, MAX_EVIDENCE_LINES + 1);
    assert.match(syntax[1]!, /^offset 7 \(at "x"\)/);
  });

  test('the providers of a record of 60,000 characters are its include and redirect targets', () => {
    const providers = 'include:_spf.google.com ~include:sendgrid.net redirect=x.example';
    const record = `${filled('v=spf1', ' ip4:192.0.2.1', 60_000)} ${providers}`;
    assert.deepEqual(spfIncludedDomains(record), ['_spf.google.com', 'sendgrid.net', 'x.example']);
    assert.deepEqual(spfIncludedDomains('include:_spf.google.com'), []);
  });
});

describe('DMARC', () => {
  const record = (count: number) =>
    `v=DMARC1; p=reject; rua=${Array.from({ length: count }, (_, i) => `mailto:r@d${i}.example`).join(',')}`;

  /** A resolver that answers every name with nothing, counting the questions. */
  function countingResolver(): Resolver & { asked: string[] } {
    const asked: string[] = [];
    return {
      asked,
      query: async <T extends RecordType>(name: string, type: T): Promise<DnsResult<T>> => {
        asked.push(name);
        const answer = name === '_dmarc.example.com' ? txt(name, record(500)) : nxdomain(name, type);
        return answer as DnsResult<T>;
      },
    };
  }

  test(`retrieval asks the authorization of the first ${MAX_AUTHORIZATION_LOOKUPS} external destinations`, async () => {
    const resolver = countingResolver();
    const capture: EmailSecurityCapture = captureOf('example.com', []);
    await retrieveDmarc(new RecordingResolver(resolver, capture), 'example.com');
    const authorizations = resolver.asked.filter((name) => name.includes('._report._dmarc.'));
    assert.deepEqual(
      authorizations,
      Array.from({ length: MAX_AUTHORIZATION_LOOKUPS }, (_, i) => `example.com._report._dmarc.d${i}.example`),
    );
  });

  test(`the first ${MAX_REPORT_URIS} URIs of a report list are read, the rest counted`, () => {
    const parsed = parseDmarcRecord(record(3_500));
    assert.equal(parsed.rua.length, MAX_REPORT_URIS);
    assert.equal(parsed.urisOmitted.rua, 3_500 - MAX_REPORT_URIS);
    const section = analyzeDmarc(captureOf('example.com', [txt('_dmarc.example.com', record(3_500))]));
    assert.equal(section.findings.find((f) => f.id === 'dmarc-many-rua')!.title, '3500 aggregate report destinations');
    assert.equal(section.destinations.length, MAX_REPORT_URIS);
    const destinations = Array.from({ length: 60 }, (_, i) => `mailto:t@d${i}.example`).join(',');
    const tls = parseTlsRptRecord(`v=TLSRPTv1; rua=${destinations}`);
    assert.deepEqual([tls.rua.length, tls.ruaOmitted, tls.valid], [MAX_REPORT_URIS, 10, true]);
  });

  test('destinations not looked up are counted as such, not as failed lookups', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [
        txt('_dmarc.example.com', record(12)),
        ...Array.from({ length: 10 }, (_, i) => txt(`example.com._report._dmarc.d${i}.example`, 'v=DMARC1')),
      ]),
    );
    const unverified = section.findings.find((f) => f.id === 'dmarc-destination-unverified')!;
    assert.deepEqual(unverified.evidence, [
      `2 not looked up: the first ${MAX_AUTHORIZATION_LOOKUPS} external destinations are checked`,
    ]);
  });
});

describe('large captures', () => {
  test('the first answer to a question is read, and one recorded after a lookup is found', () => {
    const capture = captureOf('example.com', [txt('example.com', 'first'), txt('example.com', 'second')]);
    assert.equal(exchange(capture, 'EXAMPLE.com.', 'TXT'), capture.queries[0]);
    assert.equal(exchange(capture, 'late.example', 'TXT'), undefined);
    capture.queries.push(txt('late.example', 'later'));
    assert.equal(exchange(capture, 'late.example', 'TXT'), capture.queries.at(-1));
  });

  test('MX hosts listed more than once are reported once each, in the order of their second appearance', () => {
    const hosts = Array.from({ length: 2_800 }, (_, i): [number, string] => [10, `mx${(2_799 - i) % 1_400}.example`]);
    const section = analyzeMx(
      captureOf('example.com', [mx('example.com', ...hosts), addresses('mx0.example', 'A', '192.0.2.1')]),
    );
    const duplicates = section.findings.find((f) => f.id === 'mx-duplicate-host')!.evidence;
    assert.equal(duplicates.length, 1_400);
    assert.equal(duplicates[0], 'mx0.example appears 2 times');
    assert.equal(section.hosts.length, 2_800);
  });
});
