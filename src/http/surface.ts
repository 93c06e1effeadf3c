/**
 * What part of the service a request belongs to: which per-minute budget it draws on and how its
 * refusals are written. Each route names its surface (src/app.ts), and a request gets the surface
 * of the route the router matched, never one from the path's text, so a trailing or doubled slash
 * reaches a route only with that route's limits.
 */
import { API_PREFIX } from '../paths.ts';

export type Surface =
  /** The REST API: every request counts; refusals are problem+json. */
  | 'api'
  /** README badges: their own, larger per-address budget. */
  | 'badge'
  /** The MCP endpoint: a POST is charged by what its message does (docs/mcp.md); refusals are JSON-RPC errors. */
  | 'mcp'
  /** Pages, assets and the OpenAPI document: their own per-address budget (pages-per-minute). */
  | 'document'
  /** Health and readiness probes: no key check, no limit, no store work beyond the readiness check. */
  | 'probe'
  /** A retired endpoint with the same answer for everyone (the 410 of the keys endpoint): no key check, no limit. */
  | 'retired';

/**
 * The surface of a request: its route's (`matched`), or for a path no route matches (answered
 * 404) the API's under the API prefix, so that probing the API is limited like using it.
 */
export function surfaceOf(matched: Surface | undefined, path: string): Surface {
  return matched ?? (path.startsWith(API_PREFIX) ? 'api' : 'document');
}

/** Surfaces that answer everyone alike, before any key check or limit (src/app.ts). */
export const isUnguarded = (surface: Surface) => surface === 'probe' || surface === 'retired';

/**
 * Whether a request draws on its surface's per-minute budget (preflights only look). A presented
 * key that turns out invalid counts on every surface: guessing keys is never free.
 */
export function countsAgainstLimit(surface: Surface, method: string, invalidKey = false): boolean {
  if (method === 'OPTIONS') return false;
  if (invalidKey) return true;
  if (surface === 'probe' || surface === 'retired') return false;
  return surface !== 'mcp' || method === 'POST';
}

/**
 * Whether a request's charge waits until its body is read: an MCP POST is charged by what its
 * JSON-RPC message does (src/mcp/message-charge.ts). A key that turned out invalid, or that could
 * not be checked, is charged at once as work, like everywhere else.
 */
export function chargedWhenRead(surface: Surface, method: string, principal: string): boolean {
  return surface === 'mcp' && method === 'POST' && (principal === 'anonymous' || principal === 'key');
}
