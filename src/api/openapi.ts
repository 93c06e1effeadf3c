import { BoundedCache } from '../cache/bounded-cache.ts';
import { respond } from '../http/respond.ts';
import type { Handler } from '../context.ts';

/** `GET /openapi.json`: the document `describe` builds (src/app.ts), once per base URL and account URL. */
export function openApiDocument(describe: (baseUrl: string, accountUrl: string) => object): Handler {
  const rendered = new BoundedCache<string, string>({ maxEntries: 16 });
  return (_request, ctx) => {
    const { accountUrl } = ctx.services.config;
    const json = rendered.getOrCreate(`${ctx.baseUrl} ${accountUrl}`, () =>
      JSON.stringify(describe(ctx.baseUrl, accountUrl)),
    );
    return respond(ctx, json, {
      headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
    });
  };
}
