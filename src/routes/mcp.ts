/**
 * `POST /mcp`: the MCP Streamable HTTP endpoint (2026-07-28 stateless, and 2025-era clients
 * statelessly), behind the same key check, per-minute limit and body limit as the REST API.
 * The scan quota is counted by the tool calls themselves, in the same counters as REST.
 */
import { createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { Handler } from '../context.ts';
import { readJsonBody } from '../http/json-body.ts';
import { ApiError } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import { MAX_BODY_BYTES } from '../limits.ts';
import { buildMcpServer, type CallScope } from '../mcp/tools.ts';

let handler: McpHttpHandler | undefined;

/**
 * The specification requires refusing a browser Origin the server does not expect (DNS
 * rebinding). Allowed: no Origin (not a browser), this service's own origin, MCP_ALLOWED_ORIGINS.
 */
export const mcpOrigin: Handler = (request, ctx) => {
  const origin = request.headers.get('origin');
  if (origin === null) return undefined;
  const allowed = ctx.services.config.mcpAllowedOrigins;
  if (origin === new URL(ctx.baseUrl).origin || allowed === '*' || allowed.includes(origin)) return undefined;
  throw new ApiError('forbidden', {
    detail: `Requests from the browser origin ${JSON.stringify(origin.slice(0, 200))} may not use the MCP endpoint.`,
    hint: 'Call the MCP endpoint from an MCP client rather than a web page, or ask the operator to add the origin to MCP_ALLOWED_ORIGINS.',
  });
};

export const mcpEndpoint: Handler = async (request, ctx) => {
  const parsedBody = await readJsonBody(request, MAX_BODY_BYTES);
  // The body is read (and bounded) here; the SDK gets it parsed and a body-less copy of the request.
  const forwarded = new Request(request.url, { method: 'POST', headers: request.headers, ...(request.signal ? { signal: request.signal } : {}) });
  const scope: CallScope = { ctx, request };
  handler ??= createMcpHandler(buildMcpServer);
  const response = await handler.fetch(forwarded, { parsedBody, authInfo: { token: '', clientId: ctx.client, scopes: [], extra: { agentScan: scope } } });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  return respond(ctx, response.body, { status: response.status, headers });
};
