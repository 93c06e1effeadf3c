/**
 * One scan from input to answer, whoever asks (REST execute or an MCP tool call): validate the
 * input, count the quota, scan within the deadline, record the scan, build the envelope.
 * Refusals are thrown as ApiError; nothing is counted for a refusal before the quota.
 */
import type { RequestContext } from '../context.ts';
import { ApiError, problemBody } from '../http/problem.ts';
import { STORE_RETRY_AFTER_SEC } from '../limits.ts';
import { skillPath, toolPagePath } from '../paths.ts';
import { StoreUnavailableError } from '../store/port.ts';
import type { ToolName } from '../tools/registry.ts';
import { ScanDependencyError, type ScanOutcome, type ToolDefinition } from '../tools/tool.ts';
import { parseScanInput } from './input.ts';
import { releaseScanQuota, reserveScanQuota } from './quota.ts';
import { runWithinDeadline } from './run.ts';

/** What a scan answers: the success body, or the 422 body (a problem that carries the envelope). */
export type ScanReply =
  { assessed: true; body: Record<string, unknown> } | { assessed: false; body: Record<string, unknown> };

/** Keeps the scan's record; a record lost to a store outage is not worth failing the scan for. */
function recordScan(tool: ToolName, target: string, outcome: ScanOutcome, request: Request, ctx: RequestContext): void {
  const { store, now } = ctx.services;
  const record = {
    tool,
    target,
    grade: outcome.grade,
    gradeScore: outcome.gradeScore,
    status: outcome.result.status,
    at: now(),
  };
  const recorded = store.recordScan(record).catch((error) => {
    if (!(error instanceof StoreUnavailableError)) ctx.services.onError(error, request);
  });
  ctx.waitUntil(recorded);
}

/** Runs `tool` on `input` (the parsed JSON body or tool arguments) for the caller in `ctx`. */
export async function scanWithTool(
  tool: ToolDefinition<ToolName>,
  input: unknown,
  request: Request,
  ctx: RequestContext,
  cancel?: AbortSignal,
): Promise<ScanReply> {
  const { target, quotaKey, selectors } = parseScanInput(input, tool);
  const scanner = ctx.services.scanners[tool.name];
  if (!scanner) {
    throw new ApiError('service_unavailable', {
      detail: `The ${tool.name} scanner is not available on this deployment.`,
      hint: 'No scan ran and nothing was counted.',
      retryAfterSec: STORE_RETRY_AFTER_SEC,
    });
  }
  const reservation = await reserveScanQuota(ctx, quotaKey);

  let outcome: ScanOutcome;
  try {
    outcome = await runWithinDeadline(scanner, target, selectors, cancel, ctx);
  } catch (error) {
    if (!(error instanceof ScanDependencyError)) throw error;
    ctx.services.onError(error, request);
    await releaseScanQuota(ctx, quotaKey, reservation);
    throw new ApiError('service_unavailable', {
      detail: `${error.message} ${target} was not scanned; nothing is known about it.`,
      hint:
        `The fault is ${error.dependency} of this service, not the target. The attempt was not counted ` +
        'against the scan quota; retry after the Retry-After delay.',
      retryAfterSec: error.retryAfterSec,
    });
  }
  recordScan(tool.name, target, outcome, request, ctx);

  const envelope = {
    apiVersion: '1',
    toolName: tool.name,
    target,
    grade: outcome.assessed ? outcome.grade : null,
    gradeScore: outcome.assessed ? outcome.gradeScore : null,
    result: outcome.result,
    uiUrl: ctx.baseUrl + toolPagePath(tool.name),
    skillUrl: ctx.baseUrl + skillPath(tool.name),
  };
  if (outcome.assessed) return { assessed: true, body: { success: true, ...envelope, error: null } };
  const problem = problemBody(ctx.baseUrl, 'unprocessable_entity', {
    detail: `The scan ran but could not assess ${target}: ${outcome.result.message}`,
  });
  return { assessed: false, body: { ...problem, ...envelope } };
}
