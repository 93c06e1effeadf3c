import type { Handler } from '../context.ts';
import { scopeRefusal, type Scope } from '../scopes.ts';

/** 403 when a key is sent that lacks `scope`. */
export function requireScope(scope: Scope): Handler {
  return (_request, ctx) => {
    const refusal = scopeRefusal(ctx.principal, scope);
    if (refusal) throw refusal;
    return undefined;
  };
}
