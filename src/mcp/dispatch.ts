/**
 * The methods this server answers, in each era, and their answers as each era writes them. A
 * 2025-era client gets `initialize`, `ping`, `tools/list` and `tools/call`; a 2026-07-28 client
 * gets `server/discover`, `tools/list` and `tools/call`. Any other method is -32601. Params are
 * checked as the MCP schema defines them (param-schemas.ts); the tools' own arguments are checked
 * by the tools, so that an agent reads the API's messages.
 */
import type { RequestContext } from '../context.ts';
import {
  INTERNAL_ERROR,
  INVALID_PARAMS,
  METHOD_NOT_FOUND,
  requestError,
  type JsonRpcError,
  type JsonRpcErrorMessage,
  type JsonRpcRequest,
  type RequestId,
} from './json-rpc.ts';
import { issuesOf, issuesText } from './param-checks.ts';
import { REQUESTS } from './param-schemas.ts';
import { LEGACY_VERSIONS, MODERN_VERSIONS } from './protocol-versions.ts';
import { CAPABILITIES, INSTRUCTIONS, listedTools, MCP_TOOLS, SERVER_INFO } from './server.ts';
import type { ProgressNotification, ProgressToken } from './tool-calls.ts';

export type Era = 'legacy' | 'modern';

/** The HTTP exchange a request is answered in: its context, and a channel for notifications on the answer. */
export interface Exchange {
  ctx: RequestContext;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  notify(notification: ProgressNotification): Promise<void>;
}

type Result = Record<string, unknown>;
type Method = (params: Record<string, unknown>, exchange: Exchange) => Result | Promise<Result>;

class MethodError extends Error {
  constructor(readonly error: JsonRpcError) {
    super(error.message);
  }
}

const invalidParams = (message: string, data?: unknown) =>
  new MethodError({ code: INVALID_PARAMS, message, ...(data === undefined ? {} : { data }) });

function initialize(params: Record<string, unknown>): Result {
  const requested = params['protocolVersion'] as string;
  const protocolVersion = LEGACY_VERSIONS.includes(requested) ? requested : LEGACY_VERSIONS[0];
  return { protocolVersion, capabilities: CAPABILITIES, serverInfo: SERVER_INFO, instructions: INSTRUCTIONS };
}

/** A tool call: the tool's result, in the members' order of the MCP schema, or an error if there is no such tool. */
async function callTool(params: Record<string, unknown>, exchange: Exchange): Promise<Result> {
  const { name, requestState } = params;
  // A retry of a multi round-trip call carries the state the server gave; this server never gives one.
  if (requestState !== undefined && typeof requestState !== 'string')
    throw invalidParams('Invalid or expired requestState', { reason: 'invalid_request_state' });
  const tool = MCP_TOOLS.find((candidate) => candidate.name === name);
  if (!tool) throw invalidParams(`Tool ${String(name)} not found`);
  const meta = params['_meta'] as { progressToken?: ProgressToken } | undefined;
  const args = (params['arguments'] ?? {}) as Record<string, unknown>;
  try {
    const { content, structuredContent, isError } = await tool.handler(args, {
      ...exchange,
      progressToken: meta?.progressToken,
    });
    return { content, structuredContent, ...(isError === undefined ? {} : { isError }) };
  } catch (error) {
    return { content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }], isError: true };
  }
}

const METHODS: Record<Era, Record<string, Method>> = {
  legacy: {
    initialize,
    ping: () => ({}),
    'tools/list': () => ({ tools: listedTools() }),
    'tools/call': callTool,
  },
  modern: {
    'server/discover': () => ({
      supportedVersions: MODERN_VERSIONS,
      capabilities: CAPABILITIES,
      instructions: INSTRUCTIONS,
    }),
    'tools/list': () => ({ tools: listedTools() }),
    'tools/call': callTool,
  },
};

/** Whether `method` is answered in `era`; any other is -32601, before anything runs. */
export const answers = (era: Era, method: string) => Object.hasOwn(METHODS[era], method);

export const methodNotFound = (id: RequestId) =>
  requestError(id, { code: METHOD_NOT_FOUND, message: 'Method not found' });

/** The results 2026-07-28 clients may cache, for as long as the answer says (here: not at all). */
const CACHEABLE = ['tools/list', 'server/discover'];

/**
 * A result as the era writes it: as it is for a 2025-era client; for a 2026-07-28 one, marked
 * complete, with its cache policy where it has one, and naming the server that answered.
 */
function encoded(era: Era, method: string, result: Result): Result {
  if (era === 'legacy') return result;
  const cache = CACHEABLE.includes(method) ? { ttlMs: 0, cacheScope: 'private' } : {};
  return { ...result, resultType: 'complete', ...cache, _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO } };
}

/** Params that are not as the method's schema says: -32602 for a tool call, -32603 otherwise (as the SDK answers). */
function paramsError(era: Era, request: JsonRpcRequest): JsonRpcError | undefined {
  const check = REQUESTS[era][request.method];
  const issues = check ? issuesOf(check, request) : [];
  if (issues.length === 0) return undefined;
  if (request.method === 'tools/call')
    return { code: INVALID_PARAMS, message: `Invalid tools/call request: ${issuesText(issues)}` };
  return { code: INTERNAL_ERROR, message: issuesText(issues) };
}

/** The answer to a request of a method `era` answers (see `answers`): its result, or its error. */
export async function answerRequest(
  era: Era,
  request: JsonRpcRequest,
  exchange: Exchange,
): Promise<{ result: Result; jsonrpc: '2.0'; id: RequestId } | JsonRpcErrorMessage> {
  const { id, method } = request;
  const error = paramsError(era, request);
  if (error) return requestError(id, error);
  try {
    const result = await METHODS[era][method]!(request.params ?? {}, exchange);
    return { result: encoded(era, method, result), jsonrpc: '2.0', id };
  } catch (thrown) {
    if (thrown instanceof MethodError) return requestError(id, thrown.error);
    return requestError(id, {
      code: INTERNAL_ERROR,
      message: thrown instanceof Error ? thrown.message : 'Internal error',
    });
  }
}
