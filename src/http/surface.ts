/**
 * What part of the service a request belongs to: which per-minute budget it draws on and how its
 * refusals are written. Decided from the route the router matched (src/app.ts), never from the
 * path's text, so a trailing or doubled slash reaches a route only with that route's limits.
 */
import { API_PREFIX, PATHS } from '../paths.ts';

export type Surface =
  /** The REST API: every request counts; refusals are problem+json. */
  | 'api'
  /** README badges: their own, larger per-address budget. */
  | 'badge'
  /** The MCP endpoint: a POST is charged by what its message does (docs/mcp.md); refusals are JSON-RPC errors. */
  | 'mcp'
  /** Pages, assets and the OpenAPI document: shown the API budget, never counted. */
  | 'document'
  /** Health and readiness probes: no key check, no limit, no store work beyond the readiness check. */
  | 'probe'
  /** A retired endpoint with the same answer for everyone (the 410 of the keys endpoint): no key check, no limit. */
  | 'retired';

/** Every route's surface: a new path does not compile until it is given one. */
const SURFACE_OF_PATH: Record<keyof typeof PATHS, Surface> = {
  catalog: 'api',
  execute: 'api',
  scanHistory: 'api',
  scan: 'api',
  developerKeys: 'retired',
  legacyCatalog: 'api',
  legacyExecute: 'api',
  badge: 'badge',
  mcp: 'mcp',
  openapi: 'document',
  home: 'document',
  llms: 'document',
  toolPage: 'document',
  scanPage: 'document',
  skill: 'document',
  errors: 'document',
  error: 'document',
  script: 'document',
  stylesheet: 'document',
  health: 'probe',
  readiness: 'probe',
};

const SURFACE_OF_PATTERN = new Map<string, Surface>(
  Object.entries(SURFACE_OF_PATH).map(([name, surface]) => [PATHS[name as keyof typeof PATHS], surface]),
);

/**
 * The surface of the route pattern the router matched. A path no route matches is answered 404;
 * under the API prefix such a request still counts, so that probing the API is limited like using it.
 */
export function surfaceOf(route: string | undefined, path: string): Surface {
  if (route !== undefined) return SURFACE_OF_PATTERN.get(route) ?? 'document';
  return path.startsWith(API_PREFIX) ? 'api' : 'document';
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
  if (surface === 'document' || surface === 'probe' || surface === 'retired') return false;
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
