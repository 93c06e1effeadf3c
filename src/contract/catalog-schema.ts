/**
 * The valibot schema of the tool catalog (`GET /api/v1/agent/tools`, built by src/contract/catalog-document.ts), so
 * the OpenAPI document documents every member and a generated client can read them without casts.
 * test/catalog-schema.test.ts checks real catalogs against it with undocumented members refused.
 */
import * as v from 'valibot';
import { ERROR_CODES, ERRORS } from '../http/errors.ts';
import { RATE_LIMIT_HEADER_NAMES } from '../http/rate-limit-headers.ts';
import { SCAN_QUOTA_POLICIES } from '../limits.ts';
import { openApiPath, PATHS } from '../paths.ts';
import { ALL_SCOPES, type Scope } from '../scopes.ts';
import { GRADE_SCALE } from '../tools/grading.ts';
import { ALLOWLISTED_TOOLS, TOOLS_ELSEWHERE } from '../tools/registry.ts';

const described = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(schema, v.description(description));
/** An object member: what it is, then its members. */
const obj = <const E extends v.ObjectEntries>(description: string, entries: E) =>
  described(v.object(entries), description);
const text = v.string();
const url = (example: string) => v.pipe(v.string(), v.url(), v.examples([example]));
/** A URL with `{name}` placeholders to fill in (RFC 6570 level 1), so not itself a URI. */
const urlTemplate = (example: string) =>
  v.pipe(v.string(), v.metadata({ format: 'uri-template' }), v.examples([example]));
const count = v.pipe(v.number(), v.integer(), v.minValue(1));
const fixed = <const T extends v.Literal>(value: T) => v.literal(value);
const scope = <const S extends Scope>(value: S) => v.literal(value);

const ToolNameSchema = described(v.picklist(ALLOWLISTED_TOOLS.map((t) => t.name)), 'A tool of this API.');
const McpToolNameSchema = described(v.picklist(ALLOWLISTED_TOOLS.map((t) => t.mcp.name)), 'Its name over MCP.');
const GradeSchema = v.picklist(GRADE_SCALE);
const EXAMPLE = 'https://scan.example.com';

const McpSchema = obj('The tools over MCP; every POST stands alone; `protocolVersions` has the stateless one first.', {
  url: url(`${EXAMPLE}/mcp`),
  transport: fixed('streamable-http'),
  stateless: fixed(true),
  protocolVersions: v.pipe(
    v.array(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))),
    v.examples([['2026-07-28', '2025-11-25', '2025-06-18']]),
  ),
  tools: described(
    v.array(v.object({ name: McpToolNameSchema, tool: ToolNameSchema })),
    'The scan tools: MCP tool `name` runs `tool`.',
  ),
  readTools: described(
    v.array(
      v.object({
        name: described(v.picklist(['get_scan', 'scan_history']), 'The MCP tool.'),
        description: text,
      }),
    ),
    'MCP tools that read kept scans.',
  ),
  authentication: text,
  limits: text,
  results: text,
  errors: text,
  clientConfig: obj('To paste into an MCP client.', {
    mcpServers: obj('By server name.', {
      'agent-scan': obj('This API.', {
        type: fixed('http'),
        url: url(`${EXAMPLE}/mcp`),
        headers: obj('Complete the key, or drop `Authorization` to stay anonymous.', {
          Authorization: v.pipe(v.string(), v.examples(['Bearer asc_live_...'])),
        }),
      }),
    }),
  }),
});

const ToolSchema = v.object({
  name: ToolNameSchema,
  title: text,
  description: text,
  available: v.boolean(),
  nonIntrusive: fixed(true),
  method: fixed('POST'),
  executeUrl: url(`${EXAMPLE}/api/v1/agent/tools/security-headers/execute`),
  mcpToolName: McpToolNameSchema,
  requiredScope: scope('tools:execute'),
  inputSchema: described(v.record(v.string(), v.unknown()), 'JSON Schema (2020-12) of the execute body.'),
  historyUrl: urlTemplate(`${EXAMPLE}/api/v1/agent/tools/security-headers/scans?target={target}`),
  uiUrl: url(`${EXAMPLE}/tools/security-headers`),
  skillUrl: url(`${EXAMPLE}/agent-skills/security-headers.md`),
  grade: obj('How results are graded.', {
    scale: described(v.array(GradeSchema), 'Best first.'),
    best: described(GradeSchema, 'First of `scale`.'),
    worst: described(GradeSchema, 'Last of `scale`.'),
    scoreRange: obj('Of gradeScore.', { min: v.number(), max: v.number(), note: text }),
    notAssessed: text,
  }),
});

const StoredScansSchema = obj('Kept scans: retention, reuse and where to read them.', {
  retention: obj('`days` kept; at most `maxPerToolAndTarget`, the oldest dropped.', {
    days: count,
    maxPerToolAndTarget: count,
  }),
  reuse: obj("Execute's `maxAgeSec`, in seconds; `default` 0 always scans.", {
    parameter: fixed('maxAgeSec'),
    min: fixed(0),
    max: count,
    default: fixed(0),
    suggested: count,
    description: text,
  }),
  scanUrl: urlTemplate(`${EXAMPLE}/api/v1/scans/{scanId}`),
  historyUrl: urlTemplate(`${EXAMPLE}/api/v1/agent/tools/{tool}/scans?target={target}`),
  permalink: urlTemplate(`${EXAMPLE}/scans/{scanId}`),
  requiredScope: scope('tools:read'),
  description: text,
});

const UnavailableToolSchema = v.object({
  name: described(v.picklist(TOOLS_ELSEWHERE.map((t) => t.name)), 'The tool.'),
  availableOnThisApi: fixed(false),
  runsIn: described(v.picklist([...new Set(TOOLS_ELSEWHERE.map((t) => t.runsIn))]), 'Where it runs.'),
  reason: text,
  url: url('https://account.example.com/keys'),
});

/** An operation as "METHOD path" (the path as OpenAPI spells it), and the scope it needs. */
const ScopeRequirementsSchema = obj('Scope each operation needs, by "METHOD path".', {
  [`GET ${PATHS.catalog}`]: scope('tools:read'),
  [`POST ${openApiPath(PATHS.execute)}`]: scope('tools:execute'),
  [`GET ${openApiPath(PATHS.scan)}`]: scope('tools:read'),
  [`GET ${openApiPath(PATHS.scanHistory)}`]: scope('tools:read'),
  [`GET ${openApiPath(PATHS.badge)}`]: scope('badges:read'),
  [`POST ${PATHS.mcp} (tools/call)`]: text,
});

const AuthenticationSchema = obj('Keys are optional.', {
  anonymous: obj('Without a key.', { allowed: fixed(true), description: text }),
  apiKey: obj('For a higher per-minute limit; either of `headers` carries it.', {
    optional: fixed(true),
    headers: v.array(v.string()),
    prefix: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*_$/), v.examples(['asc_live_'])),
    format: text,
    scopes: described(v.array(v.picklist(ALL_SCOPES)), 'Scopes a key may carry.'),
    scopeRequirements: ScopeRequirementsSchema,
    invalidKey: text,
    revocation: text,
    obtain: text,
    accountUrl: url('https://account.example.com/keys'),
  }),
});

const perMinuteEntries = (per: string) => ({
  limit: count,
  windowSec: fixed(60),
  per: v.pipe(v.string(), v.examples([per])),
});

const RateLimitSchema = obj('Per-minute limits and the hourly scan quota.', {
  perMinute: obj('Each: `limit` requests per `windowSec`, counted `per` ...; `policy` names it in RateLimit.', {
    anonymous: obj('Without a key.', perMinuteEntries('client IP address (IPv6: per /64)')),
    apiKey: obj('With a key.', perMinuteEntries('API key')),
    algorithm: fixed('sliding window'),
    badge: obj('Badges, counted apart.', {
      ...perMinuteEntries('client IP address'),
      policy: fixed('badge-per-minute'),
    }),
    pages: obj('Pages and documents, counted apart.', {
      ...perMinuteEntries('client IP address'),
      policy: fixed('pages-per-minute'),
      description: text,
    }),
    mcpProtocol: obj('MCP messages that do no work.', {
      ...perMinuteEntries('API key, or client IP address without a key'),
      policy: fixed('mcp-protocol-per-minute'),
      description: text,
    }),
    headers: described(v.array(v.picklist(RATE_LIMIT_HEADER_NAMES)), 'On every answer.'),
  }),
  scanQuota: obj('Scans per `windowSec`, counted only when one runs.', {
    windowSec: fixed(3600),
    perClient: count,
    perTarget: count,
    perClientPerTarget: described(count, "One client address's share of `perTarget`."),
    overall: count,
    perNetwork: obj('Per client network.', {
      limit: count,
      per: text,
    }),
    sameWithOrWithoutKey: fixed(true),
    sharedWithBrowserTools: fixed(true),
    policies: described(v.array(v.picklist(SCAN_QUOTA_POLICIES)), 'As in the RateLimit headers and violatedPolicies.'),
    description: text,
    headers: text,
  }),
  onExceeded: text,
});

const ErrorSchema = v.object({
  code: described(v.picklist(ERROR_CODES), "A problem's `code`."),
  status: described(v.picklist(ERROR_CODES.map((c) => ERRORS[c].status)), 'Its HTTP status.'),
  title: text,
  type: url(`${EXAMPLE}/developers/errors/not-found`),
});

export const CatalogSchema = v.pipe(
  v.object({
    success: fixed(true),
    apiVersion: fixed('1'),
    name: v.pipe(v.string(), v.examples(['Agent Scan API'])),
    description: text,
    openapiUrl: url(`${EXAMPLE}/openapi.json`),
    mcp: McpSchema,
    tools: described(v.array(ToolSchema), '`available` false: no scanner here; execute answers 503.'),
    storedScans: StoredScansSchema,
    unavailableTools: described(
      v.array(UnavailableToolSchema),
      'Tools of this product that run elsewhere; `url`: where to go.',
    ),
    authentication: AuthenticationSchema,
    rateLimit: RateLimitSchema,
    limits: obj("Request sizes; the target's in characters.", {
      maxBodyBytes: count,
      maxTargetLength: count,
    }),
    errors: described(v.array(ErrorSchema), 'Every error code; `type` is its documentation page.'),
  }),
  v.title('Catalog'),
  v.description('Tools, MCP, kept scans, authentication, rate limits and error codes: how to call this API.'),
);

/** The catalog as src/contract/catalog-document.ts builds it: the schema is its one description. */
export type Catalog = v.InferOutput<typeof CatalogSchema>;
