/**
 * `POST /mcp`: the MCP Streamable HTTP endpoint (2026-07-28 stateless, and 2025-era clients
 * statelessly), behind the same key check, body limit and body deadline as the REST API. Each
 * message is charged by what it does once it is read (message-charge.ts). The scan quota is
 * counted by the tool calls themselves, in the same counters as REST.
 * The Origin check (origin-check.ts) runs before it.
 */
import { createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { Handler, RequestContext } from '../context.ts';
import { readJsonBody } from '../http/json-body.ts';
import { ApiError } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import { MAX_BODY_BYTES } from '../limits.ts';
import { chargeMcpMessage } from '../middleware/rate-limit.ts';
import { chargeOf } from './message-charge.ts';
import { JSON_RPC_PARSE_ERROR, withProblemData } from './refusals.ts';
import type { CallScope } from './tool-calls.ts';
import { buildMcpServer } from './server.ts';

let handler: McpHttpHandler | undefined;

const MCP_BODY_HINT =
  'Send one JSON-RPC 2.0 message per POST, as MCP clients do; ' +
  'mcp.clientConfig in the tool catalog shows how to connect one.';

type Message = { id?: unknown; method?: unknown; params?: { name?: unknown } };

/** The JSON-RPC method (and the tool a `tools/call` names) for the access log; bounded, never arguments. */
function noteMessage(ctx: RequestContext, body: unknown): void {
  const message = (typeof body === 'object' && body !== null ? body : {}) as Message;
  if (typeof message.method !== 'string') return;
  const tool = message.method === 'tools/call' ? message.params?.name : undefined;
  ctx.notes.mcp = {
    method: message.method.slice(0, 64),
    ...(typeof tool === 'string' ? { tool: tool.slice(0, 64) } : {}),
  };
}

/** What this stateless endpoint does not take: batches (gone since 2025-06-18) and listen streams. */
function refuseUnsupported(body: unknown): void {
  if (Array.isArray(body)) {
    throw new ApiError('bad_request', {
      detail: 'JSON-RPC batches are not supported; send one message per POST.',
      hint: MCP_BODY_HINT,
      jsonRpc: { code: -32600 },
    });
  }
  const message = (typeof body === 'object' && body !== null ? body : {}) as Message;
  if (message.method === 'subscriptions/listen') {
    const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
    throw new ApiError('bad_request', {
      detail:
        'This server is stateless and sends no notifications: ' +
        'its tool list never changes, so there is nothing to listen to.',
      hint: 'Call tools/list once and keep the result.',
      jsonRpc: { code: -32601, id },
    });
  }
}

export const mcpEndpoint: Handler = async (request, ctx) => {
  let parsedBody: unknown;
  try {
    parsedBody = await readJsonBody(request, MAX_BODY_BYTES, {
      expected: 'one JSON-RPC message',
      subject: 'The MCP message',
      deadlineMs: ctx.runtime.bodyDeadlineMs,
    });
  } catch (error) {
    // A message that could not be read counts as work: no way around the API budget.
    await chargeMcpMessage(ctx, 'work');
    if (!(error instanceof ApiError && error.code === 'bad_request')) throw error;
    throw new ApiError('bad_request', {
      ...error.options,
      hint: MCP_BODY_HINT,
      jsonRpc: { code: JSON_RPC_PARSE_ERROR },
    });
  }
  noteMessage(ctx, parsedBody);
  await chargeMcpMessage(ctx, chargeOf(parsedBody));
  refuseUnsupported(parsedBody);
  // The body is read (and bounded) here; the SDK gets it parsed and a body-less copy of the request.
  const forwarded = new Request(request.url, {
    method: 'POST',
    headers: request.headers,
    ...(request.signal ? { signal: request.signal } : {}),
  });
  const scope: CallScope = { ctx };
  handler ??= createMcpHandler(buildMcpServer);
  const response = await handler.fetch(forwarded, {
    parsedBody,
    authInfo: { token: '', clientId: ctx.client, scopes: [], extra: { agentScan: scope } },
  });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  const { body, status } = await withProblemData(ctx, response);
  if (typeof body === 'string') delete headers['content-length'];
  return respond(ctx, body, { status, headers });
};
