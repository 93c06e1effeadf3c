import { readJsonBody } from '../http/json-body.ts';
import { ApiError, PROBLEM_CONTENT_TYPE } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import { MAX_BODY_BYTES } from '../limits.ts';
import { findTool, TOOLS_ELSEWHERE } from '../tools/allowlist.ts';
import type { Handler } from '../context.ts';
import { scanWithTool } from './scan-pipeline.ts';

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

/** `POST /api/v1/agent/tools/{tool}/execute`: the scan pipeline behind a bounded JSON body. */
export const execute: Handler = async (request, ctx) => {
  const tool = findTool(request.params['tool'] ?? '')!;
  const input = await readJsonBody(request, MAX_BODY_BYTES);
  const reply = await scanWithTool(tool, input, request, ctx, request.signal ?? undefined);
  if (reply.assessed) return respond(ctx, JSON.stringify(reply.body), { headers: { 'content-type': 'application/json' } });
  return respond(ctx, JSON.stringify(reply.body), { status: 422, headers: { 'content-type': PROBLEM_CONTENT_TYPE } });
};
