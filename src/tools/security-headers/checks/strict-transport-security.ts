import type { CheckContext, CheckOutcome, Check } from './check-context.ts';
import { modelHsts, parseHsts, SIX_MONTHS, type HstsHeader, type ModelHsts } from '../parse/hsts.ts';
import { ruleFor } from '../grade/score-table.ts';

interface HeaderReading {
  result: string;
  /** As the model reads it (decides the result). */
  model: ModelHsts | null;
  /** As browsers read it (the first instance). */
  browsers: HstsHeader | null;
  value: string | null;
}

/** The result from the https session's final response alone (before the preload override). */
function headerResult(context: CheckContext): HeaderReading {
  const https = context.https;
  const none = { model: null, browsers: null, value: null };
  if (!https) return { result: 'hsts-not-implemented-no-https', ...none };
  if (!https.verified) return { result: 'hsts-invalid-cert', ...none };
  const value = https.headers.combined('strict-transport-security');
  if (value === null) return { result: 'hsts-not-implemented', ...none };
  const model = modelHsts(value);
  const browsers = parseHsts(https.headers.values('strict-transport-security')[0]!);
  const reading = { model, browsers, value: value.slice(0, 1024) };
  if (model.problem) return { result: 'hsts-header-invalid', ...reading };
  // NaN (a max-age that is not a number) is not below six months: the model counts it as enough.
  const short = model.maxAge! < SIX_MONTHS;
  return {
    result: short ? 'hsts-implemented-max-age-less-than-six-months' : 'hsts-implemented-max-age-at-least-six-months',
    ...reading,
  };
}

const ONE_YEAR = 31_536_000;

/**
 * The next step for HSTS that already passes (six months or more, not preloaded), by what the
 * header still lacks, first match wins: the result's one line ("a one-year max-age with
 * includeSubDomains, then preloading") would tell a site that sends all of it to add it.
 */
const NEXT_HSTS_STEP: readonly [lacks: (m: ModelHsts, listUnknown: boolean) => boolean, advice: string][] = [
  [(m) => !(m.maxAge! >= ONE_YEAR), 'Raise max-age to 31536000 (one year) or more, then add includeSubDomains.'],
  [(m) => !m.includeSubDomains, 'Add includeSubDomains once every subdomain serves HTTPS, then consider preloading.'],
  [(m) => !m.preload, 'Add preload and submit the domain at hstspreload.org, if every subdomain serves HTTPS.'],
  [
    (_m, listUnknown) => listUnknown,
    'The preload list could not be checked: if the domain is not on it yet, submit it at hstspreload.org.',
  ],
  [() => true, 'The header asks for preloading, but the domain is not on the list yet: submit it at hstspreload.org.'],
];

function nextHstsStep(model: ModelHsts, listUnknown: boolean): string {
  return NEXT_HSTS_STEP.find(([lacks]) => lacks(model, listUnknown))![1];
}

/**
 * HSTS as the model grades it: read on the https session's final response; the preload list
 * overrides. Run once per analysis, through `context.hsts`.
 */
export function evaluateStrictTransportSecurity(context: CheckContext): CheckOutcome {
  const { result: fromHeader, model, browsers, value } = headerResult(context);
  const preload = context.preload(context.site);
  const preloaded = context.https !== null && preload.state === 'preloaded';
  const result = preloaded ? 'hsts-preloaded' : fromHeader;
  const passing = result === 'hsts-implemented-max-age-at-least-six-months' && model !== null;
  return {
    result,
    ...(passing ? { recommendation: nextHstsStep(model, preload.state === 'unknown') } : {}),
    data: {
      value,
      maxAge: model?.maxAge === undefined || Number.isNaN(model.maxAge) ? null : model.maxAge,
      includeSubDomains: model?.includeSubDomains ?? false,
      preload: model?.preload ?? false,
      preloaded,
      preloadStatus: preload.state,
      ...(preload.via ? { preloadEntry: { host: preload.via, includeSubDomains: preload.includeSubDomains } } : {}),
      ...(preload.state === 'unknown'
        ? { preloadNote: 'The preload list status could not be looked up; the host is graded as not preloaded.' }
        : {}),
      ...(model?.problem ? { problem: model.problem } : {}),
      ...(browsers ? { browsers: { maxAge: browsers.maxAge, problem: browsers.problem } } : {}),
    },
    headers: context.https?.headers.pick('strict-transport-security') ?? [],
  };
}

export const strictTransportSecurityCheck: Check = (context) => context.hsts;

/** Whether the HSTS test passes: what the cookie test calls "protected by HSTS". */
export const strictTransportSecurityPasses = (context: CheckContext): boolean =>
  ruleFor('strict-transport-security', context.hsts.result).pass;
