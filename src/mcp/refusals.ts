/**
 * Refusals on the MCP endpoint keep the problem document (code, detail, hint, retryAfterSec) so
 * an agent can act on them. Two levels, as the MCP specification separates them:
 * - the HTTP request is refused (bad key, per-minute limit, body limit or deadline, Origin, store
 *   down, or the SDK's own transport checks): the REST status and headers, with a JSON-RPC error
 *   whose `data` is the problem;
 * - a tool call is refused (quota, scope, invalid target, not assessable): a tool result with
 *   `isError: true`, the problem as structured content and a readable line for the model.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { RequestContext } from '../context.ts';
import { MCP_PROTOCOL_VERSIONS } from '../contract/mcp-connection.ts';
import { ERROR_CODES, ERRORS, type ErrorCode } from '../http/errors.ts';
import { reportError } from '../ops/access-log.ts';
import { problemBody, problemHeaders, type ApiError, type ProblemOptions } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import { mcpHinted } from './hints.ts';
import { summarizeProblem } from './summary.ts';

/** JSON-RPC codes: the standard ones where they fit, else -32000 as the SDK uses for transport refusals. */
const JSON_RPC_CODE: Partial<Record<ErrorCode, number>> = { bad_request: -32600, internal_error: -32603 };

export const JSON_RPC_PARSE_ERROR = -32700;

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

export function refusalResult(ctx: RequestContext, error: ApiError): CallToolResult {
  const problem = problemBody(ctx.baseUrl, error.code, mcpHinted(error.code, error.options, ctx), ctx.requestId);
  ctx.notes.problem = error.code;
  return { isError: true, content: [{ type: 'text', text: summarizeProblem(problem) }], structuredContent: problem };
}

/** The error code of an HTTP status the SDK answered with. */
function codeForStatus(status: number): ErrorCode {
  const exact = ERROR_CODES.find((code) => ERRORS[code].status === status);
  return exact ?? (status >= 500 ? 'internal_error' : 'bad_request');
}

/** What to do about a refusal the MCP SDK made itself: the message or its headers are not MCP as served here. */
const SDK_REFUSAL_HINT =
  'Send one JSON-RPC message of the MCP protocol per POST, with an MCP-Protocol-Version header of a ' +
  `revision this server speaks (${MCP_PROTOCOL_VERSIONS.join(', ')}); an official MCP client does this itself.`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Our own problem document, already in `data`. */
const isProblem = (value: unknown) => isObject(value) && value['success'] === false && 'requestId' in value;

/** The SDK's own refusals speak of HTTP; a model reads of MCP messages (docs/mcp.md, "Wording"). */
const forModels = (sdkMessage: string) => sdkMessage.replace(/\bthe request body\b/gi, 'the MCP message');

/** The shape of the SDK's JSON-RPC error replies (what `withProblemData` reads and fills in). */
type JsonRpcReply = { error?: { message?: unknown; data?: unknown } };

/**
 * The SDK refuses some requests itself (wrong Content-Type or Accept, an unknown protocol
 * version, a malformed envelope). Its JSON-RPC error gets the problem document in `data`, so
 * every refusal reads the same; an SDK 5xx is a bug and is reported.
 */
export async function withProblemData(
  ctx: RequestContext,
  response: Response,
): Promise<{ body: BodyInit | null; status: number }> {
  if (response.status < 400 || !(response.headers.get('content-type') ?? '').includes('application/json')) {
    return { body: response.body, status: response.status };
  }
  const text = await response.text();
  let message: JsonRpcReply | null = null;
  try {
    message = JSON.parse(text) as JsonRpcReply | null;
  } catch {
    // not JSON after all: pass it on as it is
  }
  const detail =
    typeof message?.error?.message === 'string'
      ? forModels(message.error.message)
      : `The MCP handler answered ${response.status}.`;
  if (response.status >= 500) reportError(ctx, new Error(`MCP handler answered ${response.status}: ${detail}`));
  const sdkData = message?.error?.data;
  if (!message?.error || isProblem(sdkData)) return { body: text, status: response.status };
  const code = codeForStatus(response.status);
  ctx.notes.problem = code;
  message.error.message = detail;
  message.error.data = {
    ...problemBody(ctx.baseUrl, code, { detail, hint: SDK_REFUSAL_HINT }, ctx.requestId),
    // What the SDK attached itself (e.g. the envelope it could not read) stays readable.
    ...(isObject(sdkData) ? { mcpData: sdkData } : {}),
  };
  return { body: JSON.stringify(message), status: response.status };
}
