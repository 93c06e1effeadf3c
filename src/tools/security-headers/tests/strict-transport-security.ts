import type { TestContext, TestOutcome, TestRunner } from '../context.ts';
import { parseHsts, SIX_MONTHS, type HstsHeader } from '../hsts.ts';
import { ruleFor } from '../rules.ts';

/** The result from the https session's final response alone (before the preload override). */
function headerResult(context: TestContext): { result: string; header: HstsHeader | null } {
  const https = context.https;
  if (!https) return { result: 'hsts-not-implemented-no-https', header: null };
  if (!https.verified) return { result: 'hsts-invalid-cert', header: null };
  const value = https.headers.combined('strict-transport-security');
  if (value === null) return { result: 'hsts-not-implemented', header: null };
  const header = parseHsts(value);
  if (header.problem) return { result: 'hsts-header-invalid', header };
  return {
    result:
      header.maxAge! < SIX_MONTHS
        ? 'hsts-implemented-max-age-less-than-six-months'
        : 'hsts-implemented-max-age-at-least-six-months',
    header,
  };
}

/**
 * HSTS as the model grades it: read on the https session's final response; the preload list
 * overrides. Run once per analysis, through `context.hsts`.
 */
export function evaluateStrictTransportSecurity(context: TestContext): TestOutcome {
  const { result: fromHeader, header } = headerResult(context);
  const preload = context.preload(context.site);
  const preloaded = context.https !== null && preload.state === 'preloaded';
  return {
    result: preloaded ? 'hsts-preloaded' : fromHeader,
    data: {
      value: header?.value ?? null,
      maxAge: header?.maxAge ?? null,
      includeSubDomains: header?.includeSubDomains ?? false,
      preload: header?.preload ?? false,
      preloaded,
      preloadStatus: preload.state,
      ...(preload.via ? { preloadEntry: { host: preload.via, includeSubDomains: preload.includeSubDomains } } : {}),
      ...(preload.state === 'unknown'
        ? { preloadNote: 'The preload list status could not be looked up; the host is graded as not preloaded.' }
        : {}),
      ...(header?.problem ? { problem: header.problem } : {}),
    },
    headers: context.https?.headers.pick('strict-transport-security') ?? [],
  };
}

export const strictTransportSecurityTest: TestRunner = (context) => context.hsts;

/** Whether the HSTS test passes: what the cookie test calls "protected by HSTS". */
export const strictTransportSecurityPasses = (context: TestContext): boolean =>
  ruleFor('strict-transport-security', context.hsts.result).pass;
