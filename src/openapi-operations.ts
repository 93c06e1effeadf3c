/**
 * The operations of the OpenAPI document (src/openapi.ts) and the helpers they are written with:
 * headers, problem responses, the execute operation per tool and the MCP endpoint.
 */
import { ERRORS, type ErrorCode } from './http/errors.ts';
import { BODY_DEADLINE_MS } from './limits.ts';
import { ALLOWLISTED_TOOLS } from './tools/registry.ts';

const BODY_SECONDS = BODY_DEADLINE_MS / 1000;

export const header = (description: string, type: 'string' | 'integer' = 'string') => ({
  description,
  schema: { type },
});
export const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The headers of every answer: the version, the request id and the per-minute limit. */
export const RATE_LIMIT_HEADERS = {
  'API-Version': ref('API-Version'),
  'X-Request-Id': ref('X-Request-Id'),
  RateLimit: ref('RateLimit'),
  'RateLimit-Policy': ref('RateLimit-Policy'),
  'RateLimit-Limit': ref('RateLimit-Limit'),
  'RateLimit-Remaining': ref('RateLimit-Remaining'),
  'RateLimit-Reset': ref('RateLimit-Reset'),
  'X-RateLimit-Limit': ref('X-RateLimit-Limit'),
  'X-RateLimit-Remaining': ref('X-RateLimit-Remaining'),
  'X-RateLimit-Reset': ref('X-RateLimit-Reset'),
};

/** On an execute answer: `Age` is sent only when a stored result answered (`maxAgeSec`). */
const EXECUTE_HEADERS = { ...RATE_LIMIT_HEADERS, Age: ref('Age'), 'Server-Timing': ref('Server-Timing') };

export function problem(code: ErrorCode, description: string) {
  const retry = code === 'rate_limit_exceeded' || code === 'service_unavailable';
  return {
    description: `${ERRORS[code].title} (\`${code}\`): ${description}`,
    headers: {
      ...RATE_LIMIT_HEADERS,
      ...(retry ? { 'Retry-After': ref('Retry-After') } : {}),
      ...(code === 'unauthorized' || code === 'forbidden' ? { 'WWW-Authenticate': ref('WWW-Authenticate') } : {}),
    },
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  };
}

export const keyOptional = [{}, { bearerKey: [] }, { headerKey: [] }];

export const catalogResponses = {
  '200': {
    description: 'The tool catalog.',
    headers: RATE_LIMIT_HEADERS,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          description: 'Tools, authentication options, rate limits (`rateLimit`) and error codes.',
        },
      },
    },
  },
  '401': problem('unauthorized', 'invalid, expired or revoked key; no fallback to anonymous.'),
  '403': problem('forbidden', 'the key lacks `tools:read`.'),
  '429': problem('rate_limit_exceeded', 'per-minute limit used up.'),
  '503': problem('service_unavailable', 'the key could not be verified because the store is down.'),
};

export function executeOperation(tool: (typeof ALLOWLISTED_TOOLS)[number]) {
  return {
    operationId: `execute-${tool.name}`,
    summary: `Run the ${tool.name} scan`,
    description:
      `${tool.description}\n\nTarget: ${tool.targetDescription}\n\n` +
      `Grades: ${tool.gradeScale.join(', ')}; gradeScore ${tool.scoreRange.min}–${tool.scoreRange.max}. ` +
      'Requires `tools:execute` when a key is sent.\n\n' +
      'Every answer that ran a scan (200 or 422) carries `scanId`, `scannedAt`, `assessed`, `cached`, `scanUrl` ' +
      'and `permalink`. With `maxAgeSec`, a stored result of the same tool and normalised target younger than ' +
      'that answers instead (`cached: true`, its original scanId and scannedAt, an `Age` header) and spends no ' +
      'scan quota; it is reused for email-security only when its scan covered the `selectors` asked for.',
    tags: ['tools'],
    security: keyOptional,
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ExecuteRequest' },
          example: { target: tool.targetExamples[0], maxAgeSec: 3600 },
        },
      },
    },
    responses: {
      '200': {
        description: 'Scan completed, or a stored result reused for `maxAgeSec` (`cached: true`).',
        headers: EXECUTE_HEADERS,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ScanResponse' } } },
      },
      '400': problem(
        'bad_request',
        'invalid JSON, a missing, invalid or malformed `target`, or an invalid `selectors` or `maxAgeSec`; ' +
          'no scan ran.',
      ),
      '401': problem('unauthorized', 'invalid or expired API key.'),
      '403': problem('forbidden', 'the key lacks `tools:execute`.'),
      '404': problem('not_found', 'tool not on the agent allowlist.'),
      '408': problem(
        'request_timeout',
        `the body did not arrive in full within ${BODY_SECONDS} s; the connection is closed.`,
      ),
      '413': problem('payload_too_large', 'body over 8 KiB.'),
      '422': {
        description:
          'The scan ran but could not assess the target; grade and gradeScore are null and result explains why. ' +
          'A stored result of such a scan reused for `maxAgeSec` answers the same way, with `cached: true`.',
        headers: EXECUTE_HEADERS,
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/UnassessedScan' } } },
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

/** A refusal of the HTTP request on /mcp: the REST status, a JSON-RPC error carrying the problem. */
function mcpRefusal(code: ErrorCode, description: string) {
  const rest = problem(code, description);
  return { ...rest, content: { 'application/json': { schema: { $ref: '#/components/schemas/McpRefusal' } } } };
}

export function mcpOperation() {
  return {
    operationId: 'mcp',
    summary: 'MCP endpoint (Streamable HTTP, stateless)',
    description:
      `The two scans as MCP tools (${ALLOWLISTED_TOOLS.map((t) => t.mcp.name).join(', ')}) for MCP clients: ` +
      'revision 2026-07-28 and 2025-era clients, one JSON-RPC message per POST (batches are refused). ' +
      'Same keys, per-minute limit (every POST counts), scan quota and body limit as the REST API. ' +
      'The scan tools take `maxAgeSec` as execute does; read-only tools return a stored scan by id and ' +
      "a target's history. " +
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
        description: 'The JSON-RPC response (application/json, or text/event-stream for 2025-era clients).',
        headers: RATE_LIMIT_HEADERS,
        content: {
          'application/json': { schema: { type: 'object' } },
          'text/event-stream': { schema: { type: 'string' } },
        },
      },
      '202': { description: 'A notification was accepted.', headers: RATE_LIMIT_HEADERS },
      '400': mcpRefusal(
        'bad_request',
        'the body is not JSON (-32700), is a batch (-32600), or is not a valid MCP message.',
      ),
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
      '429': mcpRefusal('rate_limit_exceeded', 'per-minute limit used up.'),
      '503': mcpRefusal('service_unavailable', 'the key could not be verified because the store is down.'),
    },
  };
}
