/**
 * A request context like the one the app builds for each request (src/app.ts), for tests that
 * call a handler or a small router directly, without the app's middleware: real services on an
 * embedded store, anonymous, on https://scan.test.
 */
import { parseConfig } from '../../src/config.ts';
import type { RequestContext, Services } from '../../src/context.ts';
import { surfaceOf, type Surface } from '../../src/http/surface.ts';
import { KeyService } from '../../src/keys/key-service.ts';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { RefusedClients } from '../../src/middleware/refused-clients.ts';
import { createDohResolver } from '../../src/net/resolver.ts';
import { DependencyWatch } from '../../src/ops/dependency-watch.ts';
import { Readiness } from '../../src/ops/readiness.ts';
import { newRequestNotes } from '../../src/ops/request-notes.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import type { Store } from '../../src/store/port.ts';

export const BASE = 'https://scan.test';

/** The services of an app on `store` (an embedded one by default), at a fixed time. */
export function testServices(
  options: { env?: Record<string, string>; store?: Store; now?: () => number; errors?: unknown[] } = {},
): Services {
  const now = options.now ?? (() => 1_700_000_000_000);
  const store = options.store ?? new MemoryStore({ now });
  const config = parseConfig({ BASE_URL: BASE, ACCOUNT_URL: 'https://account.scan.test/keys', ...options.env });
  const watch = new DependencyWatch(() => {}, now);
  return {
    config,
    store,
    fallbackLimiter: new MemoryStore({ now }),
    refusedClients: new RefusedClients(now),
    keys: new KeyService(store, config.apiKeyPrefix, now),
    scanners: {},
    limits: SPEC_LIMITS,
    now,
    scanDeadlineMs: 1_000,
    onError: (error) => options.errors?.push(error),
    onBadgeRefresh: () => {},
    watch,
    readiness: new Readiness(store, createDohResolver({ url: 'https://doh.test/dns-query', fetch }), watch, now),
  };
}

/**
 * The context of one anonymous request for `url`: its path, the surface of its route (`surface`;
 * without one, the surface of a path no route matches), the services' store and time.
 */
export function requestContext(
  url: string,
  options: { services?: Services; surface?: Surface; method?: string } = {},
): RequestContext {
  const services = options.services ?? testServices();
  const path = new URL(url).pathname;
  return {
    services,
    runtime: {},
    path,
    surface: surfaceOf(options.surface, path),
    baseUrl: services.config.baseUrl ?? new URL(url).origin,
    startedAt: services.now(),
    client: 'ip:192.0.2.1',
    principal: { kind: 'anonymous' },
    rateLimit: null,
    scanQuota: null,
    waitUntil: () => {},
    requestId: 'test-request',
    method: options.method ?? 'GET',
    store: services.store,
    notes: newRequestNotes(),
  };
}
