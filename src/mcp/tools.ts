/**
 * The MCP face of the registered tools (each entry's `mcp` names and describes its tool), and the
 * server a request gets. Tool calls run the same scan pipeline as REST execute.
 */
import {
  McpServer,
  type CallToolResult,
  type ServerContext,
  type StandardSchemaWithJSON,
} from '@modelcontextprotocol/server';
import type { RequestContext } from '../context.ts';
import { ApiError } from '../http/problem.ts';
import { scanWithTool } from '../scan/pipeline.ts';
import {
  jsonSchemaOf,
  ProblemSchema,
  ScanResponseSchema,
  TOOL_INPUT_SCHEMAS,
  UnassessedScanSchema,
} from '../schemas.ts';
import { scopeRefusal } from '../scopes.ts';
import { ALLOWLISTED_TOOLS, type ToolName } from '../tools/registry.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';
import { refusalResult } from './refusals.ts';
import { summarizeScan } from './summary.ts';

const SERVER_INFO = { name: 'agent-scan', title: 'Agent Scan API', version: '1.0.0' };
const INSTRUCTIONS =
  `Two non-intrusive security checks: ${ALLOWLISTED_TOOLS.map((t) => `${t.mcp.name} ${t.mcp.purpose}`).join(', ')}. ` +
  'Results carry the grade, score, findings with recommendations, and a tool page URL. ' +
  'Refusals are tool errors whose structured content is a problem document: ' +
  'code, detail, hint and, for rate_limit_exceeded, retryAfterSec.';

/**
 * The JSON Schemas come from the REST schemas; validation is left to the scan pipeline so an MCP
 * caller gets exactly the REST API's messages (the SDK would otherwise answer first with its own).
 */
function describedBy(jsonSchema: Record<string, unknown>): StandardSchemaWithJSON {
  return {
    '~standard': {
      version: 1,
      vendor: 'agent-scan',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => jsonSchema, output: () => jsonSchema },
    },
  };
}

/**
 * Structured content must match the output schema, and some clients check it on error results
 * too (the 2025-era SDK does): a result is the REST success body, the 422 body, or a problem.
 */
const OUTPUT_SCHEMA = describedBy({
  type: 'object',
  description:
    'The REST execute body: ScanResponse on success; ' +
    'UnassessedScan (isError) when the scan could not assess the target; ' +
    'Problem (isError) when the call was refused.',
  anyOf: [jsonSchemaOf(ScanResponseSchema), jsonSchemaOf(UnassessedScanSchema), jsonSchemaOf(ProblemSchema)],
});

/** What the route hands each tool call through the SDK (in `authInfo.extra`). */
export interface CallScope {
  ctx: RequestContext;
  request: Request;
}

function callScope(sdk: ServerContext): CallScope {
  const scope = sdk.http?.authInfo?.extra?.['agentScan'] as CallScope | undefined;
  if (!scope) throw new Error('MCP tool called without the request context');
  return scope;
}

async function callTool(tool: ToolEntry<ToolName>, args: unknown, sdk: ServerContext): Promise<CallToolResult> {
  const { ctx, request } = callScope(sdk);
  try {
    const refusal = scopeRefusal(ctx.principal, 'tools:execute', 'running a scan requires');
    if (refusal) throw refusal;
    const reply = await scanWithTool(tool, args ?? {}, request, ctx, sdk.mcpReq.signal);
    const text = summarizeScan(tool, reply.body);
    const content: CallToolResult['content'] = [
      { type: 'text', text },
      { type: 'text', text: JSON.stringify(reply.body) },
    ];
    return reply.assessed
      ? { content, structuredContent: reply.body }
      : { isError: true, content, structuredContent: reply.body };
  } catch (error) {
    if (error instanceof ApiError) return refusalResult(ctx, error);
    ctx.services.onError(error, request);
    return refusalResult(
      ctx,
      new ApiError('internal_error', { detail: 'An unexpected error occurred; it has been logged.' }),
    );
  }
}

/** Each tool's registration, built once: only the server object is per request. */
const REGISTRATIONS = ALLOWLISTED_TOOLS.map((tool: ToolEntry<ToolName>) => {
  const config = {
    title: tool.title,
    description: tool.mcp.description,
    inputSchema: describedBy(TOOL_INPUT_SCHEMAS[tool.name]),
    outputSchema: OUTPUT_SCHEMA,
    annotations: {
      title: tool.title,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    },
  };
  return { name: tool.mcp.name, config, handler: (args: unknown, sdk: ServerContext) => callTool(tool, args, sdk) };
});

/** A fresh server per request: the transport is stateless (and the SDK serves one request per server). */
export function buildMcpServer(): McpServer {
  // The tool list never changes and a stateless server sends no notifications.
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
  });
  for (const { name, config, handler } of REGISTRATIONS) server.registerTool(name, config, handler);
  return server;
}
