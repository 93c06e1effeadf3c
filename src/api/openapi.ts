import { respond } from '../http/respond.ts';
import { buildOpenApi } from '../openapi.ts';
import type { Handler } from '../context.ts';

const rendered = new Map<string, string>();

/** `GET /openapi.json`, built once per base URL and account URL. */
export const openApiDocument: Handler = (_request, ctx) => {
  const cacheKey = `${ctx.baseUrl} ${ctx.services.config.accountUrl}`;
  let json = rendered.get(cacheKey);
  if (json === undefined) {
    json = JSON.stringify(buildOpenApi(ctx.baseUrl, ctx.services.config.accountUrl));
    if (rendered.size >= 16) rendered.clear();
    rendered.set(cacheKey, json);
  }
  return respond(ctx, json, { headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' } });
};
