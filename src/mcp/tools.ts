/**
 * The MCP face of the registered tools (each entry's `mcp` names and describes its tool), and the
 * server a request gets: one scan tool per registry entry, running the same scan pipeline as REST
 * execute, then the read-only tools over kept scans (stored-scan-tools.ts).
 */
import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { ageSeconds } from '../scan/envelope.ts';
import { scanWithTool } from '../scan/pipeline.ts';
import { AnyProblemSchema } from '../contract/problem-schemas.ts';
import { ScanOutlineSchema, UnassessedScanOutlineSchema } from '../contract/response-schemas.ts';
import { jsonSchemaOf } from '../contract/request-schemas.ts';
import { scopeRefusal } from '../scopes.ts';
import { ALLOWLISTED_TOOLS, type ToolName } from '../tools/registry.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';
import { STORED_SCAN_TOOLS } from './stored-scan-tools.ts';
import { compactScan } from './compact.ts';
import { CompactScanSchema } from './compact-schemas.ts';
import { progressReporter } from './progress.ts';
import { scanArguments, scanInputSchema } from './scan-arguments.ts';
import { summarizeScan } from './summary.ts';
import { describedBy, runCall, scanResult, type CallScope } from './tool-calls.ts';

const SERVER_INFO = { name: 'agent-scan', title: 'Agent Scan API', version: '1.0.0' };
const INSTRUCTIONS = [
  `Two non-intrusive security checks: ${ALLOWLISTED_TOOLS.map((t) => `${t.mcp.name} ${t.mcp.purpose}`).join(', ')}.`,
  'A result gives the grade, the score, the problems that matter with their fixes, a scanId and a permalink.',
  'detail "full" returns the complete result instead.',
  'get_scan reads a kept scan back by its scanId, and scan_history lists the kept scans of a target (30 days).',
  'maxAgeSec reuses a recent result of the same target instead of scanning again, and spends no scan quota.',
  'A refused call is a tool error whose structured content says what went wrong, what to do, and how long to wait.',
].join(' ');

/**
 * Structured content must match the output schema, and some clients check it on error results
 * too (the 2025-era SDK does): the compact result, the full REST result (success or 422), or a problem.
 */
const OUTPUT_SCHEMA = describedBy({
  type: 'object',
  description:
    'CompactScan by default (isError when the scan could not assess the target); ' +
    'with detail "full", ScanResponse, or UnassessedScan (isError) when the scan could not assess the target; ' +
    'Problem (isError) when the call was refused.',
  anyOf: [
    jsonSchemaOf(CompactScanSchema),
    jsonSchemaOf(ScanOutlineSchema),
    jsonSchemaOf(UnassessedScanOutlineSchema),
    jsonSchemaOf(AnyProblemSchema),
  ],
});

async function callScan(tool: ToolEntry<ToolName>, args: unknown, scope: CallScope, sdk: ServerContext) {
  const { ctx } = scope;
  const refusal = scopeRefusal(ctx.principal, 'tools:execute', 'running a scan requires');
  if (refusal) throw refusal;
  const { detail, input } = scanArguments(tool, args);
  const reply = await scanWithTool(tool, input, ctx, sdk.mcpReq.signal, progressReporter(sdk));
  const age = ageSeconds(reply.scan, ctx.services.now());
  const text = summarizeScan(tool, reply.body, reply.cached ? 'reused' : 'scanned', age, detail);
  return scanResult(text, detail === 'full' ? reply.body : compactScan(tool, reply.body), !reply.assessed);
}

/** Each tool's registration, built once: only the server object is per request. */
const REGISTRATIONS = ALLOWLISTED_TOOLS.map((tool: ToolEntry<ToolName>) => {
  const config = {
    title: tool.title,
    description: tool.mcp.description,
    inputSchema: describedBy(scanInputSchema(tool)),
    outputSchema: OUTPUT_SCHEMA,
    annotations: {
      title: tool.title,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    },
  };
  const handler = (args: unknown, sdk: ServerContext): Promise<CallToolResult> =>
    runCall(sdk, (scope) => callScan(tool, args, scope, sdk));
  return { name: tool.mcp.name, config, handler };
});

/** A fresh server per request: the transport is stateless (and the SDK serves one request per server). */
export function buildMcpServer(): McpServer {
  // The tool list never changes and a stateless server sends no notifications.
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
  });
  for (const { name, config, handler } of [...REGISTRATIONS, ...STORED_SCAN_TOOLS])
    server.registerTool(name, config, handler);
  return server;
}
