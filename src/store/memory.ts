import { BoundedCache } from '../cache/bounded-cache.ts';
import { CounterTable } from './counter-table.ts';
import { quotaDecision, rateLimitDecision } from './sliding-window.ts';
import {
  SCAN_RECORD_TTL_MS,
  SCANS_KEPT_PER_TARGET,
  summaryOf,
  type GradedTool,
  type KeyRecord,
  type QuotaDecision,
  type QuotaWindow,
  type RateLimitDecision,
  type ScanSummary,
  type Store,
  type StoredScan,
} from './port.ts';

/**
 * Most per-minute buckets (clients and keys) tracked at once, and most scan-quota counters. A
 * bucket costs about 200 bytes, so the first is about 20 MB at most; the quota counters cannot
 * outgrow the overall quota (a refused scan counts nowhere), the cap only backs that up.
 */
export const MAX_TRACKED_BUCKETS = 100_000;
const MAX_QUOTA_COUNTERS = 100_000;
/**
 * Tool-and-target histories, stored scans and graded domains; past each cap the one written longest
 * ago goes. A stored email scan is tens of kilobytes, so the embedded store keeps the 2,000 newest
 * in full (about 100 MB at most); a history line whose scan was dropped reads as expired.
 */
const MAX_SCANNED_TARGETS = 10_000;
const MAX_STORED_SCANS = 2_000;
const MAX_GRADED_DOMAINS = 100_000;
/** Claims held at once (one per badge refreshing); past it the one taken longest ago goes. */
const MAX_CLAIMS = 100_000;

/**
 * The embedded store: one process, nothing shared. Right for a single instance and for tests;
 * several instances need the Upstash store. Its counters are bounded (src/store/counter-table.ts):
 * past `maxTrackedBuckets` the bucket written longest ago is forgotten.
 */
export class MemoryStore implements Store {
  readonly #rateCounters: CounterTable;
  readonly #quotaCounters = new CounterTable(MAX_QUOTA_COUNTERS);
  /** Reservations not given back yet, by id: when each was counted. */
  readonly #unreleased = new Map<string, number>();
  #reservations = 0;
  readonly #keys = new Map<string, KeyRecord>();
  readonly #keyIdByHash = new Map<string, string>();
  readonly #histories: BoundedCache<string, ScanSummary[]>;
  readonly #scans: BoundedCache<string, StoredScan>;
  readonly #grades: BoundedCache<string, { grade: string; at: number }>;
  /** Each claim's key: until when it is taken. */
  readonly #claims: BoundedCache<string, number>;
  readonly #now: () => number;

  constructor(options: { now?: () => number; maxTrackedBuckets?: number } = {}) {
    this.#now = options.now ?? Date.now;
    this.#rateCounters = new CounterTable(options.maxTrackedBuckets ?? MAX_TRACKED_BUCKETS);
    const kept = { ttlMs: SCAN_RECORD_TTL_MS, now: this.#now };
    this.#histories = new BoundedCache({ maxEntries: MAX_SCANNED_TARGETS, ...kept });
    this.#scans = new BoundedCache({ maxEntries: MAX_STORED_SCANS, ...kept });
    this.#grades = new BoundedCache({ maxEntries: MAX_GRADED_DOMAINS, now: this.#now });
    this.#claims = new BoundedCache({ maxEntries: MAX_CLAIMS, now: this.#now });
  }

  /** How many per-minute buckets are tracked now. */
  get trackedBuckets(): number {
    return this.#rateCounters.size;
  }

  async ping(): Promise<void> {}

  async hitRateLimit(bucket: string, limit: number, windowMs: number, consume: boolean): Promise<RateLimitDecision> {
    const now = this.#now();
    const key = `${bucket}:${windowMs}`;
    const decision = rateLimitDecision(this.#rateCounters.counts(key, now, windowMs), limit, windowMs, now, consume);
    if (decision.allowed && consume) this.#rateCounters.increment(key, now, windowMs);
    return decision;
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    const now = this.#now();
    if ((this.#claims.get(key) ?? 0) > now) return false;
    this.#claims.set(key, now + ttlMs);
    return true;
  }

  async reserveScan(windows: QuotaWindow[]): Promise<QuotaDecision> {
    const now = this.#now();
    const counters = this.#quotaCounters;
    const counts = windows.map((w) => counters.counts(`${w.key}:${w.windowMs}`, now, w.windowMs));
    const decision = quotaDecision(windows, counts, now);
    if (!decision.allowed) return decision;
    for (const w of windows) counters.increment(`${w.key}:${w.windowMs}`, now, w.windowMs);
    const reservation = `${now}:${(this.#reservations += 1)}`;
    this.#unreleased.set(reservation, now);
    // The oldest go first: they are past their window, where a release changes nothing anyway.
    if (this.#unreleased.size > MAX_QUOTA_COUNTERS) this.#unreleased.delete(this.#unreleased.keys().next().value!);
    return { ...decision, reservation };
  }

  async releaseScan(windows: QuotaWindow[], reservation: string): Promise<void> {
    const at = this.#unreleased.get(reservation);
    if (at === undefined) return;
    this.#unreleased.delete(reservation);
    for (const w of windows) this.#quotaCounters.decrement(`${w.key}:${w.windowMs}`, at, w.windowMs);
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

  async saveScan(scan: StoredScan, gradeDomain: string | null): Promise<void> {
    const key = historyKey(scan.tool, scan.target);
    const history = [summaryOf(scan), ...(this.#histories.get(key) ?? [])];
    for (const dropped of history.splice(SCANS_KEPT_PER_TARGET)) this.#scans.delete(dropped.scanId);
    this.#histories.set(key, history);
    this.#scans.set(scan.scanId, structuredClone(scan), { since: scan.scannedAt });
    if (scan.grade !== null && gradeDomain !== null)
      this.#setGrade(gradeKey(gradeDomain, scan.tool as GradedTool), scan.grade, scan.scannedAt, SCAN_RECORD_TTL_MS);
  }

  async findScan(scanId: string): Promise<StoredScan | null> {
    const scan = this.#scans.get(scanId);
    return scan ? structuredClone(scan) : null;
  }

  async latestScan(tool: string, target: string): Promise<StoredScan | null> {
    const newest = this.#histories.get(historyKey(tool, target))?.[0];
    return newest ? this.findScan(newest.scanId) : null;
  }

  async scanHistory(tool: string, target: string, limit: number): Promise<ScanSummary[]> {
    const cutoff = this.#now() - SCAN_RECORD_TTL_MS;
    const history = this.#histories.get(historyKey(tool, target)) ?? [];
    return history.filter((s) => s.scannedAt >= cutoff && this.#scans.get(s.scanId)).slice(0, limit);
  }

  async setLatestGrade(
    domain: string,
    grade: string,
    at: number,
    tool: GradedTool = 'website-security',
  ): Promise<void> {
    this.#setGrade(gradeKey(domain, tool), grade, at);
  }

  async latestGrade(
    domain: string,
    tool: GradedTool = 'website-security',
  ): Promise<{ grade: string; at: number } | null> {
    const known = this.#grades.get(gradeKey(domain, tool));
    return known ? { ...known } : null;
  }

  #setGrade(key: string, grade: string, at: number, ttlMs?: number): void {
    const known = this.#grades.get(key);
    if (!known || known.at <= at) this.#grades.set(key, { grade, at }, ttlMs === undefined ? {} : { ttlMs, since: at });
  }
}

const historyKey = (tool: string, target: string) => `${tool}\n${target}`;
/** The operator's website-security grades keep their original key, the domain alone. */
const gradeKey = (domain: string, tool: GradedTool) => (tool === 'website-security' ? domain : `${tool}\n${domain}`);
