/**
 * What a security-headers scan saw on the wire: the input of `analyze(capture)`. The shape of the
 * conformance captures (test/fixtures/observatory/real-sites.jsonl, without `expected`);
 * optional fields may be added, existing ones are never renamed or reshaped (docs/capture.md).
 */
export type HeaderPairs = [name: string, value: string][];

/** The Origin the CORS preflight is sent with, as the Observatory sends it. */
export const CORS_PROBE_ORIGIN = 'https://http-observatory.security.mozilla.org';

export interface Hop {
  url: string;
  status: number;
  /** Lower-case names, in order; a header sent twice is two pairs. */
  headers: HeaderPairs;
}

export interface Session {
  /** Whether TLS verified (true for plain http). */
  verified: boolean;
  /** Every hop in order, the last one being the final response. */
  chain: Hop[];
}

export interface SecurityHeadersCapture {
  host: string;
  /** The session started at http://host/ (null when it got no response). */
  http: Session | null;
  /** The session started at https://host/ (null when it got no response). */
  https: Session | null;
  /** The answer to an OPTIONS preflight sent with an Origin header. */
  cors: { status: number; headers: HeaderPairs } | null;
  /** Body of the final response of the https session (else the http one), size-capped. */
  html: string | null;

  // ---- optional additions made by our retriever ----
  /** The URL the caller asked for, when it had a path. */
  requested?: string;
  /** HSTS preload list status of the host and its parents, as looked up at scan time. */
  preload?: Record<string, { preloaded: boolean; includeSubDomains: boolean } | 'unknown'>;
  /** Why a session got no response (dns, refused, tls, timeout, blocked-address, too-many-redirects). */
  errors?: { http?: RetrievalError; https?: RetrievalError };
  /** The path scanned on the host when not "/". */
  path?: string;
  /** Names of the cookies set across the sessions (and robots.txt). */
  cookieNames?: string[];
  /** The html was cut at the size cap. */
  htmlTruncated?: boolean;
  /** Wall-clock milliseconds the retrieval took. */
  durationMs?: number;
  /**
   * The Origin the CORS test compares Access-Control-Allow-Origin with. The retriever leaves it
   * out: the Observatory's test cannot see the Origin its preflight sent (docs/capture.md).
   */
  corsOrigin?: string;
  /** The URL the preflight was sent to, when not the graded response's URL. */
  corsUrl?: string;
  /** The hops of the robots.txt fetch, made only when the graded session's certificate did not verify. */
  robots?: Hop[];
}

export interface RetrievalError {
  reason:
    'dns' | 'refused' | 'tls' | 'timeout' | 'blocked-address' | 'too-many-redirects' | 'invalid-redirect' | 'network';
  message: string;
  /** The URL whose request failed. */
  url: string;
}
