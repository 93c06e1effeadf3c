/**
 * The standard headers of a 2026-07-28 request (SEP-2243): `MCP-Protocol-Version` and
 * `Mcp-Method` on every request, and `Mcp-Name` mirroring the name, URI or task id of the
 * methods that carry one, so that intermediaries can route on headers alone. A request missing
 * one, or whose header disagrees with its body, is refused with 400 and -32020 (HeaderMismatch).
 */
import { echoableId, transportError, type JsonRpcRequest, type Refusal } from './json-rpc.ts';

export interface StandardHeaders {
  version: string | undefined;
  method: string | undefined;
  name: string | undefined;
}

const HEADER_MISMATCH = -32020;

/** The params member each method's `Mcp-Name` mirrors. */
const NAME_SOURCE: Record<string, string> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

export function headerMismatch(body: unknown, header: string, disagreement: string): Refusal {
  const message = `Bad Request: the request headers and body disagree: ${disagreement}`;
  return {
    status: 400,
    message: transportError(HEADER_MISMATCH, message, { mismatch: { header, body: disagreement } }, echoableId(body)),
  };
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A header value, or the UTF-8 text of its `=?base64?…?=` form; undefined when that form is invalid. */
function decodeHeaderValue(value: string): string | undefined {
  if (!(value.startsWith('=?base64?') && value.endsWith('?='))) return value;
  const base64 = value.slice(9, value.length - 2);
  if (!BASE64.test(base64)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** The refusal of a modern request whose standard headers are missing or disagree with its body. */
export function standardHeaderMismatch(
  request: JsonRpcRequest,
  revision: string,
  headers: StandardHeaders,
): Refusal | undefined {
  const { method, params } = request;
  if (headers.version === undefined)
    return headerMismatch(
      request,
      '(missing)',
      `the body envelope names protocol version ${revision} but the required MCP-Protocol-Version header is absent`,
    );
  if (headers.method === undefined)
    return headerMismatch(
      request,
      '(missing)',
      `the body names method ${method} but the required Mcp-Method header is absent`,
    );
  const field = Object.hasOwn(NAME_SOURCE, method) ? NAME_SOURCE[method]! : undefined;
  if (field === undefined) return undefined;
  const value = typeof params?.[field] === 'string' ? params[field] : undefined;
  if (headers.name === undefined) {
    if (value === undefined) return undefined;
    return headerMismatch(
      request,
      '(missing)',
      `the body carries params.${field}="${value}" but the required Mcp-Name header is absent`,
    );
  }
  const decoded = decodeHeaderValue(headers.name);
  if (decoded === undefined)
    return headerMismatch(request, headers.name, 'the Mcp-Name header carries an invalid Base64 sentinel value');
  if (value !== undefined && decoded !== value)
    return headerMismatch(
      request,
      headers.name,
      `the body carries params.${field}="${value}" but the Mcp-Name header names "${decoded}"`,
    );
  return undefined;
}
