/**
 * What an operator sees of each request: the request id (taken or made, echoed, in problems and
 * in the log), the access-log line (tool, target host, outcome, store work, scan time, MCP method
 * and tool), Server-Timing on execute, and dependency outages logged once each way under load.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { UpstashStore } from '../../src/store/upstash.ts';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { RECOVERY_QUIET_MS } from '../../src/ops/dependency-watch.ts';
import { CHALLENGED, GRADED } from '../support/scanners.ts';
import { CATALOG, EXECUTE_SH, freshIp, postJson, startHarness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { startRedis, type RedisServer } from '../support/redis-server.ts';
import { startUpstashBridge, type UpstashBridge } from '../support/upstash-bridge.ts';
import { callTool, connectClient, startMcpWorld } from '../mcp/support.ts';

describe('X-Request-Id', () => {
  test('a valid id is kept and echoed; a missing or unsafe one is replaced by a new one', async () => {
    const h = await startHarness();
    const kept = await h.request(CATALOG, { headers: { 'x-request-id': 'lb-7f3a/req:42' } });
    assert.equal(kept.headers.get('x-request-id'), 'lb-7f3a/req:42');
    const long = 'a'.repeat(128);
    assert.equal((await h.request(CATALOG, { headers: { 'x-request-id': long } })).headers.get('x-request-id'), long);
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const unsafe of [undefined, 'a'.repeat(129), 'two words', 'naïve', 'tab\tinside']) {
      const res = await h.request(CATALOG, { headers: unsafe === undefined ? {} : { 'x-request-id': unsafe } });
      assert.match(res.headers.get('x-request-id') ?? '', UUID, `for ${JSON.stringify(unsafe)}`);
    }
    const ids = h.log.map((line) => line.requestId);
    assert.equal(ids[0], 'lb-7f3a/req:42');
    assert.equal(new Set(ids).size, ids.length, 'every request has its own id');
    assert.match(
      (await h.request(CATALOG, { method: 'OPTIONS' })).headers.get('access-control-allow-headers') ?? '',
      /X-Request-Id/,
    );
    assert.match(
      (await h.request(CATALOG)).headers.get('access-control-expose-headers') ?? '',
      /X-Request-Id.*Server-Timing/,
    );
  });

  test('every problem body carries the request id, on REST, badges and MCP alike', async () => {
    const h = await startHarness();
    const id = 'support-ticket-1234';
    const problems = [
      await h.request('/api/v1/nowhere', { headers: { 'x-request-id': id } }),
      await postJson(h, EXECUTE_SH, { target: 'not a host' }, { headers: { 'x-request-id': id } }),
      await h.request('/api/badge/example.com?style=nope', {
        headers: { 'x-request-id': id, accept: 'application/json' },
      }),
    ];
    for (const res of problems) {
      assert.equal(res.headers.get('x-request-id'), id);
      assert.equal((await res.json()).requestId, id);
    }
    const mcp = await h.request('/mcp', {
      method: 'POST',
      headers: {
        'x-request-id': id,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '[]',
    });
    assert.equal(mcp.headers.get('x-request-id'), id);
    assert.equal((await mcp.json()).error.data.requestId, id);
    const lines = h.log.filter((line) => line.requestId === id);
    assert.deepEqual(
      lines.map((line) => [line.status, line.problem]),
      [
        [404, 'not_found'],
        [400, 'bad_request'],
        [400, 'bad_request'],
        [400, 'bad_request'],
      ],
    );
  });
});

describe('the access log', () => {
  test('a scan line names the tool, target host, grade, scan and store work; never the query', async () => {
    const h = await startHarness();
    const { key, id } = await h.createKey();
    const res = await postJson(
      h,
      `${EXECUTE_SH}?utm=secret-campaign`,
      { target: 'https://shop.example.com/cart?session=abc' },
      { headers: { authorization: `Bearer ${key}`, 'user-agent': 'ci-bot/1.0' } },
    );
    assert.equal(res.status, 200);
    const timing = res.headers.get('server-timing') ?? '';
    assert.match(timing, /^scan;dur=[0-9.]+, store;dur=[0-9.]+;desc="[0-9]+ round trips"$/);
    const line = h.log.at(-1)!;
    assert.equal(line.level, 'info');
    assert.equal(line.path, EXECUTE_SH);
    assert.equal(line.tool, 'security-headers');
    assert.equal(line.targetHost, 'shop.example.com');
    assert.equal(line.grade, 'B');
    assert.equal(line.cached, false);
    assert.equal(line.scanId, (await res.json()).scanId);
    assert.equal(line.keyId, id);
    assert.equal(line.userAgent, 'ci-bot/1.0');
    assert.equal(typeof line.scanMs, 'number');
    assert.ok(line.storeRoundTrips >= 3, `limit, key, quota and keep: ${line.storeRoundTrips}`);
    const text = JSON.stringify(h.log);
    for (const secret of ['secret-campaign', 'session=abc', '/cart', key.slice(9)]) assert.ok(!text.includes(secret));
  });

  test('a revoked key is logged by its id, so "my key stopped working" can be traced', async () => {
    const h = await startHarness();
    const { key, id } = await h.createKey();
    await h.store.revokeKey(id, h.clock.now() - 1);
    const res = await h.request(CATALOG, { headers: { authorization: `Bearer ${key}` } });
    await expectProblem(res, 'unauthorized');
    assert.deepEqual([h.log.at(-1)?.keyId, h.log.at(-1)?.problem], [id, 'unauthorized']);
  });

  test('a 422 line gives the reason; a 429 line the policy that refused', async () => {
    const h = await startHarness({ limits: { ...SPEC_LIMITS, scansPerHourPerClient: 1 } });
    h.scanners['security-headers'].outcome = CHALLENGED;
    const ip = freshIp();
    assert.equal((await postJson(h, EXECUTE_SH, { target: 'a.example' }, { ip })).status, 422);
    assert.deepEqual([h.log.at(-1)!.reason, h.log.at(-1)!.grade], ['bot-challenge', null]);
    await expectProblem(await postJson(h, EXECUTE_SH, { target: 'b.example' }, { ip }), 'rate_limit_exceeded');
    const refused = h.log.at(-1)!;
    assert.equal(refused.policy, 'scans-per-hour-per-client');
    assert.equal(refused.problem, 'rate_limit_exceeded');
    assert.equal(refused.targetHost, 'b.example');
  });

  test('MCP lines carry the JSON-RPC method, the tool and whether the call was an error', async () => {
    const world = await startMcpWorld();
    const client = await connectClient(world.h);
    await callTool(client, 'security_headers_scan', { target: world.siteUrl('good.test') });
    await callTool(client, 'security_headers_scan', { target: 'not a url at all' });
    const calls = world.h.log.filter((line) => line.mcp?.method === 'tools/call');
    assert.deepEqual(
      calls.map((line) => [line.mcp?.tool, line.mcp?.isError, line.tool]),
      [
        ['security_headers_scan', false, 'security-headers'],
        ['security_headers_scan', true, 'security-headers'],
      ],
    );
    assert.equal(calls[0]?.targetHost, 'good.test');
    assert.match(String(calls[0]?.scanId), /^[\w-]{22}$/, 'the line is written once the call has finished');
    assert.equal(calls[0]?.grade, 'A+');
    assert.equal(typeof calls[0]?.scanMs, 'number');
    // The same call as a plain client sends it, answered as an event stream.
    const streamed = await world.h.request('/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        'x-request-id': 'sse-1',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'security_headers_scan', arguments: { target: world.siteUrl('good.test') } },
      }),
    });
    assert.match(await streamed.text(), /"grade":"A\+"/);
    const line = world.h.log.find((l) => l.requestId === 'sse-1');
    assert.deepEqual(line?.mcp, { method: 'tools/call', tool: 'security_headers_scan', isError: false });
    assert.equal(line?.grade, 'A+');
    assert.ok(world.h.log.some((line) => line.mcp?.method === 'server/discover' || line.mcp?.method === 'initialize'));
  });
});

describe('dependency outages', () => {
  let redis: RedisServer;
  let bridge: UpstashBridge;
  before(async () => {
    redis = await startRedis();
    bridge = await startUpstashBridge(redis.port);
  });

  test('Redis stopped under load: one line when it goes down, one when it comes back, with the count', async () => {
    const h = await startHarness({
      store: (clock) => new UpstashStore({ url: bridge.url, token: bridge.token, prefix: 'outage', now: clock.now }),
    });
    assert.equal((await postJson(h, EXECUTE_SH, { target: 'before.example' })).status, 200);
    await redis.stop();
    let refused: number;
    try {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => postJson(h, EXECUTE_SH, { target: `load${i}.example` })),
      );
      refused = answers.filter((res) => res.status === 503).length;
      assert.equal(refused, 60, 'a spent store runs no scan');
      assert.deepEqual(
        h.dependencyEvents.map((e) => e.event),
        ['dependency_down'],
      );
      const lines = h.log.filter((line) => line.status === 503);
      assert.ok(lines.every((line) => line.level === 'warn' && /store unavailable/.test(String(line.cause))));
    } finally {
      await redis.start();
    }
    let status = 0;
    // Redis can come back in the middle of a request (one operation fails, the next answers): that
    // request succeeds without a quiet spell behind it, so the recovery is seen on a later one.
    const recoveredSeen = () => h.dependencyEvents.some((e) => e.event === 'dependency_recovered');
    for (let attempt = 0; attempt < 50 && (status !== 200 || !recoveredSeen()); attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      h.clock.advance(RECOVERY_QUIET_MS); // a recovery is an answer after a quiet spell
      status = (await postJson(h, EXECUTE_SH, { target: 'after.example' })).status;
    }
    assert.equal(status, 200);
    const [down, recovered, ...more] = h.dependencyEvents;
    assert.deepEqual(more, [], 'no line per request');
    assert.equal(down?.event, 'dependency_down');
    assert.ok(recovered?.event === 'dependency_recovered');
    assert.ok(recovered.affectedRequests >= refused, `${recovered.affectedRequests} ≥ ${refused}`);
    assert.deepEqual(h.errors, [], 'an outage is not a bug');
  });
});

describe('a client that goes away mid-scan', () => {
  test('leaves nothing behind: no kept scan to be served as cached, no quota spent', async () => {
    const h = await startHarness({ socket: true });
    const scanner = h.scanners['security-headers'];
    let started!: () => void;
    const scanning = new Promise<void>((resolve) => (started = resolve));
    scanner.outcome = (_target, context) => {
      started();
      // Like a real scan: its connections fail once the caller's signal aborts.
      return new Promise((resolve) => context.signal.addEventListener('abort', () => resolve(CHALLENGED)));
    };
    const ip = freshIp();
    const client = new AbortController();
    const answer = postJson(h, EXECUTE_SH, { target: 'slow.example' }, { ip, signal: client.signal });
    await scanning;
    client.abort();
    await assert.rejects(answer);
    for (let i = 0; i < 50 && !h.log.some((l) => l.targetHost === 'slow.example'); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await h.settled();
    const line = h.log.find((l) => l.targetHost === 'slow.example');
    assert.deepEqual([line?.status, line?.reason, line?.scanId], [408, 'client-closed', undefined]);
    const target = scanner.calls[0]!.target;
    assert.equal(await h.store.latestScan('security-headers', target), null, 'not kept');
    const windows = [{ policy: 'p', key: `client:${ip}`, limit: 20, windowMs: 3_600_000 }];
    assert.equal((await h.memory.reserveScan(windows)).remaining.p, 19, 'the attempt was given back');
    scanner.outcome = GRADED;
    const after = await postJson(h, EXECUTE_SH, { target: 'slow.example', maxAgeSec: 3600 }, { ip });
    assert.equal((await after.json()).cached, false, 'a later caller gets no cached answer from it');
  });
});
