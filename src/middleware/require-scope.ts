import { ApiError } from '../http/problem.ts';
import type { Handler, Principal } from '../context.ts';
import type { Scope } from '../store/port.ts';

/** The 403 for a key that lacks `scope`, or null. Anonymous callers may use every public endpoint. */
export function scopeRefusal(principal: Principal, scope: Scope, what = 'this endpoint requires'): ApiError | null {
  if (principal.kind !== 'key' || principal.record.scopes.includes(scope)) return null;
  return new ApiError('forbidden', {
    detail: `This API key lacks the "${scope}" scope that ${what}.`,
    headers: { 'www-authenticate': `Bearer realm="agent-scan", error="insufficient_scope", scope="${scope}"` },
  });
}

/** 403 when a key is sent that lacks `scope`. */
export function requireScope(scope: Scope): Handler {
  return (_request, ctx) => {
    const refusal = scopeRefusal(ctx.principal, scope);
    if (refusal) throw refusal;
    return undefined;
  };
}
