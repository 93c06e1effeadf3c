/**
 * The OpenAPI operations of the tools: the catalog, the execute operation per tool (and the
 * deprecated alias that names the tool in its path) and the MCP endpoint.
 */
import type { ErrorCode } from '../../http/errors.ts';
import { BODY_DEADLINE_MS } from '../../limits.ts';
import { executePath, openApiPath, PATHS } from '../../paths.ts';
import { ALLOWLISTED_TOOLS } from '../../tools/registry.ts';
import type { Description } from './document.ts';
import { json, KEY_REFUSALS, keyOptional, problem, refs, schemaRef } from './shared.ts';

const BODY_SECONDS = BODY_DEADLINE_MS / 1000;

/** On an execute answer: `Age` only when a stored result answered (`maxAgeSec`). */
const EXECUTE_HEADERS = refs('Age', 'Server-Timing');

const catalogResponses = {
  '200': json('The tool catalog.', 'Catalog'),
  ...KEY_REFUSALS,
  '403': problem('forbidden', 'the key lacks `tools:read`.'),
};

export const listToolsOperation = {
  operationId: 'list-tools',
  summary: 'The tool catalog',
  description:
    'Everything an agent needs to call the API: the tools with their input schemas and grade scales, ' +
    'authentication, the limits, the kept scans and every error code. Requires `tools:read` when a key ' +
    'is sent.',
  tags: ['tools'],
  security: keyOptional,
  responses: catalogResponses,
};

/** Marked deprecated with the rest of the unversioned prefix (src/contract/openapi/document.ts). */
export const legacyListToolsOperation = {
  operationId: 'list-tools-legacy',
  summary: `Deprecated alias of ${PATHS.catalog}`,
  description: `The same catalog as ${PATHS.catalog}, marked deprecated.`,
  security: keyOptional,
  responses: catalogResponses,
};

const TOOL_NAMES = ALLOWLISTED_TOOLS.map((t) => t.name);

/**
 * The execute operation of one tool, or (null) of the path that names the tool, whose answers are
 * any tool's: the deprecated alias.
 */
function executeOperation(tool: (typeof ALLOWLISTED_TOOLS)[number] | null) {
  const name = tool ? tool.name.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase()) : '';
  const about = tool
    ? `${tool.description}\n\nTarget: ${tool.targetDescription}\n\n` +
      `Grades: ${tool.gradeScale.join(', ')}; gradeScore ${tool.scoreRange.min}–${tool.scoreRange.max}. `
    : `Runs the tool the path names (${TOOL_NAMES.join(', ')}); the catalog describes each. `;
  return {
    operationId: `execute-${tool?.name ?? 'tool'}`,
    summary: `Run the ${tool?.name ?? 'named'} scan`,
    ...(tool
      ? {}
      : {
          parameters: [{ name: 'tool', in: 'path', required: true, schema: { type: 'string', enum: TOOL_NAMES } }],
        }),
    description:
      about +
      'Requires `tools:execute` when a key is sent.\n\n' +
      'Every answer that ran a scan (200 or 422) carries `scanId`, `scannedAt`, `assessed`, `cached`, `scanUrl` ' +
      'and `permalink`. With `maxAgeSec`, a stored result of the same tool and normalised target younger than ' +
      'that answers instead (`cached: true`, its original scanId and scannedAt, an `Age` header) and spends no ' +
      'scan quota; it is reused for email-security only when its scan covered the `selectors` asked for.\n\n' +
      'Any other tool name answers 404.',
    tags: ['tools'],
    security: keyOptional,
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: schemaRef('ExecuteRequest'),
          example: { target: (tool ?? ALLOWLISTED_TOOLS[0]).targetExamples[0], maxAgeSec: 3600 },
        },
      },
    },
    responses: {
      '200': {
        ...json(
          'Scan completed, or a stored result reused for `maxAgeSec` (`cached: true`).',
          tool ? `${name}Scan` : 'ScanResponse',
        ),
        headers: EXECUTE_HEADERS,
      },
      '400': problem(
        'bad_request',
        'invalid JSON, a missing, invalid or malformed `target`, or an invalid `selectors` or `maxAgeSec`; ' +
          'no scan ran.',
      ),
      ...KEY_REFUSALS,
      '403': problem('forbidden', 'the key lacks `tools:execute`.'),
      ...(tool ? {} : { '404': problem('not_found', 'a tool that is not on this API.') }),
      '408': problem(
        'request_timeout',
        `the body did not arrive in full within ${BODY_SECONDS} s (the connection is closed), ` +
          'or the client left before the scan ended.',
      ),
      '413': problem('payload_too_large', 'body over 8 KiB.'),
      '422': {
        description:
          'The scan ran but could not assess the target; grade and gradeScore are null and result explains why. ' +
          'A stored result of such a scan reused for `maxAgeSec` answers the same way, with `cached: true`.',
        headers: EXECUTE_HEADERS,
        content: { 'application/problem+json': { schema: schemaRef(`${name}UnassessedScan`) } },
      },
      '429': problem(
        'rate_limit_exceeded',
        'per-minute limit or hourly scan quota used up; no scan ran. ' +
          'After a quota refusal, `violatedPolicies` names the quota windows and the RateLimit headers describe ' +
          'the refusing one, so RateLimit-Reset equals Retry-After. A stored result reused for `maxAgeSec` is ' +
          'never refused by the quota.',
      ),
      '503': problem(
        'service_unavailable',
        "scan storage or the service's DNS resolver temporarily unavailable; nothing counted; retry after Retry-After.",
      ),
    },
  };
}

/** The execute route, described as one path per tool: a client calls each tool by its own operation. */
export const executePerTool: Description = () =>
  Object.fromEntries(ALLOWLISTED_TOOLS.map((tool) => [executePath(tool.name), executeOperation(tool)]));

export const legacyExecuteOperation = {
  ...executeOperation(null),
  operationId: 'execute-legacy',
  summary: `Deprecated alias of ${openApiPath(PATHS.execute)}: the same scan, limits and quota`,
};

/** A refusal of the HTTP request on /mcp: the REST status, a JSON-RPC error carrying the problem. */
function mcpRefusal(code: ErrorCode, description: string) {
  const rest = problem(code, description);
  return { ...rest, content: { 'application/json': { schema: schemaRef('McpRefusal') } } };
}

export const mcpOperation = {
  operationId: 'mcp',
  summary: 'MCP endpoint (Streamable HTTP, stateless)',
  description:
    `The two scans as MCP tools (${ALLOWLISTED_TOOLS.map((t) => t.mcp.name).join(', ')}) for MCP clients: ` +
    'revision 2026-07-28 and 2025-era clients, one JSON-RPC message per POST (batches are refused). ' +
    'Same keys, scan quota and body limit as the REST API. ' +
    'A tools/call counts against the per-minute limit shared with REST; messages that do no work ' +
    '(initialize, notifications, ping, tools/list) count against their own per-minute budget ' +
    '(policy mcp-protocol-per-minute); an unreadable message, a batch or an invalid key counts as a tool call. ' +
    'The scan tools take `maxAgeSec` as execute does; read-only tools return a stored scan by id and ' +
    "a target's history. " +
    'Scan results are compact unless the argument `detail` is "full"; a call with a progress token gets ' +
    'progress notifications (text/event-stream). ' +
    'Refused tool calls are tool results with isError and the problem as structuredContent. ' +
    'See docs/mcp.md.',
  tags: ['tools'],
  security: keyOptional,
  requestBody: {
    required: true,
    content: {
      'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 message of the MCP protocol.' } },
    },
  },
  responses: {
    '200': {
      description:
        'The JSON-RPC response (application/json, or text/event-stream for 2025-era clients). A refused ' +
        'tool call is a result with isError, and carries the refusal’s Retry-After or WWW-Authenticate.',
      headers: refs('Retry-After', 'WWW-Authenticate', 'X-Accel-Buffering'),
      content: {
        'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 response.' } },
        'text/event-stream': { schema: { type: 'string' } },
      },
    },
    '202': { description: 'A notification was accepted.' },
    '400': {
      ...mcpRefusal(
        'bad_request',
        'the body is not JSON (-32700), is a batch (-32600), or is not a valid MCP message; ' +
          'a Host header that names no host this service answers for gets the problem itself.',
      ),
      content: {
        'application/json': { schema: schemaRef('McpRefusal') },
        'application/problem+json': { schema: schemaRef('Problem') },
      },
    },
    '401': mcpRefusal('unauthorized', 'invalid or expired API key.'),
    '403': mcpRefusal('forbidden', 'a browser Origin that is not allowed.'),
    '404': mcpRefusal('not_found', 'an MCP method this server does not implement (2026-07-28 clients).'),
    '405': mcpRefusal('method_not_allowed', 'GET or DELETE: the server is stateless and opens no streams.'),
    '406': mcpRefusal('not_acceptable', 'Accept names neither application/json nor text/event-stream.'),
    '408': mcpRefusal(
      'request_timeout',
      `the body did not arrive in full within ${BODY_SECONDS} s; the connection is closed.`,
    ),
    '413': mcpRefusal('payload_too_large', 'body over 8 KiB.'),
    '415': mcpRefusal('unsupported_media_type', 'Content-Type is not application/json.'),
    '429': mcpRefusal(
      'rate_limit_exceeded',
      'per-minute limit (a tools/call) or MCP protocol budget (a message that does no work) used up.',
    ),
    '503': mcpRefusal('service_unavailable', 'the key could not be verified because the store is down.'),
    '500': mcpRefusal('internal_error', 'a bug; it has been logged.'),
  },
};
