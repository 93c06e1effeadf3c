/**
 * MTA-STS retrieval end to end: a local DoH server maps mta-sts.<domain> to 127.0.0.1, a local
 * HTTPS site (self-signed, trusted through the pinned fetch's `ca`) serves the policies, and the
 * guarded fetch runs with allowPrivate. The policy URL has no port in production, so the tests
 * use retrieveMtaSts's test-only `port` option.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPinnedFetch } from '../../../deploy/node/pinned-fetch.ts';
import type { GuardedFetchDeps } from '../../../src/net/guarded-fetch.ts';
import { RecordingResolver } from '../../../src/tools/email-security/capture.ts';
import { analyzeMtaSts } from '../../../src/tools/email-security/mta-sts/analyze.ts';
import {
  MTA_STS_POLICY_MAX_BYTES,
  policyUrl,
  retrieveMtaSts,
} from '../../../src/tools/email-security/mta-sts/retrieve.ts';
import { retrieveMx } from '../../../src/tools/email-security/mx/retrieve.ts';
import { retrieveEmail } from '../../../src/tools/email-security/retrieve.ts';
import { atEnd } from '../../support/cleanup.ts';
import { startDohServer, type Zones } from '../../support/doh-server.ts';
import { captureOf } from '../../support/email-capture-builder.ts';
import { startSite } from '../../support/site-server.ts';

const DOMAINS = [
  'example.com',
  'redirect.example.net',
  'big.example.net',
  'missing.example.net',
  'untrusted.example.net',
];
const POLICY = 'version: STSv1\r\nmode: enforce\r\nmx: *.mail.example.com\r\nmax_age: 1209600\r\n';

const site = await startSite(
  DOMAINS.map((d) => `mta-sts.${d}`),
  (request) => {
    const host = (request.headers.host ?? '').split(':')[0] ?? '';
    if (request.url !== '/.well-known/mta-sts.txt') return { status: 404 };
    switch (host) {
      case 'mta-sts.example.com':
      case 'mta-sts.untrusted.example.net':
        return { headers: [['content-type', 'text/plain']], body: POLICY };
      case 'mta-sts.redirect.example.net':
        return { status: 301, headers: [['location', 'https://elsewhere.example.org/policy.txt']] };
      case 'mta-sts.big.example.net':
        return { headers: [['content-type', 'text/plain']], body: `${POLICY}${'# padding\n'.repeat(8000)}` };
      default:
        return { status: 404, headers: [['content-type', 'text/html']], body: '<h1>not found</h1>' };
    }
  },
);

const zones: Zones = {
  'example.com': [{ type: 'MX', data: { preference: 10, exchange: 'a.mail.example.com' } }],
  'a.mail.example.com': [{ type: 'A', data: '192.0.2.1' }],
};
for (const domain of DOMAINS) {
  zones[`_mta-sts.${domain}`] = [{ type: 'TXT', data: 'v=STSv1; id=20240101' }];
  zones[`mta-sts.${domain}`] = [{ type: 'A', data: '127.0.0.1' }];
}
zones['nosts.example.net'] = [{ type: 'A', data: '127.0.0.1' }];
const doh = await startDohServer(zones);
const resolver = doh.resolver({ retries: 0 });
const trusting = createPinnedFetch({ ca: [site.cert] });
const plain = createPinnedFetch();
atEnd(() => Promise.all([trusting.close(), plain.close()]));

async function scan(domain: string, fetch = trusting) {
  const capture = captureOf(domain, []);
  const recording = new RecordingResolver(resolver, capture);
  const deps: GuardedFetchDeps = { fetch, resolver: recording, allowPrivate: true, userAgent: 'agent-scan-test/1.0' };
  const [policy] = await Promise.all([
    retrieveMtaSts(recording, domain, deps, { port: site.port }),
    retrieveMx(recording, domain),
  ]);
  capture.mtaStsPolicy = policy;
  return capture;
}

test('the policy URL has no port outside tests', () => {
  assert.equal(policyUrl('example.com'), 'https://mta-sts.example.com/.well-known/mta-sts.txt');
  assert.equal(policyUrl('example.com', 8443), 'https://mta-sts.example.com:8443/.well-known/mta-sts.txt');
});

test('a served policy is fetched over verified HTTPS and graded', async () => {
  const capture = await scan('example.com');
  assert.deepEqual(capture.mtaStsPolicy, {
    url: policyUrl('example.com', site.port),
    status: 200,
    contentType: 'text/plain',
    body: POLICY,
    error: null,
    redirects: [],
  });
  assert.ok(
    capture.queries.some((q) => q.name === 'mta-sts.example.com' && q.type === 'A'),
    'the policy host lookup is recorded',
  );
  const section = analyzeMtaSts(capture);
  assert.equal(section.status, 'pass');
  assert.deepEqual(section.facts, {
    record: true,
    mode: 'enforce',
    policyValid: true,
    coversAllMx: true,
    uncoveredMx: 0,
  });
});

test('a redirect is not followed and is recorded as an error', async () => {
  const before = site.requests.length;
  const capture = await scan('redirect.example.net');
  assert.equal(site.requests.length - before, 1);
  assert.deepEqual(capture.mtaStsPolicy, {
    url: policyUrl('redirect.example.net', site.port),
    status: 301,
    contentType: null,
    body: null,
    error: 'redirect',
    redirects: ['https://elsewhere.example.org/policy.txt'],
  });
  assert.deepEqual(
    analyzeMtaSts(capture).findings.map((f) => f.id),
    ['mta-sts-policy-redirect'],
  );
});

test('a policy over 64 KiB is cut and refused', async () => {
  const capture = await scan('big.example.net');
  assert.equal(capture.mtaStsPolicy?.error, 'too-large');
  assert.equal(capture.mtaStsPolicy?.body?.length, MTA_STS_POLICY_MAX_BYTES);
  assert.equal(analyzeMtaSts(capture).status, 'fail');
});

test('a 404 is recorded with its status and content type', async () => {
  const capture = await scan('missing.example.net');
  assert.equal(capture.mtaStsPolicy?.status, 404);
  assert.equal(capture.mtaStsPolicy?.contentType, 'text/html');
  assert.deepEqual(
    analyzeMtaSts(capture).findings.map((f) => f.id),
    ['mta-sts-policy-status'],
  );
});

test('an untrusted certificate is a TLS error (no retry without verification)', async () => {
  const capture = await scan('untrusted.example.net', plain);
  assert.equal(capture.mtaStsPolicy?.error, 'tls');
  assert.deepEqual(
    analyzeMtaSts(capture).findings.map((f) => f.id),
    ['mta-sts-policy-tls'],
  );
});

test('no _mta-sts record: nothing is fetched', async () => {
  const before = site.requests.length;
  const capture = await scan('nosts.example.net');
  assert.equal(capture.mtaStsPolicy, null);
  assert.equal(site.requests.length, before);
});

test("a full scan logs the policy host's address lookups, though its fetch deps carry the plain resolver", async () => {
  const fetch: GuardedFetchDeps = { fetch: trusting, resolver, allowPrivate: true, userAgent: 'agent-scan-test/1.0' };
  const capture = await retrieveEmail('example.com', { resolver, fetch, mtaStsPort: site.port });
  assert.equal(capture.mtaStsPolicy?.status, 200);
  for (const type of ['A', 'AAAA'])
    assert.equal(capture.queries.filter((q) => q.name === 'mta-sts.example.com' && q.type === type).length, 1, type);
});
