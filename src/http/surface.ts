/**
 * What part of the service a path belongs to, decided once per request: which per-minute budget
 * it draws on and how its refusals are written. The one place that reads paths for policy.
 */
import { API_PREFIX, PATHS, prefixOf } from '../paths.ts';

export type Surface =
  /** The REST API: every request counts; refusals are problem+json. */
  | 'api'
  /** README badges: their own, larger per-address budget. */
  | 'badge'
  /** The MCP endpoint: POSTs count against the API budget; refusals are JSON-RPC errors. */
  | 'mcp'
  /** Pages, assets and the OpenAPI document: shown the API budget, never counted. */
  | 'document';

const BADGE_PREFIX = prefixOf(PATHS.badge);

export function surfaceOf(path: string): Surface {
  // The router takes `/mcp/` (and `/mcp//`) for `/mcp`: so must the limits.
  if (withoutTrailingSlashes(path) === PATHS.mcp) return 'mcp';
  if (path.startsWith(BADGE_PREFIX)) return 'badge';
  if (path.startsWith(API_PREFIX)) return 'api';
  return 'document';
}

/** The path without trailing slashes (a loop: a regular expression would backtrack on a run of them). */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}

/** Whether a request draws on its surface's per-minute budget (preflights only look). */
export function countsAgainstLimit(surface: Surface, method: string): boolean {
  if (method === 'OPTIONS' || surface === 'document') return false;
  return surface !== 'mcp' || method === 'POST';
}
