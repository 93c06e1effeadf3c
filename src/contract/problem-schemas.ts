/**
 * The problem document (RFC 9457 with the API's `success`, `error` and `code` members), as every
 * refusal sends it: the schemas the OpenAPI document names, and the tests check answers against.
 */
import * as v from 'valibot';
import { ERROR_CODES, type ErrorCode } from '../http/errors.ts';

const described = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(schema, v.description(description));

export const problemEntries = {
  success: v.literal(false),
  error: v.object({
    code: v.picklist(ERROR_CODES),
    message: described(v.string(), 'The same text as `detail`.'),
    hint: described(v.string(), 'What to do about it.'),
  }),
  type: described(
    v.pipe(v.string(), v.url()),
    'Documentation page of the error code: {base_url}/developers/errors/<code-with-hyphens>.',
  ),
  title: described(v.string(), 'The title of the error code.'),
  status: described(v.pipe(v.number(), v.integer()), 'The HTTP status.'),
  detail: described(v.string(), 'What went wrong with this request.'),
  code: described(v.picklist(ERROR_CODES), 'The error code; the catalog lists them all.'),
  requestId: described(
    v.string(),
    'The X-Request-Id of the request this answers (the one sent, when it is 1–128 visible ASCII characters, ' +
      'else one the service made). Quote it when asking about this error.',
  ),
};

const retryAfterSec = described(
  v.pipe(v.number(), v.integer(), v.minValue(1)),
  'On 429 and 503: seconds to wait before trying again.',
);
const violatedPolicies = described(
  v.array(v.string()),
  'On 429: the limits that were used up (per-minute, badge-per-minute, mcp-protocol-per-minute, ' +
    'or the scan-quota windows).',
);

/** Members only some problems carry, each named by where it appears. */
const extensionEntries = {
  retryAfterSec: v.optional(retryAfterSec),
  violatedPolicies: v.optional(violatedPolicies),
  accountUrl: v.optional(
    described(v.pipe(v.string(), v.url()), 'On the retired keys endpoint (410): where keys are created now.'),
  ),
  tool: v.optional(described(v.string(), 'On a 404 for a tool this API does not run: its name.')),
  ...Object.fromEntries(
    (['allowedStyles', 'allowedTools', 'allowedFormats'] as const).map((name) => [
      name,
      v.optional(described(v.array(v.string()), `On a badge 400 for a wrong parameter: the values it takes.`)),
    ]),
  ),
  runsIn: v.optional(
    described(v.picklist(['browser', 'account-portal']), 'On a 404 for a tool this API does not run: where it runs.'),
  ),
};

/** Codes whose answers have a schema of their own, so that a client can tell them apart by `code`. */
const OWN_SCHEMA_CODES: readonly ErrorCode[] = ['rate_limit_exceeded', 'service_unavailable', 'unprocessable_entity'];

export const ProblemSchema = v.pipe(
  v.object({
    ...problemEntries,
    code: described(
      v.picklist(ERROR_CODES.filter((code) => !OWN_SCHEMA_CODES.includes(code))),
      'The error code; the catalog lists them all (429, 503 and 422 answers have schemas of their own).',
    ),
    ...extensionEntries,
  }),
  v.title('Problem'),
  v.description(
    "RFC 9457 problem details with the API's success/error/code members: every refusal but 429 " +
      '(RateLimitProblem), 503 (UnavailableProblem) and the 422 of a scan that could not assess its target.',
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
    status: described(v.literal(429), 'The HTTP status.'),
    code: described(v.literal('rate_limit_exceeded'), 'The error code.'),
    retryAfterSec,
    violatedPolicies,
  }),
  v.title('RateLimitProblem'),
  v.description('429: a limit is used up; retry after retryAfterSec seconds.'),
);

/** A 503: always says when to retry. */
export const UnavailableProblemSchema = v.pipe(
  v.object({
    ...problemEntries,
    status: described(v.literal(503), 'The HTTP status.'),
    code: described(v.literal('service_unavailable'), 'The error code.'),
    retryAfterSec,
  }),
  v.title('UnavailableProblem'),
  v.description('503: something the service depends on is not answering; retry after retryAfterSec seconds.'),
);

/**
 * Any problem document, whatever its code: what a refused MCP tool call carries as its
 * structured content (the MCP tools' output schema), and what tests read any refusal with.
 */
export const AnyProblemSchema = v.pipe(
  v.object({ ...problemEntries, ...extensionEntries }),
  v.title('Problem'),
  v.description("RFC 9457 problem details, with the API's success, error and code fields."),
);

/**
 * The `data` of a JSON-RPC error on /mcp: the problem document, and what the MCP SDK attached
 * to a refusal it made itself, when it attached anything.
 */
export const McpProblemSchema = v.pipe(
  v.object({
    ...problemEntries,
    ...extensionEntries,
    mcpData: v.optional(
      described(v.record(v.string(), v.unknown()), "The MCP SDK's own data of a refusal it made itself."),
    ),
  }),
  v.title('McpProblem'),
);
