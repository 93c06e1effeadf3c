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
} from '../../../net/guarded-fetch.ts';
import {
  CORS_PROBE_ORIGIN,
  type Hop,
  type RetrievalError,
  type SecurityHeadersCapture,
  type Session,
} from '../capture.ts';
import { HeaderView, isHtmlType } from '../parse/headers.ts';
import { preloadCandidates } from '../parse/hsts.ts';
import type { PreloadLookup } from './preload-lookup.ts';
import { withTimeout } from '../../../net/abort-signals.ts';

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

/** A page session as the Observatory's makes it; a certificate failure is retried without verification. */
async function fetchSession(url: string, deps: RetrieveDeps, signal: AbortSignal) {
  const options = {
    headers: { accept: ACCEPT_HTML },
    readBody: true,
    // The Observatory's client reads every body as UTF-8, whatever charset it declares.
    bodyDecoding: 'utf-8' as const,
    maxBodyBytes: MAX_HTML_BYTES,
    timeoutMs: REQUEST_TIMEOUT_MS,
    observatoryRedirects: true,
    signal,
  };
  const verified = await guardedFetch(url, options, deps);
  if (verified.ok || verified.reason !== 'tls') return { result: verified, verified: true, tlsError: null };
  const insecure = await guardedFetch(url, { ...options, insecureTls: true }, deps);
  return { result: insecure, verified: false, tlsError: verified };
}

/**
 * After a certificate failure the Observatory's client for robots.txt and the preflight carries
 * the session's cookie jar and records what it fetches: robots.txt cookies then count, and the
 * preflight goes to robots.txt when that answered 2xx. Fetched only in that case.
 */
async function fetchRobots(startUrl: string, deps: RetrieveDeps, signal: AbortSignal) {
  const url = new URL('/robots.txt', startUrl).href;
  const result = await guardedFetch(
    url,
    { headers: { accept: 'text/plain,*/*;q=0.8' }, timeoutMs: REQUEST_TIMEOUT_MS, insecureTls: true, signal },
    deps,
  );
  const hops = result.chain.map(({ url: hopUrl, status, headers }) => ({ url: hopUrl, status, headers }));
  return { url, hops, answered: result.ok && result.status >= 200 && result.status < 300 };
}

/** The phases `retrieve` reports through `finished`, as the scanner counts them (grading follows). */
export const RETRIEVE_PHASES = 3;

export async function retrieve(
  target: string,
  deps: RetrieveDeps,
  signal?: AbortSignal,
  finished: (phase: string) => void = () => {},
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
    fetchSession(httpsStart, deps, deadline).finally(() => finished(`Tried ${httpsStart}`)),
    fetchSession(httpStart, deps, deadline).finally(() => finished(`Tried ${httpStart}`)),
    Promise.all(preloadCandidates(host).map(async (name) => [name, await deps.preload(name, deadline)] as const)),
  ]);

  const graded = https.result.ok ? https : http.result.ok ? http : null;
  const auto = graded?.result.ok ? graded.result : null;
  let cors: SecurityHeadersCapture['cors'] = null;
  let corsUrl: string | undefined;
  let robots: Hop[] | undefined;
  if (graded && auto) {
    let preflightUrl = auto.url;
    if (!graded.verified) {
      const fetched = await fetchRobots(graded === https ? httpsStart : httpStart, deps, deadline);
      robots = fetched.hops;
      if (fetched.answered) preflightUrl = fetched.url;
    }
    // As the Observatory's client sends it: redirects followed (a 303 turns it into a GET).
    const preflight = await guardedFetch(
      preflightUrl,
      {
        method: 'OPTIONS',
        headers: { origin: CORS_PROBE_ORIGIN, 'access-control-request-method': 'GET' },
        timeoutMs: REQUEST_TIMEOUT_MS,
        signal: deadline,
        insecureTls: !graded.verified,
      },
      deps,
    );
    if (preflight.ok) cors = { status: preflight.status, headers: preflight.headers };
    if (preflightUrl !== auto.url) corsUrl = preflightUrl;
  }
  finished(graded ? 'Sent the CORS preflight' : 'Neither http:// nor https:// answered');

  const errors: NonNullable<SecurityHeadersCapture['errors']> = {};
  for (const [scheme, session] of [
    ['https', https],
    ['http', http],
  ] as const) {
    if (!session.result.ok) errors[scheme] = retrievalError(session.tlsError ?? session.result);
    else if (session.tlsError) errors[scheme] = retrievalError(session.tlsError);
  }

  return {
    host,
    http: session(http.result, http.verified),
    https: session(https.result, https.verified),
    cors,
    // The analyzer's rule (a missing Content-Type counts as HTML), so it gets the body it expects.
    html: auto && auto.body !== null && isHtmlType(new HeaderView(auto.headers)) ? auto.body : null,
    requested: target,
    ...(path !== '/' ? { path } : {}),
    ...(corsUrl ? { corsUrl } : {}),
    ...(robots ? { robots } : {}),
    preload: Object.fromEntries(preload),
    ...(Object.keys(errors).length > 0 ? { errors } : {}),
    ...(auto?.truncated ? { htmlTruncated: true } : {}),
    durationMs: Date.now() - started,
  };
}
