import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import { guardedFetch, type GuardedFetchDeps, type GuardedResult } from '../../src/net/guarded-fetch.ts';
import { atEnd } from '../support/cleanup.ts';
import { startDohServer } from '../support/doh-server.ts';
import { selfSignedCertificate, siteRoutes, startTargetServer } from '../support/net-targets.ts';

const site = await startTargetServer(siteRoutes);
const other = await startTargetServer(siteRoutes);
const tlsSite = await startTargetServer(siteRoutes, { tls: await selfSignedCertificate(['tls.test']) });
const doh = await startDohServer({
  'site.test': [{ type: 'A', data: '127.0.0.1' }],
  'other.test': [{ type: 'A', data: '127.0.0.1' }],
  'tls.test': [{ type: 'A', data: '127.0.0.1' }],
  'broken.test': 'SERVFAIL',
  'slow.test': 'TIMEOUT',
  'text-only.test': [{ type: 'TXT', data: 'no addresses here' }],
});
const resolver = doh.resolver({ retries: 0 });
const pinned = createPinnedFetch();
atEnd(() => pinned.close());

const deps = (overrides: Partial<GuardedFetchDeps> = {}): GuardedFetchDeps => ({
  fetch: pinned,
  resolver,
  allowPrivate: true,
  userAgent: 'agent-scan-test/1.0',
  ...overrides,
});
const at = (server: { port: number }, host: string, path = '/') => `http://${host}:${server.port}${path}`;

function expectOk(result: GuardedResult) {
  assert.ok(result.ok, `expected a response, got ${result.ok ? '' : `${result.reason}: ${result.message}`}`);
  return result;
}
function expectFailure(result: GuardedResult, reason: string) {
  assert.equal(result.ok, false, 'expected a failure');
  if (result.ok) throw new Error('unreachable');
  assert.equal(result.reason, reason, result.message);
  return result;
}

test('a GET records status, headers as sent (order and repeats kept) and the vetted addresses', async () => {
  const result = expectOk(await guardedFetch(at(site, 'site.test'), {}, deps()));
  assert.equal(result.status, 200);
  assert.equal(result.url, at(site, 'site.test'));
  assert.equal(result.chain.length, 1);
  const hop = result.chain[0]!;
  assert.deepEqual(hop.addresses, ['127.0.0.1']);
  assert.equal(hop.headerSource, 'wire');
  const names = hop.headers.map(([name]) => name);
  assert.deepEqual(names.slice(0, 7), [
    'content-type',
    'x-dup',
    'set-cookie',
    'strict-transport-security',
    'x-dup',
    'set-cookie',
    'strict-transport-security',
  ]);
  assert.deepEqual(
    hop.headers.filter(([n]) => n === 'strict-transport-security').map(([, v]) => v),
    ['max-age=1', 'max-age=2'],
  );
  assert.equal(result.body, null);
});

test('via the platform fetch, headers are what Fetch can give: sorted, repeats joined except Set-Cookie', async () => {
  const result = expectOk(await guardedFetch(`http://127.0.0.1:${site.port}/`, {}, deps({ fetch: globalThis.fetch })));
  const hop = result.chain[0]!;
  assert.equal(hop.headerSource, 'fetch');
  assert.deepEqual(
    hop.headers.filter(([n]) => n === 'x-dup'),
    [['x-dup', 'first, second']],
  );
  assert.deepEqual(
    hop.headers.filter(([n]) => n === 'strict-transport-security'),
    [['strict-transport-security', 'max-age=1, max-age=2']],
  );
  assert.deepEqual(
    hop.headers.filter(([n]) => n === 'set-cookie'),
    [
      ['set-cookie', 'a=1; Secure'],
      ['set-cookie', 'b=2; HttpOnly'],
    ],
  );
  const names = hop.headers.map(([n]) => n);
  assert.deepEqual(names, [...names].sort());
});

test('redirects are followed by hand: relative Location, every hop recorded', async () => {
  const result = expectOk(await guardedFetch(at(site, 'site.test', '/chain/3'), {}, deps()));
  assert.deepEqual(
    result.chain.map((h) => [new URL(h.url).pathname, h.status]),
    [
      ['/chain/3', 301],
      ['/chain/2', 301],
      ['/chain/1', 301],
      ['/chain/0', 200],
    ],
  );
  assert.equal(new URL(result.url).pathname, '/chain/0');
});

test('a redirect to another host is vetted again (its name is resolved)', async () => {
  const mark = doh.log.length;
  const to = at(other, 'other.test', '/');
  const result = expectOk(
    await guardedFetch(at(site, 'site.test', `/redirect?to=${encodeURIComponent(to)}`), {}, deps()),
  );
  assert.deepEqual(
    result.chain.map((h) => h.status),
    [302, 200],
  );
  assert.equal(result.url, to);
  assert.ok(doh.log.slice(mark).some((e) => e.name === 'other.test'));
  assert.equal(other.requests.at(-1)?.url, '/');
});

test('303 turns the method into GET; HEAD stays HEAD; OPTIONS is sent as asked', async () => {
  const seeOther = expectOk(
    await guardedFetch(at(site, 'site.test', '/see-other'), { method: 'OPTIONS', readBody: true }, deps()),
  );
  assert.equal(JSON.parse(seeOther.body!).method, 'GET');
  const head = expectOk(
    await guardedFetch(at(site, 'site.test', '/see-other'), { method: 'HEAD', readBody: true }, deps()),
  );
  assert.equal(head.body, null);
  assert.equal(site.requests.at(-1)?.method, 'HEAD');
  expectOk(await guardedFetch(at(site, 'site.test', '/echo'), { method: 'OPTIONS' }, deps()));
  assert.equal(site.requests.at(-1)?.method, 'OPTIONS');
});

test('a redirect without Location is final; an unparsable one ends the chain as invalid-redirect', async () => {
  const none = expectOk(await guardedFetch(at(site, 'site.test', '/no-location'), {}, deps()));
  assert.equal(none.status, 302);
  const bad = expectFailure(await guardedFetch(at(site, 'site.test', '/bad-location'), {}, deps()), 'invalid-redirect');
  assert.equal(bad.chain.length, 1);
  const scheme = expectFailure(
    await guardedFetch(at(site, 'site.test', '/redirect?to=file:///etc/passwd'), {}, deps()),
    'invalid-redirect',
  );
  assert.equal(scheme.url, 'file:///etc/passwd');
});

test('redirects stop after maxRedirects', async () => {
  const loop = expectFailure(
    await guardedFetch(at(site, 'site.test', '/loop'), { maxRedirects: 3 }, deps()),
    'too-many-redirects',
  );
  assert.equal(loop.chain.length, 4);
  expectOk(await guardedFetch(at(site, 'site.test', '/chain/10'), {}, deps()));
  const eleven = expectFailure(
    await guardedFetch(at(site, 'site.test', '/chain/11'), {}, deps()),
    'too-many-redirects',
  );
  assert.equal(eleven.chain.length, 11);
  expectFailure(
    await guardedFetch(at(site, 'site.test', '/chain/1'), { maxRedirects: 0 }, deps()),
    'too-many-redirects',
  );
});

test('observatoryRedirects: no Location leads to "undefined"; the last redirect allowed is final', async () => {
  const none = expectOk(
    await guardedFetch(at(site, 'site.test', '/no-location'), { observatoryRedirects: true }, deps()),
  );
  assert.deepEqual(
    none.chain.map((hop) => [new URL(hop.url).pathname, hop.status]),
    [
      ['/no-location', 302],
      ['/undefined', 404],
    ],
  );
  const eleven = expectOk(
    await guardedFetch(at(site, 'site.test', '/chain/11'), { observatoryRedirects: true }, deps()),
  );
  assert.equal(eleven.chain.length, 11);
  assert.ok([301, 302, 303, 307, 308].includes(eleven.status), `the eleventh response is a redirect: ${eleven.status}`);
});

test('the body is read as a stream and cut at maxBodyBytes', async () => {
  const full = expectOk(await guardedFetch(at(site, 'site.test', '/big?bytes=5000'), { readBody: true }, deps()));
  assert.deepEqual([full.bodyBytes, full.truncated, full.body!.length], [5000, false, 5000]);
  const cut = expectOk(
    await guardedFetch(at(site, 'site.test', '/big?bytes=200000'), { readBody: true, maxBodyBytes: 1000 }, deps()),
  );
  assert.deepEqual([cut.bodyBytes, cut.truncated, cut.body!.length], [1000, true, 1000]);
  const html = expectOk(await guardedFetch(at(site, 'site.test'), { readBody: true }, deps()));
  assert.equal(html.body, '<html><title>public site</title></html>');
});

test('no response in time is a timeout; so is the scan deadline', async () => {
  const hang = expectFailure(await guardedFetch(at(site, 'site.test', '/hang'), { timeoutMs: 150 }, deps()), 'timeout');
  assert.match(hang.message, /150 ms/);
  const deadline = new AbortController();
  const pending = guardedFetch(at(site, 'site.test', '/hang'), { signal: deadline.signal }, deps());
  setTimeout(() => deadline.abort(), 30);
  expectFailure(await pending, 'timeout');
  expectFailure(await guardedFetch(at(site, 'site.test'), { signal: AbortSignal.abort() }, deps()), 'timeout');
});

test('a body that stalls keeps the headers and reports what arrived', async () => {
  const result = expectOk(
    await guardedFetch(at(site, 'site.test', '/stall-body'), { readBody: true, timeoutMs: 2_000 }, deps()),
  );
  assert.equal(result.body, 'partial ');
  assert.equal(result.truncated, true);
  assert.equal(result.bodyError, 'timeout');
});

test('a closed port is refused', async () => {
  const closed = await startTargetServer(siteRoutes);
  await closed.close();
  const result = expectFailure(await guardedFetch(`http://127.0.0.1:${closed.port}/`, {}, deps()), 'refused');
  assert.doesNotMatch(result.message, /127\.0\.0\.1/);
});

test('DNS failures: NXDOMAIN, SERVFAIL, no answer in time, no addresses', async () => {
  assert.match(expectFailure(await guardedFetch('http://missing.test/', {}, deps()), 'dns').message, /does not exist/);
  assert.match(expectFailure(await guardedFetch('http://broken.test/', {}, deps()), 'dns').message, /SERVFAIL/);
  assert.match(expectFailure(await guardedFetch('http://slow.test/', {}, deps()), 'dns').message, /in time/);
  assert.match(expectFailure(await guardedFetch('http://text-only.test/', {}, deps()), 'dns').message, /no A or AAAA/);
});

test('a certificate that does not verify is a tls failure; insecureTls accepts it', async () => {
  const url = `https://tls.test:${tlsSite.port}/`;
  const failed = expectFailure(await guardedFetch(url, {}, deps()), 'tls');
  assert.match(failed.message, /SELF_SIGNED|UNABLE_TO_VERIFY|CERT/);
  const insecure = expectOk(await guardedFetch(url, { insecureTls: true }, deps()));
  assert.equal(insecure.status, 200);
  // The verified and unverified connections do not share a pooled agent.
  expectFailure(await guardedFetch(url, {}, deps()), 'tls');
});

test('URLs that are not http(s), carry credentials or do not parse are refused before anything else', async () => {
  const mark = doh.log.length;
  for (const url of [
    'ftp://site.test/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    `http://user:pw@site.test:${site.port}/`,
    `http://user@site.test:${site.port}/`,
    'not a url',
    'http://',
  ]) {
    expectFailure(await guardedFetch(url, {}, deps()), 'invalid-url');
  }
  assert.equal(doh.log.length, mark);
});

test('the scanner identifies itself; request headers are passed on', async () => {
  expectOk(await guardedFetch(at(site, 'site.test', '/echo'), { headers: { origin: 'https://scan.test' } }, deps()));
  assert.equal(site.requests.at(-1)?.headers['user-agent'], 'agent-scan-test/1.0');
  assert.equal(site.requests.at(-1)?.headers.origin, 'https://scan.test');
  expectOk(await guardedFetch(at(site, 'site.test', '/echo'), { headers: [['User-Agent', 'custom']] }, deps()));
  assert.equal(site.requests.at(-1)?.headers['user-agent'], 'custom');
});

test('a refusal names the range, not the internal address', async () => {
  const result = expectFailure(
    await guardedFetch(at(site, 'site.test'), {}, deps({ allowPrivate: false })),
    'blocked-address',
  );
  assert.equal(result.range, 'loopback');
  assert.match(result.message, /site\.test resolves to an address in the loopback range/);
  assert.doesNotMatch(result.message, /127\.0\.0\.1/);
});

test('durations come from the injected clock', async () => {
  let t = 1_000;
  const result = await guardedFetch(at(site, 'site.test'), {}, deps({ now: () => (t += 5) }));
  assert.equal(result.durationMs, 5);
});
