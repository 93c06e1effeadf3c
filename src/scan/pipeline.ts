/**
 * One scan from input to answer, whoever asks (REST execute or an MCP tool call): validate the
 * input, reuse a fresh enough stored result when asked to, count the quota, scan within the
 * deadline, keep the scan, build the envelope. Refusals are thrown as ApiError; nothing is counted
 * for a refusal before the quota, nor for a reused result.
 */
import type { RequestContext } from '../context.ts';
import { ApiError } from '../http/problem.ts';
import { STORE_RETRY_AFTER_SEC } from '../limits.ts';
import { StoreUnavailableError, type StoredScan } from '../store/port.ts';
import type { ToolName } from '../tools/registry.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';
import { ScanDependencyError, type ProgressListener, type ScanOutcome } from '../tools/tool.ts';
import { executeBody } from './envelope.ts';
import { parseScanInput, type ScanInput } from './input.ts';
import { releaseScanQuota, reserveScanQuota } from './quota.ts';
import { reusableScan } from './reuse.ts';
import { reportError } from '../ops/access-log.ts';
import { runWithinDeadline } from './run.ts';
import { newScanId } from './scan-id.ts';

/** What a scan answers: the scan kept, whether it was reused, and its body (success, or the 422 problem). */
export interface ScanReply {
  scan: StoredScan;
  cached: boolean;
  assessed: boolean;
  body: Record<string, unknown>;
}

/** Keeps the scan in the background; a record lost to a store outage is not worth failing the scan for. */
function keepScan(scan: StoredScan, input: ScanInput, ctx: RequestContext): void {
  const saved = ctx.store.saveScan(scan, input.badge.feeds ? input.badge.domain : null).catch((error) => {
    if (!(error instanceof StoreUnavailableError)) reportError(ctx, error);
  });
  ctx.waitUntil(saved);
}

/** The record kept of a scan that ran. */
export function storedScanOf(tool: ToolName, input: ScanInput, outcome: ScanOutcome, now: number): StoredScan {
  return {
    scanId: newScanId(),
    tool,
    target: input.target,
    selectors: [...new Set(input.selectors ?? [])].sort(),
    scannedAt: now,
    assessed: outcome.assessed,
    grade: outcome.assessed ? outcome.grade : null,
    gradeScore: outcome.assessed ? outcome.gradeScore : null,
    result: outcome.result,
  };
}

function replyOf(scan: StoredScan, cached: boolean, input: ScanInput, ctx: RequestContext): ScanReply {
  const reason = scan.result.details['reason'];
  Object.assign(ctx.notes, {
    scanId: scan.scanId,
    grade: scan.grade,
    cached,
    ...(!scan.assessed && typeof reason === 'string' ? { reason } : {}),
  });
  return { scan, cached, assessed: scan.assessed, body: executeBody(scan, ctx, cached, input.badge) };
}

/**
 * Runs `tool` on `input` (the parsed JSON body or tool arguments) for the caller in `ctx`;
 * `progress` hears of each phase of a scan that runs (not of a reused result).
 */
export async function scanWithTool(
  tool: ToolEntry<ToolName>,
  input: unknown,
  ctx: RequestContext,
  cancel?: AbortSignal,
  progress?: ProgressListener,
): Promise<ScanReply> {
  ctx.notes.tool = tool.name;
  const scanInput = await parseScanInput(input, tool);
  const { target, quotaKey, selectors } = scanInput;
  ctx.notes.targetHost = quotaKey;
  const scanner = ctx.services.scanners[tool.name];
  if (!scanner) {
    ctx.notes.cause = `no ${tool.name} scanner on this deployment`;
    throw new ApiError('service_unavailable', {
      detail: `The ${tool.name} scanner is not available on this deployment.`,
      hint: 'No scan ran and nothing was counted.',
      retryAfterSec: STORE_RETRY_AFTER_SEC,
    });
  }
  const reused = await reusableScan(ctx, tool, scanInput);
  if (reused) return replyOf(reused, true, scanInput, ctx);

  const reservation = await reserveScanQuota(ctx, quotaKey);
  let outcome: ScanOutcome;
  const started = performance.now();
  try {
    outcome = await runWithinDeadline(scanner, target, selectors, cancel, ctx, progress);
  } catch (error) {
    if (!(error instanceof ScanDependencyError)) throw error;
    // The only dependency a scanner reports today is the DNS resolver.
    ctx.services.watch.failed('resolver', error.message);
    ctx.notes.cause = error.message;
    await releaseScanQuota(ctx, quotaKey, reservation);
    throw new ApiError('service_unavailable', {
      detail: `${error.message} ${target} was not scanned; nothing is known about it.`,
      hint:
        `The fault is ${error.dependency} of this service, not the target. The attempt was not counted ` +
        'against the scan quota; retry after the Retry-After delay.',
      retryAfterSec: error.retryAfterSec,
    });
  } finally {
    ctx.notes.scanMs = performance.now() - started;
  }
  if (cancel?.aborted) {
    // The caller went away, and the scan's connections with it: what it saw after that says nothing
    // about the target, so it is neither kept (nor offered to others as a cached answer) nor counted.
    await releaseScanQuota(ctx, quotaKey, reservation);
    ctx.notes.reason = 'client-closed';
    throw new ApiError('request_timeout', {
      detail: 'The client closed the connection before the scan finished; nothing was kept or counted.',
    });
  }
  const scan = storedScanOf(tool.name, scanInput, outcome, ctx.services.now());
  keepScan(scan, scanInput, ctx);
  return replyOf(scan, false, scanInput, ctx);
}
