/**
 * The MCP endpoint when things go wrong behind it: the store down, a scanner with a bug, and the
 * SDK's own protocol checks. Each answer still carries the problem document.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SdkHttpError } from '@modelcontextprotocol/client';
import { freshIp, startHarness } from '../support/harness.ts';
import { switchableStore } from '../support/failing-store.ts';
import { connectClient } from './support.ts';

type ToolResult = {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('the MCP endpoint when something fails', () => {
  test('a scan while the store is down is a service_unavailable tool error, and nothing runs', async () => {
    let control!: ReturnType<typeof switchableStore>;
    const h = await startHarness({ wrapStore: (memory) => (control = switchableStore(memory)).store });
    const client = await connectClient(h);
    control.setDown(true);
    const result = (await client.callTool({
      name: 'email_security_scan',
      arguments: { target: 'example.org' },
    })) as ToolResult;
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent?.code, 'service_unavailable');
    assert.equal(result.structuredContent?.retryAfterSec, 30);
    assert.deepEqual(h.scanners['email-security'].calls, []);
  });

  test('a key that cannot be checked while the store is down is refused over HTTP with 503', async () => {
    let control!: ReturnType<typeof switchableStore>;
    const h = await startHarness({ wrapStore: (memory) => (control = switchableStore(memory)).store });
    const { key } = await h.createKey();
    control.setDown(true);
    const res = await h.request('/mcp', {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'x-api-key': key },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('retry-after'), '30');
    const body = await res.json();
    assert.equal(body.error.code, -32000);
    assert.equal(body.error.data.code, 'service_unavailable');
  });

  test('a scanner that throws is an internal_error tool result without the details, and is logged', async () => {
    const h = await startHarness({
      scanners: {
        'email-security': async () => {
          throw new Error('secret internals');
        },
      },
    });
    const client = await connectClient(h);
    const result = (await client.callTool({
      name: 'email_security_scan',
      arguments: { target: 'example.org' },
    })) as ToolResult;
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent?.code, 'internal_error');
    assert.doesNotMatch(JSON.stringify(result), /secret internals/);
    assert.match(String(h.errors[0]), /secret internals/);
  });

  test('the SDK refusing an unknown protocol version or method still answers with the problem', async () => {
    const h = await startHarness();
    const version = await h.request('/mcp', {
      ip: freshIp(),
      method: 'POST',
      headers: { ...MCP_HEADERS, 'mcp-protocol-version': '1999-01-01' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    assert.equal(version.status, 400);
    const refusal = (await version.json()).error.data;
    assert.equal(refusal.code, 'bad_request');
    assert.match(refusal.error.hint, /MCP-Protocol-Version header of a revision this server speaks \(2026-07-28, /);

    // A 2026-07-28 message without its envelope: the SDK's own account of it rides along in mcpData.
    const envelope = await h.request('/mcp', {
      ip: freshIp(),
      method: 'POST',
      headers: { ...MCP_HEADERS, 'mcp-protocol-version': '2026-07-28' },
      body: '{"jsonrpc":"2.0","id":5,"method":"tools/list"}',
    });
    assert.equal(envelope.status, 400);
    const data = (await envelope.json()).error.data;
    assert.equal(data.code, 'bad_request');
    assert.equal(typeof data.mcpData, 'object');

    const client = await connectClient(h);
    const unknown = await client.request({ method: 'resources/list', params: {} } as never).catch((e) => e);
    assert.ok(unknown instanceof SdkHttpError, String(unknown));
    assert.equal(unknown.status, 404);
    assert.equal(JSON.parse(String(unknown.data?.text)).error.data.code, 'not_found');
    assert.equal(h.errors.length, 0, 'refusals are not bugs');
  });
});
