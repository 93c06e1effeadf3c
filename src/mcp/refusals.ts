/**
 * Refusals on the MCP endpoint keep the problem document (code, detail, hint, retryAfterSec) so
 * an agent can act on them. Two levels, as the MCP specification separates them:
 * - the HTTP request is refused (bad key, per-minute limit, body limit, Origin, store down):
 *   the REST status and headers, with a JSON-RPC error whose `data` is the problem;
 * - a tool call is refused (quota, scope, invalid target, not assessable): a tool result with
 *   `isError: true`, the problem as structured content and a readable line for the model.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { RequestContext } from '../context.ts';
import { ERRORS, type ErrorCode } from '../http/errors.ts';
import { problemBody, type ApiError, type ProblemOptions } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import { summarizeProblem } from './summary.ts';

/** JSON-RPC codes: the standard ones where they fit, else -32000 as the SDK uses for transport refusals. */
const JSON_RPC_CODE: Partial<Record<ErrorCode, number>> = { bad_request: -32600, internal_error: -32603 };

export function mcpProblemResponse(ctx: RequestContext, code: ErrorCode, options: ProblemOptions): Response {
  const problem = problemBody(ctx.baseUrl, code, options);
  const headers: Record<string, string> = { ...options.headers, 'content-type': 'application/json' };
  if (options.retryAfterSec !== undefined) headers['retry-after'] = String(options.retryAfterSec);
  const body = { jsonrpc: '2.0', id: null, error: { code: JSON_RPC_CODE[code] ?? -32000, message: options.detail, data: problem } };
  return respond(ctx, JSON.stringify(body), { status: ERRORS[code].status, headers });
}

export function refusalResult(ctx: RequestContext, error: ApiError): CallToolResult {
  const problem = problemBody(ctx.baseUrl, error.code, error.options);
  return { isError: true, content: [{ type: 'text', text: summarizeProblem(problem) }], structuredContent: problem };
}
