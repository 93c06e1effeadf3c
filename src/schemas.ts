/**
 * The valibot schemas of the API. Requests are validated with them, tests check responses with
 * them, and src/openapi.ts turns them into the OpenAPI document: one definition of each shape.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { MAX_TARGET_LENGTH } from './limits.ts';
import { ERROR_CODES } from './http/errors.ts';
import { SCAN_RECORD_TTL_MS, SCANS_KEPT_PER_TARGET } from './store/port.ts';
import { ALLOWLISTED_TOOLS, type ToolName } from './tools/registry.ts';

const codePoints = (s: string) => [...s].length;

/**
 * The JSON Schema (2020-12) of a schema, as the catalog, the OpenAPI document and the MCP tools
 * publish it; `dialect` keeps the `$schema` member for a stand-alone document.
 */
export function jsonSchemaOf(schema: v.GenericSchema, options: { dialect?: boolean } = {}): Record<string, unknown> {
  const { $schema, ...rest } = toJsonSchema(schema, { target: 'draft-2020-12', ignoreActions: ['check'] });
  return options.dialect ? { $schema, ...rest } : rest;
}

const TargetSchema = v.pipe(
  v.string('"target" must be a string.'),
  v.minLength(1, '"target" is empty.'),
  v.check((s) => codePoints(s) <= MAX_TARGET_LENGTH, `"target" is longer than ${MAX_TARGET_LENGTH} characters.`),
  v.metadata({ maxLength: MAX_TARGET_LENGTH }),
  v.description(
    `What to scan, at most ${MAX_TARGET_LENGTH} characters. ` +
      ALLOWLISTED_TOOLS.map((t) => `${t.name}: ${t.targetInSchemas.accepts}.`).join(' '),
  ),
  v.examples(['example.com']),
);

const MAX_SELECTORS = 10;
const SELECTOR_TOOLS = ALLOWLISTED_TOOLS.filter((t) => t.acceptsSelectors).map((t) => t.name);

const SelectorsSchema = v.pipe(
  v.array(
    v.pipe(
      v.string('"selectors" must hold strings.'),
      v.regex(
        /^[A-Za-z0-9_-]{1,63}(?:\.[A-Za-z0-9_-]{1,63}){0,3}$/,
        'Each DKIM selector must be DNS labels of letters, digits, "-" and "_" (e.g. "google" or "s1").',
      ),
    ),
    '"selectors" must be an array of DKIM selector names.',
  ),
  v.maxLength(MAX_SELECTORS, `At most ${MAX_SELECTORS} DKIM selectors may be given.`),
  v.description(
    `${SELECTOR_TOOLS.join(', ')} only: DKIM selectors to check first (at most ${MAX_SELECTORS}), ` +
      'besides those implied by the mail providers and a list of common ones.',
  ),
  v.examples([['google', 's1']]),
);

/** Longest `maxAgeSec` accepted: a day. */
export const MAX_AGE_SEC_LIMIT = 86_400;

const MaxAgeSchema = v.pipe(
  v.number('"maxAgeSec" must be a whole number of seconds from 0 to 86400.'),
  v.integer('"maxAgeSec" must be a whole number of seconds from 0 to 86400.'),
  v.minValue(0, '"maxAgeSec" must be a whole number of seconds from 0 to 86400.'),
  v.maxValue(MAX_AGE_SEC_LIMIT, '"maxAgeSec" must be a whole number of seconds from 0 to 86400.'),
  v.description(
    'Reuse a stored result of the same tool and target when it is younger than this many seconds ' +
      '(0 to 86400; default 0, always scan). A reused result has "cached": true and its original ' +
      'scanId and scannedAt, and spends no scan quota.',
  ),
  v.examples([3600]),
);

export const ExecuteRequestSchema = v.pipe(
  v.object(
    { target: TargetSchema, selectors: v.optional(SelectorsSchema), maxAgeSec: v.optional(MaxAgeSchema) },
    (issue) =>
      issue.path?.length
        ? 'The body has no "target" member.'
        : `The body must be a JSON object; got ${issue.received}.`,
  ),
  v.title('ExecuteRequest'),
  v.description('Body of both execute endpoints: JSON, at most 8 KiB. Unknown members are ignored.'),
);
const executeRequest = jsonSchemaOf(ExecuteRequestSchema, { dialect: true });

/** The request schema as each tool reads it: its own target description; `selectors` only where the tool takes them. */
export const TOOL_INPUT_SCHEMAS = Object.fromEntries(
  ALLOWLISTED_TOOLS.map((tool) => {
    const { target, selectors, maxAgeSec } = executeRequest['properties'] as Record<string, object>;
    const properties = {
      target: { ...target, description: tool.targetDescription, examples: tool.targetExamples },
      ...(tool.acceptsSelectors ? { selectors } : {}),
      maxAgeSec,
    };
    return [tool.name, { ...executeRequest, properties }];
  }),
) as unknown as Record<ToolName, Record<string, unknown>>;

const ScanResultSchema = v.pipe(
  v.looseObject({
    status: v.pipe(v.string(), v.description('Outcome of the scan, e.g. "passed", "warnings", "failed" or "error".')),
    message: v.pipe(v.string(), v.description('One-sentence summary for people.')),
    details: v.pipe(
      v.record(v.string(), v.unknown()),
      v.description('Tool-specific findings: every test with its result, score modifier and recommendation.'),
    ),
  }),
  v.title('ScanResult'),
);

const envelopeEntries = {
  apiVersion: v.pipe(v.literal('1'), v.description('API version of this body.')),
  toolName: v.picklist(ALLOWLISTED_TOOLS.map((t) => t.name)),
  target: v.pipe(
    v.string(),
    v.description(
      'The scanned target, normalised ' +
        `(${ALLOWLISTED_TOOLS.map((t) => `${t.targetInSchemas.normalizedTo} for ${t.name}`).join(', ')}).`,
    ),
  ),
  result: ScanResultSchema,
  uiUrl: v.pipe(v.string(), v.url(), v.description('Web page of the tool.')),
  skillUrl: v.pipe(v.string(), v.url(), v.description('Agent skill description of the tool (Markdown).')),
};

/** How long scans are kept, in days. */
export const SCAN_KEPT_DAYS = SCAN_RECORD_TTL_MS / 86_400_000;

const ScanIdSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{22}$/),
  v.description('Opaque, unguessable id of the stored scan (22 base64url characters).'),
  v.examples(['3q2-7wAAAAC6vbrQ8J-Hxw']),
);
const ScannedAtSchema = v.pipe(v.string(), v.isoTimestamp(), v.description('When the scan finished (RFC 3339, UTC).'));
const scanLinkEntries = {
  scanUrl: v.pipe(
    v.string(),
    v.url(),
    v.description(`This scan as JSON, {base_url}/api/v1/scans/{scanId}, for ${SCAN_KEPT_DAYS} days.`),
  ),
  permalink: v.pipe(v.string(), v.url(), v.description('Web page of this scan for people, {base_url}/scans/{scanId}.')),
};

/** What every answer carrying a stored scan adds to the envelope (src/scan/envelope.ts). */
const storedEntries = (assessed: v.GenericSchema<boolean>, cached: v.GenericSchema<boolean>) => ({
  scanId: ScanIdSchema,
  scannedAt: ScannedAtSchema,
  assessed,
  cached,
  ...scanLinkEntries,
});
const CachedSchema = v.pipe(
  v.boolean(),
  v.description(
    'True when a stored result younger than maxAgeSec answered instead of a new scan: ' +
      'scanId and scannedAt are the original ones, the Age header gives its age, and no scan quota was spent.',
  ),
);

export const ScanResponseSchema = v.pipe(
  v.object({
    success: v.literal(true),
    ...envelopeEntries,
    grade: v.pipe(v.string(), v.description("Letter grade; the catalog lists each tool's scale.")),
    gradeScore: v.pipe(v.number(), v.description("Numeric score; the catalog lists each tool's range.")),
    error: v.null(),
    ...storedEntries(v.pipe(v.literal(true), v.description('The scan assessed its target.')), CachedSchema),
  }),
  v.title('ScanResponse'),
);

const problemEntries = {
  success: v.literal(false),
  error: v.object({
    code: v.picklist(ERROR_CODES),
    message: v.string(),
    hint: v.pipe(v.string(), v.description('What to do about it.')),
  }),
  type: v.pipe(
    v.string(),
    v.url(),
    v.description('Documentation page of the error code: {base_url}/developers/errors/<code-with-hyphens>.'),
  ),
  title: v.string(),
  status: v.pipe(v.number(), v.integer()),
  detail: v.string(),
  code: v.picklist(ERROR_CODES),
  requestId: v.pipe(
    v.string(),
    v.description(
      'The X-Request-Id of the request this answers (the one sent, when it is 1–128 visible ASCII characters, ' +
        'else one the service made). Quote it when asking about this error.',
    ),
  ),
};

export const ProblemSchema = v.pipe(
  v.looseObject({
    ...problemEntries,
    retryAfterSec: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.description('On 429 and 503: seconds to wait before retrying.')),
    ),
    violatedPolicies: v.optional(v.pipe(v.array(v.string()), v.description('On 429: which limits were used up.'))),
  }),
  v.title('Problem'),
  v.description("RFC 9457 problem details with the API's success/error/code members."),
);

export const UnassessedScanSchema = v.pipe(
  v.looseObject({
    ...problemEntries,
    ...envelopeEntries,
    grade: v.null(),
    gradeScore: v.null(),
    ...storedEntries(v.pipe(v.literal(false), v.description('The scan could not assess its target.')), CachedSchema),
  }),
  v.title('UnassessedScan'),
  v.description(
    '422: the scan ran but could not assess the target. ' +
      'A problem body that also carries the scan envelope; result explains why.',
  ),
);

export const StoredScanResponseSchema = v.pipe(
  v.object({
    success: v.literal(true),
    ...envelopeEntries,
    grade: v.pipe(
      v.nullable(v.string()),
      v.description('Letter grade; null when the scan could not assess its target.'),
    ),
    gradeScore: v.pipe(v.nullable(v.number()), v.description('Numeric score; null when grade is null.')),
    error: v.null(),
    ...storedEntries(
      v.pipe(v.boolean(), v.description('False when the scan ran but could not assess its target; result says why.')),
      v.pipe(v.literal(true), v.description('Always true: a stored result.')),
    ),
  }),
  v.title('StoredScan'),
  v.description(
    'A kept scan read back by id: the envelope its execute answer had, with success true ' +
      'even when the scan could not assess its target.',
  ),
);

export const ScanHistoryResponseSchema = v.pipe(
  v.object({
    success: v.literal(true),
    apiVersion: envelopeEntries.apiVersion,
    toolName: envelopeEntries.toolName,
    target: v.pipe(v.string(), v.description('The target, normalised exactly as execute normalises it.')),
    scans: v.pipe(
      v.array(
        v.object({
          scanId: ScanIdSchema,
          scannedAt: ScannedAtSchema,
          grade: v.pipe(v.nullable(v.string()), v.description('Null when the scan could not assess its target.')),
          gradeScore: v.nullable(v.number()),
          status: v.pipe(v.string(), v.description('result.status of the scan.')),
          ...scanLinkEntries,
        }),
      ),
      v.maxLength(SCANS_KEPT_PER_TARGET),
      v.description(
        `Kept scans of this tool and target, newest first: the last ${SCAN_KEPT_DAYS} days, ` +
          `at most ${SCANS_KEPT_PER_TARGET}.`,
      ),
    ),
    error: v.null(),
  }),
  v.title('ScanHistory'),
);
