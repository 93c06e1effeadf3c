/**
 * `POST /mcp`: the MCP Streamable HTTP endpoint (2026-07-28 stateless, and 2025-era clients
 * statelessly), behind the same key check, body limit and body deadline as the REST API. Each
 * message is charged by what it does once it is read (message-charge.ts). The scan quota is
 * counted by the tool calls themselves, in the same counters as REST.
 * The Origin check (origin-check.ts) runs before it.
 */
import type { Handler, RequestContext } from '../context.ts';
import { readJsonBody } from '../http/json-body.ts';
import { ApiError } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import { MAX_BODY_BYTES } from '../limits.ts';
import { chargeMcpMessage } from '../middleware/rate-limit.ts';
import { answerMessage } from './exchange.ts';
import { PARSE_ERROR } from './json-rpc.ts';
import { chargeOf } from './message-charge.ts';
import { protocolRefusalResponse } from './refusals.ts';

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
      jsonRpc: { code: PARSE_ERROR },
    });
  }
  noteMessage(ctx, parsedBody);
  await chargeMcpMessage(ctx, chargeOf(parsedBody));
  refuseUnsupported(parsedBody);
  const answer = await answerMessage(request, parsedBody, ctx);
  if ('refusal' in answer) return protocolRefusalResponse(ctx, answer.refusal);
  const { status, headers, body } = answer;
  return respond(ctx, body, { status, headers });
};
