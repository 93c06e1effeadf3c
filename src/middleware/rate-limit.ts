import { ApiError } from '../http/problem.ts';
import { retryAfterSeconds } from '../http/rate-limit-headers.ts';
import { countsAgainstLimit } from '../http/surface.ts';
import { MINUTE_MS } from '../limits.ts';
import { StoreUnavailableError, type RateLimitDecision } from '../store/port.ts';
import type { Handler } from '../context.ts';

const PER_MINUTE_POLICY = 'per-minute';
const BADGE_POLICY = 'badge-per-minute';

/**
 * The per-minute request limit: per key for a valid key, otherwise per client address (failed
 * key attempts included). What counts is the surface's call (src/http/surface.ts). When the shared
 * store cannot answer, an in-process limiter stands in so the API keeps serving.
 */
export const perMinuteLimit: Handler = async (request, ctx) => {
  const { limits, store, fallbackLimiter, now } = ctx.services;
  const p = ctx.principal;
  // Badges have their own, larger budget per address: README traffic must not eat the API's.
  const badge = ctx.surface === 'badge';
  const policy = badge ? BADGE_POLICY : PER_MINUTE_POLICY;
  const limit = badge ? limits.badgePerMinute : p.kind === 'key' ? limits.keyPerMinute : limits.anonymousPerMinute;
  const bucket = badge ? `badge:${ctx.client}` : p.kind === 'key' ? `key:${p.record.id}` : `ip:${ctx.client}`;
  const consume = countsAgainstLimit(ctx.surface, request.method);
  let decision: RateLimitDecision;
  try {
    decision = await store.hitRateLimit(bucket, limit, MINUTE_MS, consume);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    decision = await fallbackLimiter.hitRateLimit(bucket, limit, MINUTE_MS, consume);
  }
  ctx.rateLimit = { decision, policy, windowSec: MINUTE_MS / 1000 };
  if (consume && !decision.allowed) {
    const retryAfterSec = retryAfterSeconds(decision.retryAt, now());
    const who = badge ? 'badges from this client address' : p.kind === 'key' ? 'this API key' : 'this client address';
    throw new ApiError('rate_limit_exceeded', {
      detail: `${limit} requests per minute are allowed for ${who}; retry in ${retryAfterSec} s.`,
      hint:
        p.kind === 'key' || badge
          ? undefined
          : 'Wait Retry-After seconds, or send a free developer key ' +
            `to raise the limit to ${limits.keyPerMinute} requests per minute.`,
      retryAfterSec,
      extra: { violatedPolicies: [policy] },
    });
  }
  return undefined;
};
