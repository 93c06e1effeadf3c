/**
 * Which era a POSTed message speaks, read from its body first: a request whose `params._meta`
 * carries the protocol-version key (the 2026-07-28 envelope) is modern, `initialize` and any other
 * message without it are 2025-era. The `MCP-Protocol-Version` and `Mcp-Method` headers only
 * cross-check the body; a header naming a modern revision on a request without the envelope, a
 * malformed envelope, or a revision not served is refused before any method runs, as the MCP SDK
 * refuses them (the same codes, statuses and words).
 */
import {
  echoableId,
  INVALID_PARAMS,
  INVALID_REQUEST,
  isNotification,
  isObject,
  isRequest,
  isResponse,
  transportError,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type Refusal,
} from './json-rpc.ts';
import { issuesOf } from './param-checks.ts';
import { ENVELOPE, PROTOCOL_VERSION_KEY, REQUIRED_ENVELOPE_KEYS } from './param-schemas.ts';
import { isModernVersion, MODERN_VERSIONS } from './protocol-versions.ts';
import { headerMismatch, standardHeaderMismatch, type StandardHeaders } from './standard-headers.ts';

export type Route = { era: 'legacy' } | { era: 'modern'; revision: string } | { refusal: Refusal };

const LEGACY: Route = { era: 'legacy' };
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

const refuse = (body: unknown, code: number, message: string, data?: unknown): Route => ({
  refusal: { status: 400, message: transportError(code, message, data, echoableId(body)) },
});

const metaOf = (params: unknown) => (isObject(params) && isObject(params['_meta']) ? params['_meta'] : undefined);

/** The problems of a 2026-07-28 envelope, each naming its key: the required keys missing first. */
function envelopeIssues(meta: Record<string, unknown>): { key: string; problem: string }[] {
  const issues = REQUIRED_ENVELOPE_KEYS.filter((key) => !(key in meta)).map((key) => ({ key, problem: 'missing' }));
  for (const { path, message } of issuesOf(ENVELOPE, meta)) {
    const key = path.length > 0 ? path.join('.') : '_meta';
    if (path.length === 1 && issues.some((issue) => issue.key === key && issue.problem === 'missing')) continue;
    issues.push({ key, problem: message });
  }
  return issues;
}

const invalidEnvelope = (body: unknown, issue: { key: string; problem: string }) =>
  refuse(
    body,
    INVALID_PARAMS,
    `Invalid _meta envelope for protocol revision 2026-07-28: ${issue.key}: ${issue.problem}`,
    { envelope: issue },
  );

function routeRequest(message: JsonRpcRequest, headers: StandardHeaders): Route {
  const { method } = message;
  const { version } = headers;
  const meta = metaOf(message.params);
  const claim = meta?.[PROTOCOL_VERSION_KEY];
  const headerNamesModern = version !== undefined && isModernVersion(version);
  const claimsModern =
    meta !== undefined && typeof claim === 'string' && isModernVersion(claim) && envelopeIssues(meta).length === 0;
  if (method === 'initialize' && !claimsModern) {
    if (!headerNamesModern) return LEGACY;
    const mismatch = 'an initialize request (legacy handshake) was sent with a modern MCP-Protocol-Version header';
    return { refusal: headerMismatch(message, version, mismatch) };
  }
  if (meta !== undefined && PROTOCOL_VERSION_KEY in meta) {
    const [issue] = envelopeIssues(meta);
    if (issue) return invalidEnvelope(message, issue);
    const claimed = claim as string;
    if (version !== undefined && version !== claimed) {
      const mismatch =
        `the body envelope names protocol version ${claimed} ` + `but the MCP-Protocol-Version header names ${version}`;
      return { refusal: headerMismatch(message, version, mismatch) };
    }
    if (headers.method !== undefined && headers.method !== method) {
      const mismatch = `the body names method ${method} but the Mcp-Method header names ${headers.method}`;
      return { refusal: headerMismatch(message, headers.method, mismatch) };
    }
    return { era: 'modern', revision: claimed };
  }
  if (!headerNamesModern) return LEGACY;
  const missing = meta === undefined ? ['_meta'] : REQUIRED_ENVELOPE_KEYS.filter((key) => !(key in meta));
  return refuse(
    message,
    INVALID_PARAMS,
    `Invalid params: the MCP-Protocol-Version header names protocol revision ${version}, ` +
      `but the request is missing the required per-request envelope key(s): ${missing.join(', ')}`,
    { envelope: { missing } },
  );
}

function routeNotification(message: JsonRpcNotification, headers: StandardHeaders): Route {
  const { method } = message;
  const { version } = headers;
  const meta = metaOf(message.params);
  const methodMismatch = () => {
    const mismatch = `the notification body names method ${method} but the Mcp-Method header names ${headers.method}`;
    return { refusal: headerMismatch(message, headers.method!, mismatch) };
  };
  if (meta !== undefined && PROTOCOL_VERSION_KEY in meta) {
    const claimed = meta[PROTOCOL_VERSION_KEY];
    if (typeof claimed !== 'string') {
      const issue = envelopeIssues(meta).find(({ key }) => key === PROTOCOL_VERSION_KEY);
      return invalidEnvelope(
        message,
        issue ?? { key: PROTOCOL_VERSION_KEY, problem: 'expected a protocol version string' },
      );
    }
    if (version !== undefined && version !== claimed) {
      const mismatch =
        `the notification envelope names protocol version ${claimed} ` +
        `but the MCP-Protocol-Version header names ${version}`;
      return { refusal: headerMismatch(message, version, mismatch) };
    }
    if (isModernVersion(claimed) && headers.method !== undefined && headers.method !== method) return methodMismatch();
    return { era: 'modern', revision: claimed };
  }
  if (version === undefined || !isModernVersion(version)) return LEGACY;
  if (headers.method !== undefined && headers.method !== method) return methodMismatch();
  return { era: 'modern', revision: version };
}

function routeMessage(body: unknown, headers: StandardHeaders): Route {
  if (isResponse(body)) return LEGACY;
  if (isRequest(body)) return routeRequest(body, headers);
  if (isNotification(body)) return routeNotification(body, headers);
  return refuse(body, INVALID_REQUEST, 'Bad Request: the request body is not a valid JSON-RPC message');
}

/**
 * The era of one message (never a batch: the endpoint refuses those first), or the refusal of a
 * message that no era serves: not JSON-RPC, a malformed envelope, headers that disagree with the
 * body, a revision not served, or a modern request without the standard headers.
 */
export function routeOf(body: unknown, requestHeaders: Headers): Route {
  const headers: StandardHeaders = {
    version: requestHeaders.get('mcp-protocol-version') ?? undefined,
    method: requestHeaders.get('mcp-method') ?? undefined,
    name: requestHeaders.get('mcp-name') ?? undefined,
  };
  const route = routeMessage(body, headers);
  if (!('era' in route) || route.era === 'legacy') return route;
  if (!MODERN_VERSIONS.includes(route.revision)) {
    const data = { supported: [...MODERN_VERSIONS], requested: route.revision };
    return refuse(body, UNSUPPORTED_PROTOCOL_VERSION, `Unsupported protocol version: ${route.revision}`, data);
  }
  const refusal = isRequest(body) ? standardHeaderMismatch(body, route.revision, headers) : undefined;
  return refusal ? { refusal } : route;
}
