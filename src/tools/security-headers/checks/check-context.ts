/**
 * What the checks read, computed once per analysis: the responses, the HTML facts, the cookie jar,
 * the CSP analysis, the HSTS outcome (the cookie test reads it too) and preload resolution.
 */
import { normalizeName } from '../../../net/dns-records.ts';
import type { AnalyzeOptions } from '../analysis.ts';
import type { HeaderPairs, SecurityHeadersCapture } from '../capture.ts';
import { observatoryCookieJar, type JarCookie, type RejectedCookie } from '../parse/cookie-jar.ts';
import { setCookies, sharedCookieParser, type SentCookie } from '../parse/set-cookie.ts';
import { analyzeCsp, type CspAnalysis } from './content-security-policy.ts';
import { httpsResponse, sessionStartsOnHttps, type ResponseRef } from '../parse/headers.ts';
import { preloadResolver, type PreloadResolver } from '../parse/hsts.ts';
import { readPage, type PageFacts } from '../parse/page-facts.ts';
import { evaluateStrictTransportSecurity } from './strict-transport-security.ts';

export interface CheckContext {
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
  readonly hsts: CheckOutcome;
}

export interface CheckOutcome {
  result: string;
  data: Record<string, unknown>;
  headers: HeaderPairs;
  /** Advice for this state when the result's own (grade/score-table.ts) would not fit it. */
  recommendation?: string;
}

export type Check = (context: CheckContext) => CheckOutcome;

/** Builds the context; `auto` must be the capture's graded response. */
export function createCheckContext(
  capture: SecurityHeadersCapture,
  auto: ResponseRef,
  options: AnalyzeOptions,
): CheckContext {
  const page = readPage(auto.headers, capture.html);
  let sent: SentCookie[] | undefined;
  let jar: CheckContext['jar'] | undefined;
  let csp: CspAnalysis | undefined;
  let hsts: CheckOutcome | undefined;
  const parseCookie = sharedCookieParser();
  const context: CheckContext = {
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
