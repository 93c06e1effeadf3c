/**
 * Header values real sites send for every header the Observatory grades, well-formed and not:
 * repeated, empty, quoted, odd case, lists where one value is expected. Each header is a list of
 * instances (two instances are the header sent twice).
 */
import fc from 'fast-check';
import type { HeaderPairs } from '../../../src/tools/security-headers/capture.ts';

const CSP = [
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; " +
    "base-uri 'none'; form-action 'self'",
  "default-src 'self'",
  "default-src 'self'; script-src 'self' 'unsafe-inline'",
  "default-src 'self'; script-src 'self' 'unsafe-eval'",
  "default-src https:; object-src 'none'",
  "script-src 'nonce-abc' 'strict-dynamic'; object-src 'none'; base-uri 'none'",
  "script-src 'strict-dynamic'",
  "default-src *; style-src 'unsafe-inline'",
  'upgrade-insecure-requests',
  "frame-ancestors 'self'",
  "frame-ancestors 'none'",
  'frame-ancestors *',
  "default-src 'none', frame-ancestors 'none'",
  "default-src 'self'; frame-ancestors 'none',",
  "default-src 'self';; script-src 'self'",
  "default-src 'self'; default-src 'none'",
  "DEFAULT-SRC 'SELF'",
  "default-src 'self' http:",
  "script-src 'self' data:; object-src 'none'; default-src 'none'",
  'report-uri /csp',
  '',
];
const DIRECTIVES = [
  ...['default-src', 'script-src', 'style-src', 'object-src', 'img-src', 'media-src', 'connect-src', 'frame-src'],
  ...['frame-ancestors', 'base-uri', 'form-action', 'report-uri', 'report-to', 'script-src-elem', 'Script-Src'],
  ...['upgrade-insecure-requests', 'sandbox', 'require-trusted-types-for'],
];
const SOURCES = [
  ...["'self'", "'none'", "'unsafe-inline'", "'unsafe-eval'", "'strict-dynamic'", "'nonce-r4nd0m'"],
  ...["'sha256-abc='", "'unsafe-hashes'", "'SELF'", '*', 'https:', 'http:', 'data:', 'blob:', 'ftp:'],
  ...['https://cdn.example.com', 'https://cdn.example.com/', 'https://cdn.example.com/js/', 'http://cdn.example.com'],
  ...['*.example.com', 'https://*.example.com', 'example.com', 'https://*', 'http://*.*', 'wss://live.example.com'],
  ...["'report-sample'", 'https://a.example/%2e%2e/', 'https://a.example/%zz', "'self'"],
];

/** Policies composed from directives and sources, with the separators and slips sites make. */
const composedCspArbitrary: fc.Arbitrary<string> = fc
  .array(
    fc.record({
      name: fc.constantFrom(...DIRECTIVES),
      sources: fc.array(fc.constantFrom(...SOURCES), { maxLength: 5 }),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .chain((directives) =>
    fc
      .record({
        separator: fc.constantFrom('; ', ';', ' ; ', ';  '),
        trailing: fc.constantFrom('', '', ';', '; ', ','),
        space: fc.constantFrom(' ', ' ', '  ', '\t'),
      })
      .map(
        ({ separator, trailing, space }) =>
          directives.map((d) => [d.name, ...d.sources].join(space)).join(separator) + trailing,
      ),
  );

const HSTS = [
  'max-age=63072000; includeSubDomains; preload',
  'max-age=31536000',
  'max-age=15552000; includeSubDomains',
  'max-age=15551999',
  'max-age=300',
  'max-age=0',
  'max-age="31536000"',
  'max-age=abc',
  'max-age=',
  'max-age=123abc',
  'max-age = 31536000',
  'MAX-AGE=31536000; INCLUDESUBDOMAINS',
  'max-age=31536000;',
  'includeSubDomains',
  'max-age=31536000, max-age=31536000',
  '',
];
const XFO = ['DENY', 'SAMEORIGIN', 'deny', 'sameorigin', 'ALLOW-FROM https://a.example', 'DENY, DENY', 'allowall', ''];
const XCTO = ['nosniff', 'NOSNIFF', 'nosniff, nosniff', 'no-sniff', ' nosniff', ''];
const REFERRER = [
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
  'no-referrer-when-downgrade',
  'origin',
  'origin-when-cross-origin',
  'unsafe-url',
  'no-referrer, strict-origin-when-cross-origin',
  'strict-origin-when-cross-origin, unsafe-url',
  'NO-REFERRER',
  'bogus',
  '',
];
const CORP = ['same-origin', 'same-site', 'cross-origin', 'Same-Origin', 'same-origin, same-origin', 'bogus', ''];
const COOP = ['same-origin', 'same-origin-allow-popups', 'unsafe-none', 'same-origin; report-to="x"', 'bogus', ''];
const COEP = ['require-corp', 'credentialless', 'unsafe-none', 'bogus', ''];
/** A meta CSP content composed like a header's. */
export const metaCspArbitrary = composedCspArbitrary;

export const CONTENT_TYPES = [
  'text/html; charset=utf-8',
  'text/html',
  'text/html;charset=UTF-8',
  'Text/HTML',
  'text/html ; charset=utf-8',
  'application/xhtml+xml',
  'application/json',
  'text/plain',
  '; charset=utf-8',
  '',
];

/** One header sent 0, 1 or 2 times, each time with one of `values`. */
function instances(name: string, values: string[], composed?: fc.Arbitrary<string>): fc.Arbitrary<HeaderPairs> {
  const value = composed ? fc.oneof(fc.constantFrom(...values), composed) : fc.constantFrom(...values);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant<HeaderPairs>([]) },
    { weight: 5, arbitrary: value.map((v): HeaderPairs => [[name, v]]) },
    {
      weight: 1,
      arbitrary: fc.tuple(value, value).map(([a, b]): HeaderPairs => [
        [name, a],
        [name, b],
      ]),
    },
  );
}

/** The graded security headers of one response, in a shuffled order. */
export const securityHeadersArbitrary: fc.Arbitrary<HeaderPairs> = fc
  .tuple(
    instances('content-security-policy', CSP, composedCspArbitrary),
    instances('content-security-policy-report-only', ["default-src 'self'", '']),
    instances('strict-transport-security', HSTS),
    instances('x-frame-options', XFO),
    instances('x-content-type-options', XCTO),
    instances('referrer-policy', REFERRER),
    instances('cross-origin-resource-policy', CORP),
    instances('cross-origin-opener-policy', COOP),
    instances('cross-origin-embedder-policy', COEP),
    instances('access-control-allow-origin', ['*', 'https://http-observatory.security.mozilla.org']),
  )
  .chain((groups) => fc.shuffledSubarray(groups.flat(), { minLength: groups.flat().length }));

export const contentTypeArbitrary: fc.Arbitrary<HeaderPairs> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<HeaderPairs>([]) },
  { weight: 8, arbitrary: fc.constantFrom(...CONTENT_TYPES).map((v): HeaderPairs => [['content-type', v]]) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...CONTENT_TYPES), fc.constantFrom(...CONTENT_TYPES))
      .map(([a, b]): HeaderPairs => [
        ['content-type', a],
        ['content-type', b],
      ]),
  },
);

const COOKIE_NAMES = ['sessionid', 'PHPSESSID', 'login_token', 'csrftoken', 'XSRF-TOKEN', '_ga', 'theme', 'id'];

/** A Set-Cookie value for `host` (the host of the response that sets it). */
export function setCookieArbitrary(host: string, domain: string): fc.Arbitrary<string> {
  return fc
    .record({
      prefix: fc.constantFrom('', '', '', '__Host-', '__Secure-'),
      name: fc.constantFrom(...COOKIE_NAMES),
      secure: fc.boolean(),
      httpOnly: fc.boolean(),
      sameSite: fc.constantFrom(null, 'Strict', 'Lax', 'None', 'none', 'lax', 'Invalid', ''),
      path: fc.constantFrom(null, '/', '/app'),
      cookieDomain: fc.constantFrom(null, null, host, `.${domain}`, 'other-site.com', 'com'),
      expiry: fc.constantFrom(
        ...[null, null, 'Max-Age=3600', 'Max-Age=0', 'Max-Age=-1', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT'],
        ...['Expires=Fri, 01 Jan 2100 00:00:00 GMT', 'Max-Age=abc', 'expires=0', 'Expires=2020-01-01'],
        ...['Expires=Wed, 01-Jan-60 00:00:01 GMT', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT; Expires=never'],
      ),
    })
    .map((c) =>
      [
        `${c.prefix}${c.name}=v${c.name.length}`,
        c.secure ? 'Secure' : null,
        c.httpOnly ? 'HttpOnly' : null,
        c.sameSite === null ? null : `SameSite=${c.sameSite}`,
        c.path === null ? null : `Path=${c.path}`,
        c.cookieDomain === null ? null : `Domain=${c.cookieDomain}`,
        c.expiry,
      ]
        .filter((part) => part !== null)
        .join('; '),
    );
}

export function setCookiesArbitrary(host: string, domain: string, maxLength: number): fc.Arbitrary<HeaderPairs> {
  return fc.array(
    setCookieArbitrary(host, domain).map((v): [string, string] => ['set-cookie', v]),
    { maxLength },
  );
}
