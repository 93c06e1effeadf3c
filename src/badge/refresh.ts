/**
 * Badges that stay true (docs/badge.md, "Refreshes"): a viewed scan-fed badge whose newest scan is
 * older than BADGE_REFRESH_AGE_SEC is answered at once from what is kept, and one background scan
 * of the target that fed it starts. At most one per badge per period (a claim held that long), on
 * the target's and the service's hourly quota and within the refreshes' own share of the service's,
 * never on the viewer's. Each attempt writes a `badge_refresh` log line.
 */
import type { BadgeRefreshEvent, RequestContext } from '../context.ts';
import { reportError } from '../ops/access-log.ts';
import { storedScanOf } from '../scan/pipeline.ts';
import { parseScanInput } from '../scan/input.ts';
import { badgeRefreshWindows, releaseScanReservation } from '../scan/quota.ts';
import { runWithinDeadline } from '../scan/run.ts';
import { StoreUnavailableError, type StoredScan } from '../store/port.ts';
import { findTool, type ToolName } from '../tools/registry.ts';
import { ScanDependencyError } from '../tools/tool.ts';

/** Starts a refresh in the background when the badge's newest scan (finished at `scannedAt`) is stale. */
export function refreshIfStale(ctx: RequestContext, tool: ToolName, domain: string, scannedAt: number): void {
  const { ageSec, sharePercent } = ctx.services.config.badgeRefresh;
  if (ageSec === 0 || sharePercent === 0 || ctx.services.now() - scannedAt < ageSec * 1000) return;
  const started = performance.now();
  const log = (event: Omit<BadgeRefreshEvent, 'tool' | 'domain' | 'durationMs'>) =>
    ctx.services.onBadgeRefresh({ tool, domain, ...event, durationMs: Math.round(performance.now() - started) });
  ctx.waitUntil(
    refresh(ctx, tool, domain, log).catch((error: unknown) => {
      if (error instanceof StoreUnavailableError) log({ outcome: 'skipped', reason: 'store-unavailable' });
      else reportError(ctx, error);
    }),
  );
}

/** The newest kept scan that fed the badge: its target and selectors are the ones to scan again. */
async function feedingScan(ctx: RequestContext, tool: ToolName, domain: string): Promise<StoredScan | null> {
  const kept = await Promise.all(
    findTool(tool)!
      .badgeTargets(domain)
      .map((t) => ctx.store.latestScan(tool, t)),
  );
  return kept
    .filter((scan): scan is StoredScan => scan?.assessed === true)
    .reduce<StoredScan | null>((newest, scan) => (newest && newest.scannedAt >= scan.scannedAt ? newest : scan), null);
}

async function refresh(
  ctx: RequestContext,
  tool: ToolName,
  domain: string,
  log: (event: Omit<BadgeRefreshEvent, 'tool' | 'domain' | 'durationMs'>) => void,
): Promise<void> {
  const { ageSec, sharePercent } = ctx.services.config.badgeRefresh;
  // The claim: other views of the badge during the scan, or after one that could not assess, wait.
  if (!(await ctx.store.claim(`badge-refresh:${tool}:${domain}`, ageSec * 1000))) return;
  const entry = findTool(tool)!;
  const scanner = ctx.services.scanners[tool];
  const source = await feedingScan(ctx, tool, domain);
  const target = source?.target ?? entry.badgeTargets(domain)[0]!;
  if (!scanner) return log({ outcome: 'skipped', reason: 'no-scanner', target });
  const input = await parseScanInput(
    { target, ...(source && source.selectors.length > 0 ? { selectors: source.selectors } : {}) },
    entry,
  );
  const windows = badgeRefreshWindows(ctx.services.limits, sharePercent, input.quotaKey);
  const decision = await ctx.store.reserveScan(windows);
  if (!decision.allowed) return log({ outcome: 'skipped', reason: decision.refusedBy.join(','), target });
  let scan: StoredScan;
  try {
    const outcome = await runWithinDeadline(scanner, input.target, input.selectors, undefined, ctx);
    scan = storedScanOf(tool, input, outcome, ctx.services.now());
  } catch (error) {
    if (!(error instanceof ScanDependencyError)) throw error;
    await releaseScanReservation(ctx, windows, decision);
    return log({ outcome: 'skipped', reason: 'resolver-unavailable', target });
  }
  await ctx.store.saveScan(scan, input.badge.feeds ? input.badge.domain : null);
  log({ outcome: 'scanned', target, scanId: scan.scanId, grade: scan.grade });
}
