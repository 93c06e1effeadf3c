import { ApiError } from '../http/problem.ts';
import { retryAfterSeconds, type ShownLimit } from '../http/rate-limit-headers.ts';
import { countsAgainstLimit } from '../http/surface.ts';
import { MINUTE_MS } from '../limits.ts';
import { StoreUnavailableError, type RateLimitDecision } from '../store/port.ts';
import type { Handler, RequestContext } from '../context.ts';

const PER_MINUTE_POLICY = 'per-minute';
const BADGE_POLICY = 'badge-per-minute';

/**
 * The budget a request is charged to: per key for a valid key, otherwise per client address. A
 * presented key that is not valid is charged to the address's API budget on every surface, so a
 * key guesser meets the same 10 a minute wherever it knocks.
 */
function budgetOf(ctx: RequestContext): { bucket: string; limit: number; policy: string; who: string } {
  const p = ctx.principal;
  if (p.kind === 'invalid') return clientBudget(ctx);
  // Badges have their own, larger budget per address: README traffic must not eat the API's.
  if (ctx.surface === 'badge') return badgeBudget(ctx);
  if (p.kind === 'key') {
    const { limits } = ctx.services;
    return { bucket: `key:${p.record.id}`, limit: limits.keyPerMinute, policy: PER_MINUTE_POLICY, who: 'this API key' };
  }
  return clientBudget(ctx);
}

function badgeBudget(ctx: RequestContext) {
  const limit = ctx.services.limits.badgePerMinute;
  return { bucket: `badge:${ctx.client}`, limit, policy: BADGE_POLICY, who: 'badges from this client address' };
}

function clientBudget(ctx: RequestContext) {
  const limit = ctx.services.limits.anonymousPerMinute;
  return { bucket: `ip:${ctx.client}`, limit, policy: PER_MINUTE_POLICY, who: 'this client address' };
}

/**
 * The per-minute request limit. What counts is the surface's call (src/http/surface.ts); failed
 * key attempts count against the client address. A refusal is remembered until its retry time, so
 * a client already over its limit is refused again without store work. When the shared store
 * cannot answer, an in-process limiter stands in so the API keeps serving.
 */
export const perMinuteLimit: Handler = async (request, ctx) => {
  const { fallbackLimiter, refusedClients } = ctx.services;
  const { store } = ctx;
  const { bucket, limit, policy, who } = budgetOf(ctx);
  const consume = countsAgainstLimit(ctx.surface, request.method, ctx.principal.kind === 'invalid');
  if (consume) refuseIfStillRefused(ctx, bucket, who);
  let decision: RateLimitDecision;
  try {
    decision = await store.hitRateLimit(bucket, limit, MINUTE_MS, consume);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    decision = await fallbackLimiter.hitRateLimit(bucket, limit, MINUTE_MS, consume);
  }
  ctx.rateLimit = { decision, policy, windowSec: MINUTE_MS / 1000 };
  if (consume && !decision.allowed) {
    refusedClients.remember(bucket, ctx.rateLimit);
    throw tooManyRequests(ctx, ctx.rateLimit, who);
  }
  return undefined;
};

/**
 * Refuses, before a key lookup, a request whose client address this instance has refused and
 * may not retry yet. A valid key the instance has not cached yet is refused too until then
 * (docs/limits.md): looking up every key a refused address sends is what a key guesser wants.
 */
export function refuseClientIfStillRefused(ctx: RequestContext): void {
  // On badges a valid key draws on the badge budget, a key that turns out invalid on the API's.
  for (const { bucket, who } of ctx.surface === 'badge' ? [badgeBudget(ctx), clientBudget(ctx)] : [clientBudget(ctx)])
    refuseIfStillRefused(ctx, bucket, who);
}

function refuseIfStillRefused(ctx: RequestContext, bucket: string, who: string): void {
  const standing = ctx.services.refusedClients.standing(bucket);
  if (standing === undefined) return;
  ctx.rateLimit = standing;
  throw tooManyRequests(ctx, standing, who);
}

function tooManyRequests(ctx: RequestContext, shown: ShownLimit, who: string): ApiError {
  const { limits, now } = ctx.services;
  const { limit, retryAt } = shown.decision;
  const retryAfterSec = retryAfterSeconds(retryAt, now());
  const anonymous = shown.policy === PER_MINUTE_POLICY && ctx.principal.kind !== 'key';
  return new ApiError('rate_limit_exceeded', {
    detail: `${limit} requests per minute are allowed for ${who}; retry in ${retryAfterSec} s.`,
    hint: anonymous
      ? 'Wait Retry-After seconds, or send a free developer key ' +
        `to raise the limit to ${limits.keyPerMinute} requests per minute.`
      : undefined,
    retryAfterSec,
    extra: { violatedPolicies: [shown.policy] },
  });
}
