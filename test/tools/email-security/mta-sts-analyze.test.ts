/** MTA-STS analysis over hand-written captures: record, fetch outcome, policy and MX coverage. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PolicyFetch } from '../../../src/tools/email-security/capture.ts';
import { analyzeMtaSts } from '../../../src/tools/email-security/mta-sts/analyze.ts';
import { addresses, captureOf, mx, nodata, nxdomain, servfail, txt } from '../../support/email-capture-builder.ts';

const URL = 'https://mta-sts.example.com/.well-known/mta-sts.txt';
const POLICY = 'version: STSv1\nmode: enforce\nmx: *.mail.example.com\nmax_age: 1209600\n';
const ok = (body: string, contentType = 'text/plain; charset=utf-8'): PolicyFetch => ({
  url: URL,
  status: 200,
  contentType,
  body,
  error: null,
  redirects: [],
});
const mailMx = [
  mx('example.com', [10, 'a.mail.example.com'], [20, 'b.mail.example.com']),
  addresses('a.mail.example.com', 'A', '192.0.2.1'),
  addresses('b.mail.example.com', 'A', '192.0.2.2'),
];
const record = txt('_mta-sts.example.com', 'v=STSv1; id=20240101');
const ids = (section: { findings: { id: string }[] }) => section.findings.map((f) => f.id);

test('enforce policy covering every MX: pass', () => {
  const section = analyzeMtaSts(captureOf('example.com', [...mailMx, record], { mtaStsPolicy: ok(POLICY) }));
  assert.equal(section.status, 'pass');
  assert.deepEqual(section.facts, {
    record: true,
    mode: 'enforce',
    policyValid: true,
    coversAllMx: true,
    uncoveredMx: 0,
  });
  assert.deepEqual(ids(section), []);
});

// RFC 8461 §5, enforce: senders "MUST NOT deliver the message to hosts that fail MX matching"; §5.1:
// a candidate MX that fails validation is passed over for the next. Uncovered hosts are skipped, the
// covered ones still take the mail: lost redundancy, named host by host.
test('some MX hosts outside the patterns of an enforced policy: medium, senders skip them (RFC 8461 §5, §5.1)', () => {
  const section = analyzeMtaSts(
    captureOf('example.com', [mx('example.com', [10, 'a.mail.example.com'], [20, 'backup.example.net']), record], {
      mtaStsPolicy: ok(POLICY),
    }),
  );
  assert.equal(section.facts.coversAllMx, false);
  assert.equal(section.facts.uncoveredMx, 1);
  assert.deepEqual(section.uncoveredMx, ['backup.example.net']);
  const f = section.findings.find((x) => x.id === 'mta-sts-mx-not-covered')!;
  assert.equal(f.severity, 'medium');
  assert.equal(
    f.title,
    'MX host backup.example.net matches no mx pattern of the enforced policy: ' +
      'MTA-STS senders skip it and deliver to the MX hosts that match',
  );
  assert.deepEqual(f.evidence, ['MX backup.example.net', 'patterns: *.mail.example.com']);
  assert.equal(section.status, 'warn');
});

test('several uncovered MX hosts beside a covered one are all named', () => {
  const section = analyzeMtaSts(
    captureOf(
      'example.com',
      [mx('example.com', [10, 'a.mail.example.com'], [20, 'mx2.example.net'], [30, 'mx3.example.net']), record],
      { mtaStsPolicy: ok(POLICY) },
    ),
  );
  const f = section.findings.find((x) => x.id === 'mta-sts-mx-not-covered')!;
  assert.equal(f.severity, 'medium');
  assert.match(f.title, /^MX hosts mx2\.example\.net, mx3\.example\.net match no mx pattern .* skip them /);
});

// With no candidate left, the message is not delivered; §5: it "MUST NOT" be failed permanently before
// the sender checks for an updated policy, and "SHOULD" be treated as a transient error: deferred, then bounced.
test('no MX host covered by an enforced policy: critical, MTA-STS senders defer and finally bounce mail', () => {
  const section = analyzeMtaSts(
    captureOf('example.com', [mx('example.com', [10, 'mx.example.net'], [20, 'mx2.example.net']), record], {
      mtaStsPolicy: ok(POLICY),
    }),
  );
  assert.equal(section.facts.uncoveredMx, 2);
  const f = section.findings.find((x) => x.id === 'mta-sts-mx-not-covered')!;
  assert.equal(f.severity, 'critical');
  assert.equal(
    f.title,
    'No MX host matches the enforced policy: MTA-STS senders defer and finally bounce mail to the domain',
  );
});

test('an uncovered MX host in testing mode is a medium warning', () => {
  const section = analyzeMtaSts(
    captureOf('example.com', [mx('example.com', [10, 'mx.example.net']), record], {
      mtaStsPolicy: ok('version: STSv1\nmode: testing\nmx: *.mail.example.com\nmax_age: 604800\n'),
    }),
  );
  assert.equal(section.findings.find((x) => x.id === 'mta-sts-mx-not-covered')?.severity, 'medium');
});

test('repeated fields in the record or the policy: the first is used, a low note', () => {
  const section = analyzeMtaSts(
    captureOf('example.com', [...mailMx, txt('_mta-sts.example.com', 'v=STSv1; id=1; id=2')], {
      mtaStsPolicy: ok('version: STSv1\nmode: enforce\nmode: none\nmx: *.mail.example.com\nmax_age: 604800\n'),
    }),
  );
  assert.equal(section.facts.mode, 'enforce');
  assert.equal(section.facts.record, true);
  assert.deepEqual(
    section.findings.map((f) => [f.id, f.severity]),
    [
      ['mta-sts-repeated-fields', 'low'],
      ['mta-sts-repeated-fields', 'low'],
    ],
  );
});

test('testing mode and a short max_age', () => {
  const section = analyzeMtaSts(
    captureOf('example.com', [...mailMx, record], {
      mtaStsPolicy: ok('version: STSv1\nmode: testing\nmx: *.mail.example.com\nmax_age: 3600\n'),
    }),
  );
  assert.equal(section.facts.mode, 'testing');
  assert.deepEqual(ids(section).sort(), ['mta-sts-max-age-short', 'mta-sts-mode-testing']);
  assert.equal(section.status, 'pass');
});

test('max_age above a year, wrong content type', () => {
  const section = analyzeMtaSts(
    captureOf('example.com', [...mailMx, record], {
      mtaStsPolicy: ok('version: STSv1\nmode: enforce\nmx: *.mail.example.com\nmax_age: 99999999\n', 'text/html'),
    }),
  );
  assert.deepEqual(ids(section).sort(), ['mta-sts-max-age-too-long', 'mta-sts-policy-content-type']);
  assert.equal(section.facts.policyValid, true);
  assert.equal(section.status, 'warn');
});

test('no record: fail (not-applicable for a domain with a null MX)', () => {
  const missing = analyzeMtaSts(captureOf('example.com', [...mailMx, nxdomain('_mta-sts.example.com', 'TXT')]));
  assert.equal(missing.status, 'fail');
  assert.deepEqual(ids(missing), ['mta-sts-missing']);
  assert.deepEqual(missing.facts, { record: false, mode: null, policyValid: false, coversAllMx: null, uncoveredMx: 0 });
  const parked = analyzeMtaSts(
    captureOf('example.com', [mx('example.com', [0, '.']), nodata('_mta-sts.example.com', 'TXT')]),
  );
  assert.equal(parked.status, 'not-applicable');
});

test('DNS failure: error', () => {
  assert.equal(analyzeMtaSts(captureOf('example.com', [servfail('_mta-sts.example.com', 'TXT')])).status, 'error');
});

test('fetch failures: redirect, too large, TLS, HTTP status', () => {
  const cases: [PolicyFetch, string][] = [
    [
      {
        url: URL,
        status: 301,
        contentType: null,
        body: null,
        error: 'redirect',
        redirects: ['https://www.example.com/'],
      },
      'mta-sts-policy-redirect',
    ],
    [
      { url: URL, status: 200, contentType: 'text/plain', body: 'x'.repeat(100), error: 'too-large', redirects: [] },
      'mta-sts-policy-too-large',
    ],
    [{ url: URL, status: null, contentType: null, body: null, error: 'tls', redirects: [] }, 'mta-sts-policy-tls'],
    [
      { url: URL, status: null, contentType: null, body: null, error: 'dns', redirects: [] },
      'mta-sts-policy-unreachable',
    ],
    [
      { url: URL, status: 404, contentType: 'text/html', body: 'not found', error: null, redirects: [] },
      'mta-sts-policy-status',
    ],
  ];
  for (const [fetch, id] of cases) {
    const section = analyzeMtaSts(captureOf('example.com', [...mailMx, record], { mtaStsPolicy: fetch }));
    assert.equal(section.status, 'fail', id);
    assert.deepEqual(ids(section), [id]);
    assert.deepEqual(
      section.facts,
      { record: true, mode: null, policyValid: false, coversAllMx: null, uncoveredMx: 0 },
      id,
    );
  }
});

test('an invalid policy and an invalid record', () => {
  const section = analyzeMtaSts(
    captureOf('example.com', [...mailMx, txt('_mta-sts.example.com', 'v=STSv1; id=not-valid!')], {
      mtaStsPolicy: ok('version: STSv1\nmode: enforce\n'),
    }),
  );
  assert.equal(section.status, 'fail');
  assert.deepEqual(ids(section).sort(), ['mta-sts-policy-invalid', 'mta-sts-record-invalid']);
  assert.equal(section.facts.record, false);
  assert.equal(section.facts.policyValid, false);
});

test('several records: senders ignore them all', () => {
  const section = analyzeMtaSts(
    captureOf('example.com', [...mailMx, txt('_mta-sts.example.com', 'v=STSv1; id=1', 'v=STSv1; id=2')], {
      mtaStsPolicy: ok(POLICY),
    }),
  );
  assert.equal(section.facts.record, false);
  assert.ok(ids(section).includes('mta-sts-multiple'));
  assert.equal(section.status, 'fail');
});
