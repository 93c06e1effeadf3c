/**
 * The cookie jar the Observatory grades: the one its graded session's HTTP client fills, with the
 * storage rules of its cookie library (RFC 6265 §5.3 as tough-cookie applies them):
 * - a Domain attribute must domain-match the host that set the cookie and must not be a public
 *   suffix; without one the cookie is host-only;
 * - a Path not starting with "/" becomes the default path of the request;
 * - `__Secure-` cookies without Secure and `__Host-` cookies that are not Secure, host-only and
 *   at path "/" are dropped (names compared case-sensitively);
 * - a cookie replaces the one with the same name, domain and path and keeps its place;
 * - an expired cookie (Max-Age ≤ 0, Expires in the past) is stored like any other and only
 *   removed when a later request of the session would have sent it.
 * Which requests fill it: every hop of the graded session; when that session's certificate did
 * not verify, also the robots.txt fetch and the CORS preflight, over https only (the client the
 * Observatory rebuilds for them carries the jar on its https agent alone).
 */
import { getDomain } from 'tldts';
import { isDottedQuad } from '../../../net/host-text.ts';
import type { Hop, SecurityHeadersCapture } from '../capture.ts';
import { MAX_SET_COOKIES, parseSetCookie, type Cookie, type SetCookieParser } from './set-cookie.ts';
import { autoSession, HeaderView } from './headers.ts';

export interface JarCookie extends Cookie {
  /** The domain the jar keeps it under (the Domain attribute, or the host that set it). */
  storedDomain: string;
  storedPath: string;
  hostOnly: boolean;
}

export interface RejectedCookie {
  cookie: Cookie;
  reason: 'domain-mismatch' | 'public-suffix' | 'prefix';
}

/** Top-level names the cookie library treats as special-use (RFC 6761). */
const SPECIAL_USE = new Set(['local', 'example', 'invalid', 'localhost', 'test']);

function isPublicSuffix(domain: string): boolean {
  const labels = domain.split('.');
  const top = labels.at(-1)!;
  if (SPECIAL_USE.has(top)) return labels.length === 1 && top !== 'localhost' && top !== 'invalid';
  return getDomain(domain, { allowPrivateDomains: true }) === null && !domain.includes(':');
}

function domainMatches(host: string, domain: string): boolean {
  if (host === domain) return true;
  return host.endsWith(`.${domain}`) && !isDottedQuad(host) && !host.includes(':');
}

/** RFC 6265 §5.1.4 default-path. */
function defaultPath(path: string): string {
  if (!path.startsWith('/') || path === '/') return '/';
  const slash = path.lastIndexOf('/');
  return slash === 0 ? '/' : path.slice(0, slash);
}

/** RFC 6265 §5.1.4 path-match. */
function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/**
 * The host, path and scheme the client's cookie handler sees for a request: it rebuilds the URL
 * from host name and path, and a query's "?" ends up percent-encoded inside the path.
 */
function requestOf(url: string): { host: string; path: string; secure: boolean } | null {
  try {
    const parsed = new URL(url);
    const path = `${parsed.pathname}${parsed.search}`.replace(/[?#]/g, encodeURIComponent);
    return { host: parsed.hostname.replace(/^\[|\]$/g, ''), path, secure: parsed.protocol === 'https:' };
  } catch {
    return null;
  }
}

/** When the cookie expires on the scanner's clock (the response's Date stands for the server's). */
function expiryOf(cookie: Cookie, now: number): number {
  if (cookie.maxAge !== null) return cookie.maxAge <= 0 ? -Infinity : Infinity;
  return cookie.expiresAt === null ? Infinity : cookie.expiresAt - now + Date.now();
}

/** A literal, not a spread: a spread of the parsed cookie costs microseconds per cookie. */
function jarCookie(cookie: Cookie, storedDomain: string, storedPath: string, hostOnly: boolean): JarCookie {
  return {
    name: cookie.name,
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
    sameSite: cookie.sameSite,
    sameSiteInvalid: cookie.sameSiteInvalid,
    domain: cookie.domain,
    path: cookie.path,
    maxAge: cookie.maxAge,
    expires: cookie.expires,
    expiresAt: cookie.expiresAt,
    partitioned: cookie.partitioned,
    setBy: cookie.setBy,
    raw: cookie.raw,
    storedDomain,
    storedPath,
    hostOnly,
  };
}

const keyOf = (c: { name: string; storedDomain: string; storedPath: string }) =>
  `${c.name}\u0000${c.storedDomain}\u0000${c.storedPath}`;

class Jar {
  /** By name, domain and path; a Map keeps the first insertion's place when a cookie is replaced. */
  readonly entries = new Map<string, JarCookie>();
  readonly rejected: RejectedCookie[] = [];
  stored = 0;

  /** When each cookie that can expire does (the only ones a request can remove). */
  private readonly expiring = new Map<string, number>();

  constructor(private readonly parse: SetCookieParser) {}

  /** A request about to be sent: expired cookies it would carry are removed. */
  visit(url: string): void {
    const request = requestOf(url);
    if (!request || this.expiring.size === 0) return;
    const now = Date.now();
    for (const [key, expiry] of this.expiring) {
      if (expiry > now) continue;
      const c = this.entries.get(key)!;
      const matches =
        (c.hostOnly ? c.storedDomain === request.host : domainMatches(request.host, c.storedDomain)) &&
        pathMatches(request.path, c.storedPath) &&
        (!c.secure || request.secure);
      if (!matches) continue;
      this.entries.delete(key);
      this.expiring.delete(key);
    }
  }

  /** The Set-Cookie headers of a response to `url`, whose Date header is `date`. */
  store(url: string, hop: Hop): void {
    const request = requestOf(url);
    if (!request) return;
    const headers = new HeaderView(hop.headers);
    const date = Date.parse(headers.values('date')[0] ?? '');
    for (const raw of headers.values('set-cookie')) {
      if (this.stored++ >= MAX_SET_COOKIES) return;
      const cookie = this.parse(raw, request.host);
      if (cookie) this.add(cookie, request, Number.isNaN(date) ? Date.now() : date);
    }
  }

  private add(cookie: Cookie, request: { host: string; path: string }, now: number): void {
    const host = request.host.toLowerCase();
    if (cookie.domain !== null && isPublicSuffix(cookie.domain))
      return void this.rejected.push({ cookie, reason: 'public-suffix' });
    if (cookie.domain !== null && !domainMatches(host, cookie.domain))
      return void this.rejected.push({ cookie, reason: 'domain-mismatch' });
    const hostOnly = cookie.domain === null;
    const storedPath = cookie.path ?? defaultPath(request.path);
    const secureOk = !cookie.name.startsWith('__Secure-') || cookie.secure;
    const hostOk = !cookie.name.startsWith('__Host-') || (cookie.secure && hostOnly && storedPath === '/');
    if (!secureOk || !hostOk) return void this.rejected.push({ cookie, reason: 'prefix' });
    const entry = jarCookie(cookie, cookie.domain ?? host, storedPath, hostOnly);
    const key = keyOf(entry);
    this.entries.set(key, entry);
    const expiry = expiryOf(cookie, now);
    if (expiry === Infinity) this.expiring.delete(key);
    else this.expiring.set(key, expiry);
  }
}

/** The jar at the end of the Observatory's retrieval, and the cookies its rules refused. */
export function observatoryCookieJar(
  capture: SecurityHeadersCapture,
  parse: SetCookieParser = parseSetCookie,
): {
  cookies: JarCookie[];
  rejected: RejectedCookie[];
} {
  const jar = new Jar(parse);
  const session = autoSession(capture);
  for (const [i, hop] of (session?.chain ?? []).entries()) {
    if (i > 0) jar.visit(hop.url);
    jar.store(hop.url, hop);
  }
  if (session && !session.verified) {
    for (const hop of capture.robots ?? []) {
      if (!hop.url.startsWith('https:')) continue;
      jar.visit(hop.url);
      jar.store(hop.url, hop);
    }
    const corsUrl = capture.corsUrl ?? session.chain.at(-1)!.url;
    if (capture.cors && corsUrl.startsWith('https:')) {
      jar.visit(corsUrl);
      jar.store(corsUrl, { url: corsUrl, ...capture.cors });
    }
  }
  return { cookies: [...jar.entries.values()], rejected: jar.rejected };
}
