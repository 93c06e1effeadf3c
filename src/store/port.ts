/**
 * The Store port: everything the service keeps between requests. The embedded memory store and
 * the Upstash store implement it, and one contract suite (test/store/contract.ts) runs against both.
 *
 * A store that cannot answer throws `StoreUnavailableError`; callers never read that as "allowed".
 */
import type { Scope } from '../scopes.ts';

export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/**
 * A scan reservation the store did not confirm in time. A late reply may still have counted it,
 * so the store undoes it: `counted` is `'no'` once the store has confirmed that nothing stays
 * counted, `'unknown'` while that is still being settled in the background by `settling`.
 */
export class UnconfirmedReservationError extends StoreUnavailableError {
  override name = 'UnconfirmedReservationError';

  constructor(
    message: string,
    readonly counted: 'no' | 'unknown',
    readonly settling: Promise<void> | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch ms at which the current fixed window ends (`RateLimit-Reset`). */
  resetAt: number;
  /** Epoch ms at which one more request would be allowed (for `Retry-After`). */
  retryAt: number;
}

export interface QuotaWindow {
  /** Which policy this is, e.g. `scans-per-hour-per-client`. */
  policy: string;
  /** The counter it counts in, e.g. `client:203.0.113.9`; see docs/limits.md for the key layout. */
  key: string;
  limit: number;
  windowMs: number;
}

export interface QuotaDecision {
  allowed: boolean;
  /** The windows that refused the scan (empty when allowed). */
  refusedBy: string[];
  /** Epoch ms at which every refusing window has room again. */
  retryAt: number;
  /** Remaining scans in each window after this decision. */
  remaining: Record<string, number>;
  /** An allowed decision's reservation, for `releaseScan` (opaque). */
  reservation?: string;
}

export interface KeyRecord {
  /** Non-secret identifier, used to list and revoke. */
  id: string;
  /** SHA-256 of the full key, lower-case hex. The key itself is never stored. */
  hash: string;
  /** The first characters of the key, for recognising it in a listing. */
  displayPrefix: string;
  name: string;
  owner: string;
  scopes: Scope[];
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  expiresAt: number | null;
}

export interface ScanRecord {
  tool: string;
  target: string;
  grade: string | null;
  gradeScore: number | null;
  status: string;
  at: number;
}

export interface Store {
  /** Count one request in a sliding window (or only look, with `consume: false`). */
  hitRateLimit(bucket: string, limit: number, windowMs: number, consume: boolean): Promise<RateLimitDecision>;
  /**
   * Count one scan in every window, or in none of them when any window is full. A plain
   * `StoreUnavailableError` means nothing was counted; when that is not known the store throws
   * `UnconfirmedReservationError`.
   */
  reserveScan(windows: QuotaWindow[]): Promise<QuotaDecision>;
  /**
   * Gives back a reservation when the scan could not run for a reason that is not the caller's
   * (the DNS resolver is down). Safe to call more than once; a no-op once its window has passed.
   */
  releaseScan(windows: QuotaWindow[], reservation: string): Promise<void>;

  putKey(record: KeyRecord): Promise<void>;
  findKeyByHash(hash: string): Promise<KeyRecord | null>;
  listKeys(owner?: string): Promise<KeyRecord[]>;
  /** Returns the revoked record, or null when no key has that id. */
  revokeKey(id: string, at: number): Promise<KeyRecord | null>;
  touchKey(id: string, at: number): Promise<void>;

  recordScan(record: ScanRecord): Promise<void>;
  recentScans(target: string, limit: number): Promise<ScanRecord[]>;
  setLatestGrade(domain: string, grade: string, at: number): Promise<void>;
  latestGrade(domain: string): Promise<{ grade: string; at: number } | null>;
}
