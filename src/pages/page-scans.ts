/**
 * What a tool page opened for a target (`?target=`) or a scan id shows: the stored scan, its
 * envelope and its age. A store that cannot answer does not take the page down: the form still
 * works, and the page says that stored results cannot be read.
 */
import type { RequestContext } from '../context.ts';
import { MAX_TARGET_LENGTH } from '../limits.ts';
import { ageSeconds, storedScanBody } from '../scan/envelope.ts';
import { newestStoredScan } from '../scan/stored-scans.ts';
import { StoreUnavailableError, type StoredScan } from '../store/port.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';
import type { PageScan, StoredView } from './stored-result.ts';

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
    scan = await newestStoredScan(ctx, tool, target);
  } catch (error) {
    if (error instanceof StoreUnavailableError) return { target, selectors, stored: null, unavailable: true };
    throw error;
  }
  if (!scan) return { target, selectors, stored: null };
  return { target, selectors: selectors.length > 0 ? selectors : scan.selectors, stored: await storedView(scan, ctx) };
}
