/**
 * The sliding-window counter: two fixed windows, the previous one weighted by how much of it still
 * overlaps the sliding window. Pure arithmetic, shared by both stores; the Lua scripts in
 * lua-scripts.ts compute `weightedCount` the same way, so both stores give the same answers.
 */
import type { QuotaDecision, QuotaWindow, RateLimitDecision } from './port.ts';

export interface WindowCounts {
  /** Requests counted in the current fixed window. */
  current: number;
  /** Requests counted in the previous fixed window. */
  previous: number;
}

export function windowIndex(now: number, windowMs: number): number {
  return Math.floor(now / windowMs);
}

/** Requests the sliding window holds at `now`. */
export function weightedCount(counts: WindowCounts, now: number, windowMs: number): number {
  const elapsed = (now % windowMs) / windowMs;
  return counts.current + Math.floor(counts.previous * (1 - elapsed));
}

/**
 * The earliest instant after `now` at which one more request fits, given the counts are not
 * changing meanwhile. Never earlier than the truth, so a client that waits this long succeeds.
 */
export function nextSlotAt(counts: WindowCounts, limit: number, now: number, windowMs: number): number {
  const start = windowIndex(now, windowMs) * windowMs;
  if (counts.current < limit && counts.previous > 0) {
    // floor(previous * (1 - x)) < limit - current  ⇔  previous * (1 - x) < limit - current
    const x = 1 - (limit - counts.current) / counts.previous;
    const at = start + Math.floor(x * windowMs) + 1;
    if (at > now) return Math.min(at, start + windowMs);
    return now;
  }
  if (counts.current < limit) return now;
  // The current window is full: it becomes the previous window at the boundary, weighted just under 1.
  const boundary = start + windowMs;
  return nextSlotAt({ current: 0, previous: counts.current }, limit, boundary, windowMs);
}

/**
 * The per-minute decision from a bucket's counts before this request: allowed while the window
 * has room, and counted only when also `consume`. `allowed` lets a store that decided atomically
 * elsewhere (the Redis script) pass its verdict in.
 */
export function rateLimitDecision(
  counts: WindowCounts,
  limit: number,
  windowMs: number,
  now: number,
  consume: boolean,
  allowed?: boolean,
): RateLimitDecision {
  const used = weightedCount(counts, now, windowMs);
  const ok = allowed ?? used < limit;
  const counted = ok && consume;
  return {
    allowed: ok,
    limit,
    remaining: Math.max(0, limit - used - (counted ? 1 : 0)),
    resetAt: (windowIndex(now, windowMs) + 1) * windowMs,
    retryAt: nextSlotAt(counted ? { ...counts, current: counts.current + 1 } : counts, limit, now, windowMs),
  };
}

/**
 * The scan-quota decision from each window's counts before this scan: refused by every window
 * that is full, allowed (and counted everywhere) only when all have room. `allowed` lets a store
 * that decided atomically elsewhere (the Redis script) pass its verdict in.
 */
export function quotaDecision(
  windows: QuotaWindow[],
  counts: WindowCounts[],
  now: number,
  allowed?: boolean,
): QuotaDecision {
  const refusedBy: string[] = [];
  const used = windows.map((w, i) => weightedCount(counts[i]!, now, w.windowMs));
  let retryAt = now;
  windows.forEach((w, i) => {
    if (used[i]! < w.limit) return;
    refusedBy.push(w.policy);
    retryAt = Math.max(retryAt, nextSlotAt(counts[i]!, w.limit, now, w.windowMs));
  });
  const counted = allowed ?? refusedBy.length === 0;
  const remaining = Object.fromEntries(
    windows.map((w, i) => [w.policy, Math.max(0, w.limit - used[i]! - (counted ? 1 : 0))]),
  );
  return { allowed: counted, refusedBy, retryAt, remaining };
}
