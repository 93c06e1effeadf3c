/**
 * Request deadlines on the Node server (deploy/node/serve.ts): headers that arrive too slowly and
 * bodies that arrive too slowly are answered 408 with a problem document and the connection is
 * closed; requests within the deadlines, and idle keep-alive connections, are served as before.
 * Each server here has deadlines of a fraction of a second, so missing one takes no longer than
 * that; nothing asserts how long anything took.
 */
import assert from 'node:assert/strict';
import { Agent, get } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import * as v from 'valibot';
import { NODE_DEADLINES, type RequestDeadlines } from '../../deploy/node/serve.ts';
import { BODY_DEADLINE_MS } from '../../src/limits.ts';
import { ScanResponseSchema } from '../../src/contract/response-schemas.ts';
import { CATALOG, EXECUTE_SH, freshIp, startHarness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { rawHead, rawRequest, type RawResponse } from '../support/raw-http.ts';

const SHORT: RequestDeadlines = { headersMs: 200, bodyMs: 200, slackMs: 100 };
// Only the body deadline is short, so the app's own 408 always comes before Node's.
const SHORT_BODY: RequestDeadlines = { headersMs: 5_000, bodyMs: 200, slackMs: 5_000 };
const ROOMY: RequestDeadlines = { headersMs: 5_000, bodyMs: 5_000, slackMs: 1_000 };

const MCP_HEADERS: [string, string][] = [
  ['Content-Type', 'application/json'],
  ['Accept', 'application/json, text/event-stream'],
];
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** One space every 20 ms, far more than any deadline here allows: the body never completes in time. */
const TRICKLE = Array.from({ length: 250 }, () => ' ');
const TRICKLE_OPTIONS = { pauseMs: 20, untilClosed: true };

/** The raw response as a fetch Response, for the shared problem assertions. */
const asResponse = (r: RawResponse) => new Response(r.text, { status: r.status, headers: r.headers });

describe('request deadlines on the Node server', () => {
  test('the body gets the app’s own deadline, and Node times out whole requests long before its 300 s default', () => {
    assert.equal(NODE_DEADLINES.bodyMs, BODY_DEADLINE_MS);
    assert.equal(NODE_DEADLINES.headersMs, 10_000);
    assert.equal(NODE_DEADLINES.headersMs + NODE_DEADLINES.bodyMs + NODE_DEADLINES.slackMs, 25_000);
  });

  test('headers trickled past the header deadline: 408 problem, connection closed, the app never sees it', async () => {
    const h = await startHarness({ deadlines: SHORT });
    const slowHead = ['GET /slow-headers HTTP/1.1\r\n', 'Host: scan.test\r\n', ...TRICKLE.map(() => 'X-Slow: 1\r\n')];
    const r = await rawRequest(h.url, slowHead, TRICKLE_OPTIONS);
    const body = await expectProblem(asResponse(r), 'request_timeout');
    assert.equal(body.detail, 'The request headers did not arrive within 0.2 s.');
    assert.equal(r.headers['connection'], 'close');
    assert.ok(!h.log.some((entry) => entry.path === '/slow-headers'));
  });

  test('a connection that sends nothing gets the same 408 at the header deadline', async () => {
    const h = await startHarness({ deadlines: SHORT });
    const r = await rawRequest(h.url, [], { untilClosed: true });
    await expectProblem(asResponse(r), 'request_timeout');
  });

  test('REST execute: a body trickled past the deadline gets a 408 problem and the connection is closed', async () => {
    const h = await startHarness({ deadlines: SHORT });
    const head = rawHead('POST', EXECUTE_SH, [
      ['Content-Type', 'application/json'],
      ['Content-Length', '8000'],
    ]);
    const r = await rawRequest(h.url, [head, '{"target":', ...TRICKLE], TRICKLE_OPTIONS);
    await expectProblem(asResponse(r), 'request_timeout');
    assert.equal(r.headers['connection'], 'close');
    assert.equal(h.scanners['security-headers'].calls.length, 0);
  });

  test('MCP: a trickled body gets 408 with the problem in the JSON-RPC error; the connection is closed', async () => {
    const h = await startHarness({ deadlines: SHORT_BODY });
    const head = rawHead('POST', '/mcp', [...MCP_HEADERS, ['Content-Length', '8000']]);
    const r = await rawRequest(h.url, [head, '{"jsonrpc":"2.0",', ...TRICKLE], TRICKLE_OPTIONS);
    assert.equal(r.status, 408, r.text);
    assert.equal(r.headers['connection'], 'close');
    assert.match(r.headers['content-type'] ?? '', /^application\/json/);
    const { jsonrpc, id, error } = JSON.parse(r.text);
    assert.deepEqual([jsonrpc, id, error.code], ['2.0', null, -32000]);
    assert.equal(error.data.code, 'request_timeout');
    assert.equal(error.data.status, 408);
    assert.equal(error.message, 'The MCP message did not arrive in full within 0.2 s.');
  });

  test('a body sent slowly but in full within the deadline is served', async () => {
    const h = await startHarness({ deadlines: ROOMY });
    const body = '{"target":"example.com"}';
    const head = rawHead('POST', EXECUTE_SH, [
      ['Content-Type', 'application/json'],
      ['Content-Length', String(body.length)],
      ['X-Forwarded-For', freshIp()],
    ]);
    const r = await rawRequest(h.url, [head, body.slice(0, 8), body.slice(8, 16), body.slice(16)], { pauseMs: 50 });
    assert.equal(r.status, 200, r.text);
    assert.equal(v.parse(ScanResponseSchema, JSON.parse(r.text)).target, 'https://example.com/');

    const mcpHead = rawHead('POST', '/mcp', [...MCP_HEADERS, ['Content-Length', String(INITIALIZE.length)]]);
    const mcp = await rawRequest(h.url, [mcpHead, INITIALIZE.slice(0, 30), INITIALIZE.slice(30)], { pauseMs: 50 });
    assert.equal(mcp.status, 200, mcp.text);
  });

  test('an idle keep-alive connection is not a slow request: the header deadline starts anew per request', async () => {
    const h = await startHarness({ deadlines: SHORT });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ip = freshIp();
    const fetchCatalog = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const request = get(`${h.url}${CATALOG}`, { agent, headers: { 'x-forwarded-for': ip } }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
        });
        request.on('error', reject);
      });
    try {
      assert.deepEqual(await fetchCatalog(), { status: 200, reused: false });
      await sleep(3 * SHORT.headersMs);
      assert.deepEqual(await fetchCatalog(), { status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});
