/**
 * What MCP adds to a scan: the same tool call through the official client (2026-07-28) and as a
 * REST execute request, against one server whose scanner answers at once, so the difference is
 * the protocol (JSON-RPC, the argument checks, the compact result) and not the scan. Alternating
 * rounds; the ratio is the figure to watch.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startServer } from '../../deploy/node/serve.ts';
import { UNLIMITED } from './unlimited.ts';
import { createApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import type { ScanOutcome } from '../../src/tools/tool.ts';

const ROUNDS = 5;
const CALLS = 200;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const OUTCOME: ScanOutcome = {
  assessed: true,
  grade: 'A',
  gradeScore: 90,
  result: { status: 'passed', message: 'Grade A.', details: { findings: [] } },
};

export async function measureMcpOverhead(): Promise<Record<string, number>> {
  const app = createApp({
    config: parseConfig({}),
    store: new MemoryStore(),
    limits: UNLIMITED,
    scanners: { 'email-security': async () => OUTCOME },
  });
  const server = await startServer(app, { port: 0, hostname: '127.0.0.1' });
  const client = new Client({ name: 'bench', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  const body = JSON.stringify({ target: 'example.com' });
  const rest = async () => {
    const res = await fetch(`${server.url}/api/v1/agent/tools/email-security/execute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    if (res.status !== 200) throw new Error(`REST execute answered ${res.status}`);
    await res.arrayBuffer();
  };
  const mcp = async () => {
    const result = await client.callTool({ name: 'email_security_scan', arguments: { target: 'example.com' } });
    if (result.isError) throw new Error(`MCP call failed: ${JSON.stringify(result.content)}`);
  };
  const perCall = async (call: () => Promise<void>) => {
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) await call();
    return (performance.now() - started) / CALLS;
  };
  try {
    await perCall(rest);
    await perCall(mcp);
    const restMs: number[] = [];
    const mcpMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      restMs.push(await perCall(rest));
      mcpMs.push(await perCall(mcp));
    }
    const r = median(restMs);
    const m = median(mcpMs);
    return {
      rest_execute_call_ms: Math.round(r * 100) / 100,
      mcp_tool_call_ms: Math.round(m * 100) / 100,
      mcp_vs_rest_call_ratio: Math.round((m / r) * 100) / 100,
    };
  } finally {
    await client.close();
    await server.close(1000);
  }
}
