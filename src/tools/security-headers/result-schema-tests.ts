/**
 * The valibot schema of one entry of `result.details.tests` of a security-headers scan: the 12
 * tests (checks/*.ts) told apart by `name`, each with the result ids of its table (grade/score-table.ts) and
 * the members its `data` really carries. result-schema.ts puts it into the details.
 */
import * as v from 'valibot';
import { TEST_NAMES, type TestName, type TestResult } from './analysis.ts';
import { TEST_RULES } from './grade/score-table.ts';

/** `schema` with a description for the API document. */
export const described = <S extends v.GenericSchema>(schema: S, text: string) => v.pipe(schema, v.description(text));

export const integer = (text: string) => described(v.pipe(v.number(), v.integer()), text);
export const count = (text: string) => described(v.pipe(v.number(), v.integer(), v.minValue(0)), text);
const nullableString = (text: string) => described(v.nullable(v.string()), text);
const nullableInteger = (text: string) => described(v.nullable(v.pipe(v.number(), v.integer())), text);
const flag = (text: string) => described(v.boolean(), text);
const strings = (text: string) => described(v.array(v.string()), text);

const resultsOf = (name: TestName): string[] => Object.keys(TEST_RULES[name].results);

/** The CSP flags of the model (checks/content-security-policy.ts `PolicyFlags`). */
export const PolicyFlagsSchema = v.object({
  antiClickjacking: flag('frame-ancestors in the header policies allows no broad source.'),
  defaultNone: flag("default-src is exactly 'none'."),
  insecureBaseUri: flag('base-uri is absent or allows a broad or inline source.'),
  insecureFormAction: flag('form-action is absent or allows a broad source.'),
  insecureSchemeActive: flag('On an https site, a directive for active content allows http: or ftp: sources.'),
  insecureSchemePassive: flag('On an https site, img-src or media-src allows http: or ftp: sources.'),
  strictDynamic: flag("script-src has 'strict-dynamic' with a nonce or hash."),
  unsafeEval: flag("script-src or style-src allows 'unsafe-eval'."),
  unsafeInline: flag("script-src allows 'unsafe-inline', data: or a broad source, or object-src a broad source."),
  unsafeInlineStyle: flag("style-src allows 'unsafe-inline', data: or a broad source."),
  unsafeObjects: flag('object-src allows a broad source.'),
});
const policyFlags = (text: string) => described(v.nullable(PolicyFlagsSchema), text);

const cspData = v.object({
  http: flag('A Content-Security-Policy header was sent.'),
  meta: flag('The page has a <meta http-equiv> policy the model reads.'),
  numPolicies: count('Number of policies read, header and meta together.'),
  policy: policyFlags('The model flags of the enforced policies; null when no policy could be evaluated.'),
  directives: described(
    v.nullable(v.record(v.string(), strings('Its sources, sorted.'))),
    'Every directive of the merged policies by name; null when no policy could be evaluated.',
  ),
  problem: v.optional(v.pipe(v.string(), v.description('Why the policy is invalid, when it is.'))),
  repeatedReportDirectives: v.optional(strings('report-uri or report-to directives repeated within a policy.')),
  reportOnly: v.optional(
    described(
      v.object({
        result: described(
          v.picklist(
            resultsOf('content-security-policy').filter((r) => r !== 'csp-not-implemented-but-reporting-enabled'),
          ),
          'The result it would get if enforced.',
        ),
        policy: policyFlags('Its model flags; null when it could not be evaluated.'),
      }),
      'The report-only policy evaluated as if enforced; only when one is sent.',
    ),
  ),
  metaPolicies: v.optional(
    described(
      v.pipe(v.array(v.string()), v.maxLength(20)),
      'The <meta> policies (at most 20, each cut at 2,048 characters); only when meta is true.',
    ),
  ),
  metaPolicyCount: v.optional(count('Number of <meta> policies; only when there are more than 20.')),
});

const CookieSchema = v.object({
  domain: described(v.string(), 'The domain the cookie is kept under (its Domain, or the host that set it).'),
  path: described(v.string(), 'The path the cookie is kept under.'),
  secure: flag('The cookie has the Secure attribute.'),
  httpOnly: flag('The cookie has the HttpOnly attribute.'),
  sameSite: described(
    v.nullable(v.picklist(['strict', 'lax', 'none'])),
    'Its SameSite value; null when absent or invalid.',
  ),
  maxAge: nullableInteger('Its Max-Age in seconds; null when absent or too large to be a number.'),
  expires: nullableString('Its Expires as written; null when absent or not a date.'),
  session: flag('The model counts it as a session cookie (by its name).'),
  antiCsrf: flag('The model counts it as an anti-CSRF cookie (by its name).'),
});

const cookiesData = v.object({
  cookies: described(
    v.record(v.string(), CookieSchema),
    'The cookies the model grades, by name (one entry per name; heroku-session-affinity left out); empty when none.',
  ),
  sameSite: v.optional(flag('Every cookie has a valid SameSite; absent when cookies is empty.')),
  protectedByHsts: v.optional(
    flag('The HSTS test passed, which softens a missing Secure; absent when cookies is empty.'),
  ),
  refused: v.optional(
    described(
      v.pipe(
        v.array(
          v.object({
            name: described(v.string(), 'The cookie name.'),
            reason: described(v.picklist(['domain-mismatch', 'public-suffix', 'prefix']), 'Why browsers refuse it.'),
          }),
        ),
        v.maxLength(50),
      ),
      'Cookies refused as browsers would (at most 50); absent when cookies is empty.',
    ),
  ),
});

const corsData = v.object({
  allowOrigin: nullableString(
    'Access-Control-Allow-Origin of a 2xx preflight answer, lower-case, cut at 256; null when none.',
  ),
  allowCredentials: v.optional(flag('Access-Control-Allow-Credentials is true; absent when allowOrigin is null.')),
  origin: nullableString('The Origin compared with allowOrigin; null for a live scan, which never records it.'),
  preflightStatus: nullableInteger('Status of the OPTIONS preflight; null when it got no answer.'),
});

const redirectionData = v.object({
  route: strings('The URLs of the http:// session, in order; empty when plain HTTP got no response.'),
  statuses: described(v.array(v.pipe(v.number(), v.integer())), 'The status of each URL of route.'),
  destination: nullableString('The last URL of route; null when route is empty.'),
  redirects: flag('route has more than one URL.'),
  statusCode: nullableInteger('The status of destination; null when route is empty.'),
});

const REFERRER_POLICIES = [
  ...['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'],
  ...['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'],
];

const referrerData = v.object({
  value: nullableString('Header values and the <meta name=referrer> content joined with ", "; null when none.'),
  policy: described(v.nullable(v.picklist(REFERRER_POLICIES)), 'The last valid policy of value; null when none.'),
  http: flag('A Referrer-Policy header was sent.'),
  meta: flag('The page has a <meta name=referrer>.'),
});

const hstsData = v.object({
  value: nullableString('The header value (cut at 1,024); null when absent, or without a verified https answer.'),
  maxAge: nullableInteger('max-age as the model reads it; null when absent or not a number.'),
  includeSubDomains: flag('includeSubDomains is set, as the model reads it.'),
  preload: flag('preload is set, as the model reads it.'),
  preloaded: flag(
    'https answered and the host is on the HSTS preload list (itself or a parent), which overrides the header.',
  ),
  preloadStatus: described(v.picklist(['preloaded', 'not-preloaded', 'unknown']), 'Preload list status of the host.'),
  preloadEntry: v.optional(
    described(
      v.object({
        host: described(v.string(), 'The host or parent domain the entry is for.'),
        includeSubDomains: flag('The entry covers subdomains.'),
      }),
      'The preload list entry that covers the host; only when there is one.',
    ),
  ),
  preloadNote: v.optional(v.pipe(v.string(), v.description('Only when the preload status could not be looked up.'))),
  problem: v.optional(v.pipe(v.string(), v.description('Why the model calls the header invalid, when it does.'))),
  browsers: v.optional(
    described(
      v.object({
        maxAge: nullableInteger('max-age as browsers read it; null when absent or not digits.'),
        problem: nullableString('Why browsers ignore the header; null when they honour it.'),
      }),
      'The first header as browsers read it; only when a header was read.',
    ),
  ),
});

const sriData = v.object({
  scripts: described(
    v.record(
      v.string(),
      v.object({
        integrity: nullableString('Its integrity attribute; null when absent.'),
        crossorigin: nullableString('Its crossorigin attribute; null when absent.'),
      }),
    ),
    'The external scripts (at most 100) by src as written; empty when the page has none or was not read.',
  ),
  problem: v.optional(
    v.pipe(v.string(), v.description('Why the body could not be read as HTML (html-not-parseable).')),
  ),
  count: v.optional(count('Number of script elements; absent when the page was not read or has none.')),
  withSrc: v.optional(count('Number of them with a src; absent like count.')),
  external: v.optional(count('Number of external scripts; absent like count.')),
});

const valueData = v.object({
  value: nullableString('The header value (repeats joined with ", "); null when not sent or empty.'),
});

const tokenPolicyData = v.object({
  value: nullableString('The header value (repeats joined with ", "); null when not sent or empty.'),
  token: v.optional(
    nullableString('The token read; null when value is not one valid token; absent when value is null.'),
  ),
  problem: v.optional(v.pipe(v.string(), v.description('Only when the header is sent more than once.'))),
});

const xfoData = v.object({
  value: nullableString('The header value (repeats joined with ", "); null when not sent.'),
  frameAncestors: described(
    v.nullable(v.array(v.string())),
    'frame-ancestors sources of the evaluated CSP, which take precedence; null when none.',
  ),
});

const TEST_DATA: Record<TestName, [data: v.GenericSchema, text: string]> = {
  'content-security-policy': [cspData, 'Details: the CSP headers and <meta> policies as the model reads them.'],
  cookies: [cookiesData, 'Details: the cookies of the graded session.'],
  'cross-origin-resource-sharing': [corsData, 'Details: the answer to the OPTIONS preflight.'],
  redirection: [redirectionData, 'Details: the chain of the session started at http://.'],
  'referrer-policy': [referrerData, 'Details: the referrer policy of the header and the page.'],
  'strict-transport-security': [hstsData, 'Details: HSTS of the https session, as the model and as browsers read it.'],
  'subresource-integrity': [sriData, 'Details: the script elements of the page.'],
  'x-content-type-options': [valueData, 'Details: the X-Content-Type-Options header.'],
  'x-frame-options': [xfoData, 'Details: the X-Frame-Options header and the CSP frame-ancestors.'],
  'cross-origin-resource-policy': [valueData, 'Details: the Cross-Origin-Resource-Policy header.'],
  'cross-origin-opener-policy': [tokenPolicyData, 'Details: the Cross-Origin-Opener-Policy header.'],
  'cross-origin-embedder-policy': [tokenPolicyData, 'Details: the Cross-Origin-Embedder-Policy header.'],
};

/** The raw headers a test read: named in the document, as every test has them. */
export const HeaderPairsSchema = described(
  v.array(
    described(
      v.pipe(v.array(v.string()), v.length(2)),
      'One header as [name, value]: the name lower-case, the value as sent.',
    ),
  ),
  'The raw headers the test read, in response order; a header sent twice is two pairs.',
);

function testSchema(name: TestName) {
  const [data, text] = TEST_DATA[name];
  return v.object({
    name: described(v.literal(name), 'The test.'),
    title: described(v.literal(TEST_RULES[name].title), 'The test, for people.'),
    result: described(v.picklist(resultsOf(name)), "The Observatory's result id."),
    pass: flag('Whether the test passed; pass or fail, the score is changed by scoreModifier only.'),
    scoreModifier: integer('Points the result adds to (or takes from) the baseline score of 100.'),
    description: described(v.string(), 'What the result means.'),
    recommendation: described(v.string(), 'What to do about it, in one line.'),
    data: described(data, text),
    headers: HeaderPairsSchema,
    // Exactly the members of the TestResult that analyze() builds: a new one does not compile until it is here.
  } satisfies Record<keyof TestResult, v.GenericSchema>);
}

/** One of the 12 tests of `result.details.tests`, told apart by `name`. */
export const SecurityHeadersTestSchema = described(
  v.variant('name', TEST_NAMES.map(testSchema)),
  'One test of the MDN HTTP Observatory model with its result, score modifier, raw headers and details.',
);
