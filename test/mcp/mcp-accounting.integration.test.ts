/**
 * What an MCP POST costs (docs/mcp.md, "Limits"): a tool call draws on the per-minute API budget
 * shared with REST; the handshake an official client sends around every call (initialize, the
 * initialized notification, the GET probe, tools/list) does not, so an anonymous agent that
 * connects afresh for each call gets as many calls a minute as the REST limit allows.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { SdkHttpError } from '@modelcontextprotocol/client';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { CATALOG, freshIp, startHarness, type Harness } from '../support/harness.ts';
import { callTool, connectClient, connectLegacyClient } from './support.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});

/** One tool call the way official clients make it: a fresh connection, the tool list, then the call. */
async function freshCall(connect: typeof connectClient | typeof connectLegacyClient, ip: string, i: number) {
  const client = await connect(h, { ip });
  await client.listTools();
  return callTool(client, 'email_security_scan', { target: `call${i}.test` });
}

describe('MCP accounting', () => {
  for (const [name, connect] of [
    ['the current client (2026-07-28)', connectClient],
    ['a 2025-era client (initialize, initialized, GET probe)', connectLegacyClient],
  ] as const) {
    test(`an anonymous agent on ${name} makes the REST number of calls a minute; the next is refused`, async () => {
      const ip = freshIp();
      const before = h.log.length;
      for (let i = 0; i < SPEC_LIMITS.anonymousPerMinute; i++)
        assert.notEqual((await freshCall(connect, ip, i)).isError, true, `call ${i + 1}`);
      const refused = await freshCall(connect, ip, 99).catch((e) => e);
      assert.ok(refused instanceof SdkHttpError || refused instanceof StreamableHTTPError, String(refused));
      assert.equal(refused instanceof SdkHttpError ? refused.status : refused.code, 429);
      const mcp = h.log.slice(before).filter((e) => e.path === '/mcp');
      assert.ok(mcp.length > 2 * (SPEC_LIMITS.anonymousPerMinute + 1), 'each call came with its handshake');
      const work = mcp.filter((e) => e.mcp?.method === 'tools/call');
      assert.equal(work.length, SPEC_LIMITS.anonymousPerMinute + 1);
      assert.equal(work.at(-1)?.status, 429);
      assert.equal(work.at(-1)?.policy, 'per-minute');
      const refusedHandshakes = mcp.filter((e) => e.mcp?.method !== 'tools/call' && e.status === 429);
      assert.deepEqual(refusedHandshakes, [], 'the handshake was never refused');
    });
  }

  test('the 2025-era probe, GET /mcp answered 405, is not charged', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const res = await h.request('/mcp', { ip, headers: { accept: 'text/event-stream' } });
      assert.equal(res.status, 405);
      await res.arrayBuffer();
    }
    const catalog = await h.request(CATALOG, { ip });
    assert.equal(catalog.headers.get('ratelimit-remaining'), String(SPEC_LIMITS.anonymousPerMinute - 1));
  });

  test('handshake messages have their own budget, and past it they are refused too', async () => {
    const limits = { ...SPEC_LIMITS, mcpProtocolPerMinute: 3 };
    const small = await startHarness({ limits });
    const ip = freshIp();
    const ping = () =>
      small.request('/mcp', {
        ip,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      });
    for (let i = 0; i < limits.mcpProtocolPerMinute; i++) assert.equal((await ping()).status, 202);
    const refused = await ping();
    assert.equal(refused.status, 429);
    const { error } = await refused.json();
    assert.deepEqual(error.data.violatedPolicies, ['mcp-protocol-per-minute']);
    assert.match(error.message, /^3 MCP protocol messages per minute are allowed for this client address; retry in /);
    assert.equal(refused.headers.get('ratelimit-limit'), '3');
    const catalog = await small.request(CATALOG, { ip });
    assert.equal(catalog.status, 200, 'the API budget is untouched');
  });

  test('an invalid key is charged as work, whatever the message', async () => {
    const ip = freshIp();
    const res = await h.request('/mcp', {
      ip,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': 'asc_live_nope' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('ratelimit-remaining'), String(SPEC_LIMITS.anonymousPerMinute - 1));
    assert.match(res.headers.get('ratelimit-policy') ?? '', /^"per-minute"/);
    await res.arrayBuffer();
  });
});
