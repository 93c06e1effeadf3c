/**
 * SSRF attempts against the guard (allowPrivate off) with the Node pinned fetch. A CANARY on
 * 127.0.0.1 and [::1] counts every connection: it must see none while the guard is on, and the
 * control tests at the end show it is reachable when the guard is lifted (so this suite can fail).
 *
 * "Public" hosts: the test DNS answers with public addresses that test support reroutes to
 * 127.0.0.2 (test/support/simulated-internet.ts); any other address is refused there, so a guard
 * failure shows up as a wrong reason rather than a connection somewhere real.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import { guardedFetch, type GuardedFetchDeps } from '../../src/net/guarded-fetch.ts';
import { atEnd } from '../support/cleanup.ts';
import { startDohServer } from '../support/doh-server.ts';
import { siteRoutes, startCanary, startTargetServer } from '../support/net-targets.ts';
import { SIMULATED_PUBLIC, SIMULATED_PUBLIC_HOST, simulatedInternet } from '../support/simulated-internet.ts';

const canary = await startCanary();
const P = canary.port;
const publicSite = await startTargetServer(siteRoutes, { host: SIMULATED_PUBLIC_HOST });
const Q = publicSite.port;
// Same port as the canary, on the simulated-public address: where the rebinding name's vetted address leads.
const decoy = await startTargetServer(
  (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('decoy'),
  { host: SIMULATED_PUBLIC_HOST, port: P },
);

const doh = await startDohServer({
  'public.test': [{ type: 'A', data: SIMULATED_PUBLIC.site }],
  'loopback.test': [{ type: 'A', data: '127.0.0.1' }],
  'loopback6.test': [{ type: 'AAAA', data: '::1' }],
  'private10.test': [{ type: 'A', data: '10.0.0.5' }],
  'private192.test': [{ type: 'A', data: '192.168.1.10' }],
  'metadata.test': [{ type: 'A', data: '169.254.169.254' }],
  'imds6.test': [{ type: 'AAAA', data: 'fd00:ec2::254' }],
  'mapped.test': [{ type: 'AAAA', data: '::ffff:127.0.0.1' }],
  'nat64.test': [{ type: 'AAAA', data: '64:ff9b::7f00:1' }],
  'cgnat.test': [{ type: 'A', data: '100.64.0.1' }],
  'zero.test': [{ type: 'A', data: '0.0.0.0' }],
  'mixed.test': [
    { type: 'A', data: SIMULATED_PUBLIC.site },
    { type: 'A', data: '127.0.0.1' },
  ],
  'mixed6.test': [
    { type: 'A', data: SIMULATED_PUBLIC.site },
    { type: 'AAAA', data: '::1' },
  ],
  'alias.test': [{ type: 'CNAME', data: 'cdn.alias.test' }],
  'cdn.alias.test': [{ type: 'CNAME', data: 'loopback.test' }],
  '127.0.0.1.nip.io': [{ type: 'A', data: '127.0.0.1' }],
  // Public at check time, loopback afterwards.
  'rebind.test': ({ count }) => [{ type: 'A', data: count === 0 ? SIMULATED_PUBLIC.decoy : '127.0.0.1' }],
});
const resolver = doh.resolver();
const pinned = createPinnedFetch();
atEnd(() => pinned.close());
const network = simulatedInternet(pinned);
const guardOn: GuardedFetchDeps = { fetch: network, resolver, allowPrivate: false, userAgent: 'agent-scan-ssrf-test' };

const redirectFrom = (to: string, status = 302) =>
  `http://public.test:${Q}/redirect?status=${status}&to=${encodeURIComponent(to)}`;

type Reason = 'blocked-address' | 'invalid-url' | 'invalid-redirect';
// [description, url, expected reason, public hops allowed before the refusal]
const ATTEMPTS: [string, string, Reason, number?][] = [
  // IPv4 loopback in every literal form
  ['dotted loopback', `http://127.0.0.1:${P}/`, 'blocked-address'],
  ['decimal', `http://2130706433:${P}/`, 'blocked-address'],
  ['octal', `http://0177.0.0.1:${P}/`, 'blocked-address'],
  ['hex and short', `http://0x7f.1:${P}/`, 'blocked-address'],
  ['short', `http://127.1:${P}/`, 'blocked-address'],
  ['hex dword', `http://0x7f000001:${P}/`, 'blocked-address'],
  ['percent-encoded', `http://%31%32%37.0.0.1:${P}/`, 'blocked-address'],
  ['Unicode digits', `http://①②⑦.0.0.1:${P}/`, 'blocked-address'],
  ['trailing dot', `http://127.0.0.1.:${P}/`, 'blocked-address'],
  ['https to loopback', `https://127.0.0.1:${P}/`, 'blocked-address'],
  // IPv6 forms of loopback
  ['[::1]', `http://[::1]:${P}/`, 'blocked-address'],
  ['[0:0:0:0:0:0:0:1]', `http://[0:0:0:0:0:0:0:1]:${P}/`, 'blocked-address'],
  ['IPv4-mapped dotted', `http://[::ffff:127.0.0.1]:${P}/`, 'blocked-address'],
  ['IPv4-mapped hex', `http://[::ffff:7f00:1]:${P}/`, 'blocked-address'],
  ['IPv4-mapped long', `http://[0:0:0:0:0:ffff:127.0.0.1]:${P}/`, 'blocked-address'],
  ['IPv4-compatible', `http://[::127.0.0.1]:${P}/`, 'blocked-address'],
  ['NAT64', `http://[64:ff9b::7f00:1]:${P}/`, 'blocked-address'],
  ['NAT64 local-use', `http://[64:ff9b:1::7f00:1]:${P}/`, 'blocked-address'],
  ['6to4', `http://[2002:7f00:1::]:${P}/`, 'blocked-address'],
  ['Teredo (client 127.0.0.1)', `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${P}/`, 'blocked-address'],
  // unspecified
  ['0.0.0.0', `http://0.0.0.0:${P}/`, 'blocked-address'],
  ['0', `http://0:${P}/`, 'blocked-address'],
  ['[::]', `http://[::]:${P}/`, 'blocked-address'],
  // private, metadata and other special ranges
  ['AWS/GCP/Azure metadata', 'http://169.254.169.254/latest/meta-data/', 'blocked-address'],
  ['metadata in hex', 'http://0xa9fea9fe/latest/meta-data/', 'blocked-address'],
  ['AWS metadata over IPv6', 'http://[fd00:ec2::254]/latest/meta-data/', 'blocked-address'],
  ['10/8', `http://10.0.0.1:${P}/`, 'blocked-address'],
  ['172.16/12', `http://172.16.0.1:${P}/`, 'blocked-address'],
  ['192.168/16', `http://192.168.0.1:${P}/`, 'blocked-address'],
  ['CGNAT', `http://100.64.0.1:${P}/`, 'blocked-address'],
  ['link-local IPv6', `http://[fe80::1]:${P}/`, 'blocked-address'],
  ['unique-local', `http://[fc00::1]:${P}/`, 'blocked-address'],
  ['multicast', `http://224.0.0.1:${P}/`, 'blocked-address'],
  ['broadcast', `http://255.255.255.255:${P}/`, 'blocked-address'],
  ['site-local', `http://[fec0::1]:${P}/`, 'blocked-address'],
  // local names, refused before any lookup
  ['localhost', `http://localhost:${P}/`, 'blocked-address'],
  ['localhost.', `http://localhost.:${P}/`, 'blocked-address'],
  ['LOCALHOST', `http://LOCALHOST:${P}/`, 'blocked-address'],
  ['foo.localhost', `http://foo.localhost:${P}/`, 'blocked-address'],
  ['mDNS', `http://printer.local:${P}/`, 'blocked-address'],
  ['GCP metadata name', 'http://metadata.google.internal/computeMetadata/v1/', 'blocked-address'],
  ['home.arpa', `http://router.home.arpa:${P}/`, 'blocked-address'],
  ['single label', `http://intranet:${P}/`, 'blocked-address'],
  // names that resolve to refused addresses
  ['name → 127.0.0.1', `http://loopback.test:${P}/`, 'blocked-address'],
  ['name → ::1', `http://loopback6.test:${P}/`, 'blocked-address'],
  ['name → 10.0.0.5', `http://private10.test:${P}/`, 'blocked-address'],
  ['name → 192.168.1.10', `http://private192.test:${P}/`, 'blocked-address'],
  ['name → metadata', 'http://metadata.test/latest/meta-data/', 'blocked-address'],
  ['name → IPv6 metadata', 'http://imds6.test/latest/meta-data/', 'blocked-address'],
  ['name → ::ffff:127.0.0.1', `http://mapped.test:${P}/`, 'blocked-address'],
  ['name → NAT64 loopback', `http://nat64.test:${P}/`, 'blocked-address'],
  ['name → CGNAT', `http://cgnat.test:${P}/`, 'blocked-address'],
  ['name → 0.0.0.0', `http://zero.test:${P}/`, 'blocked-address'],
  ['one public and one private A', `http://mixed.test:${P}/`, 'blocked-address'],
  ['public A and loopback AAAA', `http://mixed6.test:${P}/`, 'blocked-address'],
  ['CNAME chain to loopback', `http://alias.test:${P}/`, 'blocked-address'],
  ['nip.io-style name', `http://127.0.0.1.nip.io:${P}/`, 'blocked-address'],
  // redirects from an allowed public host
  ['redirect → 127.0.0.1', redirectFrom(`http://127.0.0.1:${P}/`), 'blocked-address', 1],
  ['redirect → [::1]', redirectFrom(`http://[::1]:${P}/`), 'blocked-address', 1],
  ['redirect → metadata', redirectFrom('http://169.254.169.254/latest/meta-data/'), 'blocked-address', 1],
  ['redirect → private name', redirectFrom(`http://loopback.test:${P}/`), 'blocked-address', 1],
  ['redirect → localhost', redirectFrom(`http://localhost:${P}/`), 'blocked-address', 1],
  ['redirect → scheme-relative', redirectFrom(`//127.0.0.1:${P}/`), 'blocked-address', 1],
  ['redirect → decimal', redirectFrom(`http://2130706433:${P}/`), 'blocked-address', 1],
  ['307 → IPv4-mapped', redirectFrom(`http://[::ffff:127.0.0.1]:${P}/`, 307), 'blocked-address', 1],
  ['308 → 10/8', redirectFrom(`http://10.0.0.1:${P}/`, 308), 'blocked-address', 1],
  ['public → public → loopback', redirectFrom(redirectFrom(`http://127.0.0.1:${P}/`)), 'blocked-address', 2],
  ['redirect → file:', redirectFrom('file:///etc/passwd'), 'invalid-redirect', 1],
  ['redirect → gopher:', redirectFrom(`gopher://127.0.0.1:${P}/_GET`), 'invalid-redirect', 1],
  ['redirect → credentials', redirectFrom(`http://user:pw@public.test:${Q}/`), 'invalid-redirect', 1],
  // userinfo tricks
  ['userinfo before loopback', `http://public.test@127.0.0.1:${P}/`, 'invalid-url'],
  ['userinfo with port', `http://public.test:${Q}@127.0.0.1:${P}/`, 'invalid-url'],
  ['fragment hiding the host', `http://127.0.0.1:${P}#@public.test/`, 'blocked-address'],
  ['backslash hiding the host', `http://127.0.0.1:${P}\\@public.test/`, 'blocked-address'],
  // scheme tricks
  ['file:', 'file:///etc/passwd', 'invalid-url'],
  ['gopher:', `gopher://127.0.0.1:${P}/_GET%20/`, 'invalid-url'],
  ['ftp:', `ftp://127.0.0.1:${P}/`, 'invalid-url'],
  ['ws:', `ws://127.0.0.1:${P}/`, 'invalid-url'],
  ['data:', 'data:text/plain,hello', 'invalid-url'],
  ['javascript:', 'javascript:fetch("http://127.0.0.1/")', 'invalid-url'],
  ['upper-case scheme', `HTTP://127.0.0.1:${P}/`, 'blocked-address'],
  ['slash-backslash', `http:/\\127.0.0.1:${P}/`, 'blocked-address'],
  ['leading space', ` http://127.0.0.1:${P}/`, 'blocked-address'],
  ['tab inside the host', `http://127.0.0.\t1:${P}/`, 'blocked-address'],
];

// Internal addresses the DNS hands out: a refusal message must never show them.
const INTERNAL = /127\.0\.0\.1|::1\b|10\.0\.0\.5|192\.168\.1\.10|169\.254|fd00|100\.64|::ffff/;

test(`the suite makes more than 80 attempts, as docs/ssrf.md says (${ATTEMPTS.length})`, () => {
  assert.ok(ATTEMPTS.length > 80);
});

for (const [description, url, reason, publicHops = 0] of ATTEMPTS) {
  test(`refused: ${description}`, async () => {
    const callsBefore = network.calls.length;
    const result = await guardedFetch(url, { timeoutMs: 2000 }, guardOn);
    assert.equal(result.ok, false, `${url} was fetched`);
    if (result.ok) return;
    assert.equal(result.reason, reason, `${url}: ${result.message}`);
    assert.equal(canary.connections, 0, 'the canary was reached');
    const calls = network.calls.slice(callsBefore);
    assert.equal(calls.length, publicHops, `connections attempted: ${JSON.stringify(calls)}`);
    for (const call of calls) assert.deepEqual(call.vetted, [SIMULATED_PUBLIC.site]);
    assert.equal(result.chain.length, publicHops);
    // (The nip.io-style name carries the address in the name the user gave.)
    if (!description.startsWith('nip.io')) assert.doesNotMatch(result.message, INTERNAL, result.message);
  });
}

test('DNS rebinding: the connection goes to the address that was checked', async () => {
  const mark = doh.log.length;
  const result = await guardedFetch(`http://rebind.test:${P}/`, { readBody: true }, guardOn);
  assert.ok(result.ok, result.ok ? '' : result.message);
  assert.equal(result.body, 'decoy');
  assert.equal(decoy.requests.length, 1);
  assert.equal(canary.connections, 0);
  // One A and one AAAA question: nothing asked again at connect time …
  assert.deepEqual(
    doh.log
      .slice(mark)
      .map((e) => e.type)
      .sort(),
    ['A', 'AAAA'],
  );
  // … although the name now points at loopback: a fetch that resolved again would have hit the canary.
  const now = await resolver.query('rebind.test', 'A');
  assert.deepEqual(
    now.answers.map((a) => a.address),
    ['127.0.0.1'],
  );
});

test('the pinned fetch itself connects only to the vetted addresses', async () => {
  // A name is never resolved again: the vetted address is used whatever DNS says now.
  const response = await pinned(
    `http://loopback.test:${P}/`,
    {},
    { addresses: [SIMULATED_PUBLIC_HOST], insecureTls: false },
  );
  assert.equal(await response.text(), 'decoy');
  // An IP-literal URL must be one of the vetted addresses (net.connect skips lookup for literals).
  await assert.rejects(
    pinned(`http://127.0.0.1:${P}/`, {}, { addresses: [SIMULATED_PUBLIC_HOST], insecureTls: false }),
    { code: 'ERR_ADDRESS_NOT_VETTED' },
  );
  await assert.rejects(pinned(`http://public.test:${Q}/`, {}, { addresses: [], insecureTls: false }), {
    code: 'ERR_ADDRESS_NOT_VETTED',
  });
  await assert.rejects(pinned(`http://public.test:${Q}/`, {}, { addresses: ['not-an-ip'], insecureTls: false }), {
    code: 'ERR_ADDRESS_NOT_VETTED',
  });
  // A redirect is never followed inside the pinned fetch, whatever the caller asks.
  const redirect = await pinned(
    redirectFrom(`http://127.0.0.1:${P}/`),
    { redirect: 'follow' },
    { addresses: [SIMULATED_PUBLIC_HOST], insecureTls: false },
  );
  assert.equal(redirect.status, 302);
  await redirect.body?.cancel();
  assert.equal(canary.connections, 0);
});

test('an allowed public host is reachable with the guard on (the suite is not refusing everything)', async () => {
  const result = await guardedFetch(`http://public.test:${Q}/`, {}, guardOn);
  assert.ok(result.ok, result.ok ? '' : result.message);
  assert.equal(result.status, 200);
  assert.deepEqual(result.chain[0]!.addresses, [SIMULATED_PUBLIC.site]);
});

test('after every guarded attempt, the canary has seen no connection at all', () => {
  assert.equal(canary.connections, 0);
  assert.deepEqual(canary.requests, []);
});

test('control: with allowPrivate the same URLs DO reach the canary', async () => {
  const guardOff: GuardedFetchDeps = { ...guardOn, allowPrivate: true };
  const literal = await guardedFetch(`http://127.0.0.1:${P}/`, { readBody: true }, guardOff);
  assert.ok(literal.ok, literal.ok ? '' : literal.message);
  assert.equal(literal.body, 'CANARY REACHED');
  const named = await guardedFetch(`http://loopback.test:${P}/`, {}, guardOff);
  assert.ok(named.ok);
  const redirected = await guardedFetch(redirectFrom(`http://127.0.0.1:${P}/`), {}, guardOff);
  assert.ok(redirected.ok);
  assert.deepEqual(
    redirected.chain.map((h) => h.status),
    [302, 200],
  );
  assert.equal(canary.requests.length, 3);
  // The unspecified address stays refused even then.
  const zero = await guardedFetch(`http://0.0.0.0:${P}/`, {}, guardOff);
  assert.equal(zero.ok, false);
  assert.equal(canary.requests.length, 3);
});
