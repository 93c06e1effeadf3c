/**
 * The Upstash REST client with the service's scripts, and how its failures read: the part of the
 * Upstash store that needs `@upstash/redis`, loaded by the store's first command so that an
 * instance on the embedded store never parses the client (docs/runtimes.md, "Chunks").
 */
import { errors, Redis } from '@upstash/redis';
import { classifyFetchError } from '../net/fetch-failure.ts';
import {
  LATEST_GRADE_SCRIPT,
  LATEST_SCAN_SCRIPT,
  QUOTA_SCRIPT,
  RATE_LIMIT_SCRIPT,
  CLAIM_SCRIPT,
  RELEASE_SCRIPT,
  REVOKE_SCRIPT,
  SAVE_SCAN_SCRIPT,
  TOUCH_SCRIPT,
} from './lua-scripts.ts';

export interface UpstashConnection {
  url: string;
  token: string;
  /** Deadline of one store round trip. */
  timeoutMs: number;
}

export type UpstashClient = ReturnType<typeof connectUpstash>;

export function connectUpstash({ url, token, timeoutMs }: UpstashConnection) {
  const redis = new Redis({
    url,
    token,
    automaticDeserialization: false,
    enableTelemetry: false,
    // One quick retry for a dropped connection; the deadline covers each attempt.
    retry: { retries: 1, backoff: () => 50 },
    signal: () => AbortSignal.timeout(timeoutMs),
  });
  // EVALSHA first, the script text only when the server does not know it yet.
  const scripts = {
    rateLimit: redis.createScript(RATE_LIMIT_SCRIPT),
    claim: redis.createScript(CLAIM_SCRIPT),
    quota: redis.createScript(QUOTA_SCRIPT),
    release: redis.createScript(RELEASE_SCRIPT),
    touch: redis.createScript(TOUCH_SCRIPT),
    revoke: redis.createScript(REVOKE_SCRIPT),
    saveScan: redis.createScript(SAVE_SCAN_SCRIPT),
    latestScan: redis.createScript(LATEST_SCAN_SCRIPT),
    latestGrade: redis.createScript(LATEST_GRADE_SCRIPT),
  };
  return { redis, scripts, failure: storeFailure };
}

/**
 * Why the store failed, for the log: refused by the server (an error reply: a wrong token, out of
 * memory, a read-only replica), an unreadable reply, or no reply at all (with the network's code).
 * Never the command itself, which can hold key hashes and scan data.
 */
function storeFailure(error: unknown): string {
  if (error instanceof errors.UpstashJSONParseError) return 'the shared store answered something that is not JSON';
  if (error instanceof errors.UpstashError) {
    // Redis quotes a command's arguments in some replies ("unknown command 'get,asc:key…'"): not those either.
    const reply = error.message
      .split(', command was:')[0]!
      .replace(/^Command failed: /, '')
      .replace(/'[^']*'/g, "'…'")
      .slice(0, 200);
    return `the shared store refused the command: ${reply}`;
  }
  const failure = classifyFetchError(error);
  const detail = failure.reason === 'network' && failure.code === null ? errorText(error) : failure.message;
  return `the shared store did not answer: ${detail}`;
}

function errorText(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`.slice(0, 200);
}
