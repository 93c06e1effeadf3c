/** DNSSEC through the resolver's AD bit: analysis over captures, retrieval against a local DoH server. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDohResolver } from '../../../src/net/resolver.ts';
import { RecordingResolver } from '../../../src/tools/email-security/capture.ts';
import { analyzeDnssec } from '../../../src/tools/email-security/dnssec/analyze.ts';
import { retrieveDnssec } from '../../../src/tools/email-security/dnssec/retrieve.ts';
import { startDohServer } from '../../support/doh-server.ts';
import { captureOf, mx, servfail, signed, soa, txt } from '../../support/email-capture-builder.ts';

test('an authenticated apex SOA: signed', () => {
  const section = analyzeDnssec(captureOf('example.com', [signed(soa('example.com'))]));
  assert.deepEqual(section.facts, { signed: true });
  assert.equal(section.status, 'pass');
});

test('any authenticated apex answer counts', () => {
  const section = analyzeDnssec(
    captureOf('example.com', [soa('example.com'), signed(txt('example.com', 'v=spf1 -all'))]),
  );
  assert.equal(section.facts.signed, true);
  assert.deepEqual(section.authenticatedAnswers, ['example.com TXT: 1 record, AD bit set']);
});

test('answers of other names do not count', () => {
  const section = analyzeDnssec(
    captureOf('example.com', [
      soa('example.com'),
      signed(txt('_dmarc.example.com', 'v=DMARC1; p=none')),
      mx('example.com', [10, 'mx.example.com']),
    ]),
  );
  assert.equal(section.facts.signed, false);
  assert.equal(section.status, 'fail');
  assert.deepEqual(
    section.findings.map((f) => f.id),
    ['dnssec-unsigned'],
  );
});

test('SERVFAIL: could not test (it may be a broken chain), not "unsigned"', () => {
  const section = analyzeDnssec(captureOf('example.com', [servfail('example.com', 'SOA')]));
  assert.equal(section.status, 'error');
  assert.deepEqual(
    section.findings.map((f) => f.id),
    ['dnssec-lookup-failed'],
  );
});

test('retrieval: the AD bit from a validating resolver', async () => {
  const soaRecord = {
    type: 'SOA' as const,
    data: { mname: 'ns1.signed.example.com', rname: 'hostmaster.signed.example.com' },
  };
  const doh = await startDohServer(
    { 'signed.example.com': [soaRecord], 'plain.example.com': [soaRecord] },
    { authenticated: ['signed.example.com'] },
  );
  const resolver = createDohResolver({ url: doh.url, fetch: globalThis.fetch });
  for (const [domain, expected] of [
    ['signed.example.com', true],
    ['plain.example.com', false],
  ] as const) {
    const capture = captureOf(domain, []);
    await retrieveDnssec(new RecordingResolver(resolver, capture), domain);
    assert.deepEqual(
      capture.queries.map((q) => `${q.name} ${q.type}`),
      [`${domain} SOA`],
    );
    assert.equal(analyzeDnssec(capture).facts.signed, expected, domain);
  }
});
