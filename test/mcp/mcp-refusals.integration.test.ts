/**
 * The MCP endpoint is not a side door: the same keys, per-minute limit, scan quota and body
 * limit as REST, counted in the same counters, with refusals an agent can act on.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { SdkHttpError } from '@modelcontextprotocol/client';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { InferOutput } from 'valibot';
import { SPEC_LIMITS } from '../../src/limits.ts';
import type { AnyProblemSchema } from '../../src/contract/problem-schemas.ts';
import { CATALOG, EXECUTE_ES, freshIp, postJson } from '../support/harness.ts';
import { connectClient, connectLegacyClient, startMcpWorld, type McpWorld } from './support.ts';
import { rawHead, rawRequest } from '../support/raw-http.ts';

type Problem = InferOutput<typeof AnyProblemSchema>;

type ToolResult = {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** The JSON-RPC error body of an HTTP-level refusal, with the problem document in `data`. */
async function rpcError(response: Response): Promise<{ code: number; message: string; data: Problem }> {
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = await response.json();
  assert.equal(body.jsonrpc, '2.0');
  assert.equal(body.id, null);
  return body.error;
}

let world: McpWorld;
before(async () => {
  world = await startMcpWorld({ limits: { ...SPEC_LIMITS, scansPerHourPerClient: 2 } });
});

describe('refusals on the MCP endpoint', () => {
  test('a bad key is refused with 401 before any MCP message, and the client reports the problem code', async () => {
    const unknown = `asc_live_${'A'.repeat(36)}`;
    const current = await connectClient(world.h, { key: unknown }).catch((e) => e);
    assert.ok(current instanceof SdkHttpError, String(current));
    assert.equal(current.status, 401);
    const error = JSON.parse(String(current.data?.text)).error;
    assert.equal(error.data.code, 'unauthorized');
    assert.match(error.message, /key/i);

    const legacy = await connectLegacyClient(world.h, { bearer: unknown }).catch((e) => e);
    assert.ok(legacy instanceof StreamableHTTPError, String(legacy));
    assert.equal(legacy.code, 401);
    assert.match(legacy.message, /"code":"unauthorized"/);
  });

  test('the raw 401 carries WWW-Authenticate, rate-limit headers and a JSON-RPC error with the problem', async () => {
    const res = await world.h.request('/mcp', {
      method: 'POST',
      headers: { ...MCP_HEADERS, authorization: 'Bearer nonsense' },
      body: JSON.stringify(INITIALIZE),
    });
    assert.equal(res.status, 401);
    assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer/);
    assert.ok(res.headers.get('ratelimit-policy'));
    const error = await rpcError(res);
    assert.equal(error.code, -32000);
    assert.equal(error.data.code, 'unauthorized');
    assert.equal(error.data.type, 'https://scan.test/developers/errors/unauthorized');
  });

  test('tool calls share the per-minute limit with REST, the handshake does not; a 429 says when', async () => {
    const ip = freshIp();
    for (let i = 0; i < SPEC_LIMITS.anonymousPerMinute - 2; i++)
      assert.equal((await world.h.request(CATALOG, { ip })).status, 200);
    const client = await connectClient(world.h, { ip });
    await client.listTools();
    const unknownScan = { name: 'get_scan', arguments: { scanId: 'A'.repeat(22) } };
    for (let i = 0; i < 2; i++) assert.equal((await client.callTool(unknownScan)).isError, true, 'a not_found result');
    const rest = await world.h.request(CATALOG, { ip });
    assert.equal(rest.status, 429, 'the tool calls were counted against the REST limit');
    assert.equal(rest.headers.get('ratelimit-remaining'), '0');

    const refused = await client.callTool(unknownScan).catch((e) => e);
    assert.ok(
      refused instanceof SdkHttpError,
      `${refused?.constructor?.name}: ${refused} ${JSON.stringify(refused?.data)}`,
    );
    assert.equal(refused.status, 429);
    const error = JSON.parse(String(refused.data?.text)).error;
    assert.equal(error.data.code, 'rate_limit_exceeded');
    assert.ok(error.data.retryAfterSec >= 1 && error.data.retryAfterSec <= 120, JSON.stringify(error.data));
    assert.deepEqual(error.data.violatedPolicies, ['per-minute']);
    assert.match(error.data.error.hint, /^Wait (\d+ s|1 min \d\d s) before calling again\. A free developer key/);

    assert.ok((await client.listTools()).tools.length > 0, 'handshake messages draw on their own budget');
    const raw = await world.h.request('/mcp', {
      ip,
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify({ ...INITIALIZE, method: 'tools/call', params: { name: 'get_scan', arguments: {} } }),
    });
    assert.equal(raw.status, 429);
    assert.equal(raw.headers.get('retry-after'), String((await rpcError(raw)).data.retryAfterSec));
  });

  test('POST /mcp/ (trailing slashes) is the same endpoint, counted against the same limits', async () => {
    const ip = freshIp();
    const post = (path: string, body: string) =>
      world.h.request(path, { ip, method: 'POST', headers: MCP_HEADERS, body });
    const handshake = await post('/mcp//', JSON.stringify(INITIALIZE));
    assert.equal(handshake.status, 200);
    assert.equal(
      handshake.headers.get('ratelimit-policy'),
      `"mcp-protocol-per-minute";q=${SPEC_LIMITS.mcpProtocolPerMinute};w=60`,
    );
    await handshake.arrayBuffer();
    // A message that cannot be read counts as work.
    for (let i = 0; i < SPEC_LIMITS.anonymousPerMinute; i++)
      assert.equal((await post(i % 2 ? '/mcp/' : '/mcp//', '{"jsonrpc":')).status, 400, `request ${i + 1}`);
    const refused = await post('/mcp/', '{"jsonrpc":');
    assert.equal(refused.status, 429);
    assert.equal((await rpcError(refused)).data.code, 'rate_limit_exceeded', 'refused as JSON-RPC, like /mcp');
  });

  test('a 2025-era client gets a spent quota as a tool error with the retry delay too', async () => {
    const ip = freshIp();
    const client = await connectLegacyClient(world.h, { ip });
    await client.listTools();
    for (const target of ['parked.test', 'monitor.test'])
      assert.notEqual(
        ((await client.callTool({ name: 'email_security_scan', arguments: { target } })) as ToolResult).isError,
        true,
      );
    const refused = (await client.callTool({
      name: 'email_security_scan',
      arguments: { target: 'm365.test' },
    })) as ToolResult;
    assert.equal(refused.isError, true);
    assert.equal(refused.structuredContent?.code, 'rate_limit_exceeded');
    assert.ok(Number(refused.structuredContent?.retryAfterSec) > 0);
  });

  test('the scan quota is shared with REST and a spent quota is a tool error with the retry delay', async () => {
    const ip = freshIp();
    assert.equal((await postJson(world.h, EXECUTE_ES, { target: 'parked.test' }, { ip })).status, 200);
    const client = await connectClient(world.h, { ip });
    const second = (await client.callTool({
      name: 'email_security_scan',
      arguments: { target: 'monitor.test' },
    })) as ToolResult;
    assert.notEqual(second.isError, true);
    const third = (await client.callTool({
      name: 'email_security_scan',
      arguments: { target: 'm365.test' },
    })) as ToolResult;
    assert.equal(third.isError, true);
    assert.equal(third.structuredContent?.code, 'rate_limit_exceeded');
    assert.deepEqual(third.structuredContent?.violatedPolicies, ['scans-per-hour-per-client']);
    assert.ok(Number(third.structuredContent?.retryAfterSec) > 0);
    assert.match(third.content[0]!.text, /Wait (\d+ h \d\d min|\d+ min \d\d s|\d+ s) before the next scan\./);
    const rest = await postJson(world.h, EXECUTE_ES, { target: 'parked.test' }, { ip });
    assert.equal(rest.status, 429, 'the MCP scan counted in the REST quota');
    assert.equal(world.h.errors.length, 0);
  });

  test('a foreign browser Origin is refused with 403; our own and non-browser clients are served', async () => {
    const evil = await world.h.request('/mcp', {
      method: 'POST',
      headers: { ...MCP_HEADERS, origin: 'https://evil.example' },
      body: JSON.stringify(INITIALIZE),
    });
    assert.equal(evil.status, 403);
    assert.equal((await rpcError(evil)).data.code, 'forbidden');
    const nullOrigin = await world.h.request('/mcp', {
      method: 'POST',
      headers: { ...MCP_HEADERS, origin: 'null' },
      body: JSON.stringify(INITIALIZE),
    });
    assert.equal(nullOrigin.status, 403);
    await nullOrigin.arrayBuffer();
    const own = await world.h.request('/mcp', {
      method: 'POST',
      headers: { ...MCP_HEADERS, origin: 'https://scan.test' },
      body: JSON.stringify(INITIALIZE),
    });
    assert.equal(own.status, 200, await own.clone().text());
    await own.arrayBuffer();
  });

  test('without BASE_URL no browser origin is trusted, whatever Host says (DNS rebinding)', async () => {
    const local = await startMcpWorld({ socket: true, env: { BASE_URL: '' } });
    const port = new URL(local.h.url).port;
    // fetch() would replace the Host header, so the rebinding request is written by hand.
    const body = JSON.stringify(INITIALIZE);
    const head = rawHead(
      'POST',
      '/mcp',
      [
        ...Object.entries(MCP_HEADERS),
        ['origin', `http://evil.example:${port}`],
        ['content-length', String(Buffer.byteLength(body))],
      ],
      `evil.example:${port}`,
    );
    const rebound = await rawRequest(local.h.url, head + body);
    assert.equal(rebound.status, 403);
    assert.equal(JSON.parse(rebound.text).error.data.code, 'forbidden');
    assert.match(
      JSON.parse(rebound.text).error.data.type,
      new RegExp(`^http://evil\\.example:${port}/`),
      'the request really carried the forged Host',
    );
    const client = await connectClient(local.h);
    assert.ok((await client.listTools()).tools.length > 0, 'clients that send no Origin are served');
  });

  test('an origin listed in MCP_ALLOWED_ORIGINS is served', async () => {
    const other = await startMcpWorld({
      env: { MCP_ALLOWED_ORIGINS: 'https://inspector.example, https://app.example' },
    });
    const res = await other.h.request('/mcp', {
      method: 'POST',
      headers: { ...MCP_HEADERS, origin: 'https://app.example' },
      body: JSON.stringify(INITIALIZE),
    });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
  });

  test('bodies over the limit and bodies that are not JSON are refused before the MCP handler', async () => {
    const big = JSON.stringify({ ...INITIALIZE, params: { ...INITIALIZE.params, padding: 'x'.repeat(9 * 1024) } });
    const tooLarge = await world.h.request('/mcp', { method: 'POST', headers: MCP_HEADERS, body: big });
    assert.equal(tooLarge.status, 413);
    assert.equal((await rpcError(tooLarge)).data.code, 'payload_too_large');
    const notJson = await world.h.request('/mcp', { method: 'POST', headers: MCP_HEADERS, body: '{"jsonrpc":' });
    assert.equal(notJson.status, 400);
    const error = await rpcError(notJson);
    assert.equal(error.code, -32700, 'a JSON-RPC parse error');
    assert.equal(error.data.code, 'bad_request');
    assert.match(error.data.error.hint, /one JSON-RPC 2\.0 message per POST/);
    const empty = await rpcError(await world.h.request('/mcp', { method: 'POST', headers: MCP_HEADERS }));
    assert.equal(empty.message, 'The MCP message is empty; send one JSON-RPC message.');
  });

  test('batches and listen streams are refused: one message per POST, nothing to subscribe to', async () => {
    const ip = freshIp();
    const call = {
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: 'email_security_scan', arguments: { target: 'weakkey.test' } },
    };
    const batch = await world.h.request('/mcp', {
      ip,
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify([
        { ...call, id: 1 },
        { ...call, id: 2 },
      ]),
    });
    assert.equal(batch.status, 400);
    const batchError = await rpcError(batch);
    assert.equal(batchError.code, -32600);
    assert.match(batchError.message, /batches are not supported/);
    const listen = await world.h.request('/mcp', {
      ip,
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'subscriptions/listen', params: {} }),
    });
    assert.equal(listen.status, 400);
    const body = await listen.json();
    assert.equal(body.id, 7);
    assert.equal(body.error.code, -32601);
    assert.deepEqual(await world.h.store.scanHistory('email-security', 'weakkey.test', 10), [], 'no scan ran');
  });

  test('a notification draws on the MCP protocol budget, and its headers show that budget', async () => {
    const ip = freshIp();
    const res = await world.h.request('/mcp', {
      ip,
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    assert.equal(res.status, 202);
    assert.equal(res.headers.get('ratelimit-remaining'), String(SPEC_LIMITS.mcpProtocolPerMinute - 1));
    assert.match(res.headers.get('ratelimit') ?? '', /^"mcp-protocol-per-minute";r=119;/);
    const rest = await world.h.request(CATALOG, { ip });
    assert.equal(
      rest.headers.get('ratelimit-remaining'),
      String(SPEC_LIMITS.anonymousPerMinute - 1),
      'API budget untouched',
    );
  });

  test("the SDK's own transport refusals carry the problem document too", async () => {
    const wrongType = await world.h.request('/mcp', {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'content-type': 'text/plain' },
      body: JSON.stringify(INITIALIZE),
    });
    assert.equal(wrongType.status, 415);
    assert.equal((await rpcError(wrongType)).data.code, 'unsupported_media_type');
    const wrongAccept = await world.h.request('/mcp', {
      method: 'POST',
      headers: { ...MCP_HEADERS, accept: 'text/html' },
      body: JSON.stringify(INITIALIZE),
    });
    assert.equal(wrongAccept.status, 406);
    const error = await rpcError(wrongAccept);
    assert.equal(error.data.code, 'not_acceptable');
    assert.equal(error.data.type, 'https://scan.test/developers/errors/not-acceptable');
    const noMethod = await world.h.request('/mcp', {
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify({ jsonrpc: '2.0', id: 7 }),
    });
    assert.equal(noMethod.status, 400);
    // JSON-RPC 2.0: every response has an id, null when the message's could not be read (rpcError).
    assert.equal((await rpcError(noMethod)).data.code, 'bad_request');
    assert.equal(world.h.errors.length, 0, 'refusals are not bugs');
  });

  test('GET and DELETE answer 405 naming POST, as a stateless server does', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await world.h.request('/mcp', { method, headers: { accept: 'text/event-stream' } });
      assert.equal(res.status, 405);
      assert.equal(res.headers.get('allow'), 'POST, OPTIONS');
      assert.equal((await rpcError(res)).data.code, 'method_not_allowed');
    }
  });

  test('a CORS preflight allows the MCP headers', async () => {
    const res = await world.h.request('/mcp', {
      method: 'OPTIONS',
      headers: { origin: 'https://scan.test', 'access-control-request-method': 'POST' },
    });
    assert.equal(res.status, 204);
    assert.match(res.headers.get('access-control-allow-headers') ?? '', /MCP-Protocol-Version/);
    for (const header of ['Mcp-Method', 'Mcp-Name', 'Authorization', 'X-Api-Key'])
      assert.match(res.headers.get('access-control-allow-headers') ?? '', new RegExp(header));
  });
});
