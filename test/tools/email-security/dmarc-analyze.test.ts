/** DMARC analysis over hand-written captures: discovery, policy facts, findings, external destinations. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeDmarc } from '../../../src/tools/email-security/dmarc/analyze.ts';
import { captureOf, mx, nxdomain, servfail, txt } from '../../support/email-capture-builder.ts';

const ids = (section: { findings: { id: string }[] }) => section.findings.map((f) => f.id);

describe('DMARC analysis', () => {
  test("the domain's own p=reject record with internal reports passes", () => {
    const section = analyzeDmarc(
      captureOf('example.com', [txt('_dmarc.example.com', 'v=DMARC1; p=reject; rua=mailto:dmarc@example.com')]),
    );
    assert.equal(section.status, 'pass');
    assert.deepEqual(section.facts, {
      found: true,
      valid: true,
      multiple: false,
      source: 'domain',
      policy: 'reject',
      subdomainPolicy: 'reject',
      nonExistentPolicy: 'reject',
      testing: false,
      percentage: null,
      aggregateReports: true,
      externalDestinationsAuthorized: true,
    });
    assert.equal(section.policyDomain, 'example.com');
    assert.equal(section.organizationalDomain, 'example.com');
    assert.deepEqual(ids(section), []);
  });

  test('p=none monitors only: warn', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [txt('_dmarc.example.com', 'v=DMARC1; p=none; rua=mailto:d@example.com')]),
    );
    assert.equal(section.status, 'warn');
    assert.equal(section.facts.policy, 'none');
    assert.ok(ids(section).includes('dmarc-policy-none'));
  });

  test('sp and np fill in from p; weaker ones are reported', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [
        txt('_dmarc.example.com', 'v=DMARC1; p=reject; sp=none; np=quarantine; rua=mailto:d@example.com'),
      ]),
    );
    assert.equal(section.facts.subdomainPolicy, 'none');
    assert.equal(section.facts.nonExistentPolicy, 'quarantine');
    assert.ok(ids(section).includes('dmarc-subdomain-weaker'));
    assert.ok(!ids(section).includes('dmarc-nonexistent-weaker'), 'np=quarantine is stronger than sp=none');
  });

  test('the sp= advice asks for np=reject only when it is not already published', () => {
    const adviceFor = (record: string) =>
      analyzeDmarc(captureOf('example.com', [txt('_dmarc.example.com', record)])).findings.find(
        (f) => f.id === 'dmarc-subdomain-weaker',
      )!.recommendation;
    assert.match(
      adviceFor('v=DMARC1; p=reject; sp=none'),
      /np= \(names that do not exist\) defaults to sp=, so set np=reject/,
    );
    const covered = adviceFor('v=DMARC1; p=reject; sp=none; np=reject');
    assert.match(covered, /np=reject already covers names that do not exist/);
    assert.doesNotMatch(covered, /set np=reject/);
  });

  test('no record at the domain nor above: fail, dmarc-missing', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [nxdomain('_dmarc.example.com', 'TXT'), nxdomain('_dmarc.com', 'TXT')]),
    );
    assert.equal(section.status, 'fail');
    assert.equal(section.facts.found, false);
    assert.deepEqual(ids(section), ['dmarc-missing']);
    assert.deepEqual(
      section.walk.map((s) => s.name),
      ['example.com', 'com'],
    );
  });

  test('several records: receivers discard them all', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [
        txt('_dmarc.example.com', 'v=DMARC1; p=reject', 'v=DMARC1; p=none'),
        nxdomain('_dmarc.com', 'TXT'),
      ]),
    );
    assert.equal(section.status, 'fail');
    assert.equal(section.facts.found, true);
    assert.equal(section.facts.multiple, true);
    assert.equal(section.facts.valid, false);
    assert.ok(ids(section).includes('dmarc-multiple'));
    assert.ok(!ids(section).includes('dmarc-missing'));
  });

  test('a DNS failure at _dmarc is "could not test", not "missing"', () => {
    const section = analyzeDmarc(captureOf('example.com', [servfail('_dmarc.example.com', 'TXT')]));
    assert.equal(section.status, 'error');
    assert.deepEqual(ids(section), ['dmarc-lookup-failed']);
  });

  test('a failure further up the walk leaves the result unknown', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [nxdomain('_dmarc.example.com', 'TXT'), servfail('_dmarc.com', 'TXT')]),
    );
    assert.equal(section.status, 'error');
  });

  test('inherited from the organizational domain: the subdomain policy applies', () => {
    const section = analyzeDmarc(
      captureOf('shop.example.com', [
        nxdomain('_dmarc.shop.example.com', 'TXT'),
        txt('_dmarc.example.com', 'v=DMARC1; p=reject; sp=quarantine'),
        nxdomain('_dmarc.com', 'TXT'),
      ]),
    );
    assert.equal(section.facts.source, 'organizational');
    assert.equal(section.facts.policy, 'quarantine');
    assert.equal(section.policyDomain, 'example.com');
    assert.equal(section.organizationalDomain, 'example.com');
    assert.ok(ids(section).includes('dmarc-inherited'));
  });

  test('a public suffix record (psd=y) applies to the domain below it', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [
        nxdomain('_dmarc.example.com', 'TXT'),
        txt('_dmarc.com', 'v=DMARC1; p=reject; psd=y; rua=mailto:pso@example.org'),
      ]),
    );
    assert.equal(section.facts.source, 'public-suffix');
    assert.equal(section.facts.aggregateReports, false, "the reports go to the suffix's operator");
    assert.equal(section.findings.find((f) => f.id === 'dmarc-inherited')?.severity, 'medium');
    assert.equal(section.organizationalDomain, 'example.com');
    assert.equal(section.policyDomain, 'com');
    assert.match(section.findings.find((f) => f.id === 'dmarc-inherited')!.title, /public suffix/);
  });

  test('external report destinations: authorized, unauthorized, unknown', () => {
    const record =
      'v=DMARC1; p=quarantine; rua=mailto:d@example.com,mailto:r@vendor.example.net; ' +
      'ruf=mailto:f@other.example.org,mailto:g@down.example.org';
    const section = analyzeDmarc(
      captureOf('example.com', [
        txt('_dmarc.example.com', record),
        txt('example.com._report._dmarc.vendor.example.net', 'v=DMARC1'),
        nxdomain('example.com._report._dmarc.other.example.org', 'TXT'),
        servfail('example.com._report._dmarc.down.example.org', 'TXT'),
      ]),
    );
    assert.deepEqual(
      section.destinations.map((d) => [d.uri.host, d.external, d.authorization]),
      [
        ['example.com', false, null],
        ['vendor.example.net', true, 'authorized'],
        ['other.example.org', true, 'unauthorized'],
        ['down.example.org', true, 'unknown'],
      ],
    );
    assert.equal(section.facts.externalDestinationsAuthorized, false);
    const unauthorized = section.findings.find((f) => f.id === 'dmarc-destination-unauthorized')!;
    assert.deepEqual(unauthorized.evidence, [
      'ruf mailto:f@other.example.org: no v=DMARC1 TXT at example.com._report._dmarc.other.example.org',
    ]);
    assert.ok(ids(section).includes('dmarc-destination-unverified'));
  });

  test('a destination whose lookup failed does not count as unauthorized', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [
        txt('_dmarc.example.com', 'v=DMARC1; p=reject; rua=mailto:r@vendor.example.net'),
        servfail('example.com._report._dmarc.vendor.example.net', 'TXT'),
      ]),
    );
    assert.equal(section.facts.externalDestinationsAuthorized, true);
    assert.equal(section.facts.aggregateReports, true);
  });

  test('a record receivers ignore (leading space) is reported as such, not as missing', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [txt('_dmarc.example.com', ' v=DMARC1; p=reject'), nxdomain('_dmarc.com', 'TXT')]),
    );
    assert.equal(section.status, 'fail');
    assert.deepEqual(ids(section), ['dmarc-malformed']);
  });

  // RFC 7489 §6.4 / RFC 9989 §4.7: "v=DMARC1" must be the first tag, exactly; a text meant as the
  // record but discarded is reported with its reason, as serious as no record when nothing else is read.
  describe('a TXT record meant as DMARC but discarded says why', () => {
    const cases: [name: string, text: string, title: RegExp, recommendation: RegExp][] = [
      ['published with its quotes', '"v=DMARC1; p=reject"', /published with its quotes/, /without the quotes/],
      ['with escaped quotes', '\\"v=DMARC1; p=reject\\"', /published with its quotes/, /without the quotes/],
      [
        'after a leading space',
        ' v=DMARC1; p=reject',
        /starts with white space before "v=DMARC1"/,
        /Remove the white space/,
      ],
      [
        'with the version in lower case',
        'v=dmarc1; p=reject',
        /starts "v=dmarc1", not "v=DMARC1"/,
        /exactly "v=DMARC1"/,
      ],
      ['without a version number', 'v=DMARC; p=reject', /starts "v=DMARC", not "v=DMARC1"/, /exactly "v=DMARC1"/],
      ['without ";" after the version', 'v=DMARC1 p=reject', /has no ";" after "v=DMARC1"/, /exactly "v=DMARC1"/],
      [
        'with v= not first',
        'p=reject; v=DMARC1',
        /has "v=DMARC1" after other tags, not first/,
        /Move "v=DMARC1" to the start/,
      ],
    ];
    for (const [name, text, title, recommendation] of cases)
      test(`in place of the record, ${name}: dmarc-malformed, as serious as no record`, () => {
        const section = analyzeDmarc(
          captureOf('example.com', [txt('_dmarc.example.com', text), nxdomain('_dmarc.com', 'TXT')]),
        );
        assert.equal(section.status, 'fail');
        assert.equal(section.facts.found, false);
        assert.deepEqual(ids(section), ['dmarc-malformed']);
        const [finding] = section.findings;
        assert.equal(finding!.severity, 'high');
        assert.match(finding!.title, /^No DMARC record is read: /);
        assert.match(finding!.title, title);
        assert.match(finding!.recommendation, recommendation);
        assert.deepEqual(finding!.evidence.length, 1);
        assert.ok(finding!.evidence[0]!.startsWith(`_dmarc.example.com: ${JSON.stringify(text)}: it `));
      });

    test('a correct record beside a quoted copy is still read; the copy is low', () => {
      const section = analyzeDmarc(
        captureOf('example.com', [
          txt('_dmarc.example.com', '"v=DMARC1; p=none"', 'v=DMARC1; p=reject; rua=mailto:d@example.com'),
        ]),
      );
      assert.equal(section.status, 'pass');
      assert.equal(section.facts.policy, 'reject');
      assert.deepEqual(ids(section), ['dmarc-malformed']);
      assert.equal(section.findings[0]!.severity, 'low');
      assert.match(section.findings[0]!.title, /published with its quotes/);
      assert.match(section.findings[0]!.recommendation, /^Remove it/);
    });
  });

  test('unrelated TXT and SPF at _dmarc, and a DMARC record at the apex', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [
        txt('_dmarc.example.com', 'v=DMARC1; p=reject; rua=mailto:d@example.com', 'v=spf1 -all', 'hello'),
        txt('example.com', 'v=spf1 -all', 'v=DMARC1; p=reject'),
      ]),
    );
    assert.deepEqual(ids(section).sort(), ['dmarc-at-apex', 'dmarc-spf-at-dmarc', 'dmarc-unrelated-txt']);
    assert.equal(section.findings.find((f) => f.id === 'dmarc-at-apex')!.severity, 'low');
    assert.equal(section.status, 'pass');
  });

  test('removed tags: pct below 100 is a real weakening for RFC 7489 receivers', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [
        txt('_dmarc.example.com', 'v=DMARC1; p=reject; pct=25; ri=86400; rua=mailto:d@example.com'),
      ]),
    );
    assert.ok(ids(section).includes('dmarc-tag-removed'));
    assert.ok(ids(section).includes('dmarc-pct-partial'));
    assert.equal(section.status, 'warn');
  });

  test('t=y downgrades: testing is a fact and a finding', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [txt('_dmarc.example.com', 'v=DMARC1; p=reject; t=y; rua=mailto:d@example.com')]),
    );
    assert.equal(section.facts.testing, true);
    assert.ok(ids(section).includes('dmarc-testing'));
  });

  test('no p= but a valid rua=: treated as p=none (valid, with a finding)', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [txt('_dmarc.example.com', 'v=DMARC1; rua=mailto:d@example.com')]),
    );
    assert.equal(section.facts.valid, true);
    assert.equal(section.facts.policy, 'none');
    assert.ok(ids(section).includes('dmarc-policy-missing'));
  });

  test('no p= and no rua=: the record is ignored (invalid)', () => {
    const section = analyzeDmarc(captureOf('example.com', [txt('_dmarc.example.com', 'v=DMARC1; adkim=s')]));
    assert.equal(section.facts.valid, false);
    assert.equal(section.status, 'fail');
    assert.ok(ids(section).includes('dmarc-policy-unusable'));
  });

  const graded = (record: string) => analyzeDmarc(captureOf('example.com', [txt('_dmarc.example.com', record)]));

  test('a malformed segment is discarded and the rest applied (RFC 9989 §4.8)', () => {
    const section = graded('v=DMARC1; p=reject; rua=mailto:a@example.com;mailto:b@example.com');
    assert.equal(section.facts.valid, true);
    assert.equal(section.facts.policy, 'reject');
    const syntax = section.findings.find((f) => f.id === 'dmarc-syntax')!;
    assert.equal(syntax.severity, 'medium');
    assert.ok(syntax.evidence.some((line) => line.includes('mailto:b@example.com')));
    assert.equal(syntax.rfc, 'RFC 9989 §4.8');
  });

  test('an invalid sp= or np= makes the record p=none with a valid rua, ignored without (RFC 9989 §4.10.1)', () => {
    const withRua = graded('v=DMARC1; p=reject; sp=bogus; rua=mailto:d@example.com');
    assert.equal(withRua.facts.valid, true);
    assert.deepEqual(
      [withRua.facts.policy, withRua.facts.subdomainPolicy, withRua.facts.nonExistentPolicy],
      ['none', 'none', 'none'],
    );
    const invalid = withRua.findings.find((f) => f.id === 'dmarc-policy-invalid')!;
    assert.equal(invalid.severity, 'high');
    assert.equal(invalid.rfc, 'RFC 9989 §4.10.1');
    const without = graded('v=DMARC1; p=reject; np=rejcet');
    assert.equal(without.facts.valid, false);
    assert.ok(ids(without).includes('dmarc-policy-unusable'));
  });

  test('an invalid p= beside a valid rua= is p=none, not unusable', () => {
    const section = graded('v=DMARC1; p=rejcet; sp=reject; rua=mailto:d@example.com');
    assert.equal(section.facts.valid, true);
    assert.equal(section.facts.policy, 'none');
    assert.equal(section.facts.subdomainPolicy, 'none');
    assert.ok(!ids(section).includes('dmarc-policy-unusable'));
    assert.ok(ids(section).includes('dmarc-policy-invalid'));
  });

  test('a repeated tag invalidates the record: flagged high, graded as ignored', () => {
    const section = graded('v=DMARC1; p=reject; p=none; rua=mailto:d@example.com');
    assert.equal(section.facts.valid, false);
    const duplicate = section.findings.find((f) => f.id === 'dmarc-tag-duplicate')!;
    assert.equal(duplicate.severity, 'high');
    assert.ok(!ids(section).includes('dmarc-policy-unusable'), 'one finding for one cause');
  });

  test('pct below 100 is reported and counted like t=y by the grade', () => {
    const section = graded('v=DMARC1; p=quarantine; pct=10; rua=mailto:d@example.com');
    assert.equal(section.facts.percentage, 10);
    assert.ok(ids(section).includes('dmarc-pct-partial'));
    assert.equal(graded('v=DMARC1; p=quarantine; pct=abc').facts.percentage, null);
  });

  test('a domain that accepts no mail should reject everywhere', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [
        mx('example.com', [0, '.']),
        txt('_dmarc.example.com', 'v=DMARC1; p=quarantine; rua=mailto:d@example.com'),
      ]),
    );
    assert.ok(ids(section).includes('dmarc-parked-not-reject'));
  });

  test('every finding has an id, a severity, evidence and a one-line recommendation', () => {
    const section = analyzeDmarc(
      captureOf('example.com', [
        txt(
          '_dmarc.example.com',
          'v=DMARC1; p=none; sp=none; pct=10; foo=1; fo=0:1; ' +
            'rua=mailto:a@x.example.net!5m,bad,mailto:b@example.com,mailto:c@example.com; junk',
        ),
        nxdomain('example.com._report._dmarc.x.example.net', 'TXT'),
      ]),
    );
    assert.ok(section.findings.length >= 8);
    for (const f of section.findings) {
      assert.match(f.id, /^dmarc-[a-z0-9-]+$/);
      assert.ok(f.evidence.length > 0, f.id);
      assert.ok(f.recommendation.length > 0 && !f.recommendation.includes('\n'), f.id);
    }
  });
});
