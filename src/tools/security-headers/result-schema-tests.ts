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

export const integer = () => v.pipe(v.number(), v.integer());
export const count = () => v.pipe(v.number(), v.integer(), v.minValue(0));
const nullableString = (text: string) => described(v.nullable(v.string()), text);
const nullableInteger = (text: string) => described(v.nullable(integer()), text);
const strings = () => v.array(v.string());

const resultsOf = (name: TestName): string[] => Object.keys(TEST_RULES[name].results);

/** The CSP flags of the model (checks/content-security-policy.ts `PolicyFlags`), defined in the guide. */
export const PolicyFlagsSchema = described(
  v.object({
    antiClickjacking: v.boolean(),
    defaultNone: v.boolean(),
    insecureBaseUri: v.boolean(),
    insecureFormAction: v.boolean(),
    insecureSchemeActive: v.boolean(),
    insecureSchemePassive: v.boolean(),
    strictDynamic: v.boolean(),
    unsafeEval: v.boolean(),
    unsafeInline: v.boolean(),
    unsafeInlineStyle: v.boolean(),
    unsafeObjects: v.boolean(),
  }),
  "The model's CSP flags; docs/security-headers-grading.md defines each.",
);
const policyFlags = (text: string) => described(v.nullable(PolicyFlagsSchema), text);

const cspData = v.object({
  http: v.boolean(),
  meta: v.boolean(),
  numPolicies: count(),
  policy: policyFlags('Of the enforced policies; null when none could be evaluated.'),
  directives: described(
    v.nullable(v.record(v.string(), strings())),
    'Merged, sources sorted; null when no policy could be evaluated.',
  ),
  problem: v.optional(v.string()),
  repeatedReportDirectives: v.optional(strings()),
  reportOnly: v.optional(
    described(
      v.object({
        result: described(
          v.picklist(
            resultsOf('content-security-policy').filter((r) => r !== 'csp-not-implemented-but-reporting-enabled'),
          ),
          'Its result if enforced.',
        ),
        policy: policyFlags('null when it could not be evaluated.'),
      }),
      'The report-only policy graded as if enforced; only when sent.',
    ),
  ),
  metaPolicies: v.optional(
    described(
      v.pipe(v.array(v.string()), v.maxLength(20)),
      'Only when meta; at most 20 (metaPolicyCount when more), each cut at 2,048 characters.',
    ),
  ),
  metaPolicyCount: v.optional(count()),
});

const CookieSchema = v.object({
  domain: v.string(),
  path: v.string(),
  secure: v.boolean(),
  httpOnly: v.boolean(),
  sameSite: described(v.nullable(v.picklist(['strict', 'lax', 'none'])), 'null when absent or invalid.'),
  maxAge: nullableInteger('Seconds; null when absent or too large to be a number.'),
  expires: nullableString('As written; null when absent or not a date.'),
  session: v.boolean(),
  antiCsrf: v.boolean(),
});

const cookiesData = v.object({
  cookies: described(
    v.record(v.string(), CookieSchema),
    'By name; `domain`: Domain or the setting host; `session`, `antiCsrf`: guessed from the name.',
  ),
  sameSite: v.optional(v.boolean()),
  protectedByHsts: v.optional(v.boolean()),
  refused: v.optional(
    described(
      v.pipe(
        v.array(
          v.object({
            name: v.string(),
            reason: described(v.picklist(['domain-mismatch', 'public-suffix', 'prefix']), 'Why browsers refuse it.'),
          }),
        ),
        v.maxLength(50),
      ),
      'Refused as browsers would; at most 50.',
    ),
  ),
});

const corsData = v.object({
  allowOrigin: nullableString('Of a 2xx answer, lower-case, cut at 256; null (no allowCredentials) when none.'),
  allowCredentials: v.optional(v.boolean()),
  origin: nullableString('Compared with allowOrigin; null for a live scan.'),
  preflightStatus: nullableInteger('null when the preflight got no answer.'),
});

const redirectionData = v.object({
  route: strings(),
  statuses: v.array(integer()),
  destination: nullableString('The last of route; null when route is empty.'),
  redirects: v.boolean(),
  statusCode: nullableInteger('null when route is empty.'),
});

const REFERRER_POLICIES = [
  ...['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'],
  ...['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'],
];

const referrerData = v.object({
  value: nullableString('Headers, then <meta> content; null when none.'),
  policy: described(v.nullable(v.picklist(REFERRER_POLICIES)), 'The last valid one of value; null when none.'),
  http: v.boolean(),
  meta: v.boolean(),
});

const hstsData = v.object({
  value: nullableString('Cut at 1,024; null when absent or no https answer verified.'),
  maxAge: nullableInteger('Seconds; null when absent or not a number.'),
  includeSubDomains: v.boolean(),
  preload: v.boolean(),
  preloaded: described(v.boolean(), 'https answered and the host or a parent is on the list; overrides the header.'),
  preloadStatus: described(
    v.picklist(['preloaded', 'not-preloaded', 'unknown']),
    "The host's; unknown (with preloadNote) is graded as not-preloaded.",
  ),
  preloadEntry: v.optional(
    described(
      v.object({ host: v.string(), includeSubDomains: v.boolean() }),
      'The entry of the host or a parent that covers it; only when one does.',
    ),
  ),
  preloadNote: v.optional(v.string()),
  problem: v.optional(v.string()),
  browsers: v.optional(
    described(
      v.object({
        maxAge: nullableInteger('Seconds; null when absent or not digits.'),
        problem: nullableString('Why browsers ignore it; null when they honour it.'),
      }),
      'The first header as browsers read it; only when one was read.',
    ),
  ),
});

const sriData = v.object({
  scripts: described(
    v.record(
      v.string(),
      v.object({
        integrity: nullableString('null when absent.'),
        crossorigin: nullableString('null when absent.'),
      }),
    ),
    'At most 100 external ones, by src as written.',
  ),
  problem: v.optional(v.string()),
  count: v.optional(count()),
  withSrc: v.optional(count()),
  external: v.optional(count()),
});

const NOT_SENT = 'null when not sent';
const valueData = v.object({ value: nullableString(`${NOT_SENT} or empty.`) });

const tokenPolicyData = v.object({
  value: nullableString(`${NOT_SENT} or empty.`),
  token: v.optional(nullableString('null unless value is one valid token; absent when value is null.')),
  problem: v.optional(v.string()),
});

const xfoData = v.object({
  value: nullableString(`${NOT_SENT}.`),
  frameAncestors: described(v.nullable(strings()), 'Of the evaluated CSP, which wins; null when none.'),
});

const TOKEN_POLICY = 'The header; `problem` only when it is sent more than once.';
const TEST_DATA: Record<TestName, [data: v.GenericSchema, text: string]> = {
  'content-security-policy': [
    cspData,
    '`http`: a header was sent; `meta`: a <meta> policy the model reads; `numPolicies` counts both.',
  ],
  cookies: [
    cookiesData,
    "The graded session's jar, only `cookies` when empty; `sameSite`: all valid; `protectedByHsts`: HSTS passed.",
  ],
  'cross-origin-resource-sharing': [corsData, 'The OPTIONS preflight.'],
  redirection: [redirectionData, 'The session started at http://; `route` is empty when it got no response.'],
  'referrer-policy': [referrerData, '`http`: a header was sent; `meta`: the page has a <meta name=referrer>.'],
  'strict-transport-security': [hstsData, 'Of the https session, as the model reads it.'],
  'subresource-integrity': [
    sriData,
    "The page's scripts: counts absent when none or not read; `problem` only with html-not-parseable.",
  ],
  'x-content-type-options': [valueData, 'The header.'],
  'x-frame-options': [xfoData, 'The header and CSP frame-ancestors.'],
  'cross-origin-resource-policy': [valueData, 'The header.'],
  'cross-origin-opener-policy': [tokenPolicyData, TOKEN_POLICY],
  'cross-origin-embedder-policy': [tokenPolicyData, TOKEN_POLICY],
};

/** The raw headers a test read: named in the document, as every test has them. */
export const HeaderPairsSchema = described(
  v.array(v.pipe(v.array(v.string()), v.length(2))),
  'Raw headers read, in response order, as [lower-case name, value as sent]; a header sent twice is two pairs.',
);

function testSchema(name: TestName) {
  const [data, text] = TEST_DATA[name];
  return v.object({
    name: v.literal(name),
    title: v.literal(TEST_RULES[name].title),
    result: described(v.picklist(resultsOf(name)), "The Observatory's id."),
    pass: v.boolean(),
    scoreModifier: integer(),
    description: v.string(),
    recommendation: v.string(),
    data: described(data, text),
    headers: HeaderPairsSchema,
    // Exactly the members of the TestResult that analyze() builds: a new one does not compile until it is here.
  } satisfies Record<keyof TestResult, v.GenericSchema>);
}

/** One of the 12 tests of `result.details.tests`, told apart by `name`; `tests` describes their members. */
export const SecurityHeadersTestSchema = v.variant('name', TEST_NAMES.map(testSchema));
