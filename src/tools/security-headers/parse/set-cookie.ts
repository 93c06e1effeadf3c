/**
 * Set-Cookie parsing as the Observatory's cookie library does it, and every Set-Cookie of a scan.
 * The jar the Observatory grades is in cookie-jar.ts; the model's cookie-name heuristics are the
 * cookies check's (checks/cookies.ts), the prefix rules a finding's (findings/header-findings.ts).
 */
import type { Hop, SecurityHeadersCapture } from '../capture.ts';
import { parseCookieDate } from './cookie-date.ts';
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
  /** The last Expires that reads as a cookie date (RFC 6265 §5.1.1), as written and as a time. */
  expires: string | null;
  expiresAt: number | null;
  partitioned: boolean;
  /** Host of the response that set it. */
  setBy: string;
  raw: string;
}

const VALID_SAMESITE = new Set(['strict', 'lax', 'none']);

/**
 * Parses one Set-Cookie value as the Observatory's cookie library does (RFC 6265 §5.2, strict):
 * the name must be non-empty and free of control characters (tab included); for each attribute
 * the last instance wins; a Path not starting with "/" and a SameSite outside strict/lax/none
 * are dropped; `Secure=…` and `HttpOnly=…` count whatever their value.
 */
export function parseSetCookie(raw: string, setBy: string): Cookie | null {
  const text = raw.trim();
  const semicolon = text.indexOf(';');
  // The pair ends at a line break or NUL (what the cookie library does; a live response has none).
  const pair = (semicolon < 0 ? text : text.slice(0, semicolon)).split(/[\r\n\0]/, 1)[0]!;
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  if (/[\x00-\x1f]/.test(name) || /[\x00-\x1f]/.test(value)) return null;
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
    expiresAt: null,
    partitioned: false,
    setBy,
    raw,
  };
  const attributes = semicolon < 0 ? [] : text.slice(semicolon + 1).split(';');
  for (const attribute of attributes.map((a) => a.trim()).filter((a) => a !== '')) {
    const at = attribute.indexOf('=');
    const key = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    const argument = at < 0 ? null : attribute.slice(at + 1).trim();
    if (key === 'secure') cookie.secure = true;
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'partitioned') cookie.partitioned = true;
    else if (key === 'domain' && argument && argument.replace(/^\./, ''))
      cookie.domain = argument.replace(/^\./, '').toLowerCase();
    else if (key === 'path') cookie.path = argument?.startsWith('/') ? argument : null;
    else if (key === 'max-age' && argument && /^-?\d+$/.test(argument)) cookie.maxAge = Number(argument);
    else if (key === 'expires' && argument) {
      const at = parseCookieDate(argument);
      if (at !== null) Object.assign(cookie, { expires: argument, expiresAt: at });
    } else if (key === 'samesite') {
      const lower = argument?.toLowerCase() ?? '';
      cookie.sameSite = VALID_SAMESITE.has(lower) ? lower : null;
      cookie.sameSiteInvalid = !VALID_SAMESITE.has(lower);
    }
  }
  return cookie;
}

/**
 * Whether a raw Set-Cookie has a SameSite with no value or an unknown one, read as the
 * Observatory reads the graded response's headers: every ";"-separated part (the name=value
 * pair too) split at "=", the text between the first and second "=" taken as the value.
 */
export function hasInvalidSameSite(raw: string): boolean {
  return raw
    .trim()
    .split(';')
    .some((part) => {
      const [key, value] = part.trim().split('=');
      if (key?.trim().toLowerCase() !== 'samesite') return false;
      return !value || !VALID_SAMESITE.has(value.trim().toLowerCase());
    });
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
function setCookieHeaders(capture: SecurityHeadersCapture): { raw: string; hop: Hop }[] {
  const found: { raw: string; hop: Hop }[] = [];
  for (const hop of allHops(capture)) {
    for (const raw of new HeaderView(hop.headers).values('set-cookie')) {
      if (found.length === MAX_SET_COOKIES) return found;
      found.push({ raw, hop });
    }
  }
  return found;
}

export type SetCookieParser = (raw: string, setBy: string) => Cookie | null;

/**
 * `parseSetCookie` that parses each header once per analysis: the jar and the list of every
 * Set-Cookie read the same headers (up to 3,000 of them, with dates to read).
 */
export function sharedCookieParser(): SetCookieParser {
  const parsed = new Map<string, Cookie | null>();
  return (raw, setBy) => {
    const key = `${setBy}\n${raw}`;
    let cookie = parsed.get(key);
    if (cookie === undefined) {
      cookie = parseSetCookie(raw, setBy);
      parsed.set(key, cookie);
    }
    return cookie;
  };
}

/** Every Set-Cookie read (`setCookieHeaders`), parsed, with the Date of its response. */
export function setCookies(capture: SecurityHeadersCapture, parse: SetCookieParser = parseSetCookie): SentCookie[] {
  const setBy = new Map<Hop, { host: string; date: string | null }>();
  return setCookieHeaders(capture).flatMap(({ raw, hop }) => {
    let response = setBy.get(hop);
    if (!response) {
      response = { host: hostnameOf(hop.url), date: new HeaderView(hop.headers).values('date')[0] ?? null };
      setBy.set(hop, response);
    }
    const cookie = parse(raw, response.host);
    return cookie ? [{ cookie, date: response.date }] : [];
  });
}
