/**
 * `maxAgeSec`: a stored result answers instead of a new scan when it is the newest scan of the
 * same tool and normalised target, younger than the caller allows, and looked up every DKIM
 * selector a new scan for this request would: the ones asked for and the common ones (a kept scan
 * whose selectors left out a common one must not stand in for a request that would find its
 * key). One store round trip; no quota is spent.
 */
import type { RequestContext } from '../context.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';
import type { StoredScan } from '../store/port.ts';
import type { ScanInput } from './input.ts';

export async function reusableScan(
  ctx: RequestContext,
  tool: Pick<ToolEntry, 'name' | 'selectorsAlwaysTried'>,
  input: ScanInput,
): Promise<StoredScan | null> {
  if (input.maxAgeSec <= 0) return null;
  const newest = await ctx.store.latestScan(tool.name, input.target);
  if (!newest) return null;
  const ageMs = ctx.services.now() - newest.scannedAt;
  if (ageMs < 0 || ageMs >= input.maxAgeSec * 1000) return null;
  const covered = new Set([...newest.selectors, ...selectorsTried(newest)]);
  return [...(input.selectors ?? []), ...tool.selectorsAlwaysTried].every((s) => covered.has(s)) ? newest : null;
}

/** The DKIM selectors an email scan looked up (`details.selectors.tried`), whether asked for or common. */
function selectorsTried(scan: StoredScan): string[] {
  const selectors = scan.result.details['selectors'] as { tried?: unknown } | undefined;
  const tried = selectors?.tried;
  return Array.isArray(tried) ? tried.filter((s): s is string => typeof s === 'string') : [];
}
