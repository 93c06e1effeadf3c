/**
 * A scan run on a deployment (`--api`): one execute request, retried after a 429 or 503 when its
 * Retry-After fits in what is left of `--max-wait`. A redirect is not followed (the key would go
 * with it), an answer is read up to a cap, and the key never appears in what is printed.
 */
import { readCapped } from '../../../src/http/read-capped.ts';
import { executePath } from '../../../src/paths.ts';
import type { ScanCommand } from './args.ts';
import type { Answer, Body } from './outcome.ts';

export interface RemoteIo {
  fetch: typeof fetch;
  sleep(ms: number): Promise<void>;
  /** A notice for people: a wait, a retry. */
  warn(message: string): void;
  userAgent: string;
  now(): number;
}

/** Longer than any scan's deadline on the service, with room for a slow network. */
const ANSWER_DEADLINE_MS = 120_000;
/** Far above any scan envelope (an email scan's is at most a few megabytes). */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const RETRIED_STATUSES = new Set([429, 503]);
/** Five requests at most, even to a service that keeps asking for no wait at all. */
const MAX_ATTEMPTS = 5;

/** Retry-After in whole seconds, from delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when unreadable. */
function retryAfterSec(response: Response, now: number): number | null {
  const value = response.headers.get('retry-after')?.trim() ?? '';
  if (/^\d{1,9}$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

async function readBody(response: Response): Promise<{ body: Body | null; problem?: string }> {
  const read = await readCapped(response.body, MAX_ANSWER_BYTES, AbortSignal.timeout(ANSWER_DEADLINE_MS));
  if (read.overflowed) return { body: null, problem: `the answer is over ${MAX_ANSWER_BYTES / 1024 / 1024} MB` };
  if (read.timedOut) return { body: null, problem: 'the answer did not arrive in full in time' };
  try {
    const body: unknown = JSON.parse(new TextDecoder().decode(read.bytes));
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? { body: body as Body } : { body: null };
  } catch {
    return { body: null };
  }
}

export async function scanRemotely(command: ScanCommand, requestBody: string, io: RemoteIo): Promise<Answer> {
  const url = command.api + executePath(command.tool);
  const hidden = (text: string) => (command.key ? text.replaceAll(command.key, '[the key]') : text);
  let waitLeftSec = command.maxWaitSec;
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await io.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'user-agent': io.userAgent,
          ...(command.key ? { 'x-api-key': command.key } : {}),
        },
        body: requestBody,
        redirect: 'manual',
        signal: AbortSignal.timeout(ANSWER_DEADLINE_MS),
      });
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      return { status: null, body: null, failure: hidden(`no answer from ${url}: ${cause}`) };
    }
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location') ?? 'nowhere';
      await response.body?.cancel();
      return {
        status: null,
        body: null,
        failure:
          `${url} answered ${response.status}, a redirect to ${hidden(location).slice(0, 300)}; ` +
          'it is not followed, so that the key goes only where --api says: give --api the address it redirects to',
      };
    }
    const { body, problem } = await readBody(response);
    if (problem) return { status: null, body: null, failure: `${url} answered ${response.status}, but ${problem}` };
    const wait = retryAfterSec(response, io.now());
    if (RETRIED_STATUSES.has(response.status) && wait !== null && wait <= waitLeftSec && attempt < MAX_ATTEMPTS) {
      io.warn(`${response.status} from the service; retrying in ${wait} s as its Retry-After asks.`);
      waitLeftSec -= wait;
      await io.sleep(wait * 1000);
      continue;
    }
    return { status: response.status, body, contentType: response.headers.get('content-type') };
  }
}
