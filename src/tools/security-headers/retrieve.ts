/**
 * The network half of the security-headers tool: what the Observatory fetches, through the
 * guarded fetch (every hop's addresses vetted, redirects followed by hand), recorded as a plain
 * capture for `analyze`. One overall deadline; each request has its own timeout and size cap.
 */
import {
  guardedFetch,
  type GuardedFailure,
  type GuardedFetchDeps,
  type GuardedResult,
} from '../../net/guarded-fetch.ts';
import { CORS_PROBE_ORIGIN, type RetrievalError, type SecurityHeadersCapture, type Session } from './capture.ts';
import { HeaderView, isHtmlType } from './headers.ts';
import { preloadCandidates } from './hsts.ts';
import type { PreloadLookup } from './preload.ts';
import { withTimeout } from '../../net/abort-signals.ts';

export interface RetrieveDeps extends GuardedFetchDeps {
  preload: PreloadLookup;
}

const SCAN_DEADLINE_MS = 10_000;
const REQUEST_TIMEOUT_MS = 6_000;
const MAX_HTML_BYTES = 512 * 1024;
const ACCEPT_HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

function retrievalError(failure: GuardedFailure): RetrievalError {
  const reason = failure.reason === 'invalid-url' ? 'invalid-redirect' : failure.reason;
  return { reason, message: failure.message, url: failure.url };
}

function session(result: GuardedResult, verified: boolean): Session | null {
  return result.ok
    ? { verified, chain: result.chain.map(({ url, status, headers }) => ({ url, status, headers })) }
    : null;
}

/** Fetches the https:// form, retrying without certificate verification as the Observatory does. */
async function fetchHttps(url: string, deps: RetrieveDeps, signal: AbortSignal) {
  const options = {
    headers: { accept: ACCEPT_HTML },
    readBody: true,
    maxBodyBytes: MAX_HTML_BYTES,
    timeoutMs: REQUEST_TIMEOUT_MS,
    signal,
  };
  const verified = await guardedFetch(url, options, deps);
  if (verified.ok || verified.reason !== 'tls') return { result: verified, verified: true, tlsError: null };
  const insecure = await guardedFetch(url, { ...options, insecureTls: true }, deps);
  return { result: insecure, verified: false, tlsError: verified };
}

export async function retrieve(
  target: string,
  deps: RetrieveDeps,
  signal?: AbortSignal,
): Promise<SecurityHeadersCapture> {
  const started = Date.now();
  const deadline = withTimeout(signal, SCAN_DEADLINE_MS);
  const url = new URL(target);
  const host = url.hostname;
  const path = `${url.pathname}${url.search}`;
  const httpsStart = `https://${url.host}${path}`;
  // Without an explicit port, http:// is port 80; with one, the same port serves both (tests, dev servers).
  const httpStart = `http://${url.host}${path}`;

  const [https, http, preload] = await Promise.all([
    fetchHttps(httpsStart, deps, deadline),
    guardedFetch(
      httpStart,
      {
        headers: { accept: ACCEPT_HTML },
        readBody: true,
        maxBodyBytes: MAX_HTML_BYTES,
        timeoutMs: REQUEST_TIMEOUT_MS,
        signal: deadline,
      },
      deps,
    ),
    Promise.all(preloadCandidates(host).map(async (name) => [name, await deps.preload(name, deadline)] as const)),
  ]);

  const auto = https.result.ok ? https.result : http.ok ? http : null;
  let cors: SecurityHeadersCapture['cors'] = null;
  if (auto) {
    const preflight = await guardedFetch(
      auto.url,
      {
        method: 'OPTIONS',
        headers: { origin: CORS_PROBE_ORIGIN, 'access-control-request-method': 'GET' },
        maxRedirects: 0,
        timeoutMs: REQUEST_TIMEOUT_MS,
        signal: deadline,
        insecureTls: auto === https.result && !https.verified,
      },
      deps,
    );
    if (preflight.ok) cors = { status: preflight.status, headers: preflight.headers };
  }

  const errors: NonNullable<SecurityHeadersCapture['errors']> = {};
  if (!https.result.ok) errors.https = retrievalError(https.tlsError ?? https.result);
  else if (https.tlsError) errors.https = retrievalError(https.tlsError);
  if (!http.ok) errors.http = retrievalError(http);

  return {
    host,
    http: session(http, true),
    https: session(https.result, https.verified),
    cors,
    // The analyzer's rule (a missing Content-Type counts as HTML), so it gets the body it expects.
    html: auto && auto.body !== null && isHtmlType(new HeaderView(auto.headers)) ? auto.body : null,
    requested: target,
    corsOrigin: CORS_PROBE_ORIGIN,
    ...(path !== '/' ? { path } : {}),
    preload: Object.fromEntries(preload),
    ...(Object.keys(errors).length > 0 ? { errors } : {}),
    ...(auto?.truncated ? { htmlTruncated: true } : {}),
    durationMs: Date.now() - started,
  };
}
