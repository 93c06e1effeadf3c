/**
 * A scan run on a deployment (`--api`): one execute request, retried after a 429 or 503 when its
 * Retry-After fits in what is left of `--max-wait`.
 */
import { executePath } from '../../../src/paths.ts';
import type { ScanCommand } from './args.ts';
import type { Answer, Body } from './outcome.ts';

export interface RemoteIo {
  fetch: typeof fetch;
  sleep(ms: number): Promise<void>;
  /** A notice for people: a wait, a retry. */
  warn(message: string): void;
  userAgent: string;
}

/** Longer than any scan's deadline on the service, with room for a slow network. */
const ANSWER_DEADLINE_MS = 120_000;
const RETRIED_STATUSES = new Set([429, 503]);
/** Even a service that keeps asking for no wait at all is asked this many times at most. */
const MAX_ATTEMPTS = 5;

/** Retry-After in whole seconds (delay-seconds only; a date is read as "not soon"). */
function retryAfterSec(response: Response): number | null {
  const value = response.headers.get('retry-after')?.trim() ?? '';
  return /^\d{1,6}$/.test(value) ? Number(value) : null;
}

export async function scanRemotely(command: ScanCommand, requestBody: string, io: RemoteIo): Promise<Answer> {
  const url = command.api + executePath(command.tool);
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
        signal: AbortSignal.timeout(ANSWER_DEADLINE_MS),
      });
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      return { status: null, body: null, failure: `no answer from ${url}: ${cause}` };
    }
    const body = (await response.json().catch(() => null)) as Body | null;
    const wait = retryAfterSec(response);
    if (RETRIED_STATUSES.has(response.status) && wait !== null && wait <= waitLeftSec && attempt < MAX_ATTEMPTS) {
      io.warn(`${response.status} from the service; retrying in ${wait} s as its Retry-After asks.`);
      waitLeftSec -= wait;
      await io.sleep(wait * 1000);
      continue;
    }
    return { status: response.status, body };
  }
}
