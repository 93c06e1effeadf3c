import { nextSlotAt, quotaDecision, weightedCount, windowIndex, type WindowCounts } from './sliding-window.ts';
import type { KeyRecord, QuotaDecision, QuotaWindow, RateLimitDecision, ScanRecord, Store } from './port.ts';

/** How long scan records are kept, and how many per target. */
export const SCAN_RECORD_TTL_MS = 30 * 24 * 3_600_000;
export const SCAN_RECORDS_PER_TARGET = 50;

interface Counter {
  windowMs: number;
  index: number;
  current: number;
  previous: number;
}

/**
 * The embedded store: one process, nothing shared. Right for a single instance and for tests;
 * several instances need the Upstash store.
 */
export class MemoryStore implements Store {
  readonly #counters = new Map<string, Counter>();
  readonly #keys = new Map<string, KeyRecord>();
  readonly #keyIdByHash = new Map<string, string>();
  readonly #scans = new Map<string, ScanRecord[]>();
  readonly #grades = new Map<string, { grade: string; at: number }>();
  readonly #now: () => number;
  #sweepAt = 0;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  async hitRateLimit(bucket: string, limit: number, windowMs: number, consume: boolean): Promise<RateLimitDecision> {
    const now = this.#now();
    this.#sweep(now);
    const key = `rl:${bucket}:${windowMs}`;
    const used = weightedCount(this.#counts(key, now, windowMs), now, windowMs);
    const allowed = used < limit;
    if (allowed && consume) this.#increment(key, now, windowMs);
    const after = allowed && consume ? used + 1 : used;
    const resetAt = (windowIndex(now, windowMs) + 1) * windowMs;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - after),
      resetAt,
      retryAt: nextSlotAt(this.#counts(key, now, windowMs), limit, now, windowMs),
    };
  }

  async reserveScan(windows: QuotaWindow[]): Promise<QuotaDecision> {
    const now = this.#now();
    this.#sweep(now);
    const decision = quotaDecision(
      windows,
      windows.map((w) => this.#counts(`q:${w.key}:${w.windowMs}`, now, w.windowMs)),
      now,
    );
    if (decision.allowed) for (const w of windows) this.#increment(`q:${w.key}:${w.windowMs}`, now, w.windowMs);
    return decision;
  }

  async putKey(record: KeyRecord): Promise<void> {
    this.#keys.set(record.id, { ...record });
    this.#keyIdByHash.set(record.hash, record.id);
  }

  async findKeyByHash(hash: string): Promise<KeyRecord | null> {
    const record = this.#keys.get(this.#keyIdByHash.get(hash) ?? '');
    return record ? { ...record } : null;
  }

  async listKeys(owner?: string): Promise<KeyRecord[]> {
    return [...this.#keys.values()]
      .filter((k) => owner === undefined || k.owner === owner)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((k) => ({ ...k }));
  }

  async revokeKey(id: string, at: number): Promise<KeyRecord | null> {
    const record = this.#keys.get(id);
    if (!record) return null;
    record.revokedAt ??= at;
    return { ...record };
  }

  async touchKey(id: string, at: number): Promise<void> {
    const record = this.#keys.get(id);
    if (record && (record.lastUsedAt === null || record.lastUsedAt < at)) record.lastUsedAt = at;
  }

  async recordScan(record: ScanRecord): Promise<void> {
    const list = this.#scans.get(record.target) ?? [];
    list.unshift({ ...record });
    list.length = Math.min(list.length, SCAN_RECORDS_PER_TARGET);
    this.#scans.set(record.target, list);
  }

  async recentScans(target: string, limit: number): Promise<ScanRecord[]> {
    const cutoff = this.#now() - SCAN_RECORD_TTL_MS;
    return (this.#scans.get(target) ?? []).filter((s) => s.at >= cutoff).slice(0, limit);
  }

  async setLatestGrade(domain: string, grade: string, at: number): Promise<void> {
    const known = this.#grades.get(domain);
    if (!known || known.at <= at) this.#grades.set(domain, { grade, at });
  }

  async latestGrade(domain: string): Promise<{ grade: string; at: number } | null> {
    return this.#grades.get(domain) ?? null;
  }

  #counts(key: string, now: number, windowMs: number): WindowCounts {
    const counter = this.#counters.get(key);
    const index = windowIndex(now, windowMs);
    if (!counter) return { current: 0, previous: 0 };
    if (counter.index === index) return { current: counter.current, previous: counter.previous };
    if (counter.index === index - 1) return { current: 0, previous: counter.current };
    return { current: 0, previous: 0 };
  }

  #increment(key: string, now: number, windowMs: number): void {
    const counts = this.#counts(key, now, windowMs);
    this.#counters.set(key, {
      windowMs,
      index: windowIndex(now, windowMs),
      current: counts.current + 1,
      previous: counts.previous,
    });
  }

  /** Drops counters that no longer count, so a flood of distinct clients cannot grow memory for ever. */
  #sweep(now: number): void {
    if (now < this.#sweepAt) return;
    this.#sweepAt = now + 60_000;
    for (const [key, counter] of this.#counters) {
      if (counter.index < windowIndex(now, counter.windowMs) - 1) this.#counters.delete(key);
    }
  }
}
