/**
 * JSON-RPC 2.0 as MCP frames it: what a POSTed message is (a request, a notification, a response,
 * or none of them), the error codes, and the error answers. A message is what the MCP schema says
 * it is, exactly: no member beyond the protocol's (`jsonrpc`, `id`, `method`, `params`), an id that
 * is a string or a safe integer, params that are an object whose `_meta` carries a well-formed
 * progress token.
 */
export type RequestId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** A JSON-RPC error answer, its members in the order the answer is written. */
export type JsonRpcErrorMessage =
  | { jsonrpc: '2.0'; id: RequestId | null; error: JsonRpcError }
  | { jsonrpc: '2.0'; error: JsonRpcError; id: RequestId | null };

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** The transport's own refusals (MCP reserves -32000 to -32099 for implementations). */
export const TRANSPORT_ERROR = -32000;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (value: unknown): value is RequestId => typeof value === 'string' || Number.isSafeInteger(value);

const hasOnly = (message: Record<string, unknown>, members: readonly string[]) =>
  Object.keys(message).every((key) => members.includes(key));

/** `_meta` of a request or notification: an object; a progress token and a related task well-formed. */
function isRequestMeta(meta: unknown): boolean {
  if (meta === undefined) return true;
  if (!isObject(meta)) return false;
  const task = meta['io.modelcontextprotocol/related-task'];
  return (
    (meta['progressToken'] === undefined || isId(meta['progressToken'])) &&
    (task === undefined || (isObject(task) && typeof task['taskId'] === 'string'))
  );
}

const isParams = (params: unknown) => params === undefined || (isObject(params) && isRequestMeta(params['_meta']));

export function isRequest(message: unknown): message is JsonRpcRequest {
  return (
    isObject(message) &&
    hasOnly(message, ['jsonrpc', 'id', 'method', 'params']) &&
    message['jsonrpc'] === '2.0' &&
    isId(message['id']) &&
    typeof message['method'] === 'string' &&
    isParams(message['params'])
  );
}

export function isNotification(message: unknown): message is JsonRpcNotification {
  return (
    isObject(message) &&
    hasOnly(message, ['jsonrpc', 'method', 'params']) &&
    message['jsonrpc'] === '2.0' &&
    typeof message['method'] === 'string' &&
    isParams(message['params'])
  );
}

/** A result or an error answer, as a client would send one back. */
export function isResponse(message: unknown): boolean {
  if (!isObject(message) || message['jsonrpc'] !== '2.0') return false;
  const { result, error } = message;
  if (hasOnly(message, ['jsonrpc', 'id', 'result']) && isId(message['id']) && isObject(result))
    return result['_meta'] === undefined || isObject(result['_meta']);
  return (
    hasOnly(message, ['jsonrpc', 'id', 'error']) &&
    (message['id'] === undefined || isId(message['id'])) &&
    isObject(error) &&
    Number.isSafeInteger(error['code']) &&
    typeof error['message'] === 'string'
  );
}

/** The id an error answer echoes: the message's, when it is a request whose id could be read. */
export function echoableId(message: unknown): RequestId | null {
  if (!isObject(message) || typeof message['method'] !== 'string') return null;
  const { id } = message;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** An error answer of the transport, before any method ran (the id last, as the SDK writes it). */
export function transportError(
  code: number,
  message: string,
  data?: unknown,
  id: RequestId | null = null,
): JsonRpcErrorMessage {
  return { jsonrpc: '2.0', error: { code, message, ...(data === undefined ? {} : { data }) }, id };
}

/** The error answer to a request. */
export const requestError = (id: RequestId, error: JsonRpcError): JsonRpcErrorMessage => ({
  jsonrpc: '2.0',
  id,
  error,
});

/** An HTTP answer refusing the message (a status of 400 or more), and the JSON-RPC error it carries. */
export interface Refusal {
  status: number;
  message: JsonRpcErrorMessage;
}
