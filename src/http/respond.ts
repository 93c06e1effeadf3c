import { LEGACY_DEPRECATED_AT, LEGACY_SUNSET, successorOf } from '../paths.ts';
import type { RequestContext } from '../context.ts';
import { addRateLimitHeaders, RATE_LIMIT_HEADER_NAMES } from './rate-limit-headers.ts';

const EXPOSED_HEADERS = [
  'API-Version',
  'Retry-After',
  ...RATE_LIMIT_HEADER_NAMES,
  'Deprecation',
  'Sunset',
  'Link',
  'WWW-Authenticate',
  'Age',
  'X-Request-Id',
  'Server-Timing',
].join(', ');

export const CORS_ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';
export const CORS_ALLOWED_HEADERS =
  'Authorization, X-Api-Key, Content-Type, Accept, MCP-Protocol-Version, Mcp-Method, Mcp-Name, X-Request-Id';

/**
 * The headers every response carries: version, CORS, and security headers so that our own
 * responses grade A+ on our own scanner. Routes may override CSP, CORP and caching.
 * (A fresh literal each time: a fixed shape is what keeps this cheap on the hot path.)
 */
function standardHeaders(): Record<string, string> {
  return {
    'api-version': '1',
    'access-control-allow-origin': '*',
    'access-control-expose-headers': EXPOSED_HEADERS,
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    'cache-control': 'no-store',
  };
}

/**
 * Builds a response with every standard header and the rate-limit headers in one go, from a
 * plain record: setting headers one by one on a Headers object costs more than the rest of a
 * catalog request, and srvx sends a plain record to Node without converting it.
 */
export function respond(
  ctx: RequestContext,
  body: BodyInit | null,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  const headers = standardHeaders();
  headers['x-request-id'] = ctx.requestId;
  const successor = successorOf(ctx.path);
  if (successor !== null) markDeprecated(headers, ctx.baseUrl + successor);
  if (ctx.rateLimit) addRateLimitHeaders(headers, ctx.rateLimit, ctx.services.now(), ctx.scanQuota);
  if (init.headers) for (const name in init.headers) headers[name.toLowerCase()] = init.headers[name]!;
  if (ctx.services.config.baseUrl === null) keepHostBoundCopiesApart(headers);
  return new Response(body, { status: init.status ?? 200, headers });
}

/**
 * Every answer under the unversioned prefix, refusals included: deprecated (RFC 9745), its sunset
 * (RFC 8594) and the versioned path that replaces it.
 */
function markDeprecated(headers: Record<string, string>, successorUrl: string): void {
  headers['deprecation'] = `@${LEGACY_DEPRECATED_AT}`;
  headers['sunset'] = LEGACY_SUNSET;
  headers['link'] = `<${successorUrl}>; rel="successor-version"`;
}

/**
 * Without BASE_URL every absolute URL in a body comes from the request's Host header, so a cached
 * copy is good for that Host only: shared caches must key it by Host, or not keep it.
 */
function keepHostBoundCopiesApart(headers: Record<string, string>): void {
  const cacheControl = headers['cache-control'];
  if (cacheControl === undefined || cacheControl === 'no-store') return;
  headers['vary'] = headers['vary'] ? `${headers['vary']}, Host` : 'Host';
  headers['cache-control'] = cacheControl.replace(/\bpublic\b/, 'private');
}
