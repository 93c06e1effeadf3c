import type { RateLimitDecision } from '../store/port.ts';

export interface ShownLimit extends RateLimitDecision {
  policy: string;
  windowSec: number;
}

/** Whole seconds from `now` until `at`, never below 1 when `at` is in the future. */
export function secondsUntil(at: number, now: number): number {
  return at > now ? Math.max(1, Math.ceil((at - now) / 1000)) : 0;
}

/**
 * The rate-limit header families, all describing the same per-minute window:
 * - `RateLimit-Policy` / `RateLimit`: draft-ietf-httpapi-ratelimit-headers structured fields;
 * - `RateLimit-Limit` / `-Remaining` / `-Reset`: the older draft's fields (Reset in seconds);
 * - `X-RateLimit-*`: GitHub's convention, `X-RateLimit-Reset` in Unix epoch seconds.
 * When the request was refused, the reset is the moment a retry can succeed (= Retry-After).
 */
export function rateLimitHeaders(shown: ShownLimit, now: number): [string, string][] {
  const resetAt = shown.allowed ? shown.resetAt : Math.max(shown.retryAt, now + 1000);
  const resetSec = secondsUntil(resetAt, now);
  return [
    ['ratelimit-policy', `"${shown.policy}";q=${shown.limit};w=${shown.windowSec}`],
    ['ratelimit', `"${shown.policy}";r=${shown.remaining};t=${resetSec}`],
    ['ratelimit-limit', String(shown.limit)],
    ['ratelimit-remaining', String(shown.remaining)],
    ['ratelimit-reset', String(resetSec)],
    ['x-ratelimit-limit', String(shown.limit)],
    ['x-ratelimit-remaining', String(shown.remaining)],
    ['x-ratelimit-reset', String(Math.ceil(resetAt / 1000))],
  ];
}
