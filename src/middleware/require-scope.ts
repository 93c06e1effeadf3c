import { ApiError } from '../http/problem.ts';
import type { Handler } from '../context.ts';
import type { Scope } from '../store/port.ts';

/** 403 when a key is sent that lacks `scope`. Anonymous callers may use every public endpoint. */
export function requireScope(scope: Scope): Handler {
  return (_request, ctx) => {
    const p = ctx.principal;
    if (p.kind === 'key' && !p.record.scopes.includes(scope)) {
      throw new ApiError('forbidden', {
        detail: `This API key lacks the "${scope}" scope that this endpoint requires.`,
        headers: { 'www-authenticate': `Bearer realm="agent-scan", error="insufficient_scope", scope="${scope}"` },
      });
    }
    return undefined;
  };
}
