/** The whole analysis over hand-written captures: every section and the grade agree on "sends no mail". */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeEmail } from '../../../src/tools/email-security/analyze.ts';
import type { DnsExchange } from '../../../src/tools/email-security/capture.ts';
import type { Section } from '../../../src/tools/email-security/section.ts';
import { captureOf, mx, nodata, nxdomain, soa, txt } from '../../support/email-capture-builder.ts';

function analyzed(mxAnswer: DnsExchange, spf: string) {
  const outcome = analyzeEmail(
    captureOf('example.com', [
      mxAnswer,
      txt('example.com', spf),
      soa('example.com'),
      txt('_dmarc.example.com', 'v=DMARC1; p=reject; sp=reject; np=reject'),
      nxdomain('_domainkey.example.com', 'TXT'),
      nxdomain('_mta-sts.example.com', 'TXT'),
      nxdomain('_smtp._tls.example.com', 'TXT'),
      nxdomain('default._bimi.example.com', 'TXT'),
    ]),
  );
  assert.equal(outcome.assessed, true);
  const details = outcome.result.details as {
    parked: boolean;
    sections: Record<string, Section>;
    findings: { id: string }[];
  };
  const status = (name: string) => details.sections[name]!.status;
  return { details, status, ids: details.findings.map((f) => f.id) };
}

const NOT_FOR_PARKED = ['dkim', 'mtaSts', 'tlsRpt', 'bimi'];

test('no MX and v=spf1 -all: parked, and every mail-only section says not applicable', () => {
  const { details, status, ids } = analyzed(nodata('example.com', 'MX'), 'v=spf1 -all');
  assert.equal(details.parked, true);
  for (const name of NOT_FOR_PARKED) assert.equal(status(name), 'not-applicable', name);
  for (const id of ['tls-rpt-missing', 'bimi-missing', 'mta-sts-missing', 'dkim-not-found'])
    assert.ok(!ids.includes(id), id);
  assert.ok(ids.includes('mx-none-parked'));
});

test('a null MX is parked the same way', () => {
  const { details, status } = analyzed(mx('example.com', [0, '.']), 'v=spf1 -all');
  assert.equal(details.parked, true);
  for (const name of NOT_FOR_PARKED) assert.equal(status(name), 'not-applicable', name);
});

test('a null MX beside SPF that authorizes senders is a sending domain, flagged high (RFC 7505 §4.2)', () => {
  const { details, status, ids } = analyzed(mx('example.com', [0, '.']), 'v=spf1 include:_spf.google.com ~all');
  assert.equal(details.parked, false);
  assert.equal(status('dkim'), 'fail');
  assert.ok(ids.includes('mx-null-with-senders'));
  assert.equal(status('mx'), 'warn');
  // It takes no mail, so what protects mail to it does not apply.
  assert.equal(status('mtaSts'), 'not-applicable');
  assert.equal(status('tlsRpt'), 'not-applicable');
});

test('no MX with a softer SPF record is not parked: the mail sections apply', () => {
  const { details, status, ids } = analyzed(nodata('example.com', 'MX'), 'v=spf1 ~all');
  assert.equal(details.parked, false);
  for (const name of NOT_FOR_PARKED) assert.notEqual(status(name), 'not-applicable', name);
  assert.ok(ids.includes('tls-rpt-missing') && ids.includes('mx-none'));
});
