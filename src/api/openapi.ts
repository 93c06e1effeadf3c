import { BoundedCache } from '../cache/bounded-cache.ts';
import { respond } from '../http/respond.ts';
import type { Handler } from '../context.ts';

/** `GET /openapi.json`: the text `render` makes (src/app.ts), once per base URL and account URL. */
export function openApiDocument(render: (baseUrl: string, accountUrl: string) => Promise<string>): Handler {
  const rendered = new BoundedCache<string, Promise<string>>({ maxEntries: 16 });
  return async (_request, ctx) => {
    const { accountUrl } = ctx.services.config;
    const key = `${ctx.baseUrl} ${accountUrl}`;
    const json = await rendered.getOrCreate(key, () =>
      render(ctx.baseUrl, accountUrl).catch((error: unknown) => {
        rendered.delete(key);
        throw error;
      }),
    );
    return respond(ctx, json, {
      headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
    });
  };
}
