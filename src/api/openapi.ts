import { BoundedCache } from '../cache/bounded-cache.ts';
import { respond } from '../http/respond.ts';
import { buildOpenApi } from '../contract/openapi/document.ts';
import type { Handler } from '../context.ts';

const rendered = new BoundedCache<string, string>({ maxEntries: 16 });

/** `GET /openapi.json`, built once per base URL and account URL. */
export const openApiDocument: Handler = (_request, ctx) => {
  const { accountUrl } = ctx.services.config;
  const json = rendered.getOrCreate(`${ctx.baseUrl} ${accountUrl}`, () =>
    JSON.stringify(buildOpenApi(ctx.baseUrl, accountUrl)),
  );
  return respond(ctx, json, {
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
  });
};
