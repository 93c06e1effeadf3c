/** The access-log entry of one finished request, and the error report every layer uses. */
import type { AccessLogEntry, RequestContext } from '../context.ts';

const MAX_USER_AGENT_LENGTH = 256;

function levelOf(ctx: RequestContext, status: number): AccessLogEntry['level'] {
  if (status === 500) return 'error';
  if (status >= 500) return 'warn';
  return ctx.surface === 'probe' ? 'debug' : 'info';
}

export function accessLogEntry(ctx: RequestContext, request: Request, status: number): AccessLogEntry {
  const { notes } = ctx;
  return {
    level: levelOf(ctx, status),
    requestId: ctx.requestId,
    method: ctx.method,
    path: ctx.path,
    status,
    durationMs: ctx.services.now() - ctx.startedAt,
    client: ctx.client,
    keyId: ctx.principal.kind === 'key' ? ctx.principal.record.id : null,
    userAgent: request.headers.get('user-agent')?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
    ...(notes.tool === undefined ? {} : { tool: notes.tool }),
    ...(notes.targetHost === undefined ? {} : { targetHost: notes.targetHost }),
    ...(notes.scanId === undefined ? {} : { scanId: notes.scanId, grade: notes.grade ?? null, cached: !!notes.cached }),
    ...(notes.reason === undefined ? {} : { reason: notes.reason }),
    ...(status === 429 && ctx.rateLimit ? { policy: ctx.rateLimit.policy } : {}),
    ...(notes.problem === undefined ? {} : { problem: notes.problem }),
    ...(notes.cause === undefined ? {} : { cause: notes.cause }),
    ...(notes.scanMs === undefined ? {} : { scanMs: Math.round(notes.scanMs) }),
    storeRoundTrips: notes.storeRoundTrips,
    storeMs: Math.round(notes.storeMs),
    ...(notes.mcp === undefined ? {} : { mcp: notes.mcp }),
  };
}

/** Reports an unexpected error (a bug) with the request it happened in. */
export function reportError(ctx: RequestContext, error: unknown): void {
  ctx.services.onError(error, { requestId: ctx.requestId, method: ctx.method, path: ctx.path });
}
