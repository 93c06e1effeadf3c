/**
 * Reading kept scans, for every surface: one scan by id, a tool and target's history, and the
 * newest scan of a target. Each is one store round trip; an unknown or malformed id is a 404
 * without one.
 */
import type { RequestContext } from '../context.ts';
import { ApiError } from '../http/problem.ts';
import { loadPublicSuffixList } from '../net/site-domain.ts';
import { SCANS_KEPT_PER_TARGET, type ScanSummary, type StoredScan } from '../store/port.ts';
import type { ToolDefinition } from '../tools/tool.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';
import { parseScanInput } from './input.ts';
import { isScanId } from './scan-id.ts';

export async function findStoredScan(ctx: RequestContext, scanId: string): Promise<StoredScan> {
  const scan = isScanId(scanId) ? await ctx.store.findScan(scanId) : null;
  if (scan) return scan;
  throw new ApiError('not_found', {
    detail:
      `There is no scan with the id ${JSON.stringify(scanId.slice(0, 64))}: ` +
      'it never existed, or it is older than 30 days or no longer among the 50 newest of its target.',
    hint: 'Scan ids come from the scanId of an execute answer. Scan again, or list the target’s kept scans.',
  });
}

/** The target as execute would normalise it (same validation and 400s), with its history, newest first. */
export async function targetHistory(
  ctx: RequestContext,
  tool: ToolEntry,
  rawTarget: unknown,
): Promise<{ target: string; scans: ScanSummary[] }> {
  if (rawTarget === undefined)
    throw new ApiError('bad_request', {
      detail: 'The query has no "target" parameter.',
      hint: `Ask for ?target=<what was scanned>, e.g. ?target=${encodeURIComponent(tool.targetExamples[0] ?? '')}.`,
    });
  if (Array.isArray(rawTarget))
    throw new ApiError('bad_request', { detail: `"target" was given ${rawTarget.length} times; give it once.` });
  const { target } = await parseScanInput({ target: rawTarget }, tool);
  const scans = await ctx.store.scanHistory(tool.name, target, SCANS_KEPT_PER_TARGET);
  return { target, scans };
}

/** The newest kept scan of a target given as people type it, or null (also when the target is not valid). */
export async function newestStoredScan(
  ctx: RequestContext,
  tool: ToolDefinition,
  rawTarget: string,
): Promise<StoredScan | null> {
  const parsed = tool.parseTarget(rawTarget, await loadPublicSuffixList());
  if (!parsed.ok) return null;
  return ctx.store.latestScan(tool.name, parsed.target);
}
