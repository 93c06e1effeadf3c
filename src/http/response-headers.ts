import type { RequestContext } from '../context.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';

/** Our own responses should grade A+ on our own scanner. Routes may set a looser CSP or CORP. */
const SECURITY_HEADERS: [string, string][] = [
  ['strict-transport-security', 'max-age=63072000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
  ['cross-origin-opener-policy', 'same-origin'],
];
const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const CORS_ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';
export const CORS_ALLOWED_HEADERS = 'Authorization, X-Api-Key, Content-Type';
const CORS_EXPOSED_HEADERS = [
  'API-Version',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Deprecation',
  'Sunset',
  'Link',
  'WWW-Authenticate',
].join(', ');

/** Adds the headers every response carries: version, rate limits, CORS and security headers. */
export function withStandardHeaders(response: Response, ctx: RequestContext): Response {
  let headers = response.headers;
  try {
    headers.set('api-version', '1');
  } catch {
    // Immutable headers (a response from fetch, say): copy it once.
    response = new Response(response.body, response);
    headers = response.headers;
    headers.set('api-version', '1');
  }
  if (ctx.rateLimit) for (const [name, value] of rateLimitHeaders(ctx.rateLimit, ctx.services.now())) headers.set(name, value);
  headers.set('access-control-allow-origin', '*');
  headers.set('access-control-expose-headers', CORS_EXPOSED_HEADERS);
  for (const [name, value] of SECURITY_HEADERS) headers.set(name, value);
  if (!headers.has('content-security-policy')) headers.set('content-security-policy', DEFAULT_CSP);
  if (!headers.has('cross-origin-resource-policy')) headers.set('cross-origin-resource-policy', 'same-origin');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return response;
}
