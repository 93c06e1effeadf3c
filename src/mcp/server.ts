/**
 * The MCP server a request gets (src/mcp/endpoint.ts), and the tool list it serves, in the order
 * of tools/list:
 * - `security_headers_scan`, `email_security_scan`: one scan tool per registered tool, in the
 *   registry's order (scan-tools.ts, src/tools/registry.ts);
 * - `get_scan`, `scan_history`: the read-only tools over kept scans (stored-scan-tools.ts).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { ALLOWLISTED_TOOLS } from '../tools/registry.ts';
import { SCAN_TOOLS } from './scan-tools.ts';
import { STORED_SCAN_TOOLS } from './stored-scan-tools.ts';

const MCP_TOOLS = [...SCAN_TOOLS, ...STORED_SCAN_TOOLS];

const SERVER_INFO = { name: 'agent-scan', title: 'Agent Scan API', version: '1.0.0' };
const INSTRUCTIONS = [
  `Two non-intrusive security checks: ${ALLOWLISTED_TOOLS.map((t) => `${t.mcp.name} ${t.mcp.purpose}`).join(', ')}.`,
  'A result gives the grade, the score, the problems that matter with their fixes, a scanId and a permalink.',
  'detail "full" returns the complete result instead.',
  'get_scan reads a kept scan back by its scanId, and scan_history lists the kept scans of a target (30 days).',
  'maxAgeSec reuses a recent result of the same target instead of scanning again, and spends no scan quota.',
  'A refused call is a tool error whose structured content says what went wrong, what to do, and how long to wait.',
].join(' ');

/** A fresh server per request: the transport is stateless (and the SDK serves one request per server). */
export function buildMcpServer(): McpServer {
  // The tool list never changes and a stateless server sends no notifications.
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
  });
  for (const { name, config, handler } of MCP_TOOLS) server.registerTool(name, config, handler);
  return server;
}
