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

/** Why a session got no response, or had to be retried without certificate checks (retrieve/retrieve.ts). */
const RETRIEVAL_REASONS: Record<RetrievalError['reason'], string> = {
  dns: 'the host name did not resolve',
  refused: 'the connection was refused',
  tls: 'the TLS handshake or certificate failed',
  timeout: 'a request got no answer in time',
  'blocked-address': 'an address that may not be scanned, such as a private or loopback one',
  'too-many-redirects': 'too many redirects',
  'invalid-redirect': 'a redirect to a URL that is not valid',
  network: 'another network error',
};
type Reason = RetrievalError['reason'];
const ALL_REASONS = Object.keys(RETRIEVAL_REASONS) as Reason[];
/** blocked-address stops the scan first (the blocked-address reason): no other result carries it. */
const UNBLOCKED_REASONS = ALL_REASONS.filter((r) => r !== 'blocked-address');

const retrievalError = (reasons: Reason[]) =>
  v.object({
    reason: described(
      v.picklist(reasons),
      `What failed: ${reasons.map((r) => `${r} (${RETRIEVAL_REASONS[r]})`).join(', ')}.`,
    ),
    message: described(v.string(), 'What failed, for people.'),
    url: described(v.string(), 'The URL whose request failed.'),
  });

/** Why one session failed: any reason but blocked-address, or (when the scan was blocked) any. */
const FAILURE_TEXT = 'Why this session got no response, or was retried without certificate checks.';
export const RetrievalFailureSchema = described(retrievalError(UNBLOCKED_REASONS), FAILURE_TEXT);
export const BlockedRetrievalFailureSchema = described(retrievalError(ALL_REASONS), FAILURE_TEXT);

/** The failures by session, `https` and `http` (where each session started); named parts, once in the document. */
const retrievalErrors = (reasons: Reason[], text: string) => {
  const failure = reasons === ALL_REASONS ? BlockedRetrievalFailureSchema : RetrievalFailureSchema;
  return described(v.object({ https: v.optional(failure), http: v.optional(failure) }), text);
};

const ERRORS_TEXT =
  'Why each session (`https`: started at https://, `http`: at http://) got no response, or was retried ' +
  'without certificate checks (tls).';

const RedirectSchema = v.object({
  url: described(v.string(), 'URL of the hop.'),
  status: integer('HTTP status of the hop.'),
});

/** `retrieval` when a response was graded, or refused for its status. */
const answeredRetrieval = (text: string, sameAs: string) =>
  described(
    v.object({
      finalUrl: described(v.string(), 'URL of the graded response (https:// session first, else http://).'),
      finalStatus: integer('HTTP status of the graded response.'),
      redirects: described(v.array(RedirectSchema), 'The hops before the graded response, in order.'),
      verified: described(v.boolean(), 'Whether the TLS certificate of that session verified (true for http).'),
      errors: v.optional(retrievalErrors(UNBLOCKED_REASONS, `${ERRORS_TEXT} The same as ${sameAs}; absent when none.`)),
    }),
    text,
  );

/** `retrieval` when no session got a response: nothing but the errors. */
const unansweredRetrieval = (errors: 'always' | 'sometimes') =>
  described(
    v.object({
      finalUrl: alwaysNull(v.string(), 'Always null: nothing answered.'),
      finalStatus: alwaysNull(v.pipe(v.number(), v.integer()), 'Always null: nothing answered.'),
      redirects: described(v.pipe(v.array(RedirectSchema), v.maxLength(0)), 'Always empty: nothing answered.'),
      verified: alwaysNull(v.boolean(), 'Always null: nothing answered.'),
      errors:
        errors === 'always'
          ? retrievalErrors(UNBLOCKED_REASONS, `${ERRORS_TEXT} The same as errors.`)
          : v.optional(
              retrievalErrors(
                UNBLOCKED_REASONS,
                `${ERRORS_TEXT} The same as errors; may be absent when that is empty.`,
              ),
            ),
    }),
    'What the retrieval got: no response.',
  );

const FINDING_IDS = Object.keys(FINDING_CATALOGUE) as FindingId[];
const FINDING_SEVERITIES = SEVERITIES.filter((s): s is Severity => s !== 'critical');

export const FindingSchema = described(
  v.object({
    id: described(v.picklist(FINDING_IDS), 'Stable id of the finding.'),
    severity: described(v.picklist(FINDING_SEVERITIES), 'How serious it is; high and medium keep status from passed.'),
    title: described(v.string(), 'What was found, in one sentence.'),
    evidence: described(v.array(v.string()), 'What was seen: header values, counts, URLs.'),
    recommendation: described(v.string(), 'What to do, in one line.'),
  }),
  'Something beyond the Observatory model; findings never change the score.',
);

type GradedDetailsMember = Exclude<keyof SecurityHeadersAnalysis, 'status' | 'message' | 'reason'> | 'retrievalErrors';

export const SecurityHeadersDetailsSchema = described(
  v.object({
    assessable: described(v.literal(true), 'Always true here: the model could grade the response.'),
    algorithmVersion: described(v.literal(6), 'The MDN HTTP Observatory scoring algorithm version reproduced.'),
    score: described(
      v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_SCORE), v.multipleOf(5)),
      `Score from 0 to ${MAX_SCORE} (baseline 100), a multiple of 5; the same as gradeScore.`,
    ),
    grade: described(v.picklist(GRADE_SCALE), 'Letter grade of score; the same as grade.'),
    testsPassed: count('Number of tests that passed.'),
    testsFailed: count('Number of tests that failed.'),
    testsQuantity: described(v.literal(TEST_NAMES.length), `Number of tests, always ${TEST_NAMES.length}.`),
    tests: described(
      v.pipe(v.array(SecurityHeadersTestSchema), v.length(TEST_NAMES.length)),
      `The ${TEST_NAMES.length} tests, in the Observatory's order.`,
    ),
    findings: described(v.array(FindingSchema), 'Findings, most severe first.'),
    retrieval: answeredRetrieval('How the graded response was retrieved.', 'retrievalErrors'),
    retrievalErrors: v.optional(retrievalErrors(UNBLOCKED_REASONS, `${ERRORS_TEXT} Absent when none.`)),
    // Exactly what gradeCapture sends: the analysis but its status and message (result.status and
    // result.message) and the reason it has only when not assessable, and the capture's errors.
  } satisfies Record<GradedDetailsMember, v.GenericSchema>),
  `The graded scan: score, grade, the ${TEST_NAMES.length} tests and the findings.`,
);

const VENDORS = [...new Set([...DECISIVE_HEADERS, ...BODY_MARKERS, ...PRESENCE].map((s) => s.vendor))];

export const SecurityHeadersUnassessedDetailsSchema = described(
  v.variant('reason', [
    v.object({
      reason: described(
        v.literal('blocked-address'),
        'The site is, or redirects to, an address that may not be scanned.',
      ),
      errors: retrievalErrors(ALL_REASONS, `${ERRORS_TEXT} At least one is blocked-address.`),
    }),
    v.object({
      reason: described(v.literal('bot-challenge'), 'A bot or WAF challenge answered instead of the site.'),
      vendor: described(v.picklist(VENDORS), 'Whose challenge it is.'),
      evidence: described(v.array(v.string()), 'What gave it away: the status, a header, a page marker.'),
    }),
    v.object({
      reason: described(
        v.picklist(UNBLOCKED_REASONS),
        'Neither https:// nor http:// got a response: the reason of the https:// session, else the http:// one.',
      ),
      errors: retrievalErrors(UNBLOCKED_REASONS, `${ERRORS_TEXT} At least one is present.`),
      retrieval: unansweredRetrieval('always'),
    }),
    v.object({
      reason: described(
        v.literal('no-response'),
        'Nothing answered, and the retrieval errors do not explain both sessions.',
      ),
      errors: retrievalErrors(UNBLOCKED_REASONS, `${ERRORS_TEXT} Often empty.`),
      retrieval: unansweredRetrieval('sometimes'),
    }),
    v.object({
      reason: described(
        v.literal('unexpected-status'),
        'The graded response has a status that is not graded (only 2xx, 3xx, 401 and 403 are).',
      ),
      errors: retrievalErrors(UNBLOCKED_REASONS, `${ERRORS_TEXT} Empty when none.`),
      retrieval: answeredRetrieval('How the refused response was retrieved.', 'errors'),
    }),
  ]),
  'Why the security-headers scan could not grade the site; reason tells the shape.',
);
