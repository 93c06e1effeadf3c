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
  const response = await pinned(`http://site.test:${site.port}/`, {}, hints(['127.0.0.1'], { onWireHeaders: (status: number, headers: HeaderPair[]) => (reported = { status, headers }) }));
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

test('requests in flight keep their agent while others are evicted', async () => {
  const slow = pinned(`http://slow.test:${site.port}/big?bytes=200000`, {}, hints(['127.0.0.1']));
  for (const host of ['e.test', 'f.test', 'g.test']) await (await pinned(`http://${host}:${site.port}/`, {}, hints(['127.0.0.1']))).arrayBuffer();
  const body = await (await slow).text();
  assert.equal(body.length, 200000);
});
