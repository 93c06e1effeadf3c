import { readJsonBody } from '../http/json-body.ts';
import { PROBLEM_CONTENT_TYPE } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import { MAX_BODY_BYTES } from '../limits.ts';
import { serverTiming } from '../ops/request-notes.ts';
import { ageSeconds } from '../scan/envelope.ts';
import { scanWithTool } from '../scan/pipeline.ts';
import { lookUpTool } from '../scan/tool-lookup.ts';
import type { Handler } from '../context.ts';

/** 404 for a tool that is not on the allowlist, before the scope check and the body. */
export const knownTool: Handler = (request, ctx) => {
  ctx.notes.tool = lookUpTool(request.params['tool'] ?? '', ctx.services.config.accountUrl).name;
  return undefined;
};

/**
 * `POST /api/v1/agent/tools/{tool}/execute`: the scan pipeline behind a bounded JSON body; 422 when
 * not assessed. A reused result (`maxAgeSec`) carries `Age`, as a cache would.
 */
export const execute: Handler = async (request, ctx) => {
  const tool = lookUpTool(request.params['tool'] ?? '', ctx.services.config.accountUrl);
  const input = await readJsonBody(request, MAX_BODY_BYTES, { deadlineMs: ctx.runtime.bodyDeadlineMs });
  const reply = await scanWithTool(tool, input, ctx, request.signal ?? undefined);
  const headers: Record<string, string> = {
    'content-type': reply.assessed ? 'application/json' : PROBLEM_CONTENT_TYPE,
    'server-timing': serverTiming(ctx.notes),
  };
  if (reply.cached) headers['age'] = String(ageSeconds(reply.scan, ctx.services.now()));
  return respond(ctx, JSON.stringify(reply.body), { status: reply.assessed ? 200 : 422, headers });
};
