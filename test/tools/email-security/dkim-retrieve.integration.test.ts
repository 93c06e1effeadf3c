/** DKIM retrieval against a real local DoH server: selectors chosen from MX and SPF, CNAMEd keys. */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { RecordingResolver } from '../../../src/tools/email-security/capture.ts';
import { analyzeDkim } from '../../../src/tools/email-security/dkim/analyze.ts';
import { retrieveDkim } from '../../../src/tools/email-security/dkim/retrieve.ts';
import { retrieveMx } from '../../../src/tools/email-security/mx/retrieve.ts';
import { retrieveApexTxt } from '../../../src/tools/email-security/sender-hints.ts';
import { startDohServer } from '../../support/doh-server.ts';
import { captureOf } from '../../support/email-capture-builder.ts';

const key = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'der' })
  .toString('base64');
const record = `v=DKIM1; k=rsa; p=${key}`;
const strings = record.match(/.{1,255}/g)!;

const doh = await startDohServer({
  'example.com': [
    { type: 'MX', data: { preference: 1, exchange: 'aspmx.l.google.com' } },
    { type: 'TXT', data: 'v=spf1 include:_spf.google.com include:sendgrid.net -all' },
  ],
  'aspmx.l.google.com': [{ type: 'A', data: '192.0.2.25' }],
  'google._domainkey.example.com': [{ type: 'TXT', data: strings }],
  's1._domainkey.example.com': [{ type: 'CNAME', data: 's1.domainkey.u1.wl.sendgrid.net' }],
  's1.domainkey.u1.wl.sendgrid.net': [{ type: 'TXT', data: strings }],
  'nokeys.example': [{ type: 'MX', data: { preference: 10, exchange: 'mx.nokeys.example' } }],
});
const resolver = doh.resolver({ retries: 0 });

async function scan(domain: string, requested: string[] = []) {
  const capture = captureOf(domain, []);
  const recording = new RecordingResolver(resolver, capture);
  const [{ hosts }, apexTxt] = await Promise.all([retrieveMx(recording, domain), retrieveApexTxt(recording, domain)]);
  const from = doh.log.length;
  capture.selectors = await retrieveDkim(recording, domain, { requested, mxHosts: hosts, apexTxt });
  return { capture, dkimQueries: doh.log.slice(from).map((e) => e.name.toLowerCase()) };
}

test("provider selectors from MX and SPF are tried after the caller's, keys found through CNAMEs", async () => {
  const { capture, dkimQueries } = await scan('example.com', ['custom']);
  assert.deepEqual(capture.selectors.requested, ['custom']);
  assert.deepEqual(capture.selectors.tried.slice(0, 6), ['custom', 'google', 's1', 's2', 'smtpapi', 'default']);
  assert.ok(capture.selectors.tried.length <= 40);
  assert.ok(dkimQueries.includes('_domainkey.example.com'));
  assert.deepEqual(capture.queries.find((q) => q.name === 's1._domainkey.example.com')?.cnameChain, [
    's1.domainkey.u1.wl.sendgrid.net',
  ]);
  const section = analyzeDkim(capture);
  assert.equal(section.facts.state, 'found');
  assert.deepEqual(
    section.facts.keys.map((k) => [k.selector, k.bits]),
    [
      ['google', 2048],
      ['s1', 2048],
    ],
  );
  assert.deepEqual(section.providers, ['Google Workspace', 'SendGrid']);
  assert.equal(section.baseNode, 'exists');
  assert.equal(section.status, 'pass');
});

test('one query per selector plus _domainkey, each asked once', async () => {
  const { capture, dkimQueries } = await scan('nokeys.example');
  const names = new Set(dkimQueries);
  assert.equal(names.size, capture.selectors.tried.length + 1);
  assert.equal(dkimQueries.length, names.size);
  const section = analyzeDkim(capture);
  assert.equal(section.facts.state, 'not-found');
  assert.equal(section.baseNode, 'absent');
});
