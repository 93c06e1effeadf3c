import { ApiError } from '../http/problem.ts';
import { retryAfterSeconds, type ShownLimit } from '../http/rate-limit-headers.ts';
import { waitText } from '../http/wait-text.ts';
import { chargedWhenRead, countsAgainstLimit } from '../http/surface.ts';
import { MINUTE_MS } from '../limits.ts';
import { StoreUnavailableError, type RateLimitDecision } from '../store/port.ts';
import type { Handler, RequestContext } from '../context.ts';

const PER_MINUTE_POLICY = 'per-minute';
const BADGE_POLICY = 'badge-per-minute';
const PAGE_POLICY = 'pages-per-minute';
const MCP_PROTOCOL_POLICY = 'mcp-protocol-per-minute';

interface Budget {
  bucket: string;
  limit: number;
  policy: string;
  who: string;
  /** What the limit counts, for the refusal's detail (default: requests). */
  what?: string;
}

/**
 * The budget a request is charged to: per key for a valid key, otherwise per client address. A
 * presented key that is not valid is charged to the address's API budget on every surface, so a
 * key guesser meets the same 10 a minute wherever it knocks.
 */
function budgetOf(ctx: RequestContext): Budget {
  const p = ctx.principal;
  if (p.kind === 'invalid') return clientBudget(ctx);
  // Badges have their own, larger budget per address: README traffic must not eat the API's.
  if (ctx.surface === 'badge') return badgeBudget(ctx);
  // So do pages and documents, per address whatever the key: a person browsing must not eat it either.
  if (ctx.surface === 'document') return pageBudget(ctx);
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

function pageBudget(ctx: RequestContext): Budget {
  const limit = ctx.services.limits.pagesPerMinute;
  return { bucket: `page:${ctx.client}`, limit, policy: PAGE_POLICY, who: 'this client address', what: 'pages' };
}

function clientBudget(ctx: RequestContext) {
  const limit = ctx.services.limits.anonymousPerMinute;
  return { bucket: `ip:${ctx.client}`, limit, policy: PER_MINUTE_POLICY, who: 'this client address' };
}

/** MCP messages that do no work: their own, larger budget per key or client address. */
function mcpProtocolBudget(ctx: RequestContext): Budget {
  const limit = ctx.services.limits.mcpProtocolPerMinute;
  const p = ctx.principal;
  const what = 'MCP protocol messages';
  return p.kind === 'key'
    ? { bucket: `mcp:key:${p.record.id}`, limit, policy: MCP_PROTOCOL_POLICY, who: 'this API key', what }
    : { bucket: `mcp:ip:${ctx.client}`, limit, policy: MCP_PROTOCOL_POLICY, who: 'this client address', what };
}

/**
 * The per-minute request limit. What counts is the surface's call (src/http/surface.ts); failed
 * key attempts count against the client address. A refusal is remembered until its retry time, so
 * a client already over its limit is refused again without store work. When the shared store
 * cannot answer, an in-process limiter stands in so the API keeps serving. An MCP POST is charged
 * later, once its message is read (`chargeMcpMessage`).
 */
export const perMinuteLimit: Handler = async (request, ctx) => {
  if (chargedWhenRead(ctx.surface, request.method, ctx.principal.kind)) return undefined;
  const counts = countsAgainstLimit(ctx.surface, request.method, ctx.principal.kind === 'invalid');
  if (counts) await hit(ctx, budgetOf(ctx), true);
  // The retired keys endpoint always answers 410 (SPEC): it shows this instance's view of the
  // address's budget, without asking the store, so that no request reaches the store unlimited.
  else if (ctx.surface === 'retired') await hit(ctx, budgetOf(ctx), false, ctx.services.fallbackLimiter);
  // Anything else that does not count on its surface (a preflight, GET /mcp) draws on the page
  // budget: showing a budget reads the store.
  else await hit(ctx, pageBudget(ctx), true);
  return undefined;
};

/**
 * Charges an MCP POST by what its message does: `work` (a tool call, or a message that could not
 * be read) draws on the API budget shared with REST, `protocol` (a handshake message) on the MCP
 * protocol budget. One limiter round trip either way.
 */
export async function chargeMcpMessage(ctx: RequestContext, kind: 'work' | 'protocol'): Promise<void> {
  if (ctx.rateLimit) return;
  await hit(ctx, kind === 'work' ? budgetOf(ctx) : mcpProtocolBudget(ctx), true);
}

async function hit(ctx: RequestContext, budget: Budget, consume: boolean, limiter = ctx.store): Promise<void> {
  const { bucket, limit, policy } = budget;
  const { fallbackLimiter, refusedClients } = ctx.services;
  if (consume) refuseIfStillRefused(ctx, budget);
  let decision: RateLimitDecision;
  try {
    decision = await limiter.hitRateLimit(bucket, limit, MINUTE_MS, consume);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    decision = await fallbackLimiter.hitRateLimit(bucket, limit, MINUTE_MS, consume);
  }
  ctx.rateLimit = { decision, policy, windowSec: MINUTE_MS / 1000 };
  if (consume && !decision.allowed) {
    refusedClients.remember(bucket, ctx.rateLimit);
    throw tooManyRequests(ctx, ctx.rateLimit, budget);
  }
}

/**
 * Refuses, before a key lookup, a request whose client address this instance has refused and
 * may not retry yet. A valid key the instance has not cached yet is refused too until then
 * (docs/limits.md): looking up every key a refused address sends is what a key guesser wants.
 */
export function refuseClientIfStillRefused(ctx: RequestContext): void {
  // On badges and pages a valid key draws on their own budget, a key that turns out invalid on the API's.
  const own = ctx.surface === 'badge' ? [badgeBudget(ctx)] : ctx.surface === 'document' ? [pageBudget(ctx)] : [];
  for (const budget of [...own, clientBudget(ctx)]) refuseIfStillRefused(ctx, budget);
}

function refuseIfStillRefused(ctx: RequestContext, budget: Budget): void {
  const standing = ctx.services.refusedClients.standing(budget.bucket);
  if (standing === undefined) return;
  ctx.rateLimit = standing;
  throw tooManyRequests(ctx, standing, budget);
}

function tooManyRequests(ctx: RequestContext, shown: ShownLimit, { who, what = 'requests' }: Budget): ApiError {
  const { limits, now } = ctx.services;
  const { limit, retryAt } = shown.decision;
  const retryAfterSec = retryAfterSeconds(retryAt, now());
  const anonymous = shown.policy === PER_MINUTE_POLICY && ctx.principal.kind !== 'key';
  return new ApiError('rate_limit_exceeded', {
    detail: `${limit} ${what} per minute are allowed for ${who}; retry in ${waitText(retryAfterSec)}.`,
    hint: anonymous
      ? 'Wait Retry-After seconds, or send a free developer key ' +
        `to raise the limit to ${limits.keyPerMinute} requests per minute.`
      : undefined,
    retryAfterSec,
    extra: { violatedPolicies: [shown.policy] },
  });
}
