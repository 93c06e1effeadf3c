/** TLS-RPT: record parsing (table), analysis over captures, retrieval against a local DoH server. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createDohResolver } from '../../../src/net/resolver.ts';
import { RecordingResolver } from '../../../src/tools/email-security/capture.ts';
import { analyzeTlsRpt } from '../../../src/tools/email-security/tls-rpt/analyze.ts';
import { isTlsRptRecord, parseTlsRptRecord } from '../../../src/tools/email-security/tls-rpt/record.ts';
import { retrieveTlsRpt } from '../../../src/tools/email-security/tls-rpt/retrieve.ts';
import { startDohServer } from '../../support/doh-server.ts';
import { captureOf, mx, nxdomain, servfail, txt } from '../../support/email-capture-builder.ts';

describe('TLS-RPT record', () => {
  const cases: [string, boolean, string[]][] = [
    ['v=TLSRPTv1; rua=mailto:tls@example.com', true, []],
    ['v=TLSRPTv1;rua=mailto:tls@example.com,https://reports.example.net/tlsrpt', true, []],
    ['v=TLSRPTv1; rua=mailto:tls@example.com, mailto:b@example.org;', true, []],
    ['v=TLSRPTv1', false, ['the rua= field is missing']],
    ['v=TLSRPTv1; rua=', false, ['rua= names no destination']],
    ['v=TLSRPTv1; rua=tls@example.com', false, ['tls@example.com: no scheme; write it as mailto:reports@example.com']],
    [
      'v=TLSRPTv1; rua=http://reports.example.net/',
      false,
      ['http://reports.example.net/: the http: scheme is not accepted here (use mailto: or https:)'],
    ],
    ['v=TLSRPTv1; rua=mailto:a@example.com; rua=mailto:b@example.com', false, ['fields repeated: rua']],
    // RFC 8460 §3: tlsrpt-record = tlsrpt-version 1*(field-delim tlsrpt-field) [field-delim],
    // field-delim = *WSP ";" *WSP: no empty field, nothing after the last field but a delimiter.
    ['v=TLSRPTv1 ;\trua=mailto:tls@example.com ; ', true, []],
    ['v=TLSRPTv1;; rua=mailto:tls@example.com', false, ['an empty field (";;" or "; ;") breaks the record\'s grammar']],
    [
      'v=TLSRPTv1; rua=mailto:tls@example.com ',
      false,
      ['"rua=mailto:tls@example.com ": spaces or tabs after the last field break the record\'s grammar'],
    ],
    ['v=TLSRPTv1; rua=mailto:tls@example.com; x y=1', false, ['"x y=1": not a valid extension field']],
  ];
  for (const [text, valid, problems] of cases) {
    test(text, () => {
      const record = parseTlsRptRecord(text);
      assert.deepEqual(record.problems, problems);
      assert.equal(record.valid, valid);
    });
  }
  test('mailto and https destinations are read', () => {
    const record = parseTlsRptRecord('v=TLSRPTv1; rua=mailto:tls@example.com,https://reports.example.net/x');
    assert.deepEqual(
      record.rua.map((u) => [u.scheme, u.host]),
      [
        ['mailto', 'example.com'],
        ['https', 'reports.example.net'],
      ],
    );
  });
  test('only records beginning with v=TLSRPTv1 count', () => {
    assert.equal(isTlsRptRecord('v=TLSRPTv1; rua=mailto:a@example.com'), true);
    assert.equal(isTlsRptRecord('v=tlsrptv1; rua=mailto:a@example.com'), false);
    assert.equal(isTlsRptRecord('v=STSv1; id=1'), false);
  });
});

describe('TLS-RPT analysis', () => {
  // RFC 8460 §3: the record starts with tlsrpt-version, %s"v=TLSRPTv1", then ";"; a text meant as
  // the record but discarded is reported with its reason, as serious as no record in its place.
  describe('a TXT record meant as TLS-RPT but discarded says why', () => {
    const rua = 'rua=mailto:tls@example.com';
    const cases: [name: string, text: string, title: RegExp, recommendation: RegExp][] = [
      ['published with its quotes', `"v=TLSRPTv1; ${rua}"`, /published with its quotes/, /without the quotes/],
      ['with escaped quotes', `\\"v=TLSRPTv1; ${rua}\\"`, /published with its quotes/, /without the quotes/],
      [
        'after a leading space',
        ` v=TLSRPTv1; ${rua}`,
        /starts with white space before "v=TLSRPTv1"/,
        /Remove the white space/,
      ],
      [
        'with the version in lower case',
        `v=tlsrptv1; ${rua}`,
        /starts "v=tlsrptv1", not "v=TLSRPTv1"/,
        /exactly "v=TLSRPTv1"/,
      ],
      ['without a version number', `v=TLSRPT; ${rua}`, /starts "v=TLSRPT", not "v=TLSRPTv1"/, /exactly "v=TLSRPTv1"/],
      ['without ";" after the version', `v=TLSRPTv1 ${rua}`, /has no ";" after "v=TLSRPTv1"/, /exactly "v=TLSRPTv1"/],
      [
        'with v= not first',
        `${rua}; v=TLSRPTv1`,
        /has "v=TLSRPTv1" after other tags, not first/,
        /Move "v=TLSRPTv1" to the start/,
      ],
    ];
    for (const [name, text, title, recommendation] of cases)
      test(`in place of the record, ${name}: tls-rpt-near-miss, as serious as no record`, () => {
        const section = analyzeTlsRpt(captureOf('example.com', [txt('_smtp._tls.example.com', text)]));
        assert.equal(section.status, 'fail');
        assert.deepEqual(section.facts, { present: false, valid: false });
        assert.deepEqual(
          section.findings.map((f) => f.id),
          ['tls-rpt-near-miss'],
        );
        const [finding] = section.findings;
        assert.equal(finding!.severity, 'low');
        assert.match(finding!.title, /^No TLS-RPT record is read: /);
        assert.match(finding!.title, title);
        assert.match(finding!.recommendation, recommendation);
        assert.deepEqual(finding!.evidence.length, 1);
        assert.ok(finding!.evidence[0]!.startsWith(`_smtp._tls.example.com: ${JSON.stringify(text)}: it `));
      });

    test('a correct record beside a quoted copy is still read; the copy is info', () => {
      const section = analyzeTlsRpt(
        captureOf('example.com', [txt('_smtp._tls.example.com', `"v=TLSRPTv1; ${rua}"`, `v=TLSRPTv1; ${rua}`)]),
      );
      assert.equal(section.status, 'pass');
      assert.deepEqual(section.facts, { present: true, valid: true });
      assert.deepEqual(
        section.findings.map((f) => [f.id, f.severity]),
        [['tls-rpt-near-miss', 'info']],
      );
      assert.match(section.findings[0]!.recommendation, /^Remove it/);
    });
  });

  test('valid record: pass', () => {
    const section = analyzeTlsRpt(
      captureOf('example.com', [txt('_smtp._tls.example.com', 'v=TLSRPTv1; rua=mailto:tls@example.com')]),
    );
    assert.equal(section.status, 'pass');
    assert.deepEqual(section.facts, { present: true, valid: true });
  });
  test('missing: fail; not applicable with a null MX; DNS failure: error', () => {
    assert.equal(analyzeTlsRpt(captureOf('example.com', [nxdomain('_smtp._tls.example.com', 'TXT')])).status, 'fail');
    assert.equal(
      analyzeTlsRpt(captureOf('example.com', [mx('example.com', [0, '.']), nxdomain('_smtp._tls.example.com', 'TXT')]))
        .status,
      'not-applicable',
    );
    assert.equal(analyzeTlsRpt(captureOf('example.com', [servfail('_smtp._tls.example.com', 'TXT')])).status, 'error');
  });
  test('invalid or several records: fail, present but not valid', () => {
    const invalid = analyzeTlsRpt(
      captureOf('example.com', [txt('_smtp._tls.example.com', 'v=TLSRPTv1; rua=tls@example.com')]),
    );
    assert.deepEqual(
      invalid.findings.map((f) => f.id),
      ['tls-rpt-invalid'],
    );
    assert.deepEqual(invalid.facts, { present: true, valid: false });
    const multiple = analyzeTlsRpt(
      captureOf('example.com', [
        txt('_smtp._tls.example.com', 'v=TLSRPTv1; rua=mailto:a@example.com', 'v=TLSRPTv1; rua=mailto:b@example.com'),
      ]),
    );
    assert.deepEqual(
      multiple.findings.map((f) => f.id),
      ['tls-rpt-multiple'],
    );
    assert.equal(multiple.status, 'fail');
  });
});

test('TLS-RPT retrieval asks one TXT query', async () => {
  const doh = await startDohServer({
    '_smtp._tls.example.com': [{ type: 'TXT', data: 'v=TLSRPTv1; rua=mailto:tls@example.com' }],
  });
  const capture = captureOf('example.com', []);
  await retrieveTlsRpt(
    new RecordingResolver(createDohResolver({ url: doh.url, fetch: globalThis.fetch }), capture),
    'example.com',
  );
  assert.deepEqual(
    capture.queries.map((q) => `${q.name} ${q.type}`),
    ['_smtp._tls.example.com TXT'],
  );
  assert.equal(analyzeTlsRpt(capture).facts.valid, true);
});
