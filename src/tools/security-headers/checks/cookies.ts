import { hasInvalidSameSite, type Cookie } from '../parse/set-cookie.ts';
import type { Check } from './check-context.ts';
import { strictTransportSecurityPasses } from './strict-transport-security.ts';

/** Cookies the model ignores (set by Heroku's router, not by the site). */
const IGNORED_COOKIES = new Set(['heroku-session-affinity']);

/** A session cookie by the model's naming heuristics. */
const isSessionCookie = (c: Cookie): boolean => ['login', 'sess'].some((word) => c.name.toLowerCase().includes(word));
const isAntiCsrfCookie = (c: Cookie): boolean => c.name.toLowerCase().includes('csrf');

/** What each cookie can be blamed for; `hsts` tells whether HSTS (the HSTS test passing) protects it. */
const COOKIE_RULES: { result: string; when: (cookie: Cookie, hsts: boolean) => boolean }[] = [
  { result: 'cookies-samesite-flag-invalid', when: (c) => !c.secure && c.sameSite === 'none' },
  { result: 'cookies-without-secure-flag-but-protected-by-hsts', when: (c, hsts) => !c.secure && hsts },
  { result: 'cookies-without-secure-flag', when: (c, hsts) => !c.secure && !hsts },
  { result: 'cookies-anticsrf-without-samesite-flag', when: (c) => isAntiCsrfCookie(c) && c.sameSite === null },
  {
    result: 'cookies-session-without-secure-flag-but-protected-by-hsts',
    when: (c, hsts) => isSessionCookie(c) && !c.secure && hsts,
  },
  { result: 'cookies-session-without-secure-flag', when: (c, hsts) => isSessionCookie(c) && !c.secure && !hsts },
  { result: 'cookies-session-without-httponly-flag', when: (c) => isSessionCookie(c) && !c.httpOnly },
];

/** Problems from least to most severe: the worst one found is the result. */
const COOKIE_PROBLEMS_BY_SEVERITY = [
  'cookies-without-secure-flag-but-protected-by-hsts',
  'cookies-without-secure-flag',
  'cookies-session-without-secure-flag-but-protected-by-hsts',
  'cookies-samesite-flag-invalid',
  'cookies-anticsrf-without-samesite-flag',
  'cookies-session-without-httponly-flag',
  'cookies-session-without-secure-flag',
];

/**
 * Grades the jar the Observatory grades (parse/cookie-jar.ts), plus one check on the raw Set-Cookie
 * headers of the graded response: a SameSite without a valid value (the jar drops such values).
 */
export const cookiesCheck: Check = (context) => {
  const cookies = context.jar.cookies.filter((c) => !IGNORED_COOKIES.has(c.name));
  const headers = context.auto.headers.pick('set-cookie');
  if (cookies.length === 0) return { result: 'cookies-not-found', data: { cookies: {} }, headers };
  const hsts = strictTransportSecurityPasses(context);
  let severity = headers.some(([, raw]) => hasInvalidSameSite(raw))
    ? COOKIE_PROBLEMS_BY_SEVERITY.indexOf('cookies-samesite-flag-invalid')
    : -1;
  for (const cookie of cookies)
    for (const rule of COOKIE_RULES)
      if (rule.when(cookie, hsts)) severity = Math.max(severity, COOKIE_PROBLEMS_BY_SEVERITY.indexOf(rule.result));
  const worst = severity < 0 ? undefined : COOKIE_PROBLEMS_BY_SEVERITY[severity];
  const sameSite = cookies.every((c) => c.sameSite !== null);
  const result =
    worst ??
    (sameSite ? 'cookies-secure-with-httponly-sessions-and-samesite' : 'cookies-secure-with-httponly-sessions');
  const data = Object.fromEntries(
    cookies.map((c) => [
      c.name,
      {
        domain: c.storedDomain,
        path: c.storedPath,
        secure: c.secure,
        httpOnly: c.httpOnly,
        sameSite: c.sameSite,
        maxAge: c.maxAge,
        expires: c.expires,
        session: isSessionCookie(c),
        antiCsrf: isAntiCsrfCookie(c),
      },
    ]),
  );
  // Cookies the jar refused, as browsers would: a Domain not covering the host, a public suffix, a prefix rule.
  const refused = context.jar.rejected.slice(0, 50).map(({ cookie, reason }) => ({ name: cookie.name, reason }));
  return { result, data: { cookies: data, sameSite, protectedByHsts: hsts, refused }, headers };
};
