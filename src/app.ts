import { Router, type IRequest, type RouteEntry } from 'itty-router';
import { catalog, legacyCatalog } from './api/catalog.ts';
import { keysMovedToPortal } from './api/developer-keys.ts';
import { execute, knownTool } from './api/execute.ts';
import { notFound, onlyMethods, preflight } from './api/fallbacks.ts';
import { health, readiness } from './api/health.ts';
import { openApiDocument } from './api/openapi.ts';
import type { OpenApiDocument } from './contract/openapi/document.ts';
import { scanHistory, storedScan } from './api/scans.ts';
import { badge, badgeRefusal } from './badge/route.ts';
import { prefersHtml } from './http/accept.ts';
import { createContext, readUrl, standInRequest, unusableHost } from './http/request-context.ts';
import { methodOf, type Route } from './http/route-entry.ts';
import { isUnguarded, surfaceOf, type Surface } from './http/surface.ts';
import { problemResponse, refusalOf } from './http/problem.ts';
import { KeyService } from './keys/key-service.ts';
import { SPEC_LIMITS } from './limits.ts';
import { mcpOrigin } from './mcp/origin-check.ts';
import { mcpProblemResponse } from './mcp/refusals.ts';
import { createDohResolver } from './net/resolver.ts';
import { accessLogEntry, initOf, loggedWhenSent, reportError } from './ops/access-log.ts';
import { DependencyWatch } from './ops/dependency-watch.ts';
import { Readiness } from './ops/readiness.ts';
import { identifyKey, refuseInvalidKey } from './middleware/authenticate.ts';
import { chargeMcpMessage, perMinuteLimit } from './middleware/rate-limit.ts';
import { RefusedClients } from './middleware/refused-clients.ts';
import { requireScope } from './middleware/require-scope.ts';
import { PATHS, type PathName } from './paths.ts';
import { MemoryStore } from './store/memory.ts';
import type { AppDeps, Handler, RequestContext, RuntimeContext, Services } from './context.ts';

export interface App {
  fetch(request: Request, runtime?: RuntimeContext): Promise<Response>;
}

/** A middleware that does not run on the surfaces `skips` names. */
function unless(skips: (surface: Surface) => boolean, middleware: Handler): Handler {
  return (request, ctx) => (skips(ctx.surface) ? undefined : middleware(request, ctx));
}

const isProbe = (surface: Surface) => surface === 'probe';

/**
 * What every request passes before its route, a request with an unusable Host too. Probes and the
 * retired keys endpoint answer everyone alike: no key is looked at. Probes are not limited either
 * (a load balancer must never be refused, nor load the store); the keys endpoint shows the
 * per-minute headers without counting (docs/api-behaviour.md).
 */
const BEFORE_EVERY_ROUTE: Handler[] = [
  unless(isUnguarded, identifyKey),
  unless(isProbe, perMinuteLimit),
  refuseInvalidKey,
];

/**
 * The MCP endpoint, loaded on its first request: no REST request should pay to evaluate the
 * protocol layer.
 */
const mcpEndpoint: Handler = async (request, ctx) => (await import('./mcp/endpoint.ts')).mcpEndpoint(request, ctx);

type Pages = typeof import('./pages/routes.ts');
/** A page handler; the pages (templates, assets, skills, error docs) load with the first page asked for. */
const page =
  (name: keyof Pages): Handler =>
  async (request, ctx) =>
    (await import('./pages/routes.ts'))[name](request, ctx);

/**
 * Every endpoint, once, by its name in src/paths.ts (where each path is spelled): the surface it
 * belongs to, the checks of its path, and its method's guards and handler; its OpenAPI operation
 * has the same name in src/contract/openapi/operations.ts. The router, the 405 answers, each
 * request's surface and /openapi.json read this table, in this order. Every route also answers
 * HEAD (for GET), OPTIONS (the CORS preflight) and 405.
 */
const ROUTES = {
  catalog: { surface: 'api', GET: [requireScope('tools:read'), catalog] },
  execute: {
    surface: 'api',
    params: [knownTool],
    POST: [requireScope('tools:execute'), execute],
  },
  scanHistory: {
    surface: 'api',
    params: [knownTool],
    GET: [requireScope('tools:read'), scanHistory],
  },
  scan: { surface: 'api', GET: [requireScope('tools:read'), storedScan] },
  // Retired: the same 410 for everyone, whatever key is sent (docs/api-behaviour.md).
  developerKeys: { surface: 'retired', POST: [keysMovedToPortal] },
  legacyCatalog: { surface: 'api', GET: [requireScope('tools:read'), legacyCatalog] },
  legacyExecute: {
    surface: 'api',
    params: [knownTool],
    POST: [requireScope('tools:execute'), execute],
  },
  badge: { surface: 'badge', GET: [requireScope('badges:read'), badge] },
  mcp: { surface: 'mcp', POST: [mcpOrigin, mcpEndpoint] },
  health: { surface: 'probe', GET: [health] },
  readiness: { surface: 'probe', GET: [readiness] },
  openapi: { surface: 'document', GET: [openApiDocument(renderApi)] },
  // Pages for people and agents: every URL the API hands out resolves.
  home: { surface: 'document', GET: [page('landingPage')] },
  llms: { surface: 'document', GET: [page('llmsTxt')] },
  toolPage: { surface: 'document', GET: [page('toolPage')] },
  scanPage: { surface: 'document', GET: [page('scanPage')] },
  skill: { surface: 'document', GET: [page('agentSkill')] },
  errors: { surface: 'document', GET: [page('errorIndexPage')] },
  error: { surface: 'document', GET: [page('errorPage')] },
  script: { surface: 'document', GET: [page('toolPageScript')] },
  stylesheet: { surface: 'document', GET: [page('siteStylesheet')] },
} satisfies Record<PathName, Route>;

const ROUTE_LIST = Object.entries(ROUTES) as [PathName, Route][];

const SURFACE_OF_PATTERN = new Map<string, Surface>(ROUTE_LIST.map(([name, route]) => [PATHS[name], route.surface]));

/**
 * The OpenAPI document of the routes (`GET /openapi.json` renders it), each described by its
 * operation in src/contract/openapi/operations.ts; that code and the schemas load on first use.
 */
export async function describeApi(baseUrl: string, accountUrl: string): Promise<OpenApiDocument> {
  const { buildOpenApi } = await import('./contract/openapi/document.ts');
  const routes = ROUTE_LIST.map(([name, route]) => ({ name, path: PATHS[name], method: methodOf(route) }));
  return buildOpenApi(routes, baseUrl, accountUrl);
}

/** `GET /openapi.json`'s text: the one the build rendered, or the document built now. */
async function renderApi(baseUrl: string, accountUrl: string): Promise<string> {
  const { prebuiltDocument } = await import('./contract/openapi/prebuilt.ts');
  return prebuiltDocument(baseUrl, accountUrl) ?? JSON.stringify(await describeApi(baseUrl, accountUrl));
}

export function createApp(deps: AppDeps): App {
  const now = deps.now ?? Date.now;
  const watch = new DependencyWatch(deps.onDependencyChange ?? ((event) => console.warn(event)), now);
  const resolver =
    deps.resolver ??
    // One attempt of at most a second: a probe must answer within a load balancer's own time-out.
    createDohResolver({
      url: deps.config.dohUrl,
      fetch: (input, init) => fetch(input, init),
      timeoutMs: 1_000,
      retries: 0,
    });
  const services: Services = {
    config: deps.config,
    store: deps.store,
    fallbackLimiter: new MemoryStore({ now }),
    refusedClients: new RefusedClients(now),
    keys: new KeyService(deps.store, deps.config.apiKeyPrefix, now),
    scanners: deps.scanners ?? {},
    limits: deps.limits ?? SPEC_LIMITS,
    now,
    scanDeadlineMs: deps.scanDeadlineMs ?? 30_000,
    onError: deps.onError ?? ((error) => console.error(error)),
    onBadgeRefresh: deps.onBadgeRefresh ?? ((event) => console.info(event)),
    watch,
    readiness: new Readiness(deps.store, resolver, watch, now),
  };

  const router = Router<IRequest, [RequestContext], Response>({
    before: BEFORE_EVERY_ROUTE,
    catch: (error, request, ctx) => toProblem(error, request, ctx),
  });

  router.options('*', preflight);
  for (const [name, route] of ROUTE_LIST) {
    const method = methodOf(route);
    const checks = route.params ?? [];
    router[method === 'GET' ? 'get' : 'post'](PATHS[name], ...checks, ...route[method]!);
    router.all(PATHS[name], ...checks, onlyMethods(method));
  }
  // Anything else: a page for a browser outside the API, the problem for everyone else.
  router.get('*', page('notFoundPage')).all('*', notFound);

  return {
    async fetch(request, runtime = {}) {
      const isHead = request.method === 'HEAD';
      const url = readUrl(request);
      const routed =
        url === null
          ? standInRequest(services, request)
          : isHead
            ? new Request(url, { method: 'GET', headers: request.headers })
            : request;
      const ctx = createContext(services, request, routed, runtime, (path) =>
        surfaceOf(SURFACE_OF_PATTERN.get(routeMatching(router.routes, path) ?? ''), path),
      );
      const answer = url === null ? await refuseUnusableHost(routed, ctx) : await router.fetch(routed, ctx);
      const response = isHead ? new Response(null, initOf(answer)) : answer;
      const log = () => deps.onRequestComplete?.(accessLogEntry(ctx, request, response.status));
      if (ctx.surface === 'mcp' && deps.onRequestComplete) return loggedWhenSent(response, log);
      log();
      return response;
    },
  };
}

/**
 * The pattern of the first route, of any method, whose path matches: the router's own compiled
 * patterns, so whatever spelling reaches a route (`/mcp/`, `/mcp//`) is judged as that route.
 * The catch-all routes (`*`) match everything and say nothing about a path.
 */
function routeMatching(routes: RouteEntry[], path: string): string | undefined {
  for (const [, pattern, , route] of routes) if (route !== '*' && pattern.test(path)) return route;
  return undefined;
}

/**
 * A request whose Host makes no URL the router can read: keyed and counted as any other request
 * to its path (a flood of them is limited like one), then refused with 400.
 */
async function refuseUnusableHost(request: Request, ctx: RequestContext): Promise<Response> {
  try {
    for (const step of BEFORE_EVERY_ROUTE) {
      const refused = await step(request as IRequest, ctx);
      if (refused) return refused;
    }
    // An MCP POST is charged once its message is read; this one never will be: charged as work.
    if (ctx.surface === 'mcp') await chargeMcpMessage(ctx, 'work');
    return unusableHost(ctx);
  } catch (error) {
    return toProblem(error, request, ctx);
  }
}

async function toProblem(error: unknown, request: Request, ctx: RequestContext): Promise<Response> {
  // MCP clients read JSON-RPC bodies; the problem travels in the error's data (src/mcp/refusals.ts).
  // README badges draw their refusals as error badges (src/badge/route.ts).
  const answer: typeof problemResponse =
    ctx.surface === 'mcp'
      ? mcpProblemResponse
      : ctx.surface === 'badge'
        ? (c, code, options) => badgeRefusal(request, problemResponse(c, code, options), code)
        : problemResponse;
  const refusal = refusalOf(error, ctx);
  if (
    refusal?.code === 'rate_limit_exceeded' &&
    ctx.surface === 'document' &&
    prefersHtml(request.headers.get('accept'))
  )
    // A person who browsed too fast gets a page that says how long to wait, and reloads after it.
    return (await import('./pages/too-many-pages.ts')).sendTooManyPages(
      ctx,
      refusal.options.detail ?? '',
      refusal.options.retryAfterSec ?? 60,
    );
  if (refusal) return answer(ctx, refusal.code, refusal.options);
  reportError(ctx, error);
  ctx.notes.cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return answer(ctx, 'internal_error', { detail: 'An unexpected error occurred; it has been logged.' });
}
