/**
 * One DNS question over HTTPS (RFC 8484 POST): a per-attempt timeout, and a retry when an
 * attempt times out, fails on the network or gets a 5xx. Failures come back as values.
 */
import { readCapped } from '../http/read-capped.ts';
import {
  DNS_MESSAGE_TYPE,
  MAX_DNS_MESSAGE_BYTES,
  decodeResponse,
  encodeQuery,
  type DnsResponse,
} from './dns-message.ts';
import type { RecordType } from './dns-records.ts';
import { classifyFetchError } from './fetch-failure.ts';
import { anySignal } from './abort-signals.ts';

/** The part of `fetch` the resolver uses; the platform `fetch` fits. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ExchangeSettings {
  url: string;
  fetch: FetchLike;
  timeoutMs: number;
  retries: number;
}

export type ExchangeResult =
  { ok: true; response: DnsResponse } | { ok: false; failure: 'timeout' | 'error'; message: string };

type Attempt = ExchangeResult | { ok: false; failure: 'timeout' | 'error'; message: string; retryable: true };

export async function exchange(
  settings: ExchangeSettings,
  name: string,
  type: RecordType,
  signal?: AbortSignal,
): Promise<ExchangeResult> {
  const body = encodeQuery(name, type);
  let last: ExchangeResult = { ok: false, failure: 'error', message: 'no attempt made' };
  for (let attempt = 0; attempt <= settings.retries; attempt++) {
    if (signal?.aborted) return { ok: false, failure: 'timeout', message: 'the lookup was cancelled' };
    const result = await attemptOnce(settings, body, name, type, signal);
    if (result.ok || !('retryable' in result)) return result;
    last = { ok: false, failure: result.failure, message: result.message };
  }
  return last;
}

async function attemptOnce(
  settings: ExchangeSettings,
  body: Uint8Array<ArrayBuffer>,
  name: string,
  type: RecordType,
  signal?: AbortSignal,
): Promise<Attempt> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const combined = signal ? anySignal([signal, timeout]) : timeout;
  let response: Response;
  let bytes: Uint8Array;
  try {
    response = await settings.fetch(settings.url, {
      method: 'POST',
      headers: { 'content-type': DNS_MESSAGE_TYPE, accept: DNS_MESSAGE_TYPE },
      body,
      signal: combined,
    });
    if (response.status >= 500) {
      void response.body?.cancel().catch(() => {});
      return {
        ok: false,
        failure: 'error',
        message: `the DNS-over-HTTPS server answered HTTP ${response.status}`,
        retryable: true,
      };
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => {});
      return { ok: false, failure: 'error', message: `the DNS-over-HTTPS server answered HTTP ${response.status}` };
    }
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== DNS_MESSAGE_TYPE) {
      void response.body?.cancel().catch(() => {});
      const answered = contentType || 'without a content type';
      return {
        ok: false,
        failure: 'error',
        message: `the DNS-over-HTTPS server answered ${answered}, not ${DNS_MESSAGE_TYPE}`,
      };
    }
    // Read no further than a DNS message can be: a resolver that keeps sending is cut off there.
    const read = await readCapped(response.body, MAX_DNS_MESSAGE_BYTES);
    if (read.error !== undefined) throw new Error('the answer could not be read', { cause: read.error });
    if (read.overflowed)
      return { ok: false, failure: 'error', message: 'the DNS answer is larger than a DNS message can be' };
    bytes = read.bytes;
  } catch (error) {
    if (signal?.aborted) return { ok: false, failure: 'timeout', message: 'the lookup was cancelled' };
    if (timeout.aborted)
      return {
        ok: false,
        failure: 'timeout',
        message: `no DNS answer within ${settings.timeoutMs} ms`,
        retryable: true,
      };
    return {
      ok: false,
      failure: 'error',
      message: `the DNS-over-HTTPS request failed (${classifyFetchError(error).code ?? errorName(error)})`,
      retryable: true,
    };
  }
  let decoded: DnsResponse;
  try {
    decoded = decodeResponse(bytes);
  } catch {
    return { ok: false, failure: 'error', message: 'the DNS answer could not be decoded' };
  }
  const question = decoded.question;
  if (question && (question.name !== name || question.type !== type)) {
    return { ok: false, failure: 'error', message: 'the DNS answer is for a different question' };
  }
  return { ok: true, response: decoded };
}

/** Without a network code: the error's name and its cause's message (undici's "bad port", …), bounded. */
function errorName(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const cause = error.cause instanceof Error ? `: ${error.cause.message.slice(0, 80)}` : '';
  return `${error.name}${cause}`;
}
