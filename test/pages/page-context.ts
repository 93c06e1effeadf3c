/**
 * Calls a page handler directly, without the router: a request context like the app builds, and
 * a thrown ApiError turned into its problem response as the app's error handler would.
 */
import type { IRequest } from 'itty-router';
import { parseConfig } from '../../src/config.ts';
import type { Handler, RequestContext, Services } from '../../src/context.ts';
import { ApiError, problemResponse } from '../../src/http/problem.ts';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { newRequestNotes } from '../../src/ops/request-notes.ts';
import { MemoryStore } from '../../src/store/memory.ts';

export const BASE = 'https://scan.test';

export function pageContext(url: string, env: Record<string, string> = {}): RequestContext {
  const config = parseConfig({ BASE_URL: BASE, ACCOUNT_URL: 'https://account.scan.test/keys', ...env });
  const services = { config, limits: SPEC_LIMITS, now: () => 1_700_000_000_000, scanners: {} } as unknown as Services;
  return {
    services,
    runtime: {},
    path: new URL(url).pathname,
    surface: 'document',
    baseUrl: config.baseUrl ?? new URL(url).origin,
    startedAt: 0,
    client: 'ip:192.0.2.1',
    principal: { kind: 'anonymous' },
    rateLimit: null,
    scanQuota: null,
    waitUntil: () => {},
    requestId: 'test-request',
    method: 'GET',
    store: new MemoryStore(),
    notes: newRequestNotes(),
  };
}

export async function callHandler(
  handler: Handler,
  url: string,
  init: RequestInit = {},
  env: Record<string, string> = {},
): Promise<Response> {
  const ctx = pageContext(url, env);
  const request = new Request(url, init) as unknown as IRequest;
  try {
    const response = await handler(request, ctx);
    if (!response) throw new Error('the handler passed the request on');
    return response;
  } catch (error) {
    if (error instanceof ApiError) return problemResponse(ctx, error.code, error.options);
    throw error;
  }
}
