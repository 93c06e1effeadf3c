import type { RateLimitDecision } from '../store/port.ts';

export interface ShownLimit {
  decision: RateLimitDecision;
  policy: string;
  windowSec: number;
}

/** Whole seconds from `now` until `at`, never below 1 when `at` is in the future. */
function secondsUntil(at: number, now: number): number {
  return at > now ? Math.max(1, Math.ceil((at - now) / 1000)) : 0;
}

/** Retry-After for a refusal: never 0, so a client always waits at least a second. */
export function retryAfterSeconds(at: number, now: number): number {
  return Math.max(1, secondsUntil(at, now));
}

/**
 * The rate-limit header families, all describing the same per-minute window:
 * - `RateLimit-Policy` / `RateLimit`: draft-ietf-httpapi-ratelimit-headers structured fields;
 * - `RateLimit-Limit` / `-Remaining` / `-Reset`: the older draft's fields (Reset in seconds);
 * - `X-RateLimit-*`: GitHub's convention, `X-RateLimit-Reset` in Unix epoch seconds.
 * When the request was refused, the reset is the moment a retry can succeed (= Retry-After).
 */
/** The names of the headers `addRateLimitHeaders` writes, as the catalog and CORS expose them. */
export const RATE_LIMIT_HEADER_NAMES = [
  'RateLimit-Policy',
  'RateLimit',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
] as const;

/** Seconds until `shown` resets: the end of its window, or when refused the moment a retry can succeed. */
function resetSeconds(shown: ShownLimit, now: number): { resetAt: number; resetSec: number } {
  const { decision } = shown;
  const resetAt = decision.allowed ? decision.resetAt : Math.max(decision.retryAt, now + 1000);
  return { resetAt, resetSec: secondsUntil(resetAt, now) };
}

/**
 * Writes every family for `shown`. `alsoShown` (the scan quota on an execute answer) joins the
 * structured fields only, which may list several policies; the single-value fields keep describing
 * the per-minute limit the contract names.
 */
export function addRateLimitHeaders(
  headers: Record<string, string>,
  shown: ShownLimit,
  now: number,
  alsoShown?: ShownLimit | null,
): void {
  const { decision } = shown;
  const { resetAt, resetSec } = resetSeconds(shown, now);
  const limit = String(decision.limit);
  const remaining = String(decision.remaining);
  headers['ratelimit-policy'] = `"${shown.policy}";q=${limit};w=${shown.windowSec}`;
  headers['ratelimit'] = `"${shown.policy}";r=${remaining};t=${resetSec}`;
  if (alsoShown) {
    const also = alsoShown.decision;
    headers['ratelimit-policy'] += `, "${alsoShown.policy}";q=${also.limit};w=${alsoShown.windowSec}`;
    headers['ratelimit'] += `, "${alsoShown.policy}";r=${also.remaining};t=${resetSeconds(alsoShown, now).resetSec}`;
  }
  headers['ratelimit-limit'] = limit;
  headers['ratelimit-remaining'] = remaining;
  headers['ratelimit-reset'] = String(resetSec);
  headers['x-ratelimit-limit'] = limit;
  headers['x-ratelimit-remaining'] = remaining;
  headers['x-ratelimit-reset'] = String(Math.ceil(resetAt / 1000));
}
