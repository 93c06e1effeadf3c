/**
 * The MCP face of the two scanners: one row per tool (MCP name → REST tool → description for
 * agents), and the server a request gets. Tool calls run the same scan pipeline as REST execute.
 */
import { McpServer, type CallToolResult, type ServerContext, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { TOOL_INPUT_SCHEMAS } from '../catalog.ts';
import type { RequestContext } from '../context.ts';
import { ApiError } from '../http/problem.ts';
import { scopeRefusal } from '../middleware/require-scope.ts';
import { scanWithTool } from '../routes/scan-pipeline.ts';
import { jsonSchemaOf, ProblemSchema, ScanResponseSchema, UnassessedScanSchema } from '../schemas.ts';
import { findTool } from '../tools/allowlist.ts';
import type { ToolName } from '../tools/tool.ts';
import { MCP_TOOL_NAMES } from './connection.ts';
import { refusalResult } from './refusals.ts';
import { summarizeScan } from './summary.ts';

const MCP_TOOLS: readonly { name: string; tool: ToolName; description: string }[] = [
  {
    name: MCP_TOOL_NAMES['security-headers'],
    tool: 'security-headers',
    description:
      "Grade a website's HTTP security headers from A+ to F, scored like the MDN HTTP Observatory: Content-Security-Policy, Strict-Transport-Security, cookies, X-Frame-Options, Referrer-Policy, CORS, redirects and more. Use it when asked whether a site or URL is configured securely, to check headers after a deploy, or to explain what a site should fix. It sends ordinary GET requests to the site only. For email or DNS questions use email_security_scan. Each call counts against the hourly scan quota, so do not repeat a scan to re-read its result.",
  },
  {
    name: MCP_TOOL_NAMES['email-security'],
    tool: 'email-security',
    description:
      "Grade a domain's email authentication from A+ to F: SPF, DMARC, DKIM (common selectors, or the ones you pass), MX, MTA-STS, TLS-RPT, BIMI and DNSSEC, with Google/Yahoo bulk-sender readiness. Use it when asked whether a domain can be spoofed or phished, why its mail lands in spam, or whether it meets sender requirements. Give the registrable domain (example.com), not a URL or address. It only reads public DNS and the MTA-STS policy file. Each call counts against the hourly scan quota.",
  },
];

const SERVER_INFO = { name: 'agent-scan', title: 'Agent Scan API', version: '1.0.0' };
const INSTRUCTIONS =
  'Two non-intrusive security checks: security_headers_scan grades a website, email_security_scan grades a domain\'s email authentication. Results carry the grade, score, findings with recommendations, and a tool page URL. Refusals are tool errors whose structured content is a problem document: code, detail, hint and, for rate_limit_exceeded, retryAfterSec.';

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
  } as StandardSchemaWithJSON;
}

/**
 * Structured content must match the output schema, and some clients check it on error results
 * too (the 2025-era SDK does): a result is the REST success body, the 422 body, or a problem.
 */
const OUTPUT_SCHEMA = describedBy({
  type: 'object',
  description: 'The REST execute body: ScanResponse on success; UnassessedScan (isError) when the scan could not assess the target; Problem (isError) when the call was refused.',
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

async function callTool(toolName: ToolName, args: unknown, sdk: ServerContext): Promise<CallToolResult> {
  const { ctx, request } = callScope(sdk);
  try {
    const refusal = scopeRefusal(ctx.principal, 'tools:execute', 'running a scan requires');
    if (refusal) throw refusal;
    const reply = await scanWithTool(findTool(toolName)!, args ?? {}, request, ctx, sdk.mcpReq.signal);
    const text = summarizeScan(reply.body);
    const content: CallToolResult['content'] = [
      { type: 'text', text },
      { type: 'text', text: JSON.stringify(reply.body) },
    ];
    return reply.assessed ? { content, structuredContent: reply.body } : { isError: true, content, structuredContent: reply.body };
  } catch (error) {
    if (error instanceof ApiError) return refusalResult(ctx, error);
    ctx.services.onError(error, request);
    return refusalResult(ctx, new ApiError('internal_error', { detail: 'An unexpected error occurred; it has been logged.' }));
  }
}

/** Each tool's registration, built once: only the server object is per request. */
const REGISTRATIONS = MCP_TOOLS.map((entry) => {
  const tool = findTool(entry.tool)!;
  const config = {
    title: tool.title,
    description: entry.description,
    inputSchema: describedBy(TOOL_INPUT_SCHEMAS[tool.name]),
    outputSchema: OUTPUT_SCHEMA,
    annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  };
  return { name: entry.name, config, handler: (args: unknown, sdk: ServerContext) => callTool(entry.tool, args, sdk) };
});

/** A fresh server per request: the transport is stateless (and the SDK serves one request per server). */
export function buildMcpServer(): McpServer {
  // The tool list never changes and a stateless server sends no notifications.
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  for (const { name, config, handler } of REGISTRATIONS) server.registerTool(name, config, handler);
  return server;
}
