/**
 * Arbitrary security-headers captures: sessions whose redirects, statuses, headers and HTML a
 * site controls, for the whole-capture grader. Small in the fuzz tests, `size: 'max'` in the
 * adversarial bench.
 */
import fc from 'fast-check';
import type { HeaderPairs, Hop, SecurityHeadersCapture } from '../../src/tools/security-headers/capture.ts';
import { grammarText, textOrAnything, type TextLimits } from './fuzz.ts';
import * as grammars from './fuzz-grammars.ts';

const GENERIC_HEADER_TOKENS = [
  ...['nosniff', 'DENY', 'SAMEORIGIN', 'allow-from https://a.example', 'no-referrer', 'unsafe-url', 'origin'],
  ...['text/html', 'application/xhtml+xml', 'application/json; charset=utf-8', 'text/plain', 'true', 'TRUE'],
  ...['challenge', 'deny', 'captcha', 'cloudflare', 'AkamaiGHost', 'https://http-observatory.security.mozilla.org'],
  ...['Thu, 01 Jan 1970 00:00:00 GMT', 'https://example.com/', '/relative', '//other.example/', ',', ' ', ';'],
];

/** Header names the graders read, the tokens of their values, and whole values that grade well. */
const HEADERS: [names: string[], tokens: readonly string[], wellFormed: string[]][] = [
  [
    ['content-security-policy', 'content-security-policy-report-only', 'Content-Security-Policy'],
    grammars.CSP_TOKENS,
    ["default-src 'none'; frame-ancestors 'none'; base-uri 'none'", "script-src 'nonce-a' 'strict-dynamic'"],
  ],
  [['strict-transport-security'], grammars.HSTS_TOKENS, ['max-age=63072000; includeSubDomains; preload']],
  [['set-cookie'], grammars.COOKIE_TOKENS, ['__Host-sess=1; Secure; HttpOnly; Path=/; SameSite=Lax']],
  [
    ['permissions-policy', 'cross-origin-opener-policy', 'cross-origin-embedder-policy'],
    grammars.STRUCTURED_FIELD_TOKENS,
    ['camera=(), geolocation=(self "https://a.example")', 'same-origin', 'require-corp'],
  ],
  [
    ['server', 'via', 'x-powered-by', 'x-nextjs-cache', 'x-xss-protection', 'feature-policy'],
    grammars.SERVER_TOKENS,
    ['nginx/1.25.3', '0'],
  ],
  [
    [
      ...['x-frame-options', 'x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy', 'date'],
      ...['access-control-allow-origin', 'access-control-allow-credentials', 'content-type', 'location'],
      ...['cf-mitigated', 'x-vercel-mitigated', 'x-amzn-waf-action', 'x-sucuri-block', 'cf-ray', 'x-iinfo'],
    ],
    GENERIC_HEADER_TOKENS,
    ['DENY', 'nosniff', 'strict-origin-when-cross-origin', 'same-site', 'text/html; charset=utf-8', 'challenge'],
  ],
];

const URLS = [
  ...['https://example.com/', 'http://example.com/', 'https://www.example.com/login', 'http://other.example/'],
  ...['https://example.com:8443/x?y=1', 'http://[::1]/', 'https://192.0.2.1/', 'not a url', ''],
];

const STATUSES = [200, 204, 301, 302, 303, 307, 308, 401, 403, 404, 405, 202, 429, 500, 503, 0, 999];

export function headerPairsArbitrary(limits: TextLimits): fc.Arbitrary<HeaderPairs> {
  const pair = fc.oneof(
    ...HEADERS.map(([names, tokens, wellFormed]) =>
      fc.tuple(fc.constantFrom(...names), fc.oneof(fc.constantFrom(...wellFormed), textOrAnything(tokens, limits))),
    ),
    fc.tuple(fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 40 })),
  );
  return fc.array(pair, { maxLength: 24, ...(limits.size !== undefined ? { size: limits.size } : {}) });
}

const urlArbitrary = (limits: TextLimits) =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...URLS) }, grammarText(grammars.HOST_TOKENS, limits));

function hopArbitrary(limits: TextLimits): fc.Arbitrary<Hop> {
  return fc.record({
    url: urlArbitrary(limits),
    status: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...STATUSES) }, fc.integer({ min: -1, max: 1000 })),
    headers: headerPairsArbitrary(limits),
  });
}

const sessionArbitrary = (limits: TextLimits) =>
  fc.option(fc.record({ verified: fc.boolean(), chain: fc.array(hopArbitrary(limits), { maxLength: 11 }) }));

const HOSTS = ['example.com', 'www.example.com', 'EXAMPLE.COM.', 'a.b.example.com', 'com', ''];

const HEALTHY_HEADERS: HeaderPairs = [
  ['content-type', 'text/html; charset=utf-8'],
  ['content-security-policy', "default-src 'none'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'"],
  ['strict-transport-security', 'max-age=63072000; includeSubDomains; preload'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
  ['set-cookie', '__Host-sess=1; Secure; HttpOnly; Path=/; SameSite=Lax'],
  ['cross-origin-opener-policy', 'same-origin'],
  ['permissions-policy', 'camera=(), microphone=()'],
];

/** The capture with a final https response that grades well, carrying the old final response's headers too. */
function withHealthyResponse(capture: SecurityHeadersCapture): SecurityHeadersCapture {
  const chain = capture.https?.chain ?? [];
  const extra = chain.at(-1)?.headers ?? [];
  const final: Hop = { url: 'https://example.com/', status: 200, headers: [...HEALTHY_HEADERS, ...extra] };
  return { ...capture, https: { verified: true, chain: [...chain.slice(0, -1), final] } };
}

export function securityHeadersCaptureArbitrary(limits: TextLimits): fc.Arbitrary<SecurityHeadersCapture> {
  return fc
    .tuple(anySecurityHeadersCapture(limits), fc.boolean())
    .map(([capture, healthy]) => (healthy ? withHealthyResponse(capture) : capture));
}

function anySecurityHeadersCapture(limits: TextLimits): fc.Arbitrary<SecurityHeadersCapture> {
  const host = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...HOSTS) }, grammarText(grammars.HOST_TOKENS, limits));
  const preloadAnswer = fc.oneof(
    fc.constant('unknown' as const),
    fc.record({ preloaded: fc.boolean(), includeSubDomains: fc.boolean() }),
  );
  const error = fc.record({
    reason: fc.constantFrom('dns', 'refused', 'tls', 'timeout', 'blocked-address', 'too-many-redirects', 'network'),
    message: fc.string(),
    url: fc.constantFrom(...URLS),
  });
  return fc.record(
    {
      host,
      http: sessionArbitrary(limits),
      https: sessionArbitrary(limits),
      cors: fc.option(fc.record({ status: fc.constantFrom(...STATUSES), headers: headerPairsArbitrary(limits) })),
      html: fc.option(textOrAnything(grammars.HTML_TOKENS, limits)),
      preload: fc.dictionary(fc.constantFrom(...HOSTS, 'b.example.com'), preloadAnswer),
      errors: fc.record({ http: error, https: error }, { requiredKeys: [] }),
      corsOrigin: fc.constantFrom('https://http-observatory.security.mozilla.org', 'https://A.example', ''),
      htmlTruncated: fc.boolean(),
    },
    { requiredKeys: ['host', 'http', 'https', 'cors', 'html'] },
  );
}
