/**
 * Turns the MDN HTTP Observatory conformance data (test/fixtures/observatory) into our
 * capture format. Unit cases describe responses as header objects (a value may be an array: the
 * header sent several times); real sites are captures already.
 */
import { readFileSync } from 'node:fs';
import type { PreloadAnswer } from '../../src/tools/security-headers/analysis.ts';
import type { HeaderPairs, Hop, SecurityHeadersCapture } from '../../src/tools/security-headers/capture.ts';

export const CONFORMANCE_DIR = new URL('../fixtures/observatory/', import.meta.url);

type HeaderObject = Record<string, string | string[]>;

export interface UnitCase {
  test: string;
  file: string;
  line: number;
  site: string;
  auto: { status: number; verified: boolean; headers: HeaderObject; httpEquiv: Record<string, string[]> };
  https: { verified: boolean; headers: HeaderObject } | null;
  http: { verified: boolean } | null;
  cors: { headers: HeaderObject; requestHeaders: HeaderObject };
  httpRedirects: { url: string; status: number }[];
  html: string;
  htmlBytes: number;
  cookieKeys: string[];
  result: string;
  pass?: boolean;
  policy?: Record<string, boolean> | null;
  numPolicies?: number;
}

export interface RealSite extends SecurityHeadersCapture {
  id: string;
  testsPassed: number;
  expected: {
    score: number;
    grade: string;
    error: string | null;
    tests: Record<string, { result: string; modifier: number }>;
  };
}

/** The case files name two tests by short names. */
const TEST_NAMES: Record<string, string> = { csp: 'content-security-policy', cors: 'cross-origin-resource-sharing' };
export const testNameOf = (c: UnitCase): string => TEST_NAMES[c.test] ?? c.test;

/** Hosts the conformance README puts on the HSTS preload list (mozilla.org is not on it). */
export const CONFORMANCE_PRELOAD: Record<string, { preloaded: true; includeSubDomains: boolean }> = {
  'bugzilla.mozilla.org': { preloaded: true, includeSubDomains: true },
  'facebook.com': { preloaded: true, includeSubDomains: false },
  'cloudflare.com': { preloaded: true, includeSubDomains: true },
};

export const conformancePreload = (host: string): PreloadAnswer => CONFORMANCE_PRELOAD[host] ?? null;

export function headerPairs(headers: HeaderObject | undefined): HeaderPairs {
  return Object.entries(headers ?? {}).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name.toLowerCase(), v]),
  );
}

/** Pairs of `extra` whose names `base` does not have, appended to `base`. */
function merged(base: HeaderPairs, extra: HeaderPairs): HeaderPairs {
  const names = new Set(base.map(([n]) => n));
  return [...base, ...extra.filter(([n]) => !names.has(n))];
}

/**
 * One case as a capture. The case's `auto` response is the final hop of the https session when it
 * has one (merged with the case's `https` headers, which the HSTS and cookie tests read), else the
 * final hop of the http session. `httpRedirects` is the http session's chain. `httpEquiv` is not
 * used: the analyzer reads the `html` itself (the conformance test checks both agree).
 */
export function captureOfCase(c: UnitCase): SecurityHeadersCapture {
  const autoHeaders = headerPairs(c.auto.headers);
  const httpsFinal: Hop | null = c.https
    ? { url: `https://${c.site}/`, status: c.auto.status, headers: merged(autoHeaders, headerPairs(c.https.headers)) }
    : null;
  let httpChain: Hop[] = c.httpRedirects.map(({ url, status }) => ({ url, status, headers: [] }));
  if (httpChain.length === 0) httpChain = [{ url: `http://${c.site}/`, status: c.auto.status, headers: [] }];
  if (!c.https) httpChain[httpChain.length - 1] = { ...httpChain.at(-1)!, status: c.auto.status, headers: autoHeaders };
  const origin = c.cors.requestHeaders.origin;
  return {
    host: c.site,
    http: c.http ? { verified: c.http.verified, chain: httpChain } : null,
    https: httpsFinal && c.https ? { verified: c.https.verified, chain: [httpsFinal] } : null,
    cors: { status: 200, headers: headerPairs(c.cors.headers) },
    html: c.html,
    ...(typeof origin === 'string' ? { corsOrigin: origin } : {}),
  };
}

function readJsonLines<T>(name: string): T[] {
  return readFileSync(new URL(name, CONFORMANCE_DIR), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

export const loadUnitCases = (): UnitCase[] => readJsonLines<UnitCase>('unit-cases.jsonl');
export const loadRealSites = (): RealSite[] => readJsonLines<RealSite>('real-sites.jsonl');

/** A stable, readable name for a case. */
export const caseName = (c: UnitCase, index: number): string =>
  `#${index} ${testNameOf(c)} (${c.file}:${c.line}) ${c.site} → ${c.result}`;

/** Headers that pass every test with every bonus the headers alone can earn. */
export const EXEMPLARY_HEADERS: HeaderPairs = [
  ['content-type', 'text/html; charset=utf-8'],
  [
    'content-security-policy',
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " +
      "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  ],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-embedder-policy', 'require-corp'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=()'],
  ['set-cookie', '__Host-session=abc; Secure; HttpOnly; Path=/; SameSite=Lax'],
];

/** A page whose only script is same-site with integrity: SRI +5. */
export const SRI_PAGE =
  '<!doctype html><title>x</title><script src="/app.js" integrity="sha384-abc" crossorigin="anonymous"></script>';

/**
 * A synthetic capture of https://example.com/: http:// redirects to https:// on the same host,
 * whose final response has `headers` (by default EXEMPLARY_HEADERS) and `html`. Not preloaded:
 * with EXEMPLARY_HEADERS it scores 160; preloaded, 165.
 */
export function siteCapture(
  overrides: {
    headers?: HeaderPairs;
    html?: string | null;
    status?: number;
    httpsChainBefore?: Hop[];
    preload?: SecurityHeadersCapture['preload'];
  } = {},
): SecurityHeadersCapture {
  const final: Hop = {
    url: 'https://example.com/',
    status: overrides.status ?? 200,
    headers: overrides.headers ?? EXEMPLARY_HEADERS,
  };
  return {
    host: 'example.com',
    http: {
      verified: true,
      chain: [{ url: 'http://example.com/', status: 301, headers: [['location', 'https://example.com/']] }, final],
    },
    https: { verified: true, chain: [...(overrides.httpsChainBefore ?? []), final] },
    cors: { status: 204, headers: [] },
    html: overrides.html === undefined ? SRI_PAGE : overrides.html,
    preload: overrides.preload ?? {
      'example.com': { preloaded: false, includeSubDomains: false },
      com: { preloaded: false, includeSubDomains: false },
    },
  };
}

/** EXEMPLARY_HEADERS with some headers replaced (a null value removes the header). */
export function headersWith(changes: Record<string, string | string[] | null>): HeaderPairs {
  const kept = EXEMPLARY_HEADERS.filter(([name]) => !(name in changes));
  const added = Object.entries(changes).flatMap(([name, value]) =>
    value === null ? [] : (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
  );
  return [...kept, ...added];
}
