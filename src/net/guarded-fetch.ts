/**
 * The only way a scanner reaches a target: every hop's URL, host name and resolved addresses
 * are vetted before a connection, redirects are followed by hand (each one vetted again), each
 * request has a timeout and the body a size cap. Failures are values, never exceptions.
 */
import { readBodyCapped, type BodyDecoding } from './body-reader.ts';
import { classifyFetchError } from './fetch-failure.ts';
import type { Resolver } from './resolver.ts';
import { headerPairsFromFetch, type ConnectionHints, type HeaderPair, type ScanFetch } from './scan-fetch.ts';
import { vetUrl } from './url-vetting.ts';
import { anySignal } from './abort-signals.ts';

export type { HeaderPair, ScanFetch } from './scan-fetch.ts';

export interface GuardedHop {
  url: string;
  status: number;
  /** Lower-case names; see `headerSource` for whether order and repeats are as sent. */
  headers: HeaderPair[];
  /** Every vetted address the connection was allowed to use. */
  addresses: string[];
  /**
   * `wire`: as sent, order and repeated fields kept. `fetch`: through `Headers` (sorted; repeats
   * other than Set-Cookie joined).
   */
  headerSource: 'wire' | 'fetch';
  /** Headers past `MAX_HEADER_BYTES` were dropped. */
  headersTruncated?: true;
}

export type FailureReason =
  | 'invalid-url'
  | 'dns'
  | 'blocked-address'
  | 'refused'
  | 'tls'
  | 'timeout'
  | 'too-many-redirects'
  | 'invalid-redirect'
  | 'network';

export interface GuardedFailure {
  ok: false;
  reason: FailureReason;
  /** Safe to show to the user who asked for the scan: never an internal address. */
  message: string;
  /** The URL of the hop that failed. */
  url: string;
  /** The hops that got a response before the failure. */
  chain: GuardedHop[];
  /** For blocked-address: the range (e.g. loopback) or host-name rule (e.g. localhost). */
  range?: string;
  durationMs: number;
}

export interface GuardedResponse {
  ok: true;
  /** The final URL (after redirects). */
  url: string;
  status: number;
  headers: HeaderPair[];
  /** Every hop, the last being this response. */
  chain: GuardedHop[];
  /** The body as text when `readBody` was set (null otherwise, and for HEAD). */
  body: string | null;
  bodyBytes: number;
  /** The body was cut at `maxBodyBytes`, or stopped early (`bodyError`). */
  truncated: boolean;
  /** Why reading the body stopped early (timeout, network), when it did. */
  bodyError?: FailureReason;
  durationMs: number;
}

export type GuardedResult = GuardedResponse | GuardedFailure;

export interface GuardedFetchDeps {
  fetch: ScanFetch;
  resolver: Resolver;
  /** `SCAN_ALLOW_PRIVATE_TARGETS`: lets scans reach private addresses (never the unspecified one). */
  allowPrivate: boolean;
  userAgent: string;
  now?: () => number;
}

export interface GuardedFetchOptions {
  method?: 'GET' | 'OPTIONS' | 'HEAD';
  headers?: Record<string, string> | [string, string][];
  maxRedirects?: number;
  /** Per request (one hop), including reading its body. */
  timeoutMs?: number;
  /** The whole scan's deadline. */
  signal?: AbortSignal;
  maxBodyBytes?: number;
  readBody?: boolean;
  /** How the body becomes text (`declared` by default). */
  bodyDecoding?: BodyDecoding;
  insecureTls?: boolean;
  /**
   * The Observatory's page sessions: a redirect status without Location is followed to the
   * relative URL "undefined" (its client resolves a missing header that way), and the response
   * after the last redirect allowed is returned as the final one instead of failing.
   */
  observatoryRedirects?: boolean;
}

const DEFAULT_MAX_REDIRECTS = 10;
const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_BODY_BYTES = 512 * 1024;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Header bytes kept per response, counted as on the wire (`name: value` and CRLF). Node's fetch
 * refuses a response over 16 KiB of headers; other runtimes accept far more, and every header
 * kept is parsed by the grader, so past this the rest of a response's headers are dropped.
 */
export const MAX_HEADER_BYTES = 64 * 1024;

/** The pairs that fit in `MAX_HEADER_BYTES`, in order, and whether any were dropped. */
export function withinHeaderCap(pairs: HeaderPair[]): { headers: HeaderPair[]; truncated: boolean } {
  let bytes = 0;
  for (const [index, [name, value]] of pairs.entries()) {
    bytes += name.length + value.length + 4;
    if (bytes > MAX_HEADER_BYTES) return { headers: pairs.slice(0, index), truncated: true };
  }
  return { headers: pairs, truncated: false };
}

export async function guardedFetch(
  url: string,
  options: GuardedFetchOptions,
  deps: GuardedFetchDeps,
): Promise<GuardedResult> {
  const now = deps.now ?? Date.now;
  const started = now();
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = options.signal;
  const chain: GuardedHop[] = [];
  const fail = (reason: FailureReason, message: string, hopUrl: string, range?: string): GuardedFailure => ({
    ok: false,
    reason,
    message,
    url: hopUrl,
    chain,
    ...(range !== undefined ? { range } : {}),
    durationMs: now() - started,
  });

  const headers = new Headers(options.headers);
  if (!headers.has('user-agent')) headers.set('user-agent', deps.userAgent);
  let method = options.method ?? 'GET';
  let current = url;

  for (;;) {
    if (deadline?.aborted) return fail('timeout', "the scan's time ran out", current);
    const redirected = chain.length > 0;
    const vetting = await vetUrl(current, {
      resolver: deps.resolver,
      allowPrivate: deps.allowPrivate,
      ...(deadline ? { signal: deadline } : {}),
    });
    if (!vetting.ok) {
      const reason = redirected && vetting.reason === 'invalid-url' ? 'invalid-redirect' : vetting.reason;
      return fail(
        reason,
        redirected ? `redirected to a URL that is refused: ${vetting.message}` : vetting.message,
        current,
        vetting.range,
      );
    }
    current = vetting.url.href;

    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = deadline ? anySignal([deadline, timeout]) : timeout;
    let wire: { status: number; headers: HeaderPair[] } | null = null;
    const hints: ConnectionHints = {
      addresses: vetting.addresses,
      insecureTls: options.insecureTls === true,
      onWireHeaders: (status, pairs) => {
        wire = { status, headers: pairs.map(([name, value]): HeaderPair => [name.toLowerCase(), value]) };
      },
    };
    let response: Response;
    try {
      response = await deps.fetch(current, { method, headers, redirect: 'manual', signal }, hints);
    } catch (error) {
      if (deadline?.aborted) return fail('timeout', "the scan's time ran out", current);
      if (timeout.aborted) return fail('timeout', `no response within ${timeoutMs} ms`, current);
      const failure = classifyFetchError(error);
      return fail(failure.reason, failure.message, current);
    }

    const reported = wire as { status: number; headers: HeaderPair[] } | null;
    const fromWire = reported !== null && reported.status === response.status;
    const kept = withinHeaderCap(fromWire ? reported.headers : headerPairsFromFetch(response.headers));
    const hop: GuardedHop = {
      url: current,
      status: response.status,
      headers: kept.headers,
      addresses: vetting.addresses,
      headerSource: fromWire ? 'wire' : 'fetch',
      ...(kept.truncated ? { headersTruncated: true as const } : {}),
    };
    chain.push(hop);

    // The first Location, as Node's HTTP client keeps it.
    const location = hop.headers.find(([name]) => name === 'location')?.[1] ?? null;
    const observatory = options.observatoryRedirects === true;
    const follows = location !== null || observatory;
    const limitReached = chain.length > maxRedirects;
    if (REDIRECT_STATUSES.has(response.status) && follows && !(observatory && limitReached)) {
      void response.body?.cancel().catch(() => {});
      let next: URL;
      try {
        next = new URL(location ?? 'undefined', current);
      } catch {
        return fail('invalid-redirect', 'the Location header is not a valid URL', current);
      }
      if (limitReached) return fail('too-many-redirects', `more than ${maxRedirects} redirects`, next.href);
      if (response.status === 303 && method !== 'HEAD') method = 'GET';
      current = next.href;
      continue;
    }

    // The final response (a 3xx without Location included: there is nothing to follow; with
    // `observatoryRedirects`, also the redirect after the last one allowed).
    if (options.readBody !== true || method === 'HEAD') {
      void response.body?.cancel().catch(() => {});
      return {
        ok: true,
        url: current,
        status: hop.status,
        headers: hop.headers,
        chain,
        body: null,
        bodyBytes: 0,
        truncated: false,
        durationMs: now() - started,
      };
    }
    const body = await readBodyCapped(response, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, options.bodyDecoding);
    const result: GuardedResponse = {
      ok: true,
      url: current,
      status: hop.status,
      headers: hop.headers,
      chain,
      body: body.text,
      bodyBytes: body.bytes,
      truncated: body.truncated,
      durationMs: now() - started,
    };
    if (body.error !== undefined)
      result.bodyError = timeout.aborted || deadline?.aborted ? 'timeout' : classifyFetchError(body.error).reason;
    return result;
  }
}
