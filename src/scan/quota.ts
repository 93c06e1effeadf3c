import { networkOf } from '../http/client-address.ts';
import { ApiError } from '../http/problem.ts';
import { retryAfterSeconds, type ShownLimit } from '../http/rate-limit-headers.ts';
import { waitText } from '../http/wait-text.ts';
import { HOUR_MS, STORE_RETRY_AFTER_SEC, type Limits, type ScanQuotaPolicy } from '../limits.ts';
import {
  StoreUnavailableError,
  UnconfirmedReservationError,
  type QuotaDecision,
  type QuotaWindow,
} from '../store/port.ts';
import { windowIndex } from '../store/sliding-window.ts';
import type { RequestContext } from '../context.ts';

/**
 * The hourly scan quota's windows: the contract's three (client, target, overall); one per client
 * network, which keeps a single network from draining the overall quota; and one per client and
 * target, a share of the target's, so that no one client can spend a target's hour and lock its
 * owner out. The counter keys are shared with the browser tools, so they name the client and the
 * target, never the tool or the key (docs/limits.md).
 */
function scanQuotaWindows(ctx: RequestContext, targetKey: string): QuotaWindow[] {
  const { limits } = ctx.services;
  return [
    hourly('scans-per-hour-per-client', `client:${ctx.client}`, limits.scansPerHourPerClient),
    hourly('scans-per-hour-per-network', `network:${networkOf(ctx.client)}`, limits.scansPerHourPerNetwork),
    hourly(
      'scans-per-hour-per-client-per-target',
      `client-target:${ctx.client}:${targetKey}`,
      limits.scansPerHourPerClientPerTarget,
    ),
    ...targetAndOverall(limits, targetKey),
  ];
}

const hourly = (policy: string, key: string, limit: number): QuotaWindow => ({ policy, key, limit, windowMs: HOUR_MS });

/** The windows every scan counts in, whoever asked for it: the target's and the service's. */
const targetAndOverall = (limits: Limits, targetKey: string): QuotaWindow[] => [
  hourly('scans-per-hour-per-target', `target:${targetKey}`, limits.scansPerHourPerTarget),
  hourly('scans-per-hour-overall', 'overall', limits.scansPerHourOverall),
];

/**
 * A badge refresh's windows (docs/badge.md): the target's and the service's, as for any scan, and
 * the refreshes' own share of the service's, so that badge views never starve people's scans.
 * Never a viewer's: the scan is the badge's, not theirs.
 */
export function badgeRefreshWindows(limits: Limits, sharePercent: number, targetKey: string): QuotaWindow[] {
  const share = Math.floor((limits.scansPerHourOverall * sharePercent) / 100);
  return [...targetAndOverall(limits, targetKey), hourly('badge-refreshes-per-hour', 'badge-refresh', share)];
}

const REFUSAL: Record<ScanQuotaPolicy, (n: number) => string> = {
  'scans-per-hour-per-client': (n) => `this client address has used its ${n} scans for the hour`,
  'scans-per-hour-per-network': (n) => `this client's network has used its ${n} scans for the hour`,
  'scans-per-hour-per-client-per-target': (n) =>
    `this client address has scanned this target ${n} times in the hour, its share of the target's scans`,
  'scans-per-hour-per-target': (n) => `this target has been scanned ${n} times in the hour, the most allowed`,
  'scans-per-hour-overall': (n) => `the service has run its ${n} scans for the hour`,
};

/** The 503 for a store that did not answer, saying truthfully whether the attempt may have counted. */
function storeDown(ctx: RequestContext, error: StoreUnavailableError): ApiError {
  const unsettled = error instanceof UnconfirmedReservationError && error.counted === 'unknown';
  if (unsettled && error.settling) ctx.waitUntil(error.settling);
  ctx.notes.cause = `store unavailable: ${error.message}`;
  return new ApiError('service_unavailable', {
    detail: unsettled
      ? 'The scan store stopped answering while the scan quota was being checked, so no scan ran. ' +
        'The store may have counted this attempt; the service is undoing that count in the background.'
      : 'The scan store is temporarily unavailable, so the scan quota cannot be checked. ' +
        'No scan ran and nothing was counted.',
    hint: unsettled
      ? 'Retry after the Retry-After delay. If the count cannot be undone, this attempt uses one scan of the hour.'
      : undefined,
    retryAfterSec: STORE_RETRY_AFTER_SEC,
  });
}

/** Counts one scan in every window at once, or throws 429 (nothing counted) or 503 (store down). */
export async function reserveScanQuota(ctx: RequestContext, targetKey: string): Promise<QuotaDecision> {
  const windows = scanQuotaWindows(ctx, targetKey);
  let decision: QuotaDecision;
  try {
    decision = await ctx.store.reserveScan(windows);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    throw storeDown(ctx, error);
  }
  const now = ctx.services.now();
  // REST answers show the scan quota in the rate-limit headers. An MCP response's headers describe
  // the HTTP request, whose per-minute limit is the only one that refuses it (a spent quota is a tool error).
  const showQuota = ctx.surface === 'api';
  if (decision.allowed) {
    if (showQuota) ctx.scanQuota = closestToRunningOut(windows, decision, now);
    return decision;
  }
  // The refusal's rate-limit headers describe the quota that refused, so that their reset is Retry-After.
  const refusing = windows.find((w) => w.policy === decision.refusedBy[0])!;
  if (showQuota)
    ctx.rateLimit = {
      policy: refusing.policy,
      windowSec: refusing.windowMs / 1000,
      decision: {
        allowed: false,
        limit: refusing.limit,
        remaining: 0,
        resetAt: decision.retryAt,
        retryAt: decision.retryAt,
      },
    };
  const retryAfterSec = retryAfterSeconds(decision.retryAt, now);
  const reasons = decision.refusedBy.map(
    (policy) => REFUSAL[policy as ScanQuotaPolicy]?.(windows.find((w) => w.policy === policy)!.limit) ?? policy,
  );
  throw new ApiError('rate_limit_exceeded', {
    detail: `Scan quota used up: ${reasons.join('; ')}. No scan ran; retry in ${waitText(retryAfterSec)}.`,
    hint:
      'The hourly scan quota is the same with or without a key. ' +
      'Wait Retry-After seconds (up to an hour) before scanning again; ' +
      'kept results can still be read, and reused with maxAgeSec, meanwhile.',
    retryAfterSec,
    extra: { violatedPolicies: decision.refusedBy },
  });
}

/** The counted scan's quota window with the fewest scans left, for the `RateLimit` headers. */
function closestToRunningOut(windows: QuotaWindow[], decision: QuotaDecision, now: number): ShownLimit {
  let closest = windows[0]!;
  for (const w of windows)
    if ((decision.remaining[w.policy] ?? 0) < (decision.remaining[closest.policy] ?? 0)) closest = w;
  return {
    policy: closest.policy,
    windowSec: closest.windowMs / 1000,
    decision: {
      allowed: true,
      limit: closest.limit,
      remaining: decision.remaining[closest.policy] ?? 0,
      resetAt: (windowIndex(now, closest.windowMs) + 1) * closest.windowMs,
      retryAt: now,
    },
  };
}

/** Gives back a reservation for a scan that could not run through no fault of the caller; never throws. */
export async function releaseScanQuota(ctx: RequestContext, targetKey: string, decision: QuotaDecision): Promise<void> {
  // The answer ran no scan that counts: it shows the per-minute policy only, as any other such answer.
  ctx.scanQuota = null;
  await releaseScanReservation(ctx, scanQuotaWindows(ctx, targetKey), decision);
}

/** Gives back a reservation in the windows it was made in; never throws for a store outage. */
export async function releaseScanReservation(
  ctx: RequestContext,
  windows: QuotaWindow[],
  decision: QuotaDecision,
): Promise<void> {
  if (decision.reservation === undefined) return;
  try {
    await ctx.store.releaseScan(windows, decision.reservation);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
  }
}
