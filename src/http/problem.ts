import type { RequestContext } from '../context.ts';
import { ERRORS, errorTypeUrl, type ErrorCode } from './errors.ts';
import { respond } from './respond.ts';
import { STORE_RETRY_AFTER_SEC } from '../limits.ts';
import { StoreUnavailableError } from '../store/port.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export interface ProblemOptions {
  detail: string;
  /** Overrides the table's hint for this occurrence (undefined: the table's). */
  hint?: string | undefined;
  /** Seconds before a retry can succeed; sets `Retry-After` and `retryAfterSec`. */
  retryAfterSec?: number;
  headers?: Record<string, string>;
  /** Extension members merged into the body (RFC 9457 §3.2). */
  extra?: Record<string, unknown>;
  /** On the MCP endpoint: the JSON-RPC error code and the id of the refused message, when known. */
  jsonRpc?: { code?: number; id?: string | number | null };
}

/** A problem a handler or middleware throws; the app turns it into the response. */
/** The engines' knob for how many frames an Error captures (V8, JavaScriptCore); absent elsewhere. */
const errorFrames = Error as unknown as { stackTraceLimit: number | undefined };

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly options: ProblemOptions;

  constructor(code: ErrorCode, options: ProblemOptions) {
    // A refusal is an answer, not a bug: its stack is never read, and capturing one was the
    // largest single cost of answering a refused client (docs/limits.md, "Throughput").
    const frames = errorFrames.stackTraceLimit;
    errorFrames.stackTraceLimit = 0;
    super(options.detail);
    errorFrames.stackTraceLimit = frames;
    this.name = 'ApiError';
    this.code = code;
    this.options = options;
  }
}

/**
 * The refusal an error that reached a surface stands for: its own for an ApiError, a 503 when the
 * store did not answer (noted as the request's cause); null for anything else, which is a bug.
 */
export function refusalOf(error: unknown, ctx: RequestContext): ApiError | null {
  if (error instanceof ApiError) return error;
  if (!(error instanceof StoreUnavailableError)) return null;
  ctx.notes.cause = `store unavailable: ${error.message}`;
  return new ApiError('service_unavailable', {
    detail: 'The store is temporarily unavailable.',
    retryAfterSec: STORE_RETRY_AFTER_SEC,
  });
}

/**
 * Builds the API's problem+json body: RFC 9457 members plus `success`, `error` and `code`, and
 * the `requestId` of the request it answers (also its `X-Request-Id`), for support and the logs.
 */
export function problemBody(
  baseUrl: string,
  code: ErrorCode,
  options: ProblemOptions,
  requestId?: string,
): Record<string, unknown> {
  const entry = ERRORS[code];
  const hint = options.hint ?? entry.hint;
  return {
    ...options.extra,
    success: false,
    error: { code, message: options.detail, hint },
    type: errorTypeUrl(baseUrl, code),
    title: entry.title,
    status: entry.status,
    detail: options.detail,
    code,
    ...(options.retryAfterSec === undefined ? {} : { retryAfterSec: options.retryAfterSec }),
    ...(requestId === undefined ? {} : { requestId }),
  };
}

/** A refusal's own headers: the ones it names, its content type and Retry-After. */
export function problemHeaders(options: ProblemOptions, contentType: string): Record<string, string> {
  const headers: Record<string, string> = { ...options.headers, 'content-type': contentType };
  if (options.retryAfterSec !== undefined) headers['retry-after'] = String(options.retryAfterSec);
  return headers;
}

export function problemResponse(ctx: RequestContext, code: ErrorCode, options: ProblemOptions): Response {
  const headers = problemHeaders(options, PROBLEM_CONTENT_TYPE);
  ctx.notes.problem = code;
  return respond(ctx, JSON.stringify(problemBody(ctx.baseUrl, code, options, ctx.requestId)), {
    status: ERRORS[code].status,
    headers,
  });
}
