/**
 * One scan from input to answer, whoever asks (REST execute or an MCP tool call): validate the
 * input, count the quota, scan within the deadline, record the scan, build the envelope.
 * Refusals are thrown as ApiError; nothing is counted for a refusal before the quota.
 */
import * as v from 'valibot';
import { toolSkillUrl, toolUiUrl } from '../catalog.ts';
import { ApiError, problemBody } from '../http/problem.ts';
import { anySignal } from '../net/abort-signals.ts';
import { STORE_RETRY_AFTER_SEC } from '../limits.ts';
import { ExecuteRequestSchema } from '../schemas.ts';
import { StoreUnavailableError } from '../store/port.ts';
import { targetTextProblem } from '../tools/target-text.ts';
import type { ScanOutcome, ToolDefinition } from '../tools/tool.ts';
import type { RequestContext } from '../context.ts';
import { reserveScanQuota } from './scan-quota.ts';

/** What a scan answers: the success body, or the 422 body (a problem that carries the envelope). */
export type ScanReply = { assessed: true; body: Record<string, unknown> } | { assessed: false; body: Record<string, unknown> };

function parseInput(input: unknown, tool: ToolDefinition) {
  if (Array.isArray(input)) throw new ApiError('bad_request', { detail: 'The body must be a JSON object; got an array.' });
  const parsed = v.safeParse(ExecuteRequestSchema, input);
  if (!parsed.success) throw new ApiError('bad_request', { detail: parsed.issues[0].message });
  const textProblem = targetTextProblem(parsed.output.target);
  if (textProblem) throw new ApiError('bad_request', { detail: textProblem });
  const target = tool.parseTarget(parsed.output.target);
  if (!target.ok) throw new ApiError('bad_request', { detail: target.detail, hint: target.hint });
  return { ...target, selectors: parsed.output.selectors?.map((s) => s.toLowerCase()) };
}

async function runScan(tool: ToolDefinition, target: string, selectors: string[] | undefined, cancel: AbortSignal | undefined, ctx: RequestContext): Promise<ScanOutcome> {
  const scanner = ctx.services.scanners[tool.name]!;
  const deadline = AbortSignal.timeout(ctx.services.scanDeadlineMs);
  const signal = cancel ? anySignal([cancel, deadline]) : deadline;
  try {
    return await scanner(target, { signal, now: ctx.services.now, ...(selectors ? { selectors } : {}) });
  } catch (error) {
    // A scan stopped by its deadline or by the client hanging up is not a bug; anything else is.
    const clientGone = cancel?.aborted === true;
    if (!deadline.aborted && !clientGone) throw error;
    const seconds = Math.round(ctx.services.scanDeadlineMs / 1000);
    const message = clientGone ? 'The client closed the connection before the scan finished.' : `The scan did not finish within ${seconds} s.`;
    return {
      assessed: false,
      grade: null,
      gradeScore: null,
      result: { status: 'error', message, details: { reason: clientGone ? 'client-closed' : 'timeout' } },
    };
  }
}

/** Runs `tool` on `input` (the parsed JSON body or tool arguments) for the caller in `ctx`. */
export async function scanWithTool(tool: ToolDefinition, input: unknown, request: Request, ctx: RequestContext, cancel?: AbortSignal): Promise<ScanReply> {
  const target = parseInput(input, tool);
  if (!ctx.services.scanners[tool.name]) {
    throw new ApiError('service_unavailable', {
      detail: `The ${tool.name} scanner is not available on this deployment.`,
      hint: 'No scan ran and nothing was counted.',
      retryAfterSec: STORE_RETRY_AFTER_SEC,
    });
  }
  await reserveScanQuota(ctx, target.quotaKey);

  const outcome = await runScan(tool, target.target, target.selectors, cancel, ctx);
  const { store, now } = ctx.services;
  const record = { tool: tool.name, target: target.target, grade: outcome.grade, gradeScore: outcome.gradeScore, status: outcome.result.status, at: now() };
  // A record lost to a store outage is not worth failing the scan for; anything else is a bug.
  const recorded = store.recordScan(record).catch((error) => {
    if (!(error instanceof StoreUnavailableError)) ctx.services.onError(error, request);
  });
  ctx.waitUntil(recorded);

  const envelope = {
    apiVersion: '1',
    toolName: tool.name,
    target: target.target,
    grade: outcome.assessed ? outcome.grade : null,
    gradeScore: outcome.assessed ? outcome.gradeScore : null,
    result: outcome.result,
    uiUrl: toolUiUrl(ctx.baseUrl, tool.name),
    skillUrl: toolSkillUrl(ctx.baseUrl, tool.name),
  };
  if (outcome.assessed) return { assessed: true, body: { success: true, ...envelope, error: null } };
  const problem = problemBody(ctx.baseUrl, 'unprocessable_entity', { detail: `The scan ran but could not assess ${target.target}: ${outcome.result.message}` });
  return { assessed: false, body: { ...problem, ...envelope } };
}
