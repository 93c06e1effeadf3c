/**
 * What the tests read, computed once per analysis: the responses, the HTML facts, the cookie jar,
 * the CSP analysis, the HSTS outcome (the cookie test reads it too) and preload resolution.
 */
import { normalizeName } from '../../net/dns-records.ts';
import type { AnalyzeOptions } from './analysis.ts';
import type { HeaderPairs, SecurityHeadersCapture } from './capture.ts';
import { observatoryCookieJar, type JarCookie, type RejectedCookie } from './parse/cookie-jar.ts';
import { setCookies, sharedCookieParser, type SentCookie } from './parse/set-cookie.ts';
import { analyzeCsp, type CspAnalysis } from './csp.ts';
import { httpsResponse, sessionStartsOnHttps, type ResponseRef } from './parse/headers.ts';
import { preloadResolver, type PreloadResolver } from './parse/hsts.ts';
import { readPage, type PageFacts } from './parse/page-facts.ts';
import { evaluateStrictTransportSecurity } from './tests/strict-transport-security.ts';

export interface TestContext {
  capture: SecurityHeadersCapture;
  /** The scanned host, lower-case. */
  site: string;
  /** The graded response (never null once the capture is assessable). */
  auto: ResponseRef;
  /** The final response of the https session. */
  https: ResponseRef | null;
  /** What the Observatory reads from the graded response's body (parse/page-facts.ts). */
  page: PageFacts;
  preload: PreloadResolver;
  /** Every Set-Cookie of the scan, in order (`setCookies`). */
  readonly setCookies: SentCookie[];
  /** The jar the Observatory grades (parse/cookie-jar.ts), and the cookies its rules refused. */
  readonly jar: { cookies: JarCookie[]; rejected: RejectedCookie[] };
  readonly csp: CspAnalysis;
  /** The strict-transport-security test's outcome. */
  readonly hsts: TestOutcome;
}

export interface TestOutcome {
  result: string;
  data: Record<string, unknown>;
  headers: HeaderPairs;
}

export type TestRunner = (context: TestContext) => TestOutcome;

/** Builds the context; `auto` must be the capture's graded response. */
export function createContext(
  capture: SecurityHeadersCapture,
  auto: ResponseRef,
  options: AnalyzeOptions,
): TestContext {
  const page = readPage(auto.headers, capture.html);
  let sent: SentCookie[] | undefined;
  let jar: TestContext['jar'] | undefined;
  let csp: CspAnalysis | undefined;
  let hsts: TestOutcome | undefined;
  const parseCookie = sharedCookieParser();
  const context: TestContext = {
    capture,
    site: normalizeName(capture.host),
    auto,
    https: httpsResponse(capture),
    page,
    preload: preloadResolver(capture, options),
    get setCookies() {
      return (sent ??= setCookies(capture, parseCookie));
    },
    get jar() {
      return (jar ??= observatoryCookieJar(capture, parseCookie));
    },
    get csp() {
      return (csp ??= analyzeCsp(auto, page.metaCsp, sessionStartsOnHttps(capture)));
    },
    get hsts() {
      return (hsts ??= evaluateStrictTransportSecurity(context));
    },
  };
  return context;
}
