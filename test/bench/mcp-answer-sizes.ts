/**
 * How large MCP answers are: the whole JSON-RPC response of a tools/call and its structured
 * content, for each scan tool, by default (compact) and with `detail: "full"`. Real graders on
 * local targets (test/mcp/support.ts): an F-grade site for security-headers, a domain without
 * DMARC for email-security. Run alone: node --import tsx test/bench/mcp-answer-sizes.ts
 */
import { pathToFileURL } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startMcpWorld } from '../mcp/support.ts';

/** The JSON-RPC message of a response, whether it came as JSON or as one SSE event. */
function messageOf(text: string): string {
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim());
  return data.length > 0 ? data.join('') : text;
}

export async function measureMcpAnswerSizes(): Promise<Record<string, number>> {
  const world = await startMcpWorld({ socket: true });
  let answer = '';
  const recording = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await fetch(input, init);
    if (typeof init?.body === 'string' && init.body.includes('"tools/call"'))
      answer = messageOf(await response.clone().text());
    return response;
  };
  const client = new Client({ name: 'bench', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${world.h.url}/mcp`), { fetch: recording }));
  const figures: Record<string, number> = {};
  const cases = [
    ['security_headers', 'security_headers_scan', world.siteUrl('bare.test')],
    ['email_security', 'email_security_scan', 'nodmarc.test'],
  ] as const;
  try {
    for (const [label, name, target] of cases)
      for (const detail of ['compact', 'full'] as const) {
        const result = await client.callTool({ name, arguments: { target, ...(detail === 'full' ? { detail } : {}) } });
        if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
        figures[`mcp_${label}_${detail}_answer_bytes`] = Buffer.byteLength(answer);
        figures[`mcp_${label}_${detail}_structured_bytes`] = Buffer.byteLength(
          JSON.stringify(result.structuredContent),
        );
      }
  } finally {
    await client.close();
    await world.h.server.close(1000);
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [name, value] of Object.entries(await measureMcpAnswerSizes())) console.log(`${name}: ${value} bytes`);
  process.exit(0);
}
