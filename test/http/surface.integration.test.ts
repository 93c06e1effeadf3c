/**
 * No spelling of a path reaches a counted route uncounted: trailing and doubled slashes, case and
 * percent-encoding either reach the route, and count as it does, or reach nothing (404).
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { freshIp, startHarness, type Harness } from '../support/harness.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});

const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};
/** A tool call: MCP work, charged to the API budget (handshake messages have their own). */
const TOOL_CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_scan', arguments: { scanId: 'A'.repeat(22) } },
});
const SCAN = JSON.stringify({ target: 'https://spelling.example' });

const SPELLINGS: { method: string; paths: string[]; body?: string; headers?: Record<string, string> }[] = [
  {
    method: 'GET',
    paths: [
      '/api/v1/agent/tools/',
      '/api/v1/agent/tools//',
      '/api/v1//agent/tools',
      '/API/v1/agent/tools',
      '/api/v1/agent/%74ools',
      '/api/agent/tools/',
    ],
  },
  {
    method: 'POST',
    paths: [
      '/api/v1/agent/tools/security-headers/execute/',
      '/api/v1/agent/tools/security-headers/execute//',
      '/api/v1/agent/tools/security-headers//execute',
      '/api/v1/agent/tools/Security-Headers/execute',
      '/api/v1/agent/tools/security%2Dheaders/execute',
      '/api/v1/agent/tools/security-headers/%65xecute',
    ],
    body: SCAN,
    headers: { 'content-type': 'application/json' },
  },
  {
    method: 'POST',
    paths: ['/mcp/', '/mcp//', '/mcp///', '/MCP', '/%6Dcp', '/mcp%2F'],
    body: TOOL_CALL,
    headers: MCP_HEADERS,
  },
  { method: 'GET', paths: ['/api/badge/example.com/', '/api/badge//example.com', '/API/badge/example.com'] },
];

test('every spelling either reaches nothing or is counted like the route it reaches', async () => {
  const reached: string[] = [];
  for (const { method, paths, body, headers } of SPELLINGS) {
    for (const path of paths) {
      const scansBefore = h.scanners['security-headers'].calls.length;
      const res = await h.request(path, {
        ip: freshIp(),
        method,
        ...(headers ? { headers } : {}),
        ...(body ? { body } : {}),
      });
      await res.arrayBuffer();
      const scanned = h.scanners['security-headers'].calls.length > scansBefore;
      if (res.status === 404) {
        assert.equal(scanned, false, `${method} ${path}: a 404 runs nothing`);
        continue;
      }
      reached.push(`${method} ${path}`);
      const badge = path.toLowerCase().includes('badge');
      const limit = badge ? SPEC_LIMITS.badgePerMinute : SPEC_LIMITS.anonymousPerMinute;
      assert.equal(
        res.headers.get('ratelimit-remaining'),
        String(limit - 1),
        `${method} ${path} (${res.status}) counted`,
      );
    }
  }
});

test('the spelling the router accepts for /mcp is refused at the same limit as /mcp', async () => {
  const ip = freshIp();
  const post = (path: string) => h.request(path, { ip, method: 'POST', headers: MCP_HEADERS, body: TOOL_CALL });
  for (let i = 0; i < SPEC_LIMITS.anonymousPerMinute; i++)
    await (await post(['/mcp', '/mcp/', '/mcp//'][i % 3]!)).text();
  assert.equal((await post('/mcp///')).status, 429);
});
