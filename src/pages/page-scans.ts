/**
 * What a tool page opened for a target (`?target=`) or a scan id shows: the stored scan, its
 * envelope and its age. A store that cannot answer does not take the page down: the form still
 * works, and the page says that stored results cannot be read.
 */
import { BoundedCache } from '../cache/bounded-cache.ts';
import type { RequestContext } from '../context.ts';
import { MAX_TARGET_LENGTH } from '../limits.ts';
import { ageSeconds, storedScanBody } from '../scan/envelope.ts';
import { findStoredScan, newestStoredScan } from '../scan/stored-scans.ts';
import { StoreUnavailableError, type StoredScan } from '../store/port.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';
import type { PageScan, StoredView } from './stored-result.ts';

/**
 * What the pages read of the store, kept a while per app: a kept scan never changes, so its page
 * is served from memory for minutes; the newest scan of a target changes with each scan, so it is
 * kept seconds, enough that a reload storm reads the store once (docs/limits.md, "Pages").
 */
const KEPT_SCAN_TTL_MS = 5 * 60_000;
const NEWEST_SCAN_TTL_MS = 10_000;
const MAX_CACHED = 1_000;
const caches = new WeakMap<
  RequestContext['services'],
  { kept: BoundedCache<string, StoredScan>; newest: BoundedCache<string, StoredScan | null> }
>();

function cachesOf(ctx: RequestContext) {
  let found = caches.get(ctx.services);
  if (!found) {
    const now = ctx.services.now;
    found = {
      kept: new BoundedCache({ maxEntries: MAX_CACHED, ttlMs: KEPT_SCAN_TTL_MS, now }),
      newest: new BoundedCache({ maxEntries: MAX_CACHED, ttlMs: NEWEST_SCAN_TTL_MS, now }),
    };
    caches.set(ctx.services, found);
  }
  return found;
}

/** The kept scan of a scan page, from memory when it was read lately; throws not_found as the API does. */
export async function keptScanForPage(ctx: RequestContext, scanId: string): Promise<StoredScan> {
  const { kept } = cachesOf(ctx);
  const cached = kept.get(scanId);
  if (cached) return cached;
  const scan = await findStoredScan(ctx, scanId);
  kept.set(scanId, scan);
  return scan;
}

async function storedView(scan: StoredScan, ctx: RequestContext): Promise<StoredView> {
  return { scan, body: await storedScanBody(scan, ctx), ageSec: ageSeconds(scan, ctx.services.now()) };
}

/** The page of one stored scan: its own target and selectors in the form. */
export const pageScanOf = async (scan: StoredScan, ctx: RequestContext): Promise<PageScan> => ({
  target: scan.target,
  selectors: scan.selectors,
  stored: await storedView(scan, ctx),
});

/** The selectors field as typed, comma-separated, split as the page script splits it. */
const selectorsOf = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .slice(0, 10);

/** A tool page's `?target=` (and `selectors`), as the form sends them; null without a target. */
export async function pageScanFor(
  ctx: RequestContext,
  tool: ToolEntry,
  query: URLSearchParams,
): Promise<PageScan | null> {
  const target = (query.get('target') ?? '').trim();
  if (target === '') return null;
  const selectors = selectorsOf(query.get('selectors'));
  if (target.length > MAX_TARGET_LENGTH) return { target: target.slice(0, MAX_TARGET_LENGTH), selectors, stored: null };
  let scan: StoredScan | null;
  try {
    const { newest } = cachesOf(ctx);
    const key = `${tool.name}\n${target}`;
    const cached = newest.get(key);
    scan = cached !== undefined ? cached : await newestStoredScan(ctx, tool, target);
    if (cached === undefined) newest.set(key, scan);
  } catch (error) {
    if (error instanceof StoreUnavailableError) return { target, selectors, stored: null, unavailable: true };
    throw error;
  }
  if (!scan) return { target, selectors, stored: null };
  return { target, selectors: selectors.length > 0 ? selectors : scan.selectors, stored: await storedView(scan, ctx) };
}
