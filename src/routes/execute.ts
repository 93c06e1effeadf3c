import * as v from 'valibot';
import { toolSkillUrl, toolUiUrl } from '../catalog.ts';
import { readJsonBody } from '../http/json-body.ts';
import { ApiError, problemBody, PROBLEM_CONTENT_TYPE } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import { MAX_BODY_BYTES } from '../limits.ts';
import { ExecuteRequestSchema } from '../schemas.ts';
import { StoreUnavailableError } from '../store/port.ts';
import { findTool, TOOLS_ELSEWHERE } from '../tools/allowlist.ts';
import { targetTextProblem } from '../tools/target-text.ts';
import type { ScanOutcome, ToolDefinition } from '../tools/tool.ts';
import type { Handler, RequestContext } from '../context.ts';
import { reserveScanQuota } from './scan-quota.ts';
import { anySignal } from '../net/abort-signals.ts';

/** 404 for a tool that is not on the allowlist, saying where the known non-API tools run. */
export const knownTool: Handler = (request, ctx) => {
  const name = request.params['tool'] ?? '';
  if (findTool(name)) return undefined;
  const elsewhere = TOOLS_ELSEWHERE.find((t) => t.name === name);
  if (elsewhere) {
    throw new ApiError('not_found', {
      detail: `The ${name} tool is not available on this API: it ${elsewhere.reason}.`,
      hint: `Use it ${elsewhere.runsIn === 'browser' ? 'in a browser on the website, after email verification' : 'through the account portal with a signed-in command-line client'} (${ctx.services.config.accountUrl}). This API runs security-headers and email-security.`,
      extra: { tool: name, runsIn: elsewhere.runsIn },
    });
  }
  throw new ApiError('not_found', { detail: `There is no tool named ${JSON.stringify(name.slice(0, 100))} on this API.` });
};

async function readTarget(request: Request, tool: ToolDefinition) {
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (Array.isArray(body)) throw new ApiError('bad_request', { detail: 'The body must be a JSON object; got an array.' });
  const parsed = v.safeParse(ExecuteRequestSchema, body);
  if (!parsed.success) throw new ApiError('bad_request', { detail: parsed.issues[0].message });
  const textProblem = targetTextProblem(parsed.output.target);
  if (textProblem) throw new ApiError('bad_request', { detail: textProblem });
  const target = tool.parseTarget(parsed.output.target);
  if (!target.ok) throw new ApiError('bad_request', { detail: target.detail, hint: target.hint });
  return { ...target, selectors: parsed.output.selectors?.map((s) => s.toLowerCase()) };
}

async function runScan(tool: ToolDefinition, target: string, selectors: string[] | undefined, request: Request, ctx: RequestContext): Promise<ScanOutcome> {
  const scanner = ctx.services.scanners[tool.name]!;
  const deadline = AbortSignal.timeout(ctx.services.scanDeadlineMs);
  const signal = request.signal ? anySignal([request.signal, deadline]) : deadline;
  try {
    return await scanner(target, { signal, now: ctx.services.now, ...(selectors ? { selectors } : {}) });
  } catch (error) {
    // A scan stopped by its deadline or by the client hanging up is not a bug; anything else is.
    const clientGone = request.signal?.aborted === true;
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

/** `POST /api/v1/agent/tools/{tool}/execute`: validate, count the quota, scan, record, answer. */
export const execute: Handler = async (request, ctx) => {
  const tool = findTool(request.params['tool'] ?? '')!;
  const target = await readTarget(request, tool);
  if (!ctx.services.scanners[tool.name]) {
    throw new ApiError('service_unavailable', {
      detail: `The ${tool.name} scanner is not available on this deployment.`,
      hint: 'No scan ran and nothing was counted.',
      retryAfterSec: 30,
    });
  }
  await reserveScanQuota(ctx, target.quotaKey);

  const outcome = await runScan(tool, target.target, target.selectors, request, ctx);
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
  if (outcome.assessed) {
    return respond(ctx, JSON.stringify({ success: true, ...envelope, error: null }), { headers: { 'content-type': 'application/json' } });
  }
  const problem = problemBody(ctx.baseUrl, 'unprocessable_entity', { detail: `The scan ran but could not assess ${target.target}: ${outcome.result.message}` });
  return respond(ctx, JSON.stringify({ ...problem, ...envelope }), { status: 422, headers: { 'content-type': PROBLEM_CONTENT_TYPE } });
};
