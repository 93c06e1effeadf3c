/**
 * The badge route in a minimal itty-router app, without the app's middleware (keys, rate
 * limits): enough to test the handler on its own. route.integration.test.ts tests it in the app.
 */
import { createDohResolver } from '../../src/net/resolver.ts';
import { DependencyWatch } from '../../src/ops/dependency-watch.ts';
import { Readiness } from '../../src/ops/readiness.ts';
import { newRequestNotes } from '../../src/ops/request-notes.ts';
import { Router, type IRequest } from 'itty-router';
import { badge } from '../../src/badge/route.ts';
import { parseConfig } from '../../src/config.ts';
import { ApiError, problemResponse } from '../../src/http/problem.ts';
import { KeyService } from '../../src/keys/key-service.ts';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { RefusedClients } from '../../src/middleware/refused-clients.ts';
import { PATHS } from '../../src/paths.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import type { RequestContext, Services } from '../../src/context.ts';
import { switchableStore } from '../support/failing-store.ts';
import { surfaceOf } from '../../src/http/surface.ts';

export interface LocalBadgeApp {
  memory: MemoryStore;
  setStoreDown(down: boolean): void;
  errors: unknown[];
  get(path: string, headers?: Record<string, string>): Promise<Response>;
}

export function localBadgeApp(): LocalBadgeApp {
  const now = () => 1_800_000_000_000;
  const memory = new MemoryStore({ now });
  const switchable = switchableStore(memory);
  const { store } = switchable;
  const config = parseConfig({ BASE_URL: 'https://scan.test' });
  const errors: unknown[] = [];
  const watch = new DependencyWatch(() => {}, now);
  const services: Services = {
    config,
    store: store,
    fallbackLimiter: new MemoryStore({ now }),
    refusedClients: new RefusedClients(now),
    keys: new KeyService(store, config.apiKeyPrefix, now),
    scanners: {},
    limits: SPEC_LIMITS,
    now,
    scanDeadlineMs: 1000,
    onError: (error) => errors.push(error),
    watch,
    readiness: new Readiness(store, createDohResolver({ url: 'https://doh.test/dns-query', fetch }), watch, now),
  };
  const router = Router<IRequest, [RequestContext]>({
    catch: (error, _request, ctx) => {
      if (error instanceof ApiError) return problemResponse(ctx, error.code, error.options);
      errors.push(error);
      return problemResponse(ctx, 'internal_error', { detail: 'An unexpected error occurred.' });
    },
  });
  router.get(PATHS.badge, badge);
  return {
    memory,
    setStoreDown: (down) => switchable.setDown(down),
    errors,
    async get(path, headers = {}) {
      const request = new Request(`https://scan.test${path}`, { headers });
      const ctx: RequestContext = {
        services,
        runtime: {},
        path: new URL(request.url).pathname,
        surface: surfaceOf(PATHS.badge, new URL(request.url).pathname),
        baseUrl: 'https://scan.test',
        startedAt: now(),
        client: 'ip:203.0.113.1',
        principal: { kind: 'anonymous' },
        rateLimit: null,
        scanQuota: null,
        waitUntil: () => {},
        requestId: 'test-request',
        method: 'GET',
        store,
        notes: newRequestNotes(),
      };
      return (await router.fetch(request, ctx)) ?? new Response('no route', { status: 404 });
    },
  };
}
