/**
 * Refusals on the MCP endpoint keep the problem document (code, detail, hint, retryAfterSec) so
 * an agent can act on them. Two levels, as the MCP specification separates them:
 * - the HTTP request is refused (bad key, per-minute limit, body limit or deadline, Origin, store
 *   down, or the protocol's own checks of the message): the REST status and headers, with a
 *   JSON-RPC error whose `data` is the problem;
 * - a tool call is refused (quota, scope, invalid target, not assessable): a tool result with
 *   `isError: true`, the problem as structured content and a readable line for the model.
 */
import type { RequestContext } from '../context.ts';
import { MCP_PROTOCOL_VERSIONS } from '../contract/mcp-connection.ts';
import { ERROR_CODES, ERRORS, type ErrorCode } from '../http/errors.ts';
import { problemBody, problemHeaders, type ApiError, type ProblemOptions } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import { mcpHinted } from './hints.ts';
import type { Refusal } from './json-rpc.ts';
import { summarizeProblem } from './summary.ts';
import type { ToolResult } from './tool-calls.ts';

/** JSON-RPC codes: the standard ones where they fit, else -32000 as the transport uses for its refusals. */
const JSON_RPC_CODE: Partial<Record<ErrorCode, number>> = { bad_request: -32600, internal_error: -32603 };

export function mcpProblemResponse(ctx: RequestContext, code: ErrorCode, refusal: ProblemOptions): Response {
  const options = mcpHinted(code, refusal, ctx);
  const problem = problemBody(ctx.baseUrl, code, options, ctx.requestId);
  const headers = problemHeaders(options, 'application/json');
  ctx.notes.problem = code;
  const error = {
    code: options.jsonRpc?.code ?? JSON_RPC_CODE[code] ?? -32000,
    message: options.detail,
    data: problem,
  };
  return respond(ctx, JSON.stringify({ jsonrpc: '2.0', id: options.jsonRpc?.id ?? null, error }), {
    status: ERRORS[code].status,
    headers,
  });
}

export function refusalResult(ctx: RequestContext, error: ApiError): ToolResult {
  const problem = problemBody(ctx.baseUrl, error.code, mcpHinted(error.code, error.options, ctx), ctx.requestId);
  ctx.notes.problem = error.code;
  return { isError: true, content: [{ type: 'text', text: summarizeProblem(problem) }], structuredContent: problem };
}

/** The error code of a refusal's HTTP status. */
function codeForStatus(status: number): ErrorCode {
  const exact = ERROR_CODES.find((code) => ERRORS[code].status === status);
  return exact ?? (status >= 500 ? 'internal_error' : 'bad_request');
}

/** What to do about a refusal of the protocol itself: the message or its headers are not MCP as served here. */
const PROTOCOL_REFUSAL_HINT =
  'Send one JSON-RPC message of the MCP protocol per POST, with an MCP-Protocol-Version header of a ' +
  `revision this server speaks (${MCP_PROTOCOL_VERSIONS.join(', ')}); an official MCP client does this itself.`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The protocol's words speak of HTTP; a model reads of MCP messages (docs/mcp.md, "Wording"). */
const forModels = (protocolMessage: string) => protocolMessage.replace(/\bthe request body\b/gi, 'the MCP message');

/**
 * The answer to a message the protocol refuses (a wrong Content-Type or Accept, an unknown
 * protocol version, a malformed envelope, a method a 2026-07-28 client asked for that does not
 * exist): its JSON-RPC error gets the problem document in `data`, so every refusal reads the same.
 */
export function protocolRefusalResponse(ctx: RequestContext, { status, message }: Refusal): Response {
  const { error } = message;
  const detail = forModels(error.message);
  const code = codeForStatus(status);
  ctx.notes.problem = code;
  const protocolData = error.data;
  error.message = detail;
  error.data = {
    ...problemBody(ctx.baseUrl, code, { detail, hint: PROTOCOL_REFUSAL_HINT }, ctx.requestId),
    // What the protocol attached itself (e.g. the envelope it could not read) stays readable.
    ...(isObject(protocolData) ? { mcpData: protocolData } : {}),
  };
  return respond(ctx, JSON.stringify(message), { status, headers: { 'content-type': 'application/json' } });
}
