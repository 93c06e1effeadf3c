/**
 * The content-security-policy check (Observatory model): the graded response's CSP headers and
 * `<meta http-equiv>` policies, merged (parse/csp-directives.ts); the effective script, object and
 * style sources; the policy flags; and the first matching classification of `CSP_CLASSIFICATION`.
 * `analyzeCsp` runs once per analysis: the check context keeps it for the findings and the
 * x-frame-options check, which read it too.
 */
import type { Check } from './check-context.ts';
import { effectiveSources, parseModelCsp, splitPolicies, type Directives } from '../parse/csp-directives.ts';
import type { ResponseRef } from '../parse/headers.ts';

const DANGEROUSLY_BROAD = new Set([
  'ftp:',
  'http:',
  'https:',
  '*',
  'http://*',
  'http://*.*',
  'https://*',
  'https://*.*',
]);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const PASSIVE_DIRECTIVES = ['img-src', 'media-src'];
const NONCE_OR_HASH = ["'nonce-", "'sha256-", "'sha384-", "'sha512-"];

export const isBroad = (s: string): boolean => DANGEROUSLY_BROAD.has(s);
export const isBroadOrInline = (s: string): boolean => DANGEROUSLY_BROAD.has(s) || UNSAFE_INLINE.has(s);
const hasNonceOrHash = (sources: string[]): boolean => sources.some((s) => NONCE_OR_HASH.some((p) => s.startsWith(p)));
const isInsecureScheme = (s: string): boolean => s.startsWith('http:') || s.startsWith('ftp:');

export interface PolicyFlags {
  antiClickjacking: boolean;
  defaultNone: boolean;
  insecureBaseUri: boolean;
  insecureFormAction: boolean;
  insecureSchemeActive: boolean;
  insecureSchemePassive: boolean;
  strictDynamic: boolean;
  unsafeEval: boolean;
  unsafeInline: boolean;
  unsafeInlineStyle: boolean;
  unsafeObjects: boolean;
}

/** 'strict-dynamic' counts only beside a nonce or a hash. */
const honoursStrictDynamic = (sources: string[]): boolean =>
  sources.includes("'strict-dynamic'") && hasNonceOrHash(sources);

/**
 * A directive's sources as the model reads them (`*` when nothing restricts it): 'unsafe-inline'
 * is ignored beside a nonce or a hash; where 'strict-dynamic' applies (script elements) and is
 * honoured, browsers also ignore scheme-wide sources, 'self' and 'unsafe-inline'.
 */
export function normalisedSources(directives: Directives, directive: string, strictDynamicApplies: boolean): string[] {
  const listed = effectiveSources(directives, directive) ?? ['*'];
  const sources = hasNonceOrHash(listed) ? listed.filter((s) => s !== "'unsafe-inline'") : listed;
  if (!strictDynamicApplies || !honoursStrictDynamic(sources)) return sources;
  return sources.filter(
    (s) => ![...DANGEROUSLY_BROAD].some((b) => s.startsWith(b)) && s !== "'self'" && s !== "'unsafe-inline'",
  );
}

/** The sources the classification read, after the model's normalisations. */
export interface EffectivePolicy {
  https: boolean;
  /** Every directive of the merged policies (header and meta together). */
  directives: Directives;
  scriptSrc: string[];
  styleSrc: string[];
  objectSrc: string[];
  frameAncestors: string[];
  baseUri: string[];
  formAction: string[];
  strictDynamic: boolean;
  strictDynamicWithoutNonce: boolean;
}

const isPassive = (name: string): boolean => PASSIVE_DIRECTIVES.includes(name);

/**
 * The model's classification, step by step as the Observatory runs it. Its source lists are
 * shared and edited in place: when script-src is absent, what 'strict-dynamic' removes from
 * default-src is gone for style-src, the active-content check and the default-src 'none' check
 * too, so the sets here are shared the same way.
 */
function classify(
  directives: Directives,
  headerDirectives: Directives,
  https: boolean,
): { result: string; flags: PolicyFlags; effective: EffectivePolicy } {
  const sets = new Map([...directives].map(([name, sources]) => [name, new Set(sources)]));
  const listOr = (name: string, fallback?: string) =>
    sets.get(name) ?? (fallback ? sets.get(fallback) : undefined) ?? new Set(['*']);
  const script = listOr('script-src', 'default-src');
  const style = listOr('style-src', 'default-src');
  const object = listOr('object-src', 'default-src');
  const frameAncestors = headerDirectives.get('frame-ancestors') ?? ['*'];
  const baseUri = [...listOr('base-uri')];
  const formAction = [...listOr('form-action')];
  for (const list of [script, style]) if (hasNonceOrHash([...list])) list.delete("'unsafe-inline'");
  let result: string | null = null;
  const strictDynamic = hasNonceOrHash([...script]) && script.has("'strict-dynamic'");
  const strictDynamicWithoutNonce = !strictDynamic && script.has("'strict-dynamic'");
  if (strictDynamic) {
    for (const source of script)
      if (
        [...DANGEROUSLY_BROAD].some((b) => source.startsWith(b)) ||
        source === "'self'" ||
        source === "'unsafe-inline'"
      )
        script.delete(source);
  } else if (strictDynamicWithoutNonce) {
    result = 'csp-header-invalid';
  }
  const active = [
    ...[...sets].filter(([name]) => !isPassive(name) && name !== 'script-src').flatMap(([, list]) => [...list]),
    ...script,
  ];
  const passive = PASSIVE_DIRECTIVES.flatMap((name) => [...(sets.get(name) ?? sets.get('default-src') ?? [])]);
  const defaultSrc = sets.get('default-src');
  const flags: PolicyFlags = {
    unsafeInline: [...script].some(isBroadOrInline) || [...object].some(isBroad),
    insecureSchemeActive: https && active.some(isInsecureScheme),
    unsafeEval: script.has("'unsafe-eval'") || style.has("'unsafe-eval'"),
    insecureSchemePassive: https && passive.some(isInsecureScheme),
    unsafeInlineStyle: [...style].some(isBroadOrInline),
    defaultNone: defaultSrc?.has("'none'") === true && defaultSrc.size === 1,
    antiClickjacking: !frameAncestors.some(isBroad),
    insecureBaseUri: baseUri.some(isBroadOrInline),
    insecureFormAction: formAction.some(isBroad),
    unsafeObjects: [...object].some(isBroad),
    strictDynamic,
  };
  result ??= CSP_CLASSIFICATION.find((c) => flags[c.flag])?.result ?? 'csp-implemented-with-no-unsafe';
  const effective: EffectivePolicy = {
    https,
    directives,
    scriptSrc: [...script],
    styleSrc: [...style],
    objectSrc: [...object],
    frameAncestors,
    baseUri,
    formAction,
    strictDynamic,
    strictDynamicWithoutNonce,
  };
  return { result, flags, effective };
}

/** The flags that decide the result, in the order the model checks them; the first set one wins. */
const CSP_CLASSIFICATION: { flag: keyof PolicyFlags; result: string }[] = [
  { flag: 'unsafeInline', result: 'csp-implemented-with-unsafe-inline' },
  { flag: 'insecureSchemeActive', result: 'csp-implemented-with-insecure-scheme' },
  { flag: 'unsafeEval', result: 'csp-implemented-with-unsafe-eval' },
  { flag: 'insecureSchemePassive', result: 'csp-implemented-with-insecure-scheme-in-passive-content-only' },
  { flag: 'unsafeInlineStyle', result: 'csp-implemented-with-unsafe-inline-in-style-src-only' },
  { flag: 'defaultNone', result: 'csp-implemented-with-no-unsafe-default-src-none' },
];

const CSP_PASSING = new Set([
  'csp-implemented-with-no-unsafe',
  'csp-implemented-with-no-unsafe-default-src-none',
  'csp-implemented-with-unsafe-inline-in-style-src-only',
  'csp-implemented-with-insecure-scheme-in-passive-content-only',
]);

export interface CspAnalysis {
  result: string;
  /** Policy flags; null when no policy could be evaluated. */
  policy: PolicyFlags | null;
  effective: EffectivePolicy | null;
  numPolicies: number;
  http: boolean;
  meta: boolean;
  /** Why the policy is invalid, when it is. */
  problem: string | null;
  repeatedReports: string[];
  /** The header-only frame-ancestors sources, when the CSP could be read. */
  headerFrameAncestors: string[] | null;
  /** The report-only policy evaluated as if it were enforced. */
  reportOnly: { result: string; policy: PolicyFlags | null } | null;
}

/** Evaluates a set of policies (header values and meta contents) as the model does. */
function evaluate(headerValues: string[], metaValues: string[], https: boolean): Omit<CspAnalysis, 'reportOnly'> {
  const headerTexts = splitPolicies(headerValues);
  const metaTexts = splitPolicies(metaValues);
  const base = {
    numPolicies: headerTexts.length + metaTexts.length,
    http: headerTexts.length > 0,
    meta: metaTexts.length > 0,
    repeatedReports: [] as string[],
  };
  const none = { ...base, policy: null, effective: null, problem: null, headerFrameAncestors: null };
  const all = parseModelCsp([...headerTexts, ...metaTexts]);
  if (!all.ok) return { ...none, result: 'csp-header-invalid', problem: all.problem };
  const header = parseModelCsp(headerTexts);
  const meta = parseModelCsp(metaTexts, true);
  const headerDirectives = header.ok ? header.directives : new Map<string, string[]>();
  const metaDirectives = meta.ok ? meta.directives : new Map<string, string[]>();
  // The model keeps its warning about repeated report directives as one more entry of the map it
  // counts, so a policy with nothing else but that warning still counts as implemented.
  const size = (parsed: typeof header, directives: Directives) =>
    directives.size + (parsed.ok && parsed.duplicateReports.length > 0 ? 1 : 0);
  if (size(header, headerDirectives) + size(meta, metaDirectives) === 0)
    return { ...none, result: 'csp-not-implemented' };
  const { result, flags, effective } = classify(all.directives, headerDirectives, https);
  const repeatedReports = all.duplicateReports;
  const final =
    CSP_PASSING.has(result) && repeatedReports.length > 0 ? 'csp-implemented-but-duplicate-directives' : result;
  const problem = result === 'csp-header-invalid' ? "'strict-dynamic' without a nonce or hash" : null;
  return {
    ...base,
    result: final,
    policy: flags,
    effective,
    problem,
    repeatedReports,
    headerFrameAncestors: headerDirectives.get('frame-ancestors') ?? null,
  };
}

/**
 * The graded response's CSP headers and meta policies. `https`: whether the graded session
 * started on https (the model's test for insecure schemes, whatever the final URL).
 */
export function analyzeCsp(response: ResponseRef, metaPolicies: string[], https: boolean): CspAnalysis {
  const enforced = evaluate(response.headers.values('content-security-policy'), metaPolicies, https);
  const reportOnlyValues = response.headers.values('content-security-policy-report-only');
  const reportOnlyRun = reportOnlyValues.length > 0 ? evaluate(reportOnlyValues, [], https) : null;
  const reportOnly = reportOnlyRun ? { result: reportOnlyRun.result, policy: reportOnlyRun.policy } : null;
  // The model checks only that a report-only header has a value.
  if (enforced.result === 'csp-not-implemented' && response.headers.combined('content-security-policy-report-only'))
    return { ...enforced, result: 'csp-not-implemented-but-reporting-enabled', reportOnly };
  return { ...enforced, reportOnly };
}

/** Meta policies echoed in the test data at most, and characters of each: a page may carry 512 KiB. */
const MAX_LISTED_META = 20;
const MAX_LISTED_META_LENGTH = 2048;

function metaPolicyData(policies: string[]): Record<string, unknown> {
  const metaPolicies = policies.slice(0, MAX_LISTED_META).map((p) => p.slice(0, MAX_LISTED_META_LENGTH));
  return policies.length > MAX_LISTED_META ? { metaPolicies, metaPolicyCount: policies.length } : { metaPolicies };
}

/** The check: the evaluation above (kept by the check context) as a result id, its data and the headers read. */
export const contentSecurityPolicyCheck: Check = (context) => {
  const csp = context.csp;
  const directives = csp.effective
    ? Object.fromEntries([...csp.effective.directives].map(([name, sources]) => [name, [...sources].sort()]))
    : null;
  return {
    result: csp.result,
    data: {
      http: csp.http,
      meta: csp.meta,
      numPolicies: csp.numPolicies,
      policy: csp.policy,
      directives,
      ...(csp.problem ? { problem: csp.problem } : {}),
      ...(csp.repeatedReports.length > 0 ? { repeatedReportDirectives: csp.repeatedReports } : {}),
      ...(csp.reportOnly ? { reportOnly: csp.reportOnly } : {}),
      ...(csp.meta ? metaPolicyData(context.page.metaCsp) : {}),
    },
    headers: context.auto.headers.pick('content-security-policy', 'content-security-policy-report-only'),
  };
};
