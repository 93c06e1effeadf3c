import { BoundedCache } from '../cache/bounded-cache.ts';
import { buildCatalog } from '../contract/catalog-document.ts';
import { respond } from '../http/respond.ts';
import type { Handler, RequestContext } from '../context.ts';

// The catalog only changes with the base URL, so its JSON is built once per services and base URL.
const rendered = new WeakMap<RequestContext['services'], BoundedCache<string, string>>();

function catalogJson(ctx: RequestContext): string {
  let byBase = rendered.get(ctx.services);
  if (!byBase) rendered.set(ctx.services, (byBase = new BoundedCache({ maxEntries: 16 })));
  return byBase.getOrCreate(ctx.baseUrl, () => {
    const { config, limits, scanners } = ctx.services;
    return JSON.stringify(buildCatalog(ctx.baseUrl, config, limits, (tool) => tool in scanners));
  });
}

export const catalog: Handler = (_request, ctx) =>
  respond(ctx, catalogJson(ctx), { headers: { 'content-type': 'application/json' } });

/**
 * `GET /api/agent/tools`: the same catalog; like every answer under the unversioned prefix it is
 * marked deprecated, with its sunset and successor (src/http/respond.ts).
 */
export const legacyCatalog: Handler = (_request, ctx) =>
  respond(ctx, catalogJson(ctx), { headers: { 'content-type': 'application/json' } });
