/** DMARC retrieval against a real local DoH server: the tree walk's queries and the destination checks. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RecordingResolver, type EmailSecurityCapture } from '../../../src/tools/email-security/capture.ts';
import { analyzeDmarc } from '../../../src/tools/email-security/dmarc/analyze.ts';
import { retrieveDmarc } from '../../../src/tools/email-security/dmarc/retrieve.ts';
import { startDohServer } from '../../support/doh-server.ts';
import { captureOf } from '../../support/email-capture-builder.ts';

const doh = await startDohServer({
  '_dmarc.example.com': [
    {
      type: 'TXT',
      data: 'v=DMARC1; p=reject; rua=mailto:d@example.com,mailto:r@vendor.example.net; ruf=mailto:f@vendor.example.net',
    },
  ],
  'example.com._report._dmarc.vendor.example.net': [{ type: 'TXT', data: 'v=DMARC1' }],
  '_dmarc.example.org': [{ type: 'TXT', data: 'v=DMARC1; p=quarantine; psd=n' }],
  '_dmarc.broken.example': 'SERVFAIL',
});
const resolver = doh.resolver({ retries: 0 });

async function scan(domain: string): Promise<{ capture: EmailSecurityCapture; asked: string[] }> {
  const capture = captureOf(domain, []);
  const from = doh.log.length;
  await retrieveDmarc(new RecordingResolver(resolver, capture), domain);
  return { capture, asked: doh.log.slice(from).map((e) => `${e.name.toLowerCase()} ${e.type}`) };
}

test('own record: one _dmarc query, then one authorization query per external host', async () => {
  const { capture, asked } = await scan('example.com');
  assert.deepEqual(asked, ['_dmarc.example.com TXT', 'example.com._report._dmarc.vendor.example.net TXT']);
  const section = analyzeDmarc(capture);
  assert.equal(section.facts.policy, 'reject');
  assert.equal(section.facts.externalDestinationsAuthorized, true);
  assert.deepEqual(
    section.destinations.filter((d) => d.external).map((d) => d.authorization),
    ['authorized', 'authorized'],
  );
});

test('no record: the walk goes up to the TLD', async () => {
  const { capture, asked } = await scan('nodmarc.example');
  assert.deepEqual(asked, ['_dmarc.nodmarc.example TXT', '_dmarc.example TXT']);
  assert.equal(analyzeDmarc(capture).status, 'fail');
});

test('a long name jumps to 7 labels and stops at psd=n', async () => {
  const { capture, asked } = await scan('a.b.c.d.e.f.g.h.i.example.org');
  assert.deepEqual(asked, [
    '_dmarc.a.b.c.d.e.f.g.h.i.example.org TXT',
    '_dmarc.e.f.g.h.i.example.org TXT',
    '_dmarc.f.g.h.i.example.org TXT',
    '_dmarc.g.h.i.example.org TXT',
    '_dmarc.h.i.example.org TXT',
    '_dmarc.i.example.org TXT',
    '_dmarc.example.org TXT',
  ]);
  const section = analyzeDmarc(capture);
  assert.equal(section.facts.source, 'organizational');
  assert.equal(section.facts.policy, 'quarantine');
  assert.equal(section.organizationalDomain, 'example.org');
});

test('a SERVFAIL stops the walk and is reported as an error', async () => {
  const { capture, asked } = await scan('broken.example');
  assert.deepEqual(asked, ['_dmarc.broken.example TXT']);
  assert.equal(analyzeDmarc(capture).status, 'error');
});
