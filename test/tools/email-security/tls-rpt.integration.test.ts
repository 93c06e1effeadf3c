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
