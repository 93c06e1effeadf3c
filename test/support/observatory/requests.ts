/**
 * A capture (docs/capture.md) turned into the object the Observatory's retriever builds from its
 * axios sessions (1.4.8 src/retriever/retriever.js and session.js), using the same code wherever
 * the retriever's behaviour comes from a library: Node's own header folding, axios' header class
 * and JSON transform, http-cookie-agent's cookie handler and tough-cookie's jar. What the
 * retriever does itself is re-stated here, each step with the line of behaviour it mirrors.
 */
import http from 'node:http';
import { format as formatUrl } from 'node:url';
import type { HeaderPairs, Hop, SecurityHeadersCapture, Session } from '../../../src/tools/security-headers/capture.ts';
import type { OraclePackage, OracleRequests, OracleResponse } from './oracle-package.ts';

/** Node's response header folding (`IncomingMessage#headers`), by Node's own code. */
export function nodeHeaders(pairs: HeaderPairs): Record<string, string | string[]> {
  const message = new http.IncomingMessage(null as never) as http.IncomingMessage & {
    _addHeaderLines(raw: string[], count: number): void;
  };
  const raw = pairs.flat();
  message._addHeaderLines(raw, raw.length);
  return message.headers as Record<string, string | string[]>;
}

/** The first value of a folded header (content-type keeps only its first instance in Node). */
export function firstHeader(headers: Record<string, string | string[]>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export interface ResponseOptions {
  /** What axios made of the body (only the graded response's body is ever read). */
  data?: unknown;
  /** Header values to use instead of the folded ones (the v4→v6 rules rewrite some). */
  headers?: Record<string, string | string[]>;
}

function response(oracle: OraclePackage, session: Session, hop: Hop, options: ResponseOptions = {}): OracleResponse {
  return {
    status: hop.status,
    statusText: '',
    headers: new oracle.AxiosHeaders(options.headers ?? nodeHeaders(hop.headers)),
    data: options.data ?? '',
    config: { url: hop.url },
    // axios' response.request is Node's ClientRequest, whose own properties hold no request
    // headers (they live behind a symbol): the CORS test's read of the sent Origin finds nothing.
    request: {},
    verified: session.verified,
  };
}

/** What the session's interceptor records: one entry per response, redirects included. */
const redirectHistory = (session: Session | null) =>
  (session?.chain ?? []).map((hop) => ({ url: new URL(hop.url), status: hop.status }));

/** The request URL http-cookie-agent stores cookies under: `url.format` of host, path and protocol. */
function cookieRequestUrl(hopUrl: string): string {
  const url = new URL(hopUrl);
  return formatUrl({ host: url.hostname, pathname: `${url.pathname}${url.search}`, protocol: url.protocol });
}

export interface AdaptOptions {
  /** Folded headers of the graded response as the oracle should read them (v4→v6 rules). */
  autoHeaders?: Record<string, string | string[]>;
  /** The http-equiv map of the graded response (v4→v6 rules); by default the retriever's own. */
  httpEquiv?: Map<string, string[]>;
}

/** The axios body of the graded response: the captured text through axios' transform. */
export function axiosBody(oracle: OraclePackage, capture: SecurityHeadersCapture): unknown {
  return capture.html === null ? '' : oracle.transformResponse(capture.html);
}

export function toRequests(
  oracle: OraclePackage,
  capture: SecurityHeadersCapture,
  options: AdaptOptions = {},
): OracleRequests {
  const requests = new oracle.Requests(capture.host);
  const { http: httpSession, https: httpsSession } = capture;
  const finalOf = (session: Session | null, responseOptions?: ResponseOptions) => {
    const hop = session?.chain.at(-1);
    return session && hop ? response(oracle, session, hop, responseOptions) : null;
  };
  // The graded ("auto") session is the https one whenever it got a response.
  const autoSession = httpsSession ?? httpSession;
  const data = axiosBody(oracle, capture);
  const auto = finalOf(autoSession, {
    data,
    ...(options.autoHeaders ? { headers: options.autoHeaders } : {}),
  });
  requests.responses.http = httpSession === autoSession ? auto : finalOf(httpSession);
  requests.responses.https = httpsSession === autoSession ? auto : finalOf(httpsSession);
  requests.responses.auto = auto;
  // The retriever reads the http chain for both (`httpsRedirects = httpSession.redirectHistory`).
  requests.responses.httpRedirects = redirectHistory(httpSession);
  requests.responses.httpsRedirects = requests.responses.httpRedirects;
  if (!autoSession || !auto) return requests;

  const jar = oracle.newCookieJar();
  // Each request of the session goes through the cookie agent: its Cookie header is read from the
  // jar (which drops expired cookies it would send), then the response's Set-Cookie is stored.
  for (const hop of autoSession.chain) {
    const requestUrl = cookieRequestUrl(hop.url);
    oracle.cookieHeader(jar, requestUrl);
    const setCookie = nodeHeaders(hop.headers)['set-cookie'];
    oracle.saveCookies(jar, Array.isArray(setCookie) ? setCookie : undefined, requestUrl);
  }
  // After a certificate failure the client that fetches robots.txt and sends the preflight is
  // rebuilt with the jar on its https agent (session.js init): those responses' cookies count.
  if (!autoSession.verified) {
    const corsUrl = capture.corsUrl ?? autoSession.chain.at(-1)!.url;
    const extra: Hop[] = [...(capture.robots ?? []), ...(capture.cors ? [{ url: corsUrl, ...capture.cors }] : [])];
    for (const hop of extra.filter((h) => h.url.startsWith('https:'))) {
      const requestUrl = cookieRequestUrl(hop.url);
      oracle.cookieHeader(jar, requestUrl);
      const setCookie = nodeHeaders(hop.headers)['set-cookie'];
      oracle.saveCookies(jar, Array.isArray(setCookie) ? setCookie : undefined, requestUrl);
    }
  }
  requests.session = { url: new URL(autoSession.chain[0]!.url), redirectHistory: redirectHistory(autoSession), jar };
  // getPageText(auto, force=true): the body whatever the status.
  requests.resources.path = data;
  // The preflight goes through axios' default validateStatus: anything but 2xx is an error, and null.
  requests.responses.cors =
    capture.cors && capture.cors.status >= 200 && capture.cors.status < 300
      ? response(oracle, autoSession, { url: auto.config.url, ...capture.cors })
      : null;
  const contentType = firstHeader(nodeHeaders(autoSession.chain.at(-1)!.headers), 'content-type');
  auto.httpEquiv =
    options.httpEquiv ??
    (oracle.HTML_TYPES.has(contentType?.split(';')[0] ?? '') && data
      ? oracle.parseHttpEquivHeaders(data, requests.session.url.href)
      : new Map());
  return requests;
}
