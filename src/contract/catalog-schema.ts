/**
 * The valibot schema of the tool catalog (`GET /api/v1/agent/tools`, built by src/contract/catalog-document.ts), so
 * the OpenAPI document describes every member and a generated client can read them without casts.
 * test/catalog-schema.test.ts checks real catalogs against it with undocumented members refused.
 */
import * as v from 'valibot';
import { ERROR_CODES, ERRORS } from '../http/errors.ts';
import { RATE_LIMIT_HEADER_NAMES } from '../http/rate-limit-headers.ts';
import { openApiPath, PATHS } from '../paths.ts';
import { ALL_SCOPES, type Scope } from '../scopes.ts';
import { GRADE_SCALE } from '../tools/grading.ts';
import { ALLOWLISTED_TOOLS, TOOLS_ELSEWHERE } from '../tools/registry.ts';

const text = (description: string) => v.pipe(v.string(), v.description(description));
const url = (description: string, example: string) =>
  v.pipe(v.string(), v.url(), v.description(description), v.examples([example]));
/** A URL with `{name}` placeholders to fill in (RFC 6570 level 1), so not itself a URI. */
const urlTemplate = (description: string, example: string) =>
  v.pipe(v.string(), v.metadata({ format: 'uri-template' }), v.description(description), v.examples([example]));
const count = (description: string) => v.pipe(v.number(), v.integer(), v.minValue(1), v.description(description));
const fixed = <const T extends v.Literal>(value: T, description: string) =>
  v.pipe(v.literal(value), v.description(description));
const scope = <const S extends Scope>(value: S, description: string) => fixed(value, description);
/** An object member: what it is, then its members. */
const obj = <const E extends v.ObjectEntries>(description: string, entries: E) =>
  v.pipe(v.object(entries), v.description(description));

const ToolNameSchema = v.pipe(
  v.picklist(ALLOWLISTED_TOOLS.map((t) => t.name)),
  v.description('Name of a tool this API runs.'),
);
const McpToolNameSchema = v.pipe(
  v.picklist(ALLOWLISTED_TOOLS.map((t) => t.mcp.name)),
  v.description('Name of the MCP tool that runs this tool.'),
);
const GradeSchema = v.picklist(GRADE_SCALE);
const EXAMPLE = 'https://scan.example.com';

const McpSchema = obj('How to reach the same tools over MCP.', {
  url: url('The MCP endpoint.', `${EXAMPLE}/mcp`),
  transport: fixed('streamable-http', 'MCP transport: Streamable HTTP.'),
  stateless: fixed(true, 'No session: every POST stands alone.'),
  protocolVersions: v.pipe(
    v.array(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))),
    v.description('MCP protocol revisions served, the stateless revision first.'),
    v.examples([['2026-07-28', '2025-11-25', '2025-06-18']]),
  ),
  tools: v.pipe(
    v.array(v.object({ name: McpToolNameSchema, tool: ToolNameSchema })),
    v.description('The scan tools over MCP, each with the catalog tool it runs.'),
  ),
  readTools: v.pipe(
    v.array(
      v.object({
        name: v.pipe(v.picklist(['get_scan', 'scan_history']), v.description('MCP tool name.')),
        description: text('What it reads.'),
      }),
    ),
    v.description('MCP tools that read kept scans; they spend no scan quota.'),
  ),
  authentication: text('How MCP requests authenticate.'),
  limits: text('What MCP requests count against.'),
  results: text('What a tool call answers with: the compact default, the full result on request, and progress.'),
  errors: text('How MCP reports refused requests and refused tool calls.'),
  clientConfig: obj('A client configuration in the common mcpServers shape, to paste into an MCP client.', {
    mcpServers: obj('MCP servers by name.', {
      'agent-scan': obj('This API as an MCP server.', {
        type: fixed('http', 'Connect over HTTP.'),
        url: url('The MCP endpoint.', `${EXAMPLE}/mcp`),
        headers: obj('The optional key header.', {
          Authorization: v.pipe(
            v.string(),
            v.description('Bearer and the key prefix: complete the key, or drop the header to stay anonymous.'),
            v.examples(['Bearer asc_live_...']),
          ),
        }),
      }),
    }),
  }),
});

const ToolSchema = v.object({
  name: ToolNameSchema,
  title: text('Short title for people.'),
  description: text('What the tool checks and how it reaches the target.'),
  available: v.pipe(
    v.boolean(),
    v.description('False when this instance has no scanner for it (execute answers 503).'),
  ),
  nonIntrusive: fixed(true, 'The tool only sends ordinary requests or DNS queries.'),
  method: fixed('POST', 'HTTP method of executeUrl.'),
  executeUrl: url('Where to POST a scan request.', `${EXAMPLE}/api/v1/agent/tools/security-headers/execute`),
  mcpToolName: McpToolNameSchema,
  requiredScope: scope('tools:execute', 'Scope a key needs to run it.'),
  inputSchema: v.pipe(
    v.record(v.string(), v.unknown()),
    v.description("JSON Schema (2020-12) document of the execute body for this tool, with the tool's target rules."),
  ),
  historyUrl: urlTemplate(
    'Kept scans of this tool for a target: replace {target}.',
    `${EXAMPLE}/api/v1/agent/tools/security-headers/scans?target={target}`,
  ),
  uiUrl: url('Web page of the tool.', `${EXAMPLE}/tools/security-headers`),
  skillUrl: url('Agent skill description of the tool (Markdown).', `${EXAMPLE}/agent-skills/security-headers.md`),
  grade: obj('How results are graded.', {
    scale: v.pipe(v.array(GradeSchema), v.description('Letter grades, best first.')),
    best: v.pipe(GradeSchema, v.description('Best grade.')),
    worst: v.pipe(GradeSchema, v.description('Worst grade.')),
    scoreRange: obj('Range of gradeScore.', {
      min: v.pipe(v.number(), v.description('Lowest gradeScore.')),
      max: v.pipe(v.number(), v.description('Highest gradeScore.')),
      note: text('How the score is computed.'),
    }),
    notAssessed: text('What an answer looks like when the scan could not assess its target.'),
  }),
});

const StoredScansSchema = obj('Kept scans: reuse, retention and where to read them.', {
  retention: obj('How long and how many scans are kept.', {
    days: count('Days a scan is kept.'),
    maxPerToolAndTarget: count('Most scans kept per tool and target; older ones are dropped.'),
  }),
  reuse: obj('How to answer from a kept scan instead of scanning again.', {
    parameter: fixed('maxAgeSec', 'Execute body member that asks for reuse.'),
    min: fixed(0, 'Smallest value.'),
    max: count('Largest value, in seconds.'),
    default: fixed(0, 'Value when left out: always scan.'),
    suggested: count('A sensible value, in seconds.'),
    description: text('How reuse works.'),
  }),
  scanUrl: urlTemplate('A kept scan as JSON: replace {scanId}.', `${EXAMPLE}/api/v1/scans/{scanId}`),
  historyUrl: urlTemplate(
    'Kept scans of a tool and target: replace {tool} and {target}.',
    `${EXAMPLE}/api/v1/agent/tools/{tool}/scans?target={target}`,
  ),
  permalink: urlTemplate('Web page of a kept scan: replace {scanId}.', `${EXAMPLE}/scans/{scanId}`),
  requiredScope: scope('tools:read', 'Scope a key needs to read kept scans.'),
  description: text('What execute answers carry and how to read kept scans back.'),
});

const UnavailableToolSchema = v.object({
  name: v.pipe(v.picklist(TOOLS_ELSEWHERE.map((t) => t.name)), v.description('Name of the tool.')),
  availableOnThisApi: fixed(false, 'Always false: this API does not run it.'),
  runsIn: v.pipe(v.picklist([...new Set(TOOLS_ELSEWHERE.map((t) => t.runsIn))]), v.description('Where it runs.')),
  reason: text('Why it is not here, and how it runs instead.'),
  url: url('Where to go for it.', 'https://account.example.com/keys'),
});

/** An operation as "METHOD path" (the path as OpenAPI spells it), and the scope it needs. */
const ScopeRequirementsSchema = obj('Scope each operation needs, by "METHOD path".', {
  [`GET ${PATHS.catalog}`]: scope('tools:read', 'Scope to read the catalog.'),
  [`POST ${openApiPath(PATHS.execute)}`]: scope('tools:execute', 'Scope to run a scan.'),
  [`GET ${openApiPath(PATHS.scan)}`]: scope('tools:read', 'Scope to read a kept scan.'),
  [`GET ${openApiPath(PATHS.scanHistory)}`]: scope('tools:read', 'Scope to list kept scans.'),
  [`GET ${openApiPath(PATHS.badge)}`]: scope('badges:read', 'Scope to fetch a badge.'),
  [`POST ${PATHS.mcp} (tools/call)`]: text('Scopes of the MCP tool calls, in words.'),
});

const AuthenticationSchema = obj('Anonymous use and developer keys.', {
  anonymous: obj('Use without a key.', {
    allowed: fixed(true, 'Calls without a key are allowed.'),
    description: text('What anonymous callers get.'),
  }),
  apiKey: obj('Developer keys: optional, for a higher per-minute limit.', {
    optional: fixed(true, 'A key is never required.'),
    headers: v.pipe(v.array(v.string()), v.description('The headers that carry a key, either one.')),
    prefix: v.pipe(
      v.string(),
      v.regex(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*_$/),
      v.description('How every key of this service starts.'),
      v.examples(['asc_live_']),
    ),
    format: text('The shape of a key.'),
    scopes: v.pipe(v.array(v.picklist(ALL_SCOPES)), v.description('Scopes a key may carry.')),
    scopeRequirements: ScopeRequirementsSchema,
    invalidKey: text('What happens with a bad key.'),
    revocation: text('How soon a revoked key stops working.'),
    obtain: text('How to get a key.'),
    accountUrl: url('The account portal, where keys are created.', 'https://account.example.com/keys'),
  }),
});

const perMinuteEntries = (per: string) => ({
  limit: count('Requests allowed per window.'),
  windowSec: fixed(60, 'Window length, in seconds.'),
  per: v.pipe(v.string(), v.description('What is counted separately.'), v.examples([per])),
});

const RateLimitSchema = obj('Per-minute limits and the hourly scan quota.', {
  perMinute: obj('Per-minute request limits.', {
    anonymous: obj('Requests without a key.', perMinuteEntries('client IP address (IPv6: per /64)')),
    apiKey: obj('Requests with a key.', perMinuteEntries('API key')),
    algorithm: fixed('sliding window', 'How windows are counted.'),
    badge: obj('Badge requests, counted apart.', {
      ...perMinuteEntries('client IP address'),
      policy: fixed('badge-per-minute', 'Policy name in the RateLimit headers.'),
    }),
    mcpProtocol: obj('MCP messages that do no work, counted apart from tool calls.', {
      ...perMinuteEntries('API key, or client IP address without a key'),
      policy: fixed('mcp-protocol-per-minute', 'Policy name in the RateLimit headers.'),
      description: text('Which MCP messages draw on it, and what tool calls draw on instead.'),
    }),
    headers: v.pipe(v.array(v.picklist(RATE_LIMIT_HEADER_NAMES)), v.description('Rate-limit headers on every answer.')),
  }),
  scanQuota: obj('Hourly scan quota, counted only when a scan runs.', {
    windowSec: fixed(3600, 'Window length, in seconds.'),
    perClient: count('Scans per window per client address.'),
    perTarget: count('Scans per window per target host, whoever asks.'),
    overall: count('Scans per window across the service.'),
    perNetwork: obj('Scans per client network.', {
      limit: count('Scans per window per client network.'),
      per: text('What a network is.'),
    }),
    sameWithOrWithoutKey: fixed(true, 'A key does not raise the quota.'),
    sharedWithBrowserTools: fixed(true, 'The tool pages spend the same quota.'),
    policies: v.pipe(
      v.array(
        v.picklist([
          'scans-per-hour-per-client',
          'scans-per-hour-per-network',
          'scans-per-hour-per-target',
          'scans-per-hour-overall',
        ]),
      ),
      v.description('Policy names of the quota windows, as in RateLimit headers and violatedPolicies.'),
    ),
    description: text('How a scan is counted.'),
    headers: text('How the quota shows in the rate-limit headers.'),
  }),
  onExceeded: text('The answer when a limit is used up.'),
});

const ErrorSchema = v.object({
  code: v.pipe(v.picklist(ERROR_CODES), v.description('The code of problem answers (code and error.code).')),
  status: v.pipe(v.picklist(ERROR_CODES.map((c) => ERRORS[c].status)), v.description('HTTP status of the code.')),
  title: text('The problem title.'),
  type: url('Documentation page of the code, the problem type.', `${EXAMPLE}/developers/errors/not-found`),
});

export const CatalogSchema = v.pipe(
  v.object({
    success: fixed(true, 'Always true.'),
    apiVersion: fixed('1', 'API version of this answer.'),
    name: v.pipe(v.string(), v.description('Name of the API.'), v.examples(['Agent Scan API'])),
    description: text('What the API does.'),
    openapiUrl: url('The OpenAPI document.', `${EXAMPLE}/openapi.json`),
    mcp: McpSchema,
    tools: v.pipe(v.array(ToolSchema), v.description('The tools this API runs, with how to call them.')),
    storedScans: StoredScansSchema,
    unavailableTools: v.pipe(
      v.array(UnavailableToolSchema),
      v.description('Tools of the same product that this API does not run, and where they run.'),
    ),
    authentication: AuthenticationSchema,
    rateLimit: RateLimitSchema,
    limits: obj('Request size limits.', {
      maxBodyBytes: count('Largest request body, in bytes.'),
      maxTargetLength: count('Longest target, in characters.'),
    }),
    errors: v.pipe(v.array(ErrorSchema), v.description('Every error code of problem answers.')),
  }),
  v.title('Catalog'),
  v.description('Tools, MCP, kept scans, authentication, rate limits and error codes: how to call this API.'),
);

/** The catalog as src/contract/catalog-document.ts builds it: the schema is its one description. */
export type Catalog = v.InferOutput<typeof CatalogSchema>;
