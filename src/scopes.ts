/**
 * What a developer key may do. Keys carry scopes (src/store/port.ts records them, every key gets
 * all of them today); the REST routes check them in middleware, MCP tool calls in the call
 * itself, and the catalog and skills list them. Anonymous callers may use every public endpoint.
 */
import type { Principal } from './context.ts';
import { ApiError } from './http/problem.ts';

export type Scope = 'tools:read' | 'tools:execute' | 'badges:read';
export const ALL_SCOPES: readonly Scope[] = ['tools:read', 'tools:execute', 'badges:read'];

/** The 403 for a key that lacks `scope`, or null. */
export function scopeRefusal(principal: Principal, scope: Scope, what = 'this endpoint requires'): ApiError | null {
  if (principal.kind !== 'key' || principal.record.scopes.includes(scope)) return null;
  return new ApiError('forbidden', {
    detail: `This API key lacks the "${scope}" scope that ${what}.`,
    headers: { 'www-authenticate': `Bearer realm="agent-scan", error="insufficient_scope", scope="${scope}"` },
  });
}
