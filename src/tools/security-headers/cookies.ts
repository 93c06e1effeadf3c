/**
 * Set-Cookie parsing and the cookie jar of a scan: every Set-Cookie of every hop of both sessions,
 * one cookie per (name, domain, path), later ones replacing earlier ones, deletions removed.
 */
import type { Hop, SecurityHeadersCapture } from './capture.ts';
import { allHops, HeaderView } from './headers.ts';
import { hostnameOf } from './url-parts.ts';

export interface Cookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  /** The SameSite value lower-cased when valid (strict, lax, none); null when absent or invalid. */
  sameSite: string | null;
  /** SameSite present with no value or an unknown one. */
  sameSiteInvalid: boolean;
  domain: string | null;
  path: string | null;
  maxAge: number | null;
  expires: string | null;
  partitioned: boolean;
  /** Host of the response that set it. */
  setBy: string;
  raw: string;
}

const VALID_SAMESITE = new Set(['strict', 'lax', 'none']);

/** Cookies the model ignores (set by Heroku's router, not by the site). */
const IGNORED_COOKIES = new Set(['heroku-session-affinity']);

export function parseSetCookie(raw: string, setBy: string): Cookie | null {
  const [pair = '', ...attributes] = raw.split(';');
  const eq = pair.indexOf('=');
  const name = (eq < 0 ? '' : pair.slice(0, eq)).trim();
  if (name === '') return null;
  const cookie: Cookie = {
    name,
    secure: false,
    httpOnly: false,
    sameSite: null,
    sameSiteInvalid: false,
    domain: null,
    path: null,
    maxAge: null,
    expires: null,
    partitioned: false,
    setBy,
    raw,
  };
  for (const attribute of attributes) {
    const at = attribute.indexOf('=');
    const key = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    const value = at < 0 ? null : attribute.slice(at + 1).trim();
    if (key === 'secure') cookie.secure = true;
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'partitioned') cookie.partitioned = true;
    else if (key === 'domain' && value) cookie.domain = value.replace(/^\./, '').toLowerCase();
    else if (key === 'path' && value) cookie.path = value;
    else if (key === 'max-age' && value && /^-?\d+$/.test(value)) cookie.maxAge = Number(value);
    else if (key === 'expires' && value) cookie.expires = value;
    else if (key === 'samesite') {
      const lower = value?.toLowerCase() ?? '';
      cookie.sameSite = VALID_SAMESITE.has(lower) ? lower : null;
      cookie.sameSiteInvalid = !VALID_SAMESITE.has(lower);
    }
  }
  return cookie;
}

/** A Set-Cookie that removes the cookie: Max-Age ≤ 0, or Expires before the response's Date. */
function isDeletion(cookie: Cookie, responseDate: string | null): boolean {
  if (cookie.maxAge !== null) return cookie.maxAge <= 0;
  if (cookie.expires === null || responseDate === null) return false;
  const expires = Date.parse(cookie.expires);
  const now = Date.parse(responseDate);
  return !Number.isNaN(expires) && !Number.isNaN(now) && expires < now;
}

/** A cookie as one response set it, with that response's Date. */
export interface SentCookie {
  cookie: Cookie;
  date: string | null;
}

/**
 * Set-Cookie headers read per scan, the rest ignored: a user agent keeps at least 3000 cookies
 * (RFC 6265 §6.1) and real jars hold fewer, while twenty responses of 64 KiB of headers could
 * carry seventy thousand.
 */
export const MAX_SET_COOKIES = 3000;

/** The Set-Cookie values of every hop of both sessions (http first), the first `MAX_SET_COOKIES` of them. */
export function setCookieHeaders(capture: SecurityHeadersCapture): { raw: string; hop: Hop }[] {
  const found: { raw: string; hop: Hop }[] = [];
  for (const hop of allHops(capture)) {
    for (const raw of new HeaderView(hop.headers).values('set-cookie')) {
      if (found.length === MAX_SET_COOKIES) return found;
      found.push({ raw, hop });
    }
  }
  return found;
}

/** Every Set-Cookie read (`setCookieHeaders`), parsed, with the Date of its response. */
export function setCookies(capture: SecurityHeadersCapture): SentCookie[] {
  const setBy = new Map<Hop, { host: string; date: string | null }>();
  return setCookieHeaders(capture).flatMap(({ raw, hop }) => {
    let response = setBy.get(hop);
    if (!response) {
      response = { host: hostnameOf(hop.url), date: new HeaderView(hop.headers).values('date')[0] ?? null };
      setBy.set(hop, response);
    }
    const cookie = parseSetCookie(raw, response.host);
    return cookie ? [{ cookie, date: response.date }] : [];
  });
}

/**
 * The cookies set across the scan (`setCookies`), as a browser's jar would hold them at the end:
 * the last Set-Cookie of each name, domain and path decides (a deletion removes the cookie), and
 * the jar lists the cookies in the order of those last Set-Cookies.
 */
export function cookieJar(sent: SentCookie[]): Cookie[] {
  const decided = new Set<string>();
  const jar: Cookie[] = [];
  for (let i = sent.length - 1; i >= 0; i--) {
    const { cookie, date } = sent[i]!;
    if (IGNORED_COOKIES.has(cookie.name)) continue;
    const key = `${cookie.name}\u0000${cookie.domain ?? cookie.setBy}\u0000${cookie.path ?? '/'}`;
    if (decided.has(key)) continue;
    decided.add(key);
    if (!isDeletion(cookie, date)) jar.push(cookie);
  }
  return jar.reverse();
}

/** A session cookie by the model's naming heuristics. */
export const isSessionCookie = (c: Cookie): boolean =>
  ['login', 'sess'].some((word) => c.name.toLowerCase().includes(word));
export const isAntiCsrfCookie = (c: Cookie): boolean => c.name.toLowerCase().includes('csrf');

/** The rules of the cookie name prefixes (RFC 6265bis §4.1.3); names compared case-insensitively as browsers now do. */
const PREFIX_RULES: { prefix: string; requirements: { what: string; met: (c: Cookie) => boolean }[] }[] = [
  { prefix: '__secure-', requirements: [{ what: 'Secure', met: (c) => c.secure }] },
  {
    prefix: '__host-',
    requirements: [
      { what: 'Secure', met: (c) => c.secure },
      { what: 'Path=/', met: (c) => c.path === '/' },
      { what: 'no Domain attribute', met: (c) => c.domain === null },
    ],
  },
];

/** Cookies whose name prefix promises attributes they do not have: browsers reject them. */
export function prefixViolations(jarOrCookies: Cookie[]): { cookie: Cookie; missing: string[] }[] {
  return jarOrCookies.flatMap((cookie) => {
    const rules = PREFIX_RULES.find((r) => cookie.name.toLowerCase().startsWith(r.prefix));
    const missing = rules?.requirements.filter((req) => !req.met(cookie)).map((req) => req.what) ?? [];
    return missing.length > 0 ? [{ cookie, missing }] : [];
  });
}
