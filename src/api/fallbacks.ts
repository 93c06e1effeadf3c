import { ApiError } from '../http/problem.ts';
import { CORS_ALLOWED_HEADERS, CORS_ALLOWED_METHODS, respond } from '../http/respond.ts';
import { isMachinePath } from '../paths.ts';
import type { Handler } from '../context.ts';

/** CORS preflight: any origin may call the API; keys travel in headers, never in cookies. */
export const preflight: Handler = (_request, ctx) =>
  respond(ctx, null, {
    status: 204,
    headers: {
      'access-control-allow-methods': CORS_ALLOWED_METHODS,
      'access-control-allow-headers': CORS_ALLOWED_HEADERS,
      'access-control-max-age': '600',
      'cache-control': 'public, max-age=600',
    },
  });

/** For a path that exists: 405 naming the methods it does accept. */
export function onlyMethods(...methods: string[]): Handler {
  const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  return (request) => {
    throw new ApiError('method_not_allowed', {
      detail: `${request.method} is not allowed here; this path accepts ${allow}.`,
      headers: { allow },
    });
  };
}

export const notFound: Handler = (request, ctx) => {
  throw new ApiError('not_found', {
    detail: `There is nothing at ${request.method} ${ctx.path.slice(0, 200)}.`,
    // Outside the API a browser gets a page at the same URL instead (src/pages/not-found-page.ts).
    ...(isMachinePath(ctx.path) ? {} : { headers: { vary: 'Accept' } }),
  });
};
