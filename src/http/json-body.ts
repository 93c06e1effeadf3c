import { BODY_DEADLINE_MS } from '../limits.ts';
import { ApiError } from './problem.ts';
import { readCapped } from './read-capped.ts';

// The rest of a refused body is never read: close the connection rather than drain or wait for it.
const CLOSE = { connection: 'close' };

function tooLarge(subject: string, maxBytes: number, what: string): ApiError {
  return new ApiError('payload_too_large', {
    detail: `${subject} ${what}; at most ${maxBytes} bytes are allowed.`,
    headers: CLOSE,
  });
}

function tooSlow(subject: string, deadlineMs: number): ApiError {
  return new ApiError('request_timeout', {
    detail: `${subject} did not arrive in full within ${deadlineMs / 1000} s.`,
    headers: CLOSE,
  });
}

/** readCapped with a wall-clock deadline, whose timer is cleared as soon as reading stops. */
async function readBeforeDeadline(body: ReadableStream<Uint8Array> | null, maxBytes: number, deadlineMs: number) {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), deadlineMs);
  try {
    return await readCapped(body, maxBytes, deadline.signal);
  } finally {
    clearTimeout(timer);
  }
}

export interface JsonBodyOptions {
  /** What the body should be, for the message about an empty one. */
  expected?: string;
  /** Longest the whole body may take to arrive (default BODY_DEADLINE_MS). */
  deadlineMs?: number | undefined;
  /** What the messages call the body (default "The request body"; on MCP, "The MCP message"). */
  subject?: string;
}

/**
 * Reads a JSON body without ever holding more than `maxBytes` of it or waiting longer than the
 * deadline for it: a declared length over the limit is refused before reading, and the stream is
 * cut off as soon as it passes the limit or the deadline, so a missing or lying Content-Length, a
 * chunked body or a trickled one cannot get more in or hold the request open.
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
  options: JsonBodyOptions = {},
): Promise<unknown> {
  const expected = options.expected ?? 'a JSON object such as {"target": "example.com"}';
  const deadlineMs = options.deadlineMs ?? BODY_DEADLINE_MS;
  const subject = options.subject ?? 'The request body';
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    throw tooLarge(subject, maxBytes, `declares ${declared.trim()} bytes`);
  }
  const { bytes, overflowed, timedOut, error } = await readBeforeDeadline(request.body, maxBytes, deadlineMs);
  if (overflowed) throw tooLarge(subject, maxBytes, 'is larger than that');
  if (timedOut) throw tooSlow(subject, deadlineMs);
  if (error !== undefined) throw new ApiError('bad_request', { detail: `${subject} could not be read completely.` });
  if (bytes.byteLength === 0) {
    throw new ApiError('bad_request', { detail: `${subject} is empty; send ${expected}.` });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError('bad_request', { detail: `${subject} is not valid UTF-8.` });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 200) : 'syntax error';
    throw new ApiError('bad_request', { detail: `${subject} is not valid JSON: ${reason}.` });
  }
}
