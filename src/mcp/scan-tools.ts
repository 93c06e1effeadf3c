/**
 * The MCP face of the registered tools: one scan tool per registry entry (its `mcp` names and
 * describes it), running the same scan pipeline as REST execute.
 */
import { ageSeconds } from '../scan/envelope.ts';
import { scanWithTool } from '../scan/pipeline.ts';
import { AnyProblemSchema } from '../contract/problem-schemas.ts';
import { ScanOutlineSchema, UnassessedScanOutlineSchema } from '../contract/scan-envelope.ts';
import { jsonSchemaOf } from '../contract/request-schemas.ts';
import { scopeRefusal } from '../scopes.ts';
import { ALLOWLISTED_TOOLS, type ToolName } from '../tools/registry.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';
import { compactScan } from './compact.ts';
import { CompactScanSchema } from './compact-schemas.ts';
import { progressReporter } from './progress-notifications.ts';
import { scanArguments, scanInputSchema } from './scan-arguments.ts';
import { summarizeScan } from './summary.ts';
import { runCall, scanResult, type McpTool, type ToolCall } from './tool-calls.ts';

/**
 * Structured content must match the output schema, and some clients check it on error results
 * too (the 2025-era SDK does): the compact result, the full REST result (success or 422), or a problem.
 */
const OUTPUT_SCHEMA = {
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
};

async function callScan(tool: ToolEntry<ToolName>, args: unknown, call: ToolCall) {
  const { ctx } = call;
  const refusal = scopeRefusal(ctx.principal, 'tools:execute', 'running a scan requires');
  if (refusal) throw refusal;
  const { detail, input } = scanArguments(tool, args);
  const reply = await scanWithTool(tool, input, ctx, call.signal, progressReporter(call));
  const age = ageSeconds(reply.scan, ctx.services.now());
  const text = summarizeScan(tool, reply.body, reply.cached ? 'reused' : 'scanned', age, detail);
  return scanResult(text, detail === 'full' ? reply.body : compactScan(tool, reply.body), !reply.assessed);
}

/** Each scan tool, built once. */
export const SCAN_TOOLS = ALLOWLISTED_TOOLS.map((tool: ToolEntry<ToolName>): McpTool => {
  const config = {
    title: tool.title,
    description: tool.mcp.description,
    inputSchema: scanInputSchema(tool),
    outputSchema: OUTPUT_SCHEMA,
    annotations: {
      title: tool.title,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    },
  };
  const handler = (args: unknown, call: ToolCall) => runCall(call, () => callScan(tool, args, call));
  return { name: tool.mcp.name, config, handler };
});
