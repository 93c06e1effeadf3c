/**
 * Content Security Policy analysis (Observatory model): effective script/object/style sources, the
 * informational policy flags, and the first matching classification of `CSP_CLASSIFICATION`.
 */
import {
  effectiveSources,
  intersectPolicies,
  parsePolicy,
  splitPolicies,
  type Directives,
  type ParsedPolicy,
} from './csp-parse.ts';
import type { HtmlFacts } from './html.ts';
import type { ResponseRef } from './headers.ts';

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

/** The sources the classification reads, after the normalisations of the model. */
export interface EffectivePolicy {
  https: boolean;
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

function effectivePolicy(directives: Directives, headerDirectives: Directives, https: boolean): EffectivePolicy {
  const listedScripts = effectiveSources(directives, 'script-src') ?? [];
  const hasStrictDynamic = listedScripts.includes("'strict-dynamic'");
  const strictDynamic = honoursStrictDynamic(listedScripts);
  return {
    https,
    directives,
    scriptSrc: normalisedSources(directives, 'script-src', true),
    styleSrc: normalisedSources(directives, 'style-src', false),
    objectSrc: effectiveSources(directives, 'object-src') ?? ['*'],
    frameAncestors: headerDirectives.get('frame-ancestors') ?? ['*'],
    baseUri: directives.get('base-uri') ?? ['*'],
    formAction: directives.get('form-action') ?? ['*'],
    strictDynamic,
    strictDynamicWithoutNonce: hasStrictDynamic && !strictDynamic,
  };
}

function activeSources(p: EffectivePolicy): string[] {
  const others = [...p.directives]
    .filter(([name]) => !PASSIVE_DIRECTIVES.includes(name) && name !== 'script-src')
    .flatMap(([, sources]) => sources);
  return [...others, ...p.scriptSrc];
}

const passiveSources = (p: EffectivePolicy): string[] =>
  PASSIVE_DIRECTIVES.flatMap((d) => effectiveSources(p.directives, d) ?? []);

type FlagCheck = { flag: keyof PolicyFlags; when: (p: EffectivePolicy) => boolean };

/** The flags, in the order the model checks them; `result` is what the first match means. */
const CSP_CLASSIFICATION: (FlagCheck & { result: string })[] = [
  {
    result: 'csp-implemented-with-unsafe-inline',
    flag: 'unsafeInline',
    when: (p) => p.scriptSrc.some(isBroadOrInline) || p.objectSrc.some(isBroad),
  },
  {
    result: 'csp-implemented-with-insecure-scheme',
    flag: 'insecureSchemeActive',
    when: (p) => p.https && activeSources(p).some(isInsecureScheme),
  },
  {
    result: 'csp-implemented-with-unsafe-eval',
    flag: 'unsafeEval',
    when: (p) => [...p.scriptSrc, ...p.styleSrc].includes("'unsafe-eval'"),
  },
  {
    result: 'csp-implemented-with-insecure-scheme-in-passive-content-only',
    flag: 'insecureSchemePassive',
    when: (p) => p.https && passiveSources(p).some(isInsecureScheme),
  },
  {
    result: 'csp-implemented-with-unsafe-inline-in-style-src-only',
    flag: 'unsafeInlineStyle',
    when: (p) => p.styleSrc.some(isBroadOrInline),
  },
  {
    result: 'csp-implemented-with-no-unsafe-default-src-none',
    flag: 'defaultNone',
    when: (p) => p.directives.get('default-src')?.join(' ') === "'none'",
  },
];

/** Flags that only inform. */
const OTHER_FLAGS: FlagCheck[] = [
  { flag: 'antiClickjacking', when: (p) => !p.frameAncestors.some(isBroad) },
  { flag: 'insecureBaseUri', when: (p) => p.baseUri.some(isBroadOrInline) },
  { flag: 'insecureFormAction', when: (p) => p.formAction.some(isBroad) },
  { flag: 'unsafeObjects', when: (p) => p.objectSrc.some(isBroad) },
  { flag: 'strictDynamic', when: (p) => p.strictDynamic },
];

function classify(p: EffectivePolicy): { result: string; flags: PolicyFlags } {
  const flags = Object.fromEntries(
    [...CSP_CLASSIFICATION, ...OTHER_FLAGS].map((c) => [c.flag, c.when(p)]),
  ) as unknown as PolicyFlags;
  const first = CSP_CLASSIFICATION.find((c) => flags[c.flag]);
  const result = p.strictDynamicWithoutNonce
    ? 'csp-header-invalid'
    : (first?.result ?? 'csp-implemented-with-no-unsafe');
  return { result, flags };
}

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

/**
 * Policies, and directives across them, evaluated at most: sites send one to three policies of a
 * few dozen directives. Each further one costs a parse or an intersection, and a header or a
 * page can carry tens of thousands, so more is graded invalid.
 */
export const MAX_POLICIES = 100;
export const MAX_DIRECTIVES = 1000;

/** Evaluates a set of policies (header values and meta contents). */
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
  if (base.numPolicies > MAX_POLICIES)
    return { ...none, result: 'csp-header-invalid', problem: `more than ${MAX_POLICIES} policies` };
  const header = headerTexts.map((t) => parsePolicy(t, 'header'));
  const meta = metaTexts.map((t) => parsePolicy(t, 'meta'));
  const broken = [...header, ...meta].find((p) => !p.ok);
  if (broken && !broken.ok) return { ...none, result: 'csp-header-invalid', problem: broken.problem };
  const policies = [...header, ...meta].flatMap((p) => (p.ok ? [p.policy] : []));
  if (policies.reduce((sum, p) => sum + p.directives.size, 0) > MAX_DIRECTIVES)
    return { ...none, result: 'csp-header-invalid', problem: `more than ${MAX_DIRECTIVES} directives` };
  const headerPolicies = policies.filter((p) => p.from === 'header');
  if (policies.every((p) => p.directives.size === 0)) return { ...none, result: 'csp-not-implemented' };
  const headerDirectives = intersectPolicies(headerPolicies);
  const graded = policies.filter((p) => p.directives.size > 0);
  // Header policies come first: when every graded policy is one of them, it is the same intersection.
  const sameAsHeader = graded.length === headerPolicies.length && graded.every((p) => p.from === 'header');
  const effective = effectivePolicy(
    sameAsHeader ? headerDirectives : intersectPolicies(graded),
    headerDirectives,
    https,
  );
  const { result, flags } = classify(effective);
  const repeatedReports = [...new Set(policies.flatMap((p: ParsedPolicy) => p.repeatedReports))];
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
    headerFrameAncestors: problem ? null : (headerDirectives.get('frame-ancestors') ?? null),
  };
}

export function analyzeCsp(response: ResponseRef, html: HtmlFacts | null): CspAnalysis {
  const https = response.url.startsWith('https:');
  const enforced = evaluate(
    response.headers.values('content-security-policy'),
    html?.httpEquiv.get('content-security-policy') ?? [],
    https,
  );
  const reportOnlyValues = response.headers.values('content-security-policy-report-only');
  const reportOnlyRun = reportOnlyValues.length > 0 ? evaluate(reportOnlyValues, [], https) : null;
  const reportOnly = reportOnlyRun ? { result: reportOnlyRun.result, policy: reportOnlyRun.policy } : null;
  if (enforced.result === 'csp-not-implemented' && reportOnly)
    return { ...enforced, result: 'csp-not-implemented-but-reporting-enabled', reportOnly };
  return { ...enforced, reportOnly };
}
