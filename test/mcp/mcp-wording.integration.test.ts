/**
 * Every text a model reads on MCP speaks of tools, arguments and waits, never of request bodies
 * or headers: the server instructions, each listed tool (description, input schema, the output
 * schema), results, and the refusal of every error code an MCP client can meet.
 * Waits read in minutes and seconds.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { SdkHttpError } from '@modelcontextprotocol/client';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { CHALLENGED } from '../support/scanners.ts';
import { startHarness, freshIp, type Harness } from '../support/harness.ts';
import { callTool, connectClient, type ToolResult } from './support.ts';

const BANNED = /\bbody\b|\bbodies\b|\bmembers?\b|retry-after|send a json object/i;

/** A wait of a minute or more written in seconds alone ("90 s") is not how a model should read it. */
const SECONDS_ONLY = /(?<!min )\b(\d+) s\b/g;

function assertModelFacing(what: string, text: string): void {
  assert.doesNotMatch(text, BANNED, `${what}: ${text}`);
  for (const [, seconds] of text.matchAll(SECONDS_ONLY)) assert.ok(Number(seconds) < 60, `${what}: ${text}`);
}

function assertResult(what: string, result: ToolResult): void {
  for (const { text } of result.content) assertModelFacing(what, text);
  assertModelFacing(`${what} (structured)`, JSON.stringify(result.structuredContent));
}

/** The JSON-RPC error of a refused HTTP request, as the official client reports it. */
async function refusal(what: string, promise: Promise<unknown>, status: number): Promise<void> {
  const error = await promise.then(
    () => assert.fail(`${what} was not refused`),
    (e: unknown) => e,
  );
  assert.ok(error instanceof SdkHttpError, `${what}: ${String(error)}`);
  assert.equal(error.status, status, what);
  const rpc = JSON.parse(String(error.data?.text)).error;
  for (const text of [rpc.message, rpc.data.detail, rpc.data.error.hint]) assertModelFacing(what, text);
}

let h: Harness;
before(async () => {
  h = await startHarness({ limits: { ...SPEC_LIMITS, scansPerHourPerClient: 1 } });
});

describe('texts a model reads on MCP', () => {
  test('the instructions and every listed tool', async () => {
    const client = await connectClient(h);
    assertModelFacing('instructions', client.getInstructions() ?? '');
    for (const tool of (await client.listTools()).tools) {
      assertModelFacing(tool.name, JSON.stringify(tool));
    }
  });

  test('results and refused tool calls, for every code a tool call can meet', async () => {
    const ip = freshIp();
    const client = await connectClient(h, { ip });
    const calls: [string, string, Record<string, unknown>][] = [
      ['bad_request: no target', 'security_headers_scan', {}],
      ['bad_request: detail', 'security_headers_scan', { target: 'example.com', detail: 'all' }],
      ['bad_request: target', 'email_security_scan', { target: 'www.example.com' }],
      ['bad_request: maxAgeSec', 'email_security_scan', { target: 'example.com', maxAgeSec: -1 }],
      ['bad_request: scanId', 'get_scan', {}],
      ['bad_request: tool', 'scan_history', { tool: 'x', target: 'example.com' }],
      ['not_found', 'get_scan', { scanId: 'A'.repeat(22) }],
      ['a result', 'email_security_scan', { target: 'example.com' }],
      ['rate_limit_exceeded: scan quota', 'email_security_scan', { target: 'example.org' }],
      ['a reused result', 'email_security_scan', { target: 'example.com', maxAgeSec: 3600 }],
    ];
    for (const [what, name, args] of calls) {
      const result = await callTool(client, name, args);
      assert.equal(result.structuredContent?.code, what.startsWith('a ') ? undefined : what.split(':')[0], what);
      assertResult(what, result);
    }
    h.scanners['security-headers'].outcome = CHALLENGED;
    assertResult(
      'unprocessable_entity',
      await callTool(await connectClient(h), 'security_headers_scan', { target: 'a.test' }),
    );
    h.scanners['security-headers'].outcome = async () => {
      throw new Error('a bug');
    };
    const bug = await callTool(await connectClient(h), 'security_headers_scan', { target: 'b.test' });
    assert.equal(bug.structuredContent?.code, 'internal_error');
    assertResult('internal_error', bug);
    h.errors.length = 0;

    const { key } = await h.createKey(['tools:read']);
    const readOnly = await connectClient(h, { key });
    assertResult('forbidden', await callTool(readOnly, 'email_security_scan', { target: 'example.com' }));
    const none = await startHarness({ withScanners: false });
    const unavailable = await callTool(await connectClient(none), 'email_security_scan', { target: 'example.com' });
    assert.equal(unavailable.structuredContent?.code, 'service_unavailable');
    assertResult('service_unavailable', unavailable);
  });

  test('refused requests an MCP client can meet: a bad key, a spent limit, arguments too large', async () => {
    await refusal('unauthorized', connectClient(h, { key: `asc_live_${'A'.repeat(36)}` }), 401);
    const client = await connectClient(h);
    await refusal(
      'payload_too_large',
      client.callTool({ name: 'get_scan', arguments: { scanId: 'x'.repeat(9000) } }),
      413,
    );
    const ip = freshIp();
    const spent = await connectClient(h, { ip });
    for (let i = 0; i < SPEC_LIMITS.anonymousPerMinute; i++)
      await spent.callTool({ name: 'get_scan', arguments: { scanId: 'A'.repeat(22) } }).catch(() => {});
    await refusal('rate_limit_exceeded: per minute', spent.callTool({ name: 'get_scan', arguments: {} }), 429);
    const small = await startHarness({ limits: { ...SPEC_LIMITS, mcpProtocolPerMinute: 1 } });
    const other = freshIp();
    await connectClient(small, { ip: other }).catch(() => {});
    await refusal('rate_limit_exceeded: protocol', connectClient(small, { ip: other }), 429);
  });

  test("refusals made before any tool runs: a browser Origin, and the SDK's own check of the message", async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const origin = await h.request('/mcp', {
      method: 'POST',
      headers: { ...headers, origin: 'https://evil.example' },
      body: ping,
      ip: freshIp(),
    });
    assert.equal(origin.status, 403);
    const forbidden = (await origin.json()).error;
    assert.match(forbidden.data.error.hint, /MCP client rather than a web page/, 'not the scope hint: no key helps');
    for (const text of [forbidden.message, forbidden.data.detail, forbidden.data.error.hint])
      assertModelFacing('forbidden: origin', text);

    const badToken = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'get_scan', arguments: {}, _meta: { progressToken: { not: 'a token' } } },
    });
    const sdk = await h.request('/mcp', {
      method: 'POST',
      headers: { ...headers, 'mcp-protocol-version': '2025-06-18' },
      body: badToken,
      ip: freshIp(),
    });
    assert.equal(sdk.status, 400);
    const invalid = (await sdk.json()).error;
    for (const text of [invalid.message, invalid.data.detail, invalid.data.error.hint])
      assertModelFacing('bad_request: envelope', text);
  });
});
