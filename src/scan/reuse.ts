/**
 * `maxAgeSec`: a stored result answers instead of a new scan when it is the newest scan of the
 * same tool and normalised target, younger than the caller allows, and covered the DKIM selectors
 * asked for. One store round trip; no quota is spent.
 */
import type { RequestContext } from '../context.ts';
import type { StoredScan } from '../store/port.ts';
import type { ScanInput } from './input.ts';

export async function reusableScan(ctx: RequestContext, tool: string, input: ScanInput): Promise<StoredScan | null> {
  if (input.maxAgeSec <= 0) return null;
  const newest = await ctx.services.store.latestScan(tool, input.target);
  if (!newest) return null;
  const ageMs = ctx.services.now() - newest.scannedAt;
  if (ageMs < 0 || ageMs >= input.maxAgeSec * 1000) return null;
  const covered = new Set(newest.selectors);
  return (input.selectors ?? []).every((s) => covered.has(s)) ? newest : null;
}
