/**
 * The problem document (RFC 9457 with the API's `success`, `error` and `code` members), as every
 * refusal sends it: the schemas the OpenAPI document names, and the tests check answers against.
 */
import * as v from 'valibot';
import { ERROR_CODES, type ErrorCode } from '../http/errors.ts';

const described = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(schema, v.description(description));

/** What a problem's `error` adds: on ProblemError, and on the copy a 422 scan makes of it. */
const ERROR_TEXT = '`message` repeats `detail`; `hint` says what to do.';

/** A problem's `error`, with `code` as the problem has it. */
export const problemErrorOf = <S extends v.GenericSchema<ErrorCode>>(code: S) =>
  described(v.object({ code, message: v.string(), hint: v.string() }), ERROR_TEXT);

const CODE_TEXT = "See the catalog's `errors`.";

/** The members every problem shares, explained once: in the descriptions of the problem schemas. */
export const problemEntries = {
  success: v.literal(false),
  error: problemErrorOf(described(v.picklist(ERROR_CODES), 'Same as `code`.')),
  type: v.pipe(v.string(), v.url()),
  title: v.string(),
  status: v.pipe(v.number(), v.integer()),
  detail: v.string(),
  code: described(v.picklist(ERROR_CODES), CODE_TEXT),
  requestId: described(v.string(), 'The X-Request-Id of this request; quote it when asking.'),
};

const retryAfterSec = v.pipe(v.number(), v.integer(), v.minValue(1));
const violatedPolicies = v.array(v.string());

/** Members only some problems carry, explained in the descriptions of the schemas that have them. */
const extensionEntries = {
  retryAfterSec: v.optional(retryAfterSec),
  violatedPolicies: v.optional(violatedPolicies),
  accountUrl: v.optional(v.pipe(v.string(), v.url())),
  tool: v.optional(v.string()),
  ...Object.fromEntries(
    (['allowedStyles', 'allowedTools', 'allowedFormats'] as const).map((name) => [
      name,
      v.optional(v.array(v.string())),
    ]),
  ),
  runsIn: v.optional(
    described(v.picklist(['browser', 'account-portal']), 'On a 404 for a tool run elsewhere (`tool`): where it runs.'),
  ),
};

const PROBLEM_TEXT =
  "RFC 9457 problem details (`type`: the code's documentation page), with `success`, `code` and `error`.";
const RETRY_TEXT = ' `retryAfterSec` (429, 503): seconds to wait; `violatedPolicies` (429): the limits used up.';

/** Codes whose answers have a schema of their own, so that a client can tell them apart by `code`. */
const OWN_SCHEMA_CODES: readonly ErrorCode[] = ['rate_limit_exceeded', 'service_unavailable', 'unprocessable_entity'];

export const ProblemSchema = v.pipe(
  v.object({
    ...problemEntries,
    code: described(v.picklist(ERROR_CODES.filter((code) => !OWN_SCHEMA_CODES.includes(code))), CODE_TEXT),
    ...extensionEntries,
  }),
  v.title('Problem'),
  v.description(
    `${PROBLEM_TEXT} Any refusal but 429, 503 and a scan's 422, which have their own. ` +
      '`accountUrl` (410): where keys are created now; `allowedStyles`, `allowedTools`, `allowedFormats` ' +
      '(badge 400): the values a parameter takes.',
  ),
  v.examples([
    {
      success: false,
      error: {
        code: 'bad_request',
        message: 'The body has no "target" member.',
        hint: 'Send a JSON object with a "target" member, e.g. {"target": "example.com"}.',
      },
      type: 'https://scan.example/developers/errors/bad-request',
      title: 'Bad Request',
      status: 400,
      detail: 'The body has no "target" member.',
      code: 'bad_request',
      requestId: '4f3c2a9e-8d1b-4c57-9a0e-2b6f1d7c3e81',
    },
  ]),
);

/** A 429: always says when to retry and which limits refused. */
export const RateLimitProblemSchema = v.pipe(
  v.object({
    ...problemEntries,
    status: v.literal(429),
    code: v.literal('rate_limit_exceeded'),
    retryAfterSec,
    violatedPolicies,
  }),
  v.title('RateLimitProblem'),
  v.description(
    '429: the limits in `violatedPolicies` (named as in RateLimit-Policy) are used up; ' +
      'retry after `retryAfterSec` seconds.',
  ),
);

/** A 503: always says when to retry. */
export const UnavailableProblemSchema = v.pipe(
  v.object({
    ...problemEntries,
    status: v.literal(503),
    code: v.literal('service_unavailable'),
    retryAfterSec,
  }),
  v.title('UnavailableProblem'),
  v.description('503: a dependency is not answering; retry after `retryAfterSec` seconds.'),
);

/**
 * Any problem document, whatever its code: what a refused MCP tool call carries as its
 * structured content (the MCP tools' output schema), and what tests read any refusal with.
 */
export const AnyProblemSchema = v.pipe(
  v.object({ ...problemEntries, ...extensionEntries }),
  v.title('Problem'),
  v.description(PROBLEM_TEXT + RETRY_TEXT),
);

/**
 * The `data` of a JSON-RPC error on /mcp: the problem document, and what the MCP SDK attached
 * to a refusal it made itself, when it attached anything.
 */
export const McpProblemSchema = v.pipe(
  v.object({
    ...problemEntries,
    ...extensionEntries,
    mcpData: v.optional(described(v.record(v.string(), v.unknown()), "The MCP SDK's, on a refusal it made itself.")),
  }),
  v.title('McpProblem'),
  v.description("A problem of any code (see Problem, RateLimitProblem) as a JSON-RPC error's `data`."),
);
