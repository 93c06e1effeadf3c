/**
 * The badge route in a minimal itty-router app, without the app's middleware (keys, rate
 * limits): enough to test the handler on its own. route.integration.test.ts tests it in the app.
 */
import { Router, type IRequest } from 'itty-router';
import { badge } from '../../src/badge/route.ts';
import type { RequestContext } from '../../src/context.ts';
import { ApiError, problemResponse } from '../../src/http/problem.ts';
import { PATHS } from '../../src/paths.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import { switchableStore } from '../support/failing-store.ts';
import { BASE, requestContext, testServices } from '../support/request-context.ts';

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
  const errors: unknown[] = [];
  const services = testServices({ store: switchable.store, now, errors });
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
      const request = new Request(`${BASE}${path}`, { headers });
      const ctx = requestContext(request.url, { services, surface: 'badge' });
      return (await router.fetch(request, ctx)) ?? new Response('no route', { status: 404 });
    },
  };
}
