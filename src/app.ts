import { Router, type IRequest, type RouteEntry } from 'itty-router';
import { catalog, legacyCatalog } from './api/catalog.ts';
import { keysMovedToPortal } from './api/developer-keys.ts';
import { execute, knownTool } from './api/execute.ts';
import { notFound, onlyMethods, preflight } from './api/fallbacks.ts';
import { health, readiness } from './api/health.ts';
import { openApiDocument } from './api/openapi.ts';
import { scanHistory, storedScan } from './api/scans.ts';
import { badge, badgeRefusal } from './badge/route.ts';
import { clientAddress, clientIdentity } from './http/client-address.ts';
import { isUnguarded, surfaceOf, type Surface } from './http/surface.ts';
import { ApiError, problemResponse } from './http/problem.ts';
import { KeyService } from './keys/key-service.ts';
import { SPEC_LIMITS, STORE_RETRY_AFTER_SEC } from './limits.ts';
import { mcpEndpoint } from './mcp/endpoint.ts';
import { mcpOrigin } from './mcp/origin-check.ts';
import { mcpProblemResponse } from './mcp/refusals.ts';
import { createDohResolver } from './net/resolver.ts';
import { accessLogEntry, initOf, loggedWhenSent, reportError } from './ops/access-log.ts';
import { DependencyWatch } from './ops/dependency-watch.ts';
import { observedStore } from './ops/observed-store.ts';
import { Readiness } from './ops/readiness.ts';
import { requestIdOf } from './ops/request-id.ts';
import { newRequestNotes } from './ops/request-notes.ts';
import { identifyKey, refuseInvalidKey } from './middleware/authenticate.ts';
import { perMinuteLimit } from './middleware/rate-limit.ts';
import { RefusedClients } from './middleware/refused-clients.ts';
import { requireScope } from './middleware/require-scope.ts';
import {
  agentSkill,
  errorIndexPage,
  errorPage,
  landingPage,
  llmsTxt,
  notFoundPage,
  scanPage,
  siteStylesheet,
  toolPage,
  toolPageScript,
} from './pages/routes.ts';
import { PATHS } from './paths.ts';
import { MemoryStore } from './store/memory.ts';
import { StoreUnavailableError } from './store/port.ts';
import type { AppDeps, Handler, RequestContext, RuntimeContext, Services } from './context.ts';

export interface App {
  fetch(request: Request, runtime?: RuntimeContext): Promise<Response>;
}

/** A middleware that does not run on the surfaces `skips` names. */
function unless(skips: (surface: Surface) => boolean, middleware: Handler): Handler {
  return (request, ctx) => (skips(ctx.surface) ? undefined : middleware(request, ctx));
}

const isProbe = (surface: Surface) => surface === 'probe';

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
    watch,
    readiness: new Readiness(deps.store, resolver, watch, now),
  };

  const router = Router<IRequest, [RequestContext], Response>({
    // Probes and the retired keys endpoint answer everyone alike: no key is looked at. Probes are not
    // limited either (a load balancer must never be refused, nor load the store); the keys endpoint
    // shows the per-minute headers without counting (docs/api-behaviour.md).
    before: [unless(isUnguarded, identifyKey), unless(isProbe, perMinuteLimit), refuseInvalidKey],
    catch: (error, request, ctx) => toProblem(error, request, ctx),
  });

  // Every path is spelled once, in src/paths.ts.
  router
    .options('*', preflight)
    .get(PATHS.health, health)
    .all(PATHS.health, onlyMethods('GET'))
    .get(PATHS.readiness, readiness)
    .all(PATHS.readiness, onlyMethods('GET'))
    .get(PATHS.catalog, requireScope('tools:read'), catalog)
    .all(PATHS.catalog, onlyMethods('GET'))
    .post(PATHS.execute, knownTool, requireScope('tools:execute'), execute)
    .all(PATHS.execute, knownTool, onlyMethods('POST'))
    .get(PATHS.scanHistory, knownTool, requireScope('tools:read'), scanHistory)
    .all(PATHS.scanHistory, knownTool, onlyMethods('GET'))
    .get(PATHS.scan, requireScope('tools:read'), storedScan)
    .all(PATHS.scan, onlyMethods('GET'))
    .post(PATHS.developerKeys, keysMovedToPortal)
    .all(PATHS.developerKeys, onlyMethods('POST'))
    .get(PATHS.legacyCatalog, requireScope('tools:read'), legacyCatalog)
    .all(PATHS.legacyCatalog, onlyMethods('GET'))
    .post(PATHS.legacyExecute, knownTool, requireScope('tools:execute'), execute)
    .all(PATHS.legacyExecute, knownTool, onlyMethods('POST'))
    .get(PATHS.badge, requireScope('badges:read'), badge)
    .all(PATHS.badge, onlyMethods('GET'))
    .post(PATHS.mcp, mcpOrigin, mcpEndpoint)
    .all(PATHS.mcp, onlyMethods('POST'))
    .get(PATHS.openapi, openApiDocument)
    .all(PATHS.openapi, onlyMethods('GET'))
    // Pages for people and agents: every URL the API hands out resolves.
    .get(PATHS.home, landingPage)
    .all(PATHS.home, onlyMethods('GET'))
    .get(PATHS.llms, llmsTxt)
    .all(PATHS.llms, onlyMethods('GET'))
    .get(PATHS.toolPage, toolPage)
    .all(PATHS.toolPage, onlyMethods('GET'))
    .get(PATHS.scanPage, scanPage)
    .all(PATHS.scanPage, onlyMethods('GET'))
    .get(PATHS.skill, agentSkill)
    .all(PATHS.skill, onlyMethods('GET'))
    .get(PATHS.errors, errorIndexPage)
    .all(PATHS.errors, onlyMethods('GET'))
    .get(PATHS.error, errorPage)
    .all(PATHS.error, onlyMethods('GET'))
    .get(PATHS.script, toolPageScript)
    .all(PATHS.script, onlyMethods('GET'))
    .get(PATHS.stylesheet, siteStylesheet)
    .all(PATHS.stylesheet, onlyMethods('GET'))
    // Anything else: a page for a browser outside the API, the problem for everyone else.
    .get('*', notFoundPage)
    .all('*', notFound);

  return {
    async fetch(request, runtime = {}) {
      const isHead = request.method === 'HEAD';
      const url = readUrl(request);
      const routed = url === null || !isHead ? request : new Request(url, { method: 'GET', headers: request.headers });
      const ctx = createContext(
        services,
        request,
        url === null ? placeholderRequest(services) : routed,
        runtime,
        router.routes,
      );
      const answer = url === null ? unusableHost(ctx) : await router.fetch(routed, ctx);
      const response = isHead ? new Response(null, initOf(answer)) : answer;
      const log = () => deps.onRequestComplete?.(accessLogEntry(ctx, request, response.status));
      if (ctx.surface === 'mcp' && deps.onRequestComplete) return loggedWhenSent(response, log);
      log();
      return response;
    },
  };
}

/**
 * The request's URL, or null when it does not parse: Node's server writes the Host header into it
 * as sent, so a Host such as `x:99999` or `256.0.0.1` gives a URL the router cannot parse.
 */
function readUrl(request: Request): string | null {
  try {
    const url = request.url;
    new URL(url); // URL.canParse is missing from some edge sandboxes
    return url;
  } catch {
    return null;
  }
}

/** Stands in for a request whose URL cannot be read, so that its refusal has a context. */
function placeholderRequest(services: Services): Request {
  return new Request(services.config.baseUrl ?? 'http://localhost/');
}

function unusableHost(ctx: RequestContext): Response {
  return problemResponse(ctx, 'bad_request', {
    detail: 'The Host header does not name a host and port this service can answer for.',
    hint: 'Send the host name of this service in Host, with a port from 1 to 65535 if any.',
  });
}

function createContext(
  services: Services,
  received: Request,
  request: Request,
  runtime: RuntimeContext,
  routes: RouteEntry[],
): RequestContext {
  const { origin, path } = splitUrl(request.url);
  const address = clientAddress(received.headers, runtime.clientAddress, services.config.trustProxy);
  const notes = newRequestNotes();
  return {
    services,
    runtime,
    requestId: requestIdOf(received.headers),
    method: received.method,
    path,
    surface: surfaceOf(routeMatching(routes, path), path),
    baseUrl: services.config.baseUrl ?? origin,
    startedAt: services.now(),
    client: clientIdentity(address),
    principal: { kind: 'anonymous' },
    rateLimit: null,
    scanQuota: null,
    waitUntil: runtime.waitUntil ?? ((promise) => void promise.catch(() => {})),
    store: observedStore(services.store, notes, services.watch),
    notes,
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
 * Origin and path of a request URL. `Request` has already parsed and normalised its URL (dot
 * segments resolved, percent-encoding applied), so slicing its serialisation is exact and saves
 * parsing it a second time on every request.
 */
function splitUrl(url: string): { origin: string; path: string } {
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  if (pathStart < 0) return { origin: url, path: '/' };
  const end = url.search(/[?#]/);
  return { origin: url.slice(0, pathStart), path: url.slice(pathStart, end < 0 ? undefined : end) };
}

function toProblem(error: unknown, request: Request, ctx: RequestContext): Response {
  // MCP clients read JSON-RPC bodies; the problem travels in the error's data (src/mcp/refusals.ts).
  // README badges draw their refusals as error badges (src/badge/route.ts).
  const answer: typeof problemResponse =
    ctx.surface === 'mcp'
      ? mcpProblemResponse
      : ctx.surface === 'badge'
        ? (c, code, options) => badgeRefusal(request, problemResponse(c, code, options), code)
        : problemResponse;
  if (error instanceof ApiError) return answer(ctx, error.code, error.options);
  if (error instanceof StoreUnavailableError) {
    ctx.notes.cause = `store unavailable: ${error.message}`;
    return answer(ctx, 'service_unavailable', {
      detail: 'The store is temporarily unavailable.',
      retryAfterSec: STORE_RETRY_AFTER_SEC,
    });
  }
  reportError(ctx, error);
  ctx.notes.cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return answer(ctx, 'internal_error', { detail: 'An unexpected error occurred; it has been logged.' });
}
