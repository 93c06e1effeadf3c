/**
 * The API contract's limits (docs/limits.md), in one place. Tests and benchmarks may pass other
 * numbers through `createApp`.
 */
export interface Limits {
  /** Requests per minute for a client without a key, per client address. */
  anonymousPerMinute: number;
  /** Requests per minute for a developer key, per key. */
  keyPerMinute: number;
  /** Scans per hour per client address. */
  scansPerHourPerClient: number;
  /** Scans per hour per target, whoever asks. */
  scansPerHourPerTarget: number;
  /**
   * Scans per hour of one target by one client address: a share of the target's quota, so that
   * no one client can spend a target's hour and lock its owner out (docs/limits.md).
   */
  scansPerHourPerClientPerTarget: number;
  /**
   * Scans per hour per client network (IPv4 /24, IPv6 /48): not in the API contract; it keeps
   * one network from draining the overall quota for everyone (docs/limits.md).
   */
  scansPerHourPerNetwork: number;
  /** Scans per hour across the whole service. */
  scansPerHourOverall: number;
  /** Badge requests per minute per client address (README embeds arrive through image proxies). */
  badgePerMinute: number;
  /**
   * Pages, assets and documents (the OpenAPI document, llms.txt, skills) per minute per client
   * address: their own budget, generous for a person, so that no one reaches the store through
   * them without a limit (docs/limits.md).
   */
  pagesPerMinute: number;
  /**
   * MCP messages that do no work (initialize, notifications, ping, tools/list) per minute, per key
   * or client address: apart from the API budget, which MCP tool calls draw on (docs/mcp.md).
   */
  mcpProtocolPerMinute: number;
}

export const SPEC_LIMITS: Limits = Object.freeze({
  anonymousPerMinute: 10,
  keyPerMinute: 30,
  scansPerHourPerClient: 20,
  scansPerHourPerTarget: 20,
  scansPerHourPerClientPerTarget: 5,
  scansPerHourPerNetwork: 100,
  scansPerHourOverall: 1000,
  badgePerMinute: 120,
  pagesPerMinute: 120,
  mcpProtocolPerMinute: 120,
});

/** The hourly scan quota's windows by policy name, in the order they are checked and listed. */
export const SCAN_QUOTA_POLICIES = [
  'scans-per-hour-per-client',
  'scans-per-hour-per-network',
  'scans-per-hour-per-client-per-target',
  'scans-per-hour-per-target',
  'scans-per-hour-overall',
] as const;
export type ScanQuotaPolicy = (typeof SCAN_QUOTA_POLICIES)[number];

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const MAX_BODY_BYTES = 8 * 1024;
/**
 * Longest the app waits for a request body to arrive in full, from when it starts reading it (then
 * 408). A scan request is a few dozen bytes and arrives with its headers; 10 s leaves room for a
 * slow mobile link, while a client trickling a body cannot hold a connection and a request slot
 * for minutes. Wall-clock time, whatever the CPU does.
 */
export const BODY_DEADLINE_MS = 10_000;
export const MAX_TARGET_LENGTH = 2048;
/** How long a verified key may be trusted without asking the store again. */
export const KEY_CACHE_TTL_MS = 60_000;
/** Retry-After sent with 503 when the store cannot answer. */
export const STORE_RETRY_AFTER_SEC = 30;
/** Last-used timestamps are written at most this often per key. */
export const LAST_USED_GRANULARITY_MS = 60_000;
