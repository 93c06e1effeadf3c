/**
 * What the MCP server is: its identity, instructions and capabilities, and the tool list it
 * serves, in the order of tools/list:
 * - `security_headers_scan`, `email_security_scan`: one scan tool per registered tool, in the
 *   registry's order (scan-tools.ts, src/tools/registry.ts);
 * - `get_scan`, `scan_history`: the read-only tools over kept scans (stored-scan-tools.ts).
 */
import { ALLOWLISTED_TOOLS } from '../tools/registry.ts';
import { SCAN_TOOLS } from './scan-tools.ts';
import { STORED_SCAN_TOOLS } from './stored-scan-tools.ts';
import type { McpTool } from './tool-calls.ts';

export const MCP_TOOLS: readonly McpTool[] = [...SCAN_TOOLS, ...STORED_SCAN_TOOLS];

export const SERVER_INFO = { name: 'agent-scan', title: 'Agent Scan API', version: '1.0.0' };
/** The tool list never changes, and a stateless server sends no notifications. */
export const CAPABILITIES = { tools: { listChanged: false } };
export const INSTRUCTIONS = [
  `Two non-intrusive security checks: ${ALLOWLISTED_TOOLS.map((t) => `${t.mcp.name} ${t.mcp.purpose}`).join(', ')}.`,
  'A result gives the grade, the score, the problems that matter with their fixes, a scanId and a permalink.',
  'detail "full" returns the complete result instead.',
  'get_scan reads a kept scan back by its scanId, and scan_history lists the kept scans of a target (30 days).',
  'maxAgeSec reuses a recent result of the same target instead of scanning again, and spends no scan quota.',
  'A refused call is a tool error whose structured content says what went wrong, what to do, and how long to wait.',
].join(' ');

let listed: Record<string, unknown>[] | undefined;

/**
 * The tools as tools/list describes them, built on first use. An input schema is an object schema
 * by definition, so it opens with `"type": "object"` (as the MCP SDK writes it, before the
 * schema's own members); an output schema is listed as it is.
 */
export function listedTools(): Record<string, unknown>[] {
  listed ??= MCP_TOOLS.map(({ name, config }) => ({
    name,
    title: config.title,
    description: config.description,
    inputSchema: { type: 'object', ...config.inputSchema },
    annotations: config.annotations,
    outputSchema: config.outputSchema,
  }));
  return listed;
}
