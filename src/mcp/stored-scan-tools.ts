/**
 * The read-only MCP tools over kept scans: `get_scan` (one scan by id) and `scan_history` (a tool
 * and target's scans). They read this service's store only, run no scan and spend no scan quota;
 * like their REST routes (src/api/scans.ts) they need the `tools:read` scope of a key.
 */
import * as v from 'valibot';
import type { RequestContext } from '../context.ts';
import { ApiError } from '../http/problem.ts';
import { ageSeconds, historyBody, storedScanBody } from '../scan/envelope.ts';
import { findStoredScan, targetHistory } from '../scan/stored-scans.ts';
import { AnyProblemSchema } from '../contract/problem-schemas.ts';
import { jsonSchemaOf } from '../contract/request-schemas.ts';
import { scopeRefusal } from '../scopes.ts';
import { ALLOWLISTED_TOOLS, findTool } from '../tools/registry.ts';
import {
  GetScanArgumentsSchema,
  ScanHistoryArgumentsSchema,
  ScanHistorySchema,
  StoredScanSchema,
} from './stored-scan-schemas.ts';
import { summarizeHistory, summarizeScan } from './summary.ts';
import { compactScan } from './compact.ts';
import { CompactScanSchema } from './compact-schemas.ts';
import { runCall, scanResult, type McpTool, type ToolCall, type ToolResult } from './tool-calls.ts';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** The arguments as `schema` reads them, or the 400 an agent can correct them from (`hint`: what to give). */
function argumentsOf<S extends v.GenericSchema>(schema: S, args: unknown, hint: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, args ?? {});
  if (!parsed.success) throw new ApiError('bad_request', { detail: parsed.issues[0].message, hint });
  return parsed.output;
}

const TOOL_NAMES = ALLOWLISTED_TOOLS.map((t) => t.name).join(' or ');
const GET_SCAN_HINT =
  'Give "scanId": the scanId of a scan result, a string of 22 characters. ' +
  '"detail" is "compact" (the default) or "full".';
const HISTORY_HINT = `Give "tool" (${TOOL_NAMES}) and "target", written as it was given to the scan tool.`;

function requireRead(ctx: RequestContext): void {
  const refusal = scopeRefusal(ctx.principal, 'tools:read', 'reading kept scans requires');
  if (refusal) throw refusal;
}

async function getScan(args: unknown, { ctx }: ToolCall): Promise<ToolResult> {
  requireRead(ctx);
  const { scanId, detail = 'compact' } = argumentsOf(GetScanArgumentsSchema, args, GET_SCAN_HINT);
  const scan = await findStoredScan(ctx, scanId);
  const body = await storedScanBody(scan, ctx);
  const tool = findTool(scan.tool);
  const text = summarizeScan(tool, body, 'stored', ageSeconds(scan, ctx.services.now()), detail);
  return scanResult(text, detail === 'full' ? body : compactScan(tool, body));
}

async function scanHistory(args: unknown, { ctx }: ToolCall): Promise<ToolResult> {
  requireRead(ctx);
  const { tool: name, target: rawTarget } = argumentsOf(ScanHistoryArgumentsSchema, args, HISTORY_HINT);
  const tool = findTool(name);
  if (!tool) throw new Error(`the schema let through an unknown tool ${name}`);
  const { target, scans } = await targetHistory(ctx, tool, rawTarget);
  const body = historyBody(tool.name, target, scans, ctx);
  return scanResult(summarizeHistory(body), body);
}

/** The success shapes or, on an error result, the problem (some clients check error results against the schema too). */
const orProblem = (schemas: v.GenericSchema[], success: string) => ({
  type: 'object',
  description: `${success}; Problem (isError) when the call was refused.`,
  anyOf: [...schemas.map((schema) => jsonSchemaOf(schema)), jsonSchemaOf(AnyProblemSchema)],
});

/** Registered after the scan tools, in this order. */
export const STORED_SCAN_TOOLS = [
  {
    name: 'get_scan',
    config: {
      title: 'Get a kept scan',
      description:
        'Read back a scan this service ran in the last 30 days, by the scanId of its result. ' +
        'It gives the grade, the score, the problems with their fixes, when it ran, and its permalink. ' +
        'detail "full" gives the complete result with every test, record and DNS answer. ' +
        'Use it to return to an earlier result, to look at one someone shared, or to read a full result. ' +
        'It runs no scan and spends no scan quota.',
      inputSchema: jsonSchemaOf(GetScanArgumentsSchema),
      outputSchema: orProblem(
        [CompactScanSchema, StoredScanSchema],
        'CompactScan by default, StoredScan with detail "full": the kept scan, assessed or not',
      ),
      annotations: { title: 'Get a kept scan', ...READ_ONLY },
    },
    call: getScan,
  },
  {
    name: 'scan_history',
    config: {
      title: 'Scan history of a target',
      description:
        'List the kept scans of one target by one scan tool, newest first: when each ran, its grade and its scanId. ' +
        'Scans are kept 30 days, at most 50 per tool and target. ' +
        'The target is normalised as the scan tools do. ' +
        'Use it to see whether a grade changed over time, or to find a recent result before scanning again. ' +
        'It runs no scan and spends no scan quota.',
      inputSchema: jsonSchemaOf(ScanHistoryArgumentsSchema),
      outputSchema: orProblem([ScanHistorySchema], 'ScanHistory: the scans, newest first'),
      annotations: { title: 'Scan history of a target', ...READ_ONLY },
    },
    call: scanHistory,
  },
].map(({ name, config, call }): McpTool => ({
  name,
  config,
  handler: (args, toolCall) => runCall(toolCall, () => call(args, toolCall)),
}));
