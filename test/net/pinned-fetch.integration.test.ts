import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import type { HeaderPair } from '../../src/net/scan-fetch.ts';
import { atEnd } from '../support/cleanup.ts';
import { siteRoutes, startTargetServer } from '../support/net-targets.ts';

const site = await startTargetServer(siteRoutes);
const pinned = createPinnedFetch({ maxAgents: 2 });
atEnd(() => pinned.close());
const hints = (addresses: string[], extra = {}) => ({ addresses, insecureTls: false, ...extra });

test('a name the system cannot resolve connects to the vetted address', async () => {
  const response = await pinned(`http://nowhere.invalid:${site.port}/echo`, {}, hints(['127.0.0.1']));
  assert.equal(response.status, 200);
  assert.equal(JSON.parse(await response.text()).headers.host, `nowhere.invalid:${site.port}`);
});

test('the header block is reported as sent: order, case folded, repeats kept', async () => {
  let reported: { status: number; headers: HeaderPair[] } | null = null;
  const response = await pinned(
    `http://site.test:${site.port}/`,
    {},
    hints(['127.0.0.1'], {
      onWireHeaders: (status: number, headers: HeaderPair[]) => (reported = { status, headers }),
    }),
  );
  await response.arrayBuffer();
  assert.ok(reported);
  const { status, headers } = reported as { status: number; headers: HeaderPair[] };
  assert.equal(status, 200);
  assert.deepEqual(headers.slice(0, 7), [
    ['content-type', 'text/html; charset=utf-8'],
    ['x-dup', 'first'],
    ['set-cookie', 'a=1; Secure'],
    ['strict-transport-security', 'max-age=1'],
    ['x-dup', 'second'],
    ['set-cookie', 'b=2; HttpOnly'],
    ['strict-transport-security', 'max-age=2'],
  ]);
});

test('when the first vetted address refuses, the next one is tried', async () => {
  const response = await pinned(`http://two.test:${site.port}/echo`, {}, hints(['127.0.0.3', '127.0.0.1']));
  assert.equal(response.status, 200);
  await response.arrayBuffer();
});

test('an IPv6 vetted address works', async (t) => {
  let v6;
  try {
    v6 = await startTargetServer(siteRoutes, { host: '::1' });
  } catch {
    t.diagnostic('no IPv6 loopback on this host; nothing to check');
    return;
  }
  const response = await pinned(`http://six.test:${v6.port}/echo`, {}, hints(['::1']));
  assert.equal(response.status, 200);
  await response.arrayBuffer();
  const literal = await pinned(`http://[::1]:${v6.port}/echo`, {}, hints(['::1']));
  assert.equal(literal.status, 200);
  await literal.arrayBuffer();
});

test('the agent pool stays bounded and close() empties it', async () => {
  for (const host of ['a.test', 'b.test', 'c.test', 'd.test']) {
    const response = await pinned(`http://${host}:${site.port}/`, {}, hints(['127.0.0.1']));
    await response.arrayBuffer();
  }
  assert.ok(pinned.poolSize <= 2, `pool size ${pinned.poolSize}`);
  const extra = createPinnedFetch();
  const response = await extra(`http://a.test:${site.port}/`, {}, hints(['127.0.0.1']));
  await response.arrayBuffer();
  assert.equal(extra.poolSize, 1);
  await extra.close();
  assert.equal(extra.poolSize, 0);
});

// An agent counts as busy from the moment it is handed out, not only once undici dispatches on
// it (inside the fetch() that follows): with every other agent busy, the one just handed out was
// the only idle one, was evicted (closed), and its request failed with ClientClosedError.
test('more hosts at once than the pool holds all get an answer, and the pool shrinks back after', async () => {
  const small = createPinnedFetch({ maxAgents: 1 });
  atEnd(() => small.close());
  const hosts = ['a.test', 'b.test', 'c.test'];
  const [slow, ...quick] = await Promise.all([
    small(`http://slow.test:${site.port}/big?bytes=200000`, {}, hints(['127.0.0.1'])),
    ...hosts.map((host) => small(`http://${host}:${site.port}/echo`, {}, hints(['127.0.0.1']))),
  ]);
  for (const [i, response] of quick.entries()) {
    assert.equal(response.status, 200);
    assert.equal(JSON.parse(await response.text()).headers.host, `${hosts[i]}:${site.port}`);
  }
  // The slow body is still arriving while the others were acquired: its agent was kept too.
  assert.equal((await slow.text()).length, 200000);
  assert.equal(small.poolSize, 1);
});

test('with the default pool size, 40 hosts at once all get an answer', async () => {
  const fresh = createPinnedFetch();
  atEnd(() => fresh.close());
  const responses = await Promise.all(
    Array.from({ length: 40 }, (_, i) => fresh(`http://h${i}.test:${site.port}/`, {}, hints(['127.0.0.1']))),
  );
  for (const response of responses) {
    assert.equal(response.status, 200);
    await response.arrayBuffer();
  }
  assert.equal(fresh.poolSize, 32);
});

// undici closes an agent gracefully (requests in flight finish), so evicting a busy agent would
// not fail its request: what keeping it buys is its other, idle keep-alive connections.
test('an agent with a request in flight is not evicted: its idle connection is reused afterwards', async () => {
  const small = createPinnedFetch({ maxAgents: 1 });
  atEnd(() => small.close());
  const stalled = new AbortController();
  const busy = await small(
    `http://keep.test:${site.port}/stall-body`,
    { signal: stalled.signal },
    hints(['127.0.0.1']),
  );
  assert.equal(busy.status, 200);
  // A second connection, left idle.
  await (await small(`http://keep.test:${site.port}/`, {}, hints(['127.0.0.1']))).arrayBuffer();
  await (await small(`http://other.test:${site.port}/`, {}, hints(['127.0.0.1']))).arrayBuffer(); // overfills the pool
  const connectionsBefore = site.connections;
  await (await small(`http://keep.test:${site.port}/`, {}, hints(['127.0.0.1']))).arrayBuffer();
  assert.equal(site.connections, connectionsBefore, 'keep.test opened a new connection: its agent had been evicted');
  stalled.abort();
  await busy.body?.cancel().catch(() => {});
});

test('a request that fails lets go of its agent (the pool shrinks back past it)', async () => {
  const small = createPinnedFetch({ maxAgents: 1 });
  atEnd(() => small.close());
  await assert.rejects(small(`http://refused.test:${site.port}/`, {}, hints(['127.0.0.3'])));
  await (await small(`http://after.test:${site.port}/`, {}, hints(['127.0.0.1']))).arrayBuffer();
  assert.equal(small.poolSize, 1);
});
