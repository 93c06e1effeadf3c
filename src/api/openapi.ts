import { BoundedCache } from '../cache/bounded-cache.ts';
import { respond } from '../http/respond.ts';
import type { Handler } from '../context.ts';

/** `GET /openapi.json`: the document `describe` builds (src/app.ts), once per base URL and account URL. */
export function openApiDocument(describe: (baseUrl: string, accountUrl: string) => Promise<object>): Handler {
  const rendered = new BoundedCache<string, Promise<string>>({ maxEntries: 16 });
  return async (_request, ctx) => {
    const { accountUrl } = ctx.services.config;
    const key = `${ctx.baseUrl} ${accountUrl}`;
    const json = await rendered.getOrCreate(key, () =>
      describe(ctx.baseUrl, accountUrl).then(JSON.stringify, (error: unknown) => {
        rendered.delete(key);
        throw error;
      }),
    );
    return respond(ctx, json, {
      headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
    });
  };
}
