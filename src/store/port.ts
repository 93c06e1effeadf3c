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

/** The tools whose latest grade per domain feeds a badge; `website-security` is set by the operator CLI. */
export type GradedTool = 'website-security' | 'security-headers' | 'email-security';

/** One scan as kept for 30 days: what `GET /api/v1/scans/{scanId}` and cached answers are built from. */
export interface StoredScan {
  /** Opaque, URL-safe and unguessable (src/scan/scan-id.ts). */
  scanId: string;
  tool: string;
  /** The normalised target, exactly as the scanner got it. */
  target: string;
  /** DKIM selectors the caller asked for (email-security), sorted; empty otherwise. */
  selectors: string[];
  /** Epoch ms at which the scan finished. */
  scannedAt: number;
  /** False when the scan ran but could not assess the target (a 422 answer). */
  assessed: boolean;
  grade: string | null;
  gradeScore: number | null;
  result: { status: string; message: string; details: Record<string, unknown> };
}

/** One line of a target's history, newest first. */
export interface ScanSummary {
  scanId: string;
  scannedAt: number;
  grade: string | null;
  gradeScore: number | null;
  status: string;
}

export const summaryOf = (scan: StoredScan): ScanSummary => ({
  scanId: scan.scanId,
  scannedAt: scan.scannedAt,
  grade: scan.grade,
  gradeScore: scan.gradeScore,
  status: scan.result.status,
});

/** How long scans are kept, and how many per tool and target (older ones are deleted). */
export const SCAN_RECORD_TTL_MS = 30 * 24 * 3_600_000;
export const SCANS_KEPT_PER_TARGET = 50;

export interface Store {
  /** Readiness probe: resolves once the store has accepted a small write, in one round trip. */
  ping(): Promise<void>;
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
  /**
   * Takes `key` for `ttlMs` from now (by the app's clock), unless it is taken: true for exactly one
   * of any number of concurrent callers, then false until the time is up.
   */
  claim(key: string, ttlMs: number): Promise<boolean>;

  putKey(record: KeyRecord): Promise<void>;
  findKeyByHash(hash: string): Promise<KeyRecord | null>;
  listKeys(owner?: string): Promise<KeyRecord[]>;
  /** Returns the revoked record, or null when no key has that id. */
  revokeKey(id: string, at: number): Promise<KeyRecord | null>;
  touchKey(id: string, at: number): Promise<void>;

  /**
   * Keeps a finished scan for 30 days in one round trip: the record, the head of its tool and
   * target's history (past the 50 newest, the oldest record goes), and, when it has a grade and
   * `gradeDomain` is given, the latest grade of that domain for the tool (newer wins).
   */
  saveScan(scan: StoredScan, gradeDomain: string | null): Promise<void>;
  /** One round trip; null when unknown or expired. */
  findScan(scanId: string): Promise<StoredScan | null>;
  /** The newest scan of a tool and target, in one round trip; null when there is none. */
  latestScan(tool: string, target: string): Promise<StoredScan | null>;
  /** A tool and target's scans, newest first, in one round trip. */
  scanHistory(tool: string, target: string, limit: number): Promise<ScanSummary[]>;
  setLatestGrade(domain: string, grade: string, at: number, tool?: GradedTool): Promise<void>;
  latestGrade(domain: string, tool?: GradedTool): Promise<{ grade: string; at: number } | null>;
}
