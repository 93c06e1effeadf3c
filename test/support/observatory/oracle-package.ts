/**
 * The MDN HTTP Observatory's npm release (1.4.8, algorithm v4, MPL-2.0), loaded for tests only:
 * its analyzer tests, grader and the pieces of its retriever that turn responses into what the
 * tests read. The package has no type declarations and no exports map; these interfaces name only
 * what the oracle uses. Never imported by src/.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const PACKAGE = '@mdn/mdn-http-observatory';
const require = createRequire(import.meta.url);
const packageRoot = path.dirname(require.resolve(`${PACKAGE}/package.json`));
/** Resolves a dependency the way the package itself does (from its own directory). */
const requireFromPackage = createRequire(path.join(packageRoot, 'package.json'));

export interface OracleOutput {
  result: string | null;
  pass: boolean | null;
  constructor: { name: string };
}

export type OracleTest = (requests: OracleRequests) => OracleOutput;

export interface OracleResponse {
  status: number;
  statusText: string;
  headers: object;
  data: unknown;
  config: { url: string };
  request: object;
  verified: boolean;
  httpEquiv?: Map<string, string[]>;
}

export interface OracleCookieJar {
  serializeSync(): { cookies: Record<string, unknown>[] } | undefined;
}

export interface OracleRequests {
  hostname: string;
  resources: { path: unknown };
  responses: {
    auto: OracleResponse | null;
    cors: OracleResponse | null;
    http: OracleResponse | null;
    https: OracleResponse | null;
    httpRedirects: { url: URL; status: number }[];
    httpsRedirects: { url: URL; status: number }[];
  };
  session: { url: URL; redirectHistory: { url: URL; status: number }[]; jar: OracleCookieJar } | null;
}

export interface OraclePackage {
  version: string;
  algorithmVersion: number;
  Requests: new (hostname: string) => OracleRequests;
  ALL_TESTS: OracleTest[];
  HTML_TYPES: Set<string>;
  parseHttpEquivHeaders(html: unknown, baseUrl: string): Map<string, string[]>;
  getScoreModifier(result: string): number;
  getGradeForScore(score: number): { grade: string; score: number };
  MINIMUM_SCORE_FOR_EXTRA_CREDIT: number;
  /** axios' own header class and response transform (JSON bodies become objects). */
  AxiosHeaders: new (headers: object) => object;
  transformResponse(body: string): unknown;
  /** http-cookie-agent's handler for a response's Set-Cookie, fed the request URL it computes. */
  saveCookies(jar: OracleCookieJar, setCookie: string[] | undefined, requestUrl: string): void;
  /** http-cookie-agent's Cookie header for a request (reading the jar removes expired cookies it matches). */
  cookieHeader(jar: OracleCookieJar, requestUrl: string): string;
  newCookieJar(): OracleCookieJar;
}

/** An HSTS preload list entry as Chromium's list (and the Observatory's conf/hsts-preload.json) has it. */
export interface PreloadEntry {
  includeSubDomains: boolean;
  mode: 'force-https';
}

const PRELOAD_FILE = path.join(packageRoot, 'conf', 'hsts-preload.json');

/**
 * Makes the Observatory read `list` as its HSTS preload list. Its postinstall downloads the real
 * list (impossible offline, and it changes over time); the analyzer reads the file once, on first
 * use, so the read is answered once and then the file system is left alone.
 */
async function primePreloadList(list: Record<string, PreloadEntry>): Promise<void> {
  const hsts = (await import(`${PACKAGE}/src/analyzer/hsts.js`)) as { hsts(): Map<string, PreloadEntry> };
  const readFileSync = fs.readFileSync;
  const answer = ((file: fs.PathOrFileDescriptor, ...rest: unknown[]) =>
    file === PRELOAD_FILE
      ? JSON.stringify(list)
      : (readFileSync as (...args: unknown[]) => unknown)(file, ...rest)) as typeof fs.readFileSync;
  fs.readFileSync = answer;
  try {
    const map = hsts.hsts();
    map.clear();
    for (const [host, entry] of Object.entries(list)) map.set(host, entry);
  } finally {
    fs.readFileSync = readFileSync;
  }
}

let loaded: Promise<OraclePackage> | undefined;

/** Loads the package once per process with `preloadList` as its HSTS preload list. */
export function loadObservatory(preloadList: Record<string, PreloadEntry>): Promise<OraclePackage> {
  return (loaded ??= load(preloadList));
}

interface JsdomWindow {
  window: { close(): void };
}

/** Documents the oracle's jsdom created and has not released. */
const openDocuments: JsdomWindow[] = [];

/**
 * jsdom keeps every window alive until it is closed (half a megabyte each), and the Observatory
 * never closes the ones its SRI test opens. Its module is loaded first and its JSDOM class
 * replaced by one that records each instance, so `releaseDocuments` can close them; the
 * Observatory's own `import { JSDOM } from "jsdom"` then binds to the recording class.
 */
function trackDocuments(): void {
  const jsdom = requireFromPackage('jsdom') as { JSDOM: new (...args: unknown[]) => JsdomWindow };
  const Original = jsdom.JSDOM;
  jsdom.JSDOM = class extends Original {
    constructor(...args: unknown[]) {
      super(...args);
      openDocuments.push(this);
    }
  };
}

/** Closes every document the oracle opened so far. */
export function releaseDocuments(): void {
  for (const document of openDocuments.splice(0)) document.window.close();
}

async function load(preloadList: Record<string, PreloadEntry>): Promise<OraclePackage> {
  trackDocuments();
  const [types, constants, utils, grader, charts] = (await Promise.all(
    ['types.js', 'constants.js', 'retriever/utils.js', 'grader/grader.js', 'grader/charts.js'].map(
      (file) => import(`${PACKAGE}/src/${file}`),
    ),
  )) as [
    Pick<OraclePackage, 'Requests' | 'HTML_TYPES'>,
    { ALL_TESTS: OracleTest[]; ALGORITHM_VERSION: number },
    Pick<OraclePackage, 'parseHttpEquivHeaders'>,
    Pick<OraclePackage, 'getScoreModifier' | 'getGradeForScore'>,
    Pick<OraclePackage, 'MINIMUM_SCORE_FOR_EXTRA_CREDIT'>,
  ];
  await primePreloadList(preloadList);
  const axios = requireFromPackage('axios') as {
    AxiosHeaders: OraclePackage['AxiosHeaders'];
    defaults: { transformResponse: ((this: object, data: string) => unknown)[]; transitional: object };
  };
  const { CookieJar } = requireFromPackage('tough-cookie') as { CookieJar: new () => OracleCookieJar };
  // Not exported by the package; its file sits beside the agent's entry (http/index.js).
  const agentDirectory = path.dirname(path.dirname(requireFromPackage.resolve('http-cookie-agent/http')));
  const { saveCookiesFromHeader } = require(path.join(agentDirectory, 'dist/utils/save_cookies_from_header.js')) as {
    saveCookiesFromHeader: (options: {
      cookieOptions: { jar: OracleCookieJar };
      cookies: unknown;
      requestUrl: string;
    }) => void;
  };
  const { createCookieHeaderValue } = require(
    path.join(agentDirectory, 'dist/utils/create_cookie_header_value.js'),
  ) as {
    createCookieHeaderValue: (options: {
      cookieOptions: { jar: OracleCookieJar };
      passedValues: unknown[];
      requestUrl: string;
    }) => string;
  };
  const { version } = requireFromPackage('./package.json') as { version: string };
  // axios calls its transforms with the request config as `this`; the session sets no responseType.
  const transformConfig = { transitional: axios.defaults.transitional, responseType: undefined };
  return {
    version,
    algorithmVersion: constants.ALGORITHM_VERSION,
    Requests: types.Requests,
    HTML_TYPES: types.HTML_TYPES,
    ALL_TESTS: constants.ALL_TESTS,
    parseHttpEquivHeaders: utils.parseHttpEquivHeaders,
    getScoreModifier: grader.getScoreModifier,
    getGradeForScore: grader.getGradeForScore,
    MINIMUM_SCORE_FOR_EXTRA_CREDIT: charts.MINIMUM_SCORE_FOR_EXTRA_CREDIT,
    AxiosHeaders: axios.AxiosHeaders,
    transformResponse: (body) =>
      axios.defaults.transformResponse.reduce<unknown>(
        (data, transform) => transform.call(transformConfig, data as string),
        body,
      ),
    saveCookies: (jar, cookies, requestUrl) => saveCookiesFromHeader({ cookieOptions: { jar }, cookies, requestUrl }),
    cookieHeader: (jar, requestUrl) =>
      createCookieHeaderValue({ cookieOptions: { jar }, passedValues: [undefined], requestUrl }),
    newCookieJar: () => new CookieJar(),
  };
}
