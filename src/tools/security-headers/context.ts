/**
 * What the tests read, computed once per analysis: the responses, the HTML facts, the cookie jar,
 * the CSP analysis, the HSTS outcome (the cookie test reads it too) and preload resolution.
 */
import { normalizeName } from '../../net/dns-records.ts';
import type { AnalyzeOptions } from './analysis.ts';
import type { HeaderPairs, SecurityHeadersCapture } from './capture.ts';
import { cookieJar, setCookies, type Cookie, type SentCookie } from './cookies.ts';
import { analyzeCsp, type CspAnalysis } from './csp.ts';
import { httpsResponse, isHtmlType, type ResponseRef } from './headers.ts';
import { preloadResolver, type PreloadResolver } from './hsts.ts';
import { extractHtmlFacts, type HtmlFacts } from './html.ts';
import { evaluateStrictTransportSecurity } from './tests/strict-transport-security.ts';

export interface TestContext {
  capture: SecurityHeadersCapture;
  /** The scanned host, lower-case. */
  site: string;
  /** The graded response (never null once the capture is assessable). */
  auto: ResponseRef;
  /** The final response of the https session. */
  https: ResponseRef | null;
  /** Whether the graded response is HTML. */
  isHtml: boolean;
  /** Facts from the HTML body; null when the response is not HTML or no body was captured. */
  html: HtmlFacts | null;
  preload: PreloadResolver;
  /** Every Set-Cookie of the scan, in order (`setCookies`). */
  readonly setCookies: SentCookie[];
  readonly cookies: Cookie[];
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
  const isHtml = isHtmlType(auto.headers);
  const html = isHtml && capture.html !== null ? extractHtmlFacts(capture.html) : null;
  let sent: SentCookie[] | undefined;
  let cookies: Cookie[] | undefined;
  let csp: CspAnalysis | undefined;
  let hsts: TestOutcome | undefined;
  const context: TestContext = {
    capture,
    site: normalizeName(capture.host),
    auto,
    https: httpsResponse(capture),
    isHtml,
    html,
    preload: preloadResolver(capture, options),
    get setCookies() {
      return (sent ??= setCookies(capture));
    },
    get cookies() {
      return (cookies ??= cookieJar(context.setCookies));
    },
    get csp() {
      return (csp ??= analyzeCsp(auto, html));
    },
    get hsts() {
      return (hsts ??= evaluateStrictTransportSecurity(context));
    },
  };
  return context;
}
