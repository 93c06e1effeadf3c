/**
 * The valibot schemas of `result` of a security-headers scan (scanner.ts `gradeCapture`): its
 * details when assessed (200), and its details when not (422), one shape per reason. Its status
 * is in status-schema.ts, the tests' `data` in result-schema-tests.ts, and
 * docs/security-headers-grading.md explains it all. The schemas are the source of the types of a
 * finding (analysis.ts); the members
 * of the graded details and of each test entry are checked against analysis.ts when compiling.
 */
import * as v from 'valibot';
import { alwaysNull } from '../always-null.ts';
import { GRADE_SCALE, SEVERITIES } from '../grading.ts';
import { TEST_NAMES, type FindingId, type SecurityHeadersAnalysis, type Severity } from './analysis.ts';
import type { RetrievalError } from './capture.ts';
import { BODY_MARKERS, DECISIVE_HEADERS, PRESENCE } from './retrieve/challenge-signatures.ts';
import { FINDING_CATALOGUE } from './findings/catalogue.ts';
import { MAX_SCORE } from './grade/score.ts';
import { count, described, integer, SecurityHeadersTestSchema } from './result-schema-tests.ts';

/**
 * Why a session got no response, or had to be retried without certificate checks
 * (retrieve/retrieve.ts); empty where the name says it.
 */
const RETRIEVAL_REASONS: Record<RetrievalError['reason'], string> = {
  dns: 'the name did not resolve',
  refused: '',
  tls: 'handshake or certificate failed',
  timeout: 'no answer in time',
  'blocked-address': 'an address that may not be scanned, e.g. private or loopback',
  'too-many-redirects': '',
  'invalid-redirect': 'to an invalid URL',
  network: 'any other network error',
};
type Reason = RetrievalError['reason'];
const ALL_REASONS = Object.keys(RETRIEVAL_REASONS) as Reason[];
/** blocked-address stops the scan first (the blocked-address reason): no other result carries it. */
const UNBLOCKED_REASONS = ALL_REASONS.filter((r) => r !== 'blocked-address');

const retrievalError = (reasons: Reason[]) =>
  v.object({
    reason: described(
      v.picklist(reasons),
      reasons
        .filter((r) => RETRIEVAL_REASONS[r] !== '')
        .map((r) => `${r}: ${RETRIEVAL_REASONS[r]}`)
        .join('; ') + '.',
    ),
    message: v.string(),
    url: v.string(),
  });

/** Why one session failed: any reason but blocked-address, or (when the scan was blocked) any. */
const FAILURE_TEXT =
  'Why the session started at this scheme got no response, or was retried without certificate checks.';
export const RetrievalFailureSchema = described(retrievalError(UNBLOCKED_REASONS), FAILURE_TEXT);
export const BlockedRetrievalFailureSchema = described(retrievalError(ALL_REASONS), FAILURE_TEXT);

/** The failures by session, `https` and `http` (where each session started); named parts, once in the document. */
const retrievalErrors = (reasons: Reason[], text: string) => {
  const failure = reasons === ALL_REASONS ? BlockedRetrievalFailureSchema : RetrievalFailureSchema;
  return described(v.object({ https: v.optional(failure), http: v.optional(failure) }), text);
};

const RedirectSchema = v.object({ url: v.string(), status: integer() });

/** `retrieval` when a response was graded, or refused for its status. */
const answeredRetrieval = (response: 'graded' | 'refused', sameAs: string) =>
  described(
    v.object({
      finalUrl: v.string(),
      finalStatus: integer(),
      redirects: described(v.array(RedirectSchema), 'The hops before it, in order.'),
      verified: v.boolean(),
      errors: v.optional(retrievalErrors(UNBLOCKED_REASONS, `Same as ${sameAs}; absent when none.`)),
    }),
    `Of the ${response} response; \`verified\` is true for http.`,
  );

/** `retrieval` when no session got a response: nothing but the errors. */
const unansweredRetrieval = (errors: 'always' | 'sometimes') =>
  described(
    v.object({
      finalUrl: alwaysNull(v.string(), 'Always null.'),
      finalStatus: alwaysNull(integer(), 'Always null.'),
      redirects: described(v.pipe(v.array(RedirectSchema), v.maxLength(0)), 'Always empty.'),
      verified: alwaysNull(v.boolean(), 'Always null.'),
      errors:
        errors === 'always'
          ? retrievalErrors(UNBLOCKED_REASONS, 'Same as errors.')
          : v.optional(retrievalErrors(UNBLOCKED_REASONS, 'Same as errors; may be absent when empty.')),
    }),
    'Nothing answered.',
  );

const FINDING_IDS = Object.keys(FINDING_CATALOGUE) as FindingId[];
const FINDING_SEVERITIES = SEVERITIES.filter((s): s is Severity => s !== 'critical');

export const FindingSchema = v.object({
  id: described(v.picklist(FINDING_IDS), 'Stable; each has one severity.'),
  severity: described(v.picklist(FINDING_SEVERITIES), 'high and medium keep status from passed.'),
  title: v.string(),
  evidence: v.array(v.string()),
  recommendation: v.string(),
});

type GradedDetailsMember = Exclude<keyof SecurityHeadersAnalysis, 'status' | 'message' | 'reason'> | 'retrievalErrors';

const TESTS_TEXT =
  "In the Observatory's order: `scoreModifier` adds to the baseline 100; `pass` is counted, never " +
  'scored; `recommendation` is one line.';

export const SecurityHeadersDetailsSchema = described(
  v.object({
    assessable: v.literal(true),
    algorithmVersion: v.literal(6),
    score: described(
      v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_SCORE), v.multipleOf(5)),
      `0 to ${MAX_SCORE}, a multiple of 5; the same as gradeScore.`,
    ),
    grade: described(v.picklist(GRADE_SCALE), "Of score; the same as the answer's grade."),
    testsPassed: count(),
    testsFailed: count(),
    testsQuantity: v.literal(TEST_NAMES.length),
    tests: described(v.pipe(v.array(SecurityHeadersTestSchema), v.length(TEST_NAMES.length)), TESTS_TEXT),
    findings: described(v.array(FindingSchema), 'Most severe first; they never change the score.'),
    retrieval: answeredRetrieval('graded', 'retrievalErrors'),
    retrievalErrors: v.optional(retrievalErrors(UNBLOCKED_REASONS, 'By session; absent when none.')),
    // Exactly what gradeCapture sends: the analysis but its status and message (result.status and
    // result.message) and the reason it has only when not assessable, and the capture's errors.
  } satisfies Record<GradedDetailsMember, v.GenericSchema>),
  'Graded by the MDN HTTP Observatory model; docs/security-headers-grading.md explains it.',
);

const VENDORS = [...new Set([...DECISIVE_HEADERS, ...BODY_MARKERS, ...PRESENCE].map((s) => s.vendor))];

export const SecurityHeadersUnassessedDetailsSchema = described(
  v.variant('reason', [
    v.object({
      reason: v.literal('blocked-address'),
      errors: retrievalErrors(ALL_REASONS, 'By session; at least one is blocked-address.'),
    }),
    v.object({
      reason: v.literal('bot-challenge'),
      vendor: described(v.picklist(VENDORS), 'Whose challenge it is.'),
      evidence: v.array(v.string()),
    }),
    v.object({
      reason: described(
        v.picklist(UNBLOCKED_REASONS),
        "Neither session answered: the https:// one's reason, else the http:// one's.",
      ),
      errors: retrievalErrors(UNBLOCKED_REASONS, 'By session; at least one is present.'),
      retrieval: unansweredRetrieval('always'),
    }),
    v.object({
      reason: v.literal('no-response'),
      errors: retrievalErrors(UNBLOCKED_REASONS, 'By session; often empty.'),
      retrieval: unansweredRetrieval('sometimes'),
    }),
    v.object({
      reason: v.literal('unexpected-status'),
      errors: retrievalErrors(UNBLOCKED_REASONS, 'By session; empty when none.'),
      retrieval: answeredRetrieval('refused', 'errors'),
    }),
  ]),
  'Why the scan could not grade the site; `reason` tells the shape. no-response: errors do not ' +
    'explain both sessions; unexpected-status: not 2xx, 3xx, 401 or 403.',
);
