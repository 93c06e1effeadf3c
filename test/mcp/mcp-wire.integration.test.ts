/**
 * The MCP wire, message by message, held to the official SDK: each raw message below is POSTed to
 * this server's protocol layer and to the SDK serving the same tools (sdk-oracle.ts), and the two
 * answers must be the same bytes (status, headers, body): both protocol eras, every method served
 * and some that are not, malformed messages, envelopes and standard headers, Accept and
 * Content-Type, notifications, and progress on a tool call's own answer.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RequestContext } from '../../src/context.ts';
import { ScanDependencyError, type Scanner } from '../../src/tools/tool.ts';
import { requestContext, testServices } from '../support/request-context.ts';
import { ownAnswer, sdkAnswer } from './sdk-oracle.ts';

type Headers = Record<string, string>;
interface Case {
  what: string;
  body: unknown;
  headers?: Headers;
  /** The client went away before the message was answered. */
  gone?: boolean;
}

const BASE_HEADERS: Headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'wire-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];
const CLIENT_INFO = { name: 'wire-test', version: '1.0.0' };

const request = (method: string, params?: unknown, id: unknown = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params === undefined ? {} : { params }),
});
const notification = (method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  method,
  ...(params === undefined ? {} : { params }),
});
const initialize = (protocolVersion: unknown, extra: Record<string, unknown> = {}) =>
  request('initialize', { protocolVersion, capabilities: {}, clientInfo: CLIENT_INFO, ...extra });
const call = (name: unknown, args?: unknown, extra: Record<string, unknown> = {}) =>
  request('tools/call', { name, ...(args === undefined ? {} : { arguments: args }), ...extra });

/** A 2026-07-28 request as the current client sends it: the envelope in `_meta`, the standard headers. */
function modern(method: string, params: Record<string, unknown> = {}, meta: Record<string, unknown> = ENVELOPE) {
  const name = typeof params['name'] === 'string' ? { 'mcp-name': params['name'] } : {};
  return {
    body: request(method, { ...params, _meta: meta }),
    headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...name },
  };
}

/** A security-headers scanner that reports two phases, then finds its resolver down: a deterministic answer. */
const phasedScanner: Scanner = async (_target, context) => {
  context.progress?.({ progress: 1, total: 2, message: 'Tried https://example.com/' });
  context.progress?.({ progress: 2, total: 2, message: 'Tried http://example.com/' });
  throw new ScanDependencyError('the DNS resolver', 'The DNS resolver did not answer.', 30);
};

function freshContext(): RequestContext {
  const services = testServices();
  services.scanners = { 'security-headers': phasedScanner };
  return requestContext('https://scan.test/mcp', { services, method: 'POST' });
}

const post = (headers: Headers = {}, signal?: AbortSignal) =>
  new Request('https://scan.test/mcp', {
    method: 'POST',
    headers: { ...BASE_HEADERS, ...headers },
    ...(signal ? { signal } : {}),
  });

async function assertSameAnswers(cases: Case[]): Promise<void> {
  for (const { what, body, headers, gone } of cases) {
    const signal = gone ? AbortSignal.abort() : undefined;
    const own = await ownAnswer(post(headers, signal), body, freshContext());
    const sdk = await sdkAnswer(post(headers, signal), body, freshContext());
    assert.deepEqual(own, sdk, what);
  }
}

describe('the MCP wire, as the SDK answers it', () => {
  test('a 2025-era handshake: initialize at every revision, the lists, ping, and methods not served', async () => {
    await assertSameAnswers([
      ...[...LEGACY_VERSIONS, '2026-07-28', '1999-01-01'].map((v) => ({
        what: `initialize ${v}`,
        body: initialize(v),
      })),
      {
        what: 'initialize names its revision in its params; a header naming another is ignored',
        body: initialize('2025-06-18'),
        headers: { 'mcp-protocol-version': '1999-01-01' },
      },
      { what: 'initialize with a progress token', body: initialize('2025-06-18', { _meta: { progressToken: 'p' } }) },
      ...LEGACY_VERSIONS.map((v) => ({
        what: `tools/list at ${v}`,
        body: request('tools/list'),
        headers: { 'mcp-protocol-version': v },
      })),
      { what: 'tools/list without a version header', body: request('tools/list', {}, 'list-1') },
      { what: 'tools/list with a cursor', body: request('tools/list', { cursor: 'next' }) },
      { what: 'ping', body: request('ping', undefined, 0) },
      { what: 'ping with params', body: request('ping', { _meta: { progressToken: 7 }, extra: true }) },
      ...['server/discover', 'resources/list', 'prompts/list', 'logging/setLevel', 'completion/complete', 'x/y'].map(
        (method) => ({ what: `${method} (not served)`, body: request(method, {}) }),
      ),
    ]);
  });

  test('a 2026-07-28 client: discovery, the list, and methods the revision does not have', async () => {
    await assertSameAnswers(
      ['server/discover', 'tools/list', 'initialize', 'ping', 'resources/list', 'logging/setLevel', 'x/y'].map(
        (method) => ({ what: method, ...modern(method) }),
      ),
    );
  });

  test('tool calls of both eras: results, tool errors, unknown tools and invalid params', async () => {
    const unknownScan = { scanId: 'AAAAAAAAAAAAAAAAAAAAAA' };
    await assertSameAnswers([
      { what: 'get_scan of an unknown id', body: call('get_scan', unknownScan) },
      { what: 'get_scan, full', body: call('get_scan', { ...unknownScan, detail: 'full' }) },
      { what: 'scan_history', body: call('scan_history', { tool: 'email-security', target: 'example.com' }) },
      { what: 'scan_history of no tool', body: call('scan_history', { tool: 'nope', target: 'example.com' }) },
      { what: 'a scan with an invalid target', body: call('email_security_scan', { target: 5 }) },
      { what: 'a scan without a target', body: call('security_headers_scan', {}) },
      { what: 'a scan without arguments', body: call('security_headers_scan') },
      {
        what: 'a scan with an invalid detail',
        body: call('security_headers_scan', { target: 'example.com', detail: 'x' }),
      },
      { what: 'a scan that ran into a dependency', body: call('security_headers_scan', { target: 'example.com' }) },
      { what: 'a scan no scanner runs', body: call('email_security_scan', { target: 'example.com' }) },
      { what: 'an unknown tool', body: call('react2shell', { target: 'example.com' }) },
      { what: 'no tool name', body: request('tools/call', { arguments: {} }) },
      { what: 'a tool name that is a number', body: call(5, {}) },
      { what: 'arguments that are a list', body: call('get_scan', [1]) },
      { what: 'arguments that are a string', body: call('get_scan', 'x') },
      { what: 'no params', body: request('tools/call') },
      { what: 'an invalid task', body: call('get_scan', unknownScan, { task: 5 }) },
      { what: 'a task ttl that is not a number', body: call('get_scan', unknownScan, { task: { ttl: 'x' } }) },
      { what: 'a request state that is not a string', body: call('get_scan', unknownScan, { requestState: 5 }) },
      { what: 'a request state', body: call('get_scan', unknownScan, { requestState: 'opaque' }) },
      { what: 'input responses', body: call('get_scan', unknownScan, { inputResponses: { a: 1 } }) },
      { what: 'a string id', body: { ...call('get_scan', unknownScan), id: 'call-1' } },
      { what: '2026-07-28: get_scan', ...modern('tools/call', { name: 'get_scan', arguments: unknownScan }) },
      { what: '2026-07-28: an unknown tool', ...modern('tools/call', { name: 'react2shell', arguments: {} }) },
      { what: '2026-07-28: invalid arguments', ...modern('tools/call', { name: 'get_scan', arguments: [1] }) },
      {
        what: '2026-07-28: a scan with a dependency down',
        ...modern('tools/call', { name: 'security_headers_scan', arguments: { target: 'example.com' } }),
      },
      {
        what: '2026-07-28: a request state that is not a string',
        ...modern('tools/call', { name: 'get_scan', arguments: unknownScan, requestState: 1 }),
      },
    ]);
  });

  test('invalid params of the handshake name each problem as the SDK does', async () => {
    await assertSameAnswers([
      { what: 'initialize without params', body: request('initialize') },
      { what: 'initialize with empty params', body: request('initialize', {}) },
      {
        what: 'initialize with a list for capabilities and null for clientInfo',
        body: request('initialize', { protocolVersion: '2025-06-18', capabilities: [], clientInfo: null }),
      },
      {
        what: 'initialize with malformed capabilities and client info',
        body: initialize('2025-06-18', {
          capabilities: {
            experimental: { a: [] },
            sampling: { context: 1 },
            elicitation: 5,
            roots: { listChanged: 'yes' },
            tasks: { requests: { sampling: { createMessage: 1 } } },
            extensions: { e: 'x' },
          },
          clientInfo: { name: 1, version: 2, icons: [{ src: 1, sizes: [1], theme: 'blue' }], websiteUrl: 3 },
        }),
      },
      { what: 'elicitation: an empty form', body: initialize('2025-06-18', { capabilities: { elicitation: {} } }) },
      {
        what: 'elicitation: a form with defaults',
        body: initialize('2025-06-18', { capabilities: { elicitation: { form: { applyDefaults: 'no' }, url: [] } } }),
      },
      {
        what: 'a protocol version that is a number, with a bad version header',
        body: initialize(20250618),
        headers: { 'mcp-protocol-version': '1999-01-01' },
      },
      { what: 'tools/list with a cursor that is a number', body: request('tools/list', { cursor: 5 }) },
      { what: '2026-07-28: tools/list with a cursor that is a number', ...modern('tools/list', { cursor: 5 }) },
    ]);
  });

  test('messages that are not JSON-RPC, or not well-formed, are refused before any method runs', async () => {
    await assertSameAnswers(
      [
        { hello: 'world' },
        null,
        5,
        'ping',
        { jsonrpc: '2.0', id: 7 },
        { jsonrpc: '1.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', id: 1.5, method: 'ping' },
        { jsonrpc: '2.0', id: null, method: 'ping' },
        { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' },
        { jsonrpc: '2.0', id: 1, method: 5 },
        { jsonrpc: '2.0', id: 1, method: 'ping', params: [] },
        { jsonrpc: '2.0', id: 1, method: 'ping', params: null },
        { jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: [] } },
        { jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { progressToken: 1.5 } } },
        { jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { 'io.modelcontextprotocol/related-task': {} } } },
        { jsonrpc: '2.0', id: 1, method: 'ping', extra: true },
        { jsonrpc: '2.0', method: 'notifications/initialized', params: 5 },
        { jsonrpc: '2.0', id: Number.MAX_SAFE_INTEGER + 2, method: 'ping' },
      ].map((body) => ({ what: JSON.stringify(body), body })),
    );
  });

  test('notifications and posted responses are accepted with 202, after the same transport checks', async () => {
    await assertSameAnswers([
      { what: 'initialized', body: notification('notifications/initialized') },
      { what: 'cancelled', body: notification('notifications/cancelled', { requestId: 1, reason: 'gone' }) },
      { what: 'progress', body: notification('notifications/progress', { progressToken: 1, progress: 1 }) },
      { what: 'an unknown notification', body: notification('x/y', { a: 1 }) },
      { what: 'a result', body: { jsonrpc: '2.0', id: 1, result: {} } },
      { what: 'an error', body: { jsonrpc: '2.0', id: 1, error: { code: -1, message: 'no' } } },
      { what: 'an error without an id', body: { jsonrpc: '2.0', error: { code: -1, message: 'no' } } },
      { what: 'a result that is a list', body: { jsonrpc: '2.0', id: 1, result: [] } },
      {
        what: 'Accept JSON only',
        body: notification('notifications/initialized'),
        headers: { accept: 'application/json' },
      },
      {
        what: 'an unknown revision',
        body: notification('notifications/initialized'),
        headers: { 'mcp-protocol-version': '1999-01-01' },
      },
      {
        what: '2026-07-28, by header',
        body: notification('notifications/initialized'),
        headers: { 'mcp-protocol-version': '2026-07-28', accept: 'text/html' },
      },
      {
        what: '2026-07-28, by envelope',
        body: notification('notifications/cancelled', { requestId: 1, _meta: ENVELOPE }),
      },
    ]);
  });

  test('the envelope and the standard headers of a 2026-07-28 request are checked as the SDK checks them', async () => {
    const { body: list, headers: listHeaders } = modern('tools/list');
    const { body: get, headers: getHeaders } = modern('tools/call', { name: 'get_scan', arguments: {} });
    const meta = (changes: Record<string, unknown>, omit: string[] = []) =>
      Object.fromEntries(Object.entries({ ...ENVELOPE, ...changes }).filter(([key]) => !omit.includes(key)));
    const without = (headers: Headers, name: string) =>
      Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
    await assertSameAnswers([
      { what: 'no MCP-Protocol-Version', body: list, headers: without(listHeaders, 'mcp-protocol-version') },
      { what: 'no Mcp-Method', body: list, headers: without(listHeaders, 'mcp-method') },
      { what: 'no standard headers', body: list, headers: {} },
      { what: 'another Mcp-Method', body: list, headers: { ...listHeaders, 'mcp-method': 'tools/call' } },
      {
        what: 'another revision in the header',
        body: list,
        headers: { ...listHeaders, 'mcp-protocol-version': '2025-06-18' },
      },
      { what: 'no Mcp-Name', body: get, headers: without(getHeaders, 'mcp-name') },
      { what: 'another Mcp-Name', body: get, headers: { ...getHeaders, 'mcp-name': 'scan_history' } },
      { what: 'Mcp-Name in Base64', body: get, headers: { ...getHeaders, 'mcp-name': '=?base64?Z2V0X3NjYW4=?=' } },
      {
        what: 'Mcp-Name in Base64 of something else',
        body: get,
        headers: { ...getHeaders, 'mcp-name': '=?base64?eA==?=' },
      },
      {
        what: 'Mcp-Name in broken Base64',
        body: get,
        headers: { ...getHeaders, 'mcp-name': '=?base64?Z2V0X3NjYW4?=' },
      },
      { what: 'Mcp-Name in Base64 of no UTF-8', body: get, headers: { ...getHeaders, 'mcp-name': '=?base64?/w==?=' } },
      { what: 'resources/read without Mcp-Name', ...modern('resources/read', { uri: 'file:///x' }) },
      ...[
        ['no clientCapabilities', meta({}, ['io.modelcontextprotocol/clientCapabilities'])],
        ['a protocol version that is a number', meta({ 'io.modelcontextprotocol/protocolVersion': 2026 })],
        ['a 2025-era revision in the envelope', meta({ 'io.modelcontextprotocol/protocolVersion': '2025-06-18' })],
        ['a later revision', meta({ 'io.modelcontextprotocol/protocolVersion': '2027-01-01' })],
        ['client info without a version', meta({ 'io.modelcontextprotocol/clientInfo': { name: 'x' } })],
        ['no client info', meta({}, ['io.modelcontextprotocol/clientInfo'])],
        ['a log level', meta({ 'io.modelcontextprotocol/logLevel': 'debug' })],
        ['an unknown log level', meta({ 'io.modelcontextprotocol/logLevel': 'loud' })],
        ['capabilities that are a list', meta({ 'io.modelcontextprotocol/clientCapabilities': [] })],
        [
          'malformed capabilities',
          meta({ 'io.modelcontextprotocol/clientCapabilities': { roots: { listChanged: 1 } } }),
        ],
        ['a progress token', meta({ progressToken: 'p' })],
      ].map(([what, envelope]) => ({
        what: what as string,
        body: request('tools/list', { _meta: envelope }),
        headers: {
          ...listHeaders,
          'mcp-protocol-version': String(
            (envelope as Record<string, unknown>)['io.modelcontextprotocol/protocolVersion'],
          ),
        },
      })),
      {
        what: 'a modern header on a request without an envelope',
        body: request('tools/list'),
        headers: { 'mcp-protocol-version': '2026-07-28' },
      },
      {
        what: 'a modern header on a request whose _meta has no claim',
        body: request('tools/list', { _meta: { progressToken: 1 } }),
        headers: { 'mcp-protocol-version': '2026-07-28' },
      },
      {
        what: 'a revision that sorts after 2026-07-28',
        body: request('tools/list'),
        headers: { 'mcp-protocol-version': '9' },
      },
      {
        what: 'initialize with a modern header',
        body: initialize('2025-06-18'),
        headers: { 'mcp-protocol-version': '2026-07-28' },
      },
      {
        what: 'a notification whose claim is not a string',
        body: notification('notifications/cancelled', { _meta: { 'io.modelcontextprotocol/protocolVersion': 1 } }),
      },
      {
        what: 'a notification claiming a 2025-era revision',
        body: notification('notifications/cancelled', {
          _meta: { 'io.modelcontextprotocol/protocolVersion': '2025-06-18' },
        }),
      },
      {
        what: 'a notification whose header disagrees with its claim',
        body: notification('notifications/cancelled', { _meta: ENVELOPE }),
        headers: { 'mcp-protocol-version': '2025-06-18' },
      },
      {
        what: 'a notification whose Mcp-Method disagrees',
        body: notification('notifications/cancelled', { _meta: ENVELOPE }),
        headers: { 'mcp-method': 'x' },
      },
      {
        what: 'a 2026 notification by header whose Mcp-Method disagrees',
        body: notification('notifications/cancelled'),
        headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'x' },
      },
    ]);
  });

  test('Accept and Content-Type: a 2025-era client must take both JSON and event streams; JSON is sent', async () => {
    const legacy = request('tools/list');
    const current = modern('tools/list');
    await assertSameAnswers([
      ...['text/html', 'application/json', 'text/event-stream', '*/*', 'Application/JSON, text/event-stream'].map(
        (accept) => ({ what: `Accept ${accept}`, body: legacy, headers: { accept } }),
      ),
      {
        what: 'Accept with parameters',
        body: legacy,
        headers: { accept: 'application/json;q=1, text/event-stream;q=0.5' },
      },
      { what: 'no Accept, 2026-07-28', body: current.body, headers: { ...current.headers, accept: 'text/html' } },
      ...[
        'text/plain',
        'application/json; charset=utf-8',
        'APPLICATION/JSON',
        'application/json;',
        'application/json; charset=',
        'application/json ; charset=utf-8',
        'application/json; a="x,y"',
        'application/json; a="x\\"y,z"',
        'application/json; a=x,y',
        'application/json,text/plain',
        'application/jsonx',
        'application/json-seq',
        'text/plain; a=application/json',
      ].map((type) => ({ what: `Content-Type ${type}`, body: legacy, headers: { 'content-type': type } })),
    ]);
  });

  test('progress: a call with a progress token hears of each phase on its own answer, in both eras', async () => {
    const scan = { name: 'security_headers_scan', arguments: { target: 'example.com' } };
    await assertSameAnswers([
      { what: '2025-era, a number token', body: request('tools/call', { ...scan, _meta: { progressToken: 3 } }) },
      { what: '2025-era, a string token', body: request('tools/call', { ...scan, _meta: { progressToken: 'p-1' } }) },
      { what: '2026-07-28, a token', ...modern('tools/call', scan, { ...ENVELOPE, progressToken: 'p-2' }) },
      { what: '2026-07-28, no token', ...modern('tools/call', scan) },
      {
        what: '2026-07-28, a token on a reused result',
        ...modern('tools/call', { name: 'get_scan', arguments: { scanId: 'x' } }, { ...ENVELOPE, progressToken: 1 }),
      },
    ]);
  });

  test('a client gone before the answer: a 2026-07-28 request gets 499 and its scan is cancelled', async () => {
    const scan = modern('tools/call', { name: 'email_security_scan', arguments: { target: 'example.com' } });
    await assertSameAnswers([
      { what: 'gone before a 2026-07-28 request', ...modern('tools/list'), gone: true },
      { what: 'gone before a 2026-07-28 notification', ...modern('notifications/cancelled'), gone: true },
      { what: 'gone before a 2025-era request (answered all the same)', body: request('ping'), gone: true },
    ]);
    for (const answerOf of [ownAnswer, sdkAnswer]) {
      let scanStarted!: () => void;
      const started = new Promise<void>((resolve) => (scanStarted = resolve));
      let cancelled = false;
      const ctx = freshContext();
      ctx.services.scanners = {
        'email-security': (_target, { signal }) =>
          new Promise((_resolve, reject) => {
            scanStarted();
            signal.addEventListener('abort', () => {
              cancelled = true;
              reject(new Error('cancelled'));
            });
          }),
      };
      const client = new AbortController();
      const answer = answerOf(post(scan.headers, client.signal), scan.body, ctx);
      await started;
      client.abort();
      assert.deepEqual(await answer, { status: 499, headers: {}, body: '' }, answerOf.name);
      assert.equal(cancelled, true, answerOf.name);
    }
  });
});

describe('where the wire differs from the SDK on purpose', () => {
  test('a name every object has (constructor, toString) is an unknown tool; the SDK says "disabled"', async () => {
    for (const name of ['constructor', 'toString', '__proto__']) {
      const { body } = await ownAnswer(post(), call(name, {}), freshContext());
      assert.match(body, new RegExp(`"error":\\{"code":-32602,"message":"Tool ${name} not found"\\}`));
    }
  });
});
