/**
 * The components of the OpenAPI document (src/contract/openapi/document.ts): every named schema, converted once
 * from valibot with the others referenced by name, the response headers and the key schemes.
 */
import { toJsonSchemaDefs } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { CatalogSchema } from '../catalog-schema.ts';
import { SCAN_QUOTA_POLICIES } from '../../limits.ts';
import { LEGACY_SUNSET } from '../../paths.ts';
import { AliveSchema, ChecksSchema, NotReadySchema, ReadySchema } from '../probe-schemas.ts';
import {
  McpProblemSchema,
  problemEntries,
  ProblemSchema,
  RateLimitProblemSchema,
  UnavailableProblemSchema,
} from '../problem-schemas.ts';
import { PER_TOOL, ScanResponseSchema, StoredScanResponseSchema, UnassessedScanSchema } from '../response-schemas.ts';
import { assessedResult, ENVELOPE_PARTS, ScanHistoryResponseSchema, unassessedResult } from '../scan-envelope.ts';
import { ExecuteRequestSchema } from '../request-schemas.ts';
import { TOOL_IMPLEMENTATIONS } from '../../tools/implementations.ts';
import { referenceRepeatedSchemas } from './repeated-schemas.ts';

const QUOTA_POLICY_NOTE =
  'An answer that ran a scan adds the scan-quota window closest to running out ' +
  `(${SCAN_QUOTA_POLICIES.join(', ')}; w=3600); a scan-quota 429 lists that ` +
  'window alone.';
const QUOTA_REFUSAL_NOTE = ' On a scan-quota 429: of that window.';

const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());

/** Every schema the document names, by its component name. */
function namedSchemas(): Record<string, v.GenericSchema> {
  const perTool = PER_TOOL.flatMap(({ tool, scan, unassessed, stored }): [string, v.GenericSchema][] => {
    const name = pascal(tool.name);
    const shapes = TOOL_IMPLEMENTATIONS[tool.name].resultSchemas;
    return [
      [`${name}Scan`, scan],
      [`${name}UnassessedScan`, unassessed],
      [`${name}StoredScan`, stored],
      [`${name}Details`, shapes.details],
      [`${name}UnassessedDetails`, shapes.unassessedDetails],
      // Written once: the stored scan repeats them.
      [`${name}Result`, assessedResult(tool, shapes)],
      [`${name}UnassessedResult`, unassessedResult(tool, shapes)],
    ];
  });
  const toolParts: Record<string, v.GenericSchema> = {};
  for (const tool of Object.values(TOOL_IMPLEMENTATIONS))
    for (const [name, schema] of Object.entries(tool.resultSchemas.parts)) {
      if (name in toolParts) throw new Error(`two tools name a part ${name}`);
      toolParts[name] = schema;
    }
  return {
    Catalog: CatalogSchema,
    ExecuteRequest: ExecuteRequestSchema,
    ScanResponse: ScanResponseSchema,
    UnassessedScan: UnassessedScanSchema,
    StoredScan: StoredScanResponseSchema,
    ScanHistory: ScanHistoryResponseSchema,
    Problem: ProblemSchema,
    RateLimitProblem: RateLimitProblemSchema,
    UnavailableProblem: UnavailableProblemSchema,
    McpProblem: McpProblemSchema,
    ...Object.fromEntries(perTool),
    ProblemError: problemEntries.error,
    RequestId: problemEntries.requestId,
    ...ENVELOPE_PARTS,
    ...toolParts,
    Alive: AliveSchema,
    Ready: ReadySchema,
    NotReady: NotReadySchema,
    ReadinessChecks: ChecksSchema,
  };
}

/**
 * JSON Schema of every named schema; a schema used inside another, described or not, is a `$ref`
 * to its component.
 */
export function componentSchemas(): Record<string, unknown> {
  const defs = toJsonSchemaDefs(namedSchemas(), { target: 'draft-2020-12', ignoreActions: ['check'] });
  const schemas = JSON.parse(JSON.stringify(defs).replaceAll('"#/$defs/', '"#/components/schemas/')) as Record<
    string,
    unknown
  >;
  return referenceRepeatedSchemas(schemas);
}

const header = (description: string | null, type: 'string' | 'integer' = 'string', required = false) => ({
  ...(description === null ? {} : { description }),
  ...(required ? { required: true } : {}),
  schema: { type },
});

/**
 * Headers documented once, in the document's `x-response-headers`, instead of on each of the
 * hundred answers that carry them; each answer lists only the headers of its own.
 */
export const EVERY_ANSWER_HEADERS = {
  'API-Version': header('Always 1.', 'string', true),
  'X-Request-Id': header(
    'The X-Request-Id sent when 1–128 visible ASCII characters, else a new UUID; also `requestId` in ' +
      'problems and the service log.',
    'string',
    true,
  ),
  'Access-Control-Allow-Origin': header('Always *.', 'string', true),
  'Access-Control-Expose-Headers': header(null, 'string', true),
  'Cache-Control': header(
    'no-store on API answers; public, max-age on the document, badges, pages and assets.',
    'string',
    true,
  ),
};

/** On every answer except the probes' (/healthz, /readyz), which are never limited. */
export const LIMIT_HEADERS = {
  RateLimit: header(`draft-ietf-httpapi-ratelimit-headers: "per-minute";r=<left>;t=<seconds>. ${QUOTA_POLICY_NOTE}`),
  'RateLimit-Policy': header(`draft-ietf-httpapi-ratelimit-headers: "per-minute";q=<limit>;w=60. ${QUOTA_POLICY_NOTE}`),
  'RateLimit-Limit': header(`Per minute.${QUOTA_REFUSAL_NOTE}`, 'integer'),
  'RateLimit-Remaining': header(QUOTA_REFUSAL_NOTE.trim(), 'integer'),
  'RateLimit-Reset': header(`Seconds; after a 429, as Retry-After.${QUOTA_REFUSAL_NOTE}`, 'integer'),
  'X-RateLimit-Limit': header('As RateLimit-Limit.', 'integer'),
  'X-RateLimit-Remaining': header('As RateLimit-Remaining.', 'integer'),
  'X-RateLimit-Reset': header(`Unix epoch seconds (GitHub convention).${QUOTA_REFUSAL_NOTE}`, 'integer'),
};

/** On every answer under the deprecated prefix (/api/agent/…). */
export const DEPRECATED_PREFIX_HEADERS = {
  Deprecation: header('RFC 9745: @<unix seconds> of the deprecation.', 'string', true),
  Sunset: header(`RFC 8594: ${LEGACY_SUNSET}.`, 'string', true),
  Link: header('rel="successor-version": the versioned path.', 'string', true),
};

/** The headers particular answers carry, referenced by each (components.headers). */
export const RESPONSE_HEADERS = {
  Age: header('Seconds since the scan reused by `maxAgeSec`.', 'integer'),
  'Retry-After': header(null, 'integer'),
  'Server-Timing': header(null),
  'WWW-Authenticate': header(null),
  ETag: header(null, 'string', true),
  Allow: header(null, 'string', true),
  Vary: header(null),
  'X-Accel-Buffering': header(null),
};

export type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

/** Only the preflight's, which is described once (x-cors-preflight) and no operation refers to. */
export const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': header(null, 'string', true),
  'Access-Control-Allow-Headers': header(null, 'string', true),
  'Access-Control-Max-Age': header('Seconds.', 'integer', true),
};

export const SECURITY_SCHEMES = {
  bearerKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'Optional: without a key, the anonymous limits apply.',
  },
  headerKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description: 'Optional: without a key, the anonymous limits apply.',
  },
};
