/**
 * Header findings beyond the model: repeated singleton headers, information leaks, deprecated
 * headers, HSTS switched off or missing on the first HTTPS response, cookie prefix rules, and a
 * graded error page.
 */
import type { CheckContext } from '../checks/check-context.ts';
import type { Cookie } from '../parse/set-cookie.ts';
import type { Detected } from './catalogue.ts';
import { HeaderView, splitList } from '../parse/headers.ts';
import { parseHsts } from '../parse/hsts.ts';

/** Headers a response should carry once; a repeat (or a comma-joined value) is a duplicate. */
const SINGLETON_HEADERS = [
  'x-frame-options',
  'x-content-type-options',
  'strict-transport-security',
  'cross-origin-opener-policy',
  'cross-origin-embedder-policy',
  'cross-origin-resource-policy',
];

/** Headers that only tell the world what runs the site (after OWASP Secure Headers' removal list). */
const LEAKY_HEADERS = [
  'x-powered-by',
  'x-aspnet-version',
  'x-aspnetmvc-version',
  'x-generator',
  'x-php-version',
  'x-runtime',
  'x-version',
  'x-backend-server',
  'x-server',
  'x-redirect-by',
  'x-drupal-cache',
  'x-drupal-dynamic-cache',
  'x-turbo-charged-by',
  'x-mod-pagespeed',
  'x-page-speed',
  'x-powered-cms',
  'x-owa-version',
  'x-sourcemap',
  'sourcemap',
  'liferay-portal',
  'x-cf-powered-by',
  'x-umbraco-version',
  'x-varnish',
  'x-application-context',
  'x-debug-token',
  'x-debug-token-link',
];
const LEAKY_PREFIXES = ['x-nextjs-', 'x-litespeed-', 'x-kong-', 'x-envoy-'];
/**
 * Server (and Via-like) values that carry a version number: digits around a dot, or a digit after
 * a slash ("nginx/1", "Apache/ 2"). Written so that it cannot backtrack on a long run of digits.
 */
export const VERSIONED = /\d\.\d|\/\s*\d/;

/** Deprecated headers, and when a value of theirs is still acceptable. */
const PINNING_REMOVED = 'HTTP public key pinning was removed from browsers';
const DEPRECATED_HEADERS: { name: string; acceptable?: (value: string) => boolean; why: string; fix: string }[] = [
  {
    name: 'x-xss-protection',
    acceptable: (v) => v.trim() === '0',
    why: 'the XSS auditor is gone from browsers and could be abused to leak data',
    fix: 'set X-XSS-Protection: 0 (or drop it) and rely on CSP',
  },
  {
    name: 'expect-ct',
    why: 'Certificate Transparency is enforced by browsers without it',
    fix: 'drop Expect-CT',
  },
  { name: 'public-key-pins', why: PINNING_REMOVED, fix: 'drop Public-Key-Pins' },
  { name: 'public-key-pins-report-only', why: PINNING_REMOVED, fix: 'drop Public-Key-Pins-Report-Only' },
  {
    name: 'feature-policy',
    why: 'replaced by Permissions-Policy',
    fix: 'replace Feature-Policy with Permissions-Policy',
  },
];

function duplicates(headers: HeaderView): Detected[] {
  const identical: string[] = [];
  const conflicting: string[] = [];
  for (const name of SINGLETON_HEADERS) {
    const values = headers.values(name);
    const elements = values.flatMap(splitList);
    if (elements.length < 2) continue;
    const line = `${name} sent as ${elements.map((e) => JSON.stringify(e)).join(', ')}`;
    (new Set(elements.map((e) => e.toLowerCase())).size === 1 ? identical : conflicting).push(line);
  }
  return [
    ...(identical.length > 0 ? [{ id: 'duplicate-header-identical' as const, evidence: identical }] : []),
    ...(conflicting.length > 0 ? [{ id: 'duplicate-header-conflicting' as const, evidence: conflicting }] : []),
  ];
}

function leaks(headers: HeaderView): Detected[] {
  const evidence = headers.pairs
    .filter(
      ([name, value]) =>
        LEAKY_HEADERS.includes(name) ||
        LEAKY_PREFIXES.some((p) => name.startsWith(p)) ||
        (name === 'server' && VERSIONED.test(value)),
    )
    .map(([name, value]) => `${name}: ${value.slice(0, 120)}`);
  return evidence.length > 0 ? [{ id: 'information-leak', evidence }] : [];
}

function deprecated(headers: HeaderView): Detected[] {
  const sent = DEPRECATED_HEADERS.map((header) => ({
    ...header,
    values: headers.values(header.name).filter((v) => !header.acceptable?.(v)),
  })).filter(({ values }) => values.length > 0);
  if (sent.length === 0) return [];
  const fixes = sent.map(({ fix }) => fix).join('; ');
  return [
    {
      id: 'deprecated-header',
      evidence: sent.flatMap(({ name, why, values }) => values.map((v) => `${name}: ${v.slice(0, 120)} (${why})`)),
      // Only the headers this response sends: advice about absent ones is noise.
      recommendation: fixes.charAt(0).toUpperCase() + fixes.slice(1) + '.',
    },
  ];
}

function hsts(context: CheckContext): Detected[] {
  const found: Detected[] = [];
  const value = context.https?.headers.combined('strict-transport-security');
  // Browsers obey the first instance (RFC 6797 §8.1).
  const first = context.https?.headers.values('strict-transport-security')[0];
  if (first !== undefined && parseHsts(splitList(first)[0] ?? '').maxAge === 0)
    found.push({ id: 'hsts-disabled', evidence: [`strict-transport-security: ${value}`] });
  const chain = context.capture.https?.chain ?? [];
  const firstHop = chain[0];
  if (value && chain.length > 1 && firstHop) {
    const firstValue = new HeaderView(firstHop.headers).combined('strict-transport-security');
    const parsed = firstValue === null ? null : parseHsts(firstValue);
    if (!parsed || parsed.problem || !parsed.maxAge) {
      found.push({
        id: 'hsts-missing-on-first-https-response',
        evidence: [
          `${firstHop.url} (${firstHop.status}) sends ` +
            (firstValue === null ? 'no Strict-Transport-Security' : `strict-transport-security: ${firstValue}`),
        ],
      });
    }
  }
  return found;
}

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
function prefixViolations(jarOrCookies: Cookie[]): { cookie: Cookie; missing: string[] }[] {
  return jarOrCookies.flatMap((cookie) => {
    const rules = PREFIX_RULES.find((r) => cookie.name.toLowerCase().startsWith(r.prefix));
    const missing = rules?.requirements.filter((req) => !req.met(cookie)).map((req) => req.what) ?? [];
    return missing.length > 0 ? [{ cookie, missing }] : [];
  });
}

function cookiePrefixes(context: CheckContext): Detected[] {
  const lines = prefixViolations(context.setCookies.map(({ cookie }) => cookie)).map(
    ({ cookie, missing }) => `${cookie.name}: requires ${missing.join(' and ')}`,
  );
  const evidence = [...new Set(lines)];
  return evidence.length > 0 ? [{ id: 'cookie-prefix-violation', evidence }] : [];
}

export function headerFindings(context: CheckContext): Detected[] {
  const headers = context.auto.headers;
  const errorPage = context.auto.status === 401 || context.auto.status === 403;
  return [
    ...duplicates(headers),
    ...hsts(context),
    ...leaks(headers),
    ...deprecated(headers),
    ...cookiePrefixes(context),
    ...(errorPage
      ? [{ id: 'error-status-graded' as const, evidence: [`${context.auto.url} answered ${context.auto.status}`] }]
      : []),
  ];
}
