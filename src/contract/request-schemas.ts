/**
 * The valibot schemas of the API's requests: they validate requests, and src/contract/openapi/document.ts, the
 * catalog and the MCP tools publish them. Responses are in src/contract/response-schemas.ts.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { MAX_TARGET_LENGTH } from '../limits.ts';
import { SCAN_RECORD_TTL_MS } from '../store/port.ts';
import { MAX_REQUESTED_SELECTORS } from '../tools/email-security/dkim/selectors.ts';
import { ALLOWLISTED_TOOLS, type ToolName } from '../tools/registry.ts';

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
  v.maxLength(MAX_REQUESTED_SELECTORS, `At most ${MAX_REQUESTED_SELECTORS} DKIM selectors may be given.`),
  v.description(
    `${SELECTOR_TOOLS.join(', ')} only: DKIM selectors to check first (at most ${MAX_REQUESTED_SELECTORS}), ` +
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
let inputSchemas: Record<ToolName, Record<string, unknown>> | undefined;

/**
 * The request schema as each tool reads it: its own target description; `selectors` only where
 * the tool takes them. Converted on first use (the catalog, an MCP tool list), then kept.
 */
export function toolInputSchemas(): Record<ToolName, Record<string, unknown>> {
  if (inputSchemas) return inputSchemas;
  const executeRequest = jsonSchemaOf(ExecuteRequestSchema, { dialect: true });
  const { target, selectors, maxAgeSec } = executeRequest['properties'] as Record<string, object>;
  inputSchemas = Object.fromEntries(
    ALLOWLISTED_TOOLS.map((tool) => {
      const properties = {
        target: { ...target, description: tool.targetDescription, examples: tool.targetExamples },
        ...(tool.acceptsSelectors ? { selectors } : {}),
        maxAgeSec,
      };
      return [tool.name, { ...executeRequest, properties }];
    }),
  ) as unknown as Record<ToolName, Record<string, unknown>>;
  return inputSchemas;
}

/** How long scans are kept, in days. */
export const SCAN_KEPT_DAYS = SCAN_RECORD_TTL_MS / 86_400_000;
