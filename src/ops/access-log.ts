/** The access-log entry of one finished request, and the error report every layer uses. */
import type { AccessLogEntry, Principal, RequestContext } from '../context.ts';

const MAX_USER_AGENT_LENGTH = 256;
const MAX_PATH_LENGTH = 512;

function levelOf(ctx: RequestContext, status: number): AccessLogEntry['level'] {
  if (status === 500) return 'error';
  if (status >= 500) return 'warn';
  return ctx.surface === 'probe' && status < 400 ? 'debug' : 'info';
}

const capped = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The key a request was made with: a valid one, or one that was revoked or has expired. */
function keyIdOf(principal: Principal): string | null {
  if (principal.kind === 'key') return principal.record.id;
  return principal.kind === 'invalid' ? (principal.keyId ?? null) : null;
}

export function accessLogEntry(ctx: RequestContext, request: Request, status: number): AccessLogEntry {
  const { notes } = ctx;
  return {
    level: levelOf(ctx, status),
    requestId: ctx.requestId,
    method: ctx.method,
    path: capped(ctx.path, MAX_PATH_LENGTH),
    status,
    durationMs: ctx.services.now() - ctx.startedAt,
    client: ctx.client,
    keyId: keyIdOf(ctx.principal),
    userAgent: capped(request.headers.get('user-agent') ?? '', MAX_USER_AGENT_LENGTH) || null,
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

/**
 * The response, logged once its body has been sent (or abandoned) rather than once it is ready:
 * an MCP answer is a stream whose tool call runs while it is read, and its line must say how the
 * call went and how long it took.
 */
export function loggedWhenSent(response: Response, log: () => void): Response {
  if (response.body === null) {
    log();
    return response;
  }
  const reader = response.body.getReader();
  let logged = false;
  const once = () => {
    if (!logged) log();
    logged = true;
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) {
          controller.close();
          once();
        } else controller.enqueue(chunk.value);
      } catch (error) {
        controller.error(error);
        once();
      }
    },
    async cancel(reason) {
      once();
      await reader.cancel(reason);
    },
  });
  return new Response(body, initOf(response));
}

/**
 * A response's status and headers as a plain ResponseInit. A Response passed as the init itself
 * works only while its members are read through getters, which Node's Response (undici) does not
 * do for every class: a wrapped MCP refusal once went out as 200.
 */
export const initOf = (response: Response): ResponseInit => ({
  status: response.status,
  statusText: response.statusText,
  headers: response.headers,
});

/** Reports an unexpected error (a bug) with the request it happened in. */
export function reportError(ctx: RequestContext, error: unknown): void {
  ctx.services.onError(error, { requestId: ctx.requestId, method: ctx.method, path: ctx.path });
}
