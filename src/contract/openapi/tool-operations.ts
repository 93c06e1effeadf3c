/**
 * The OpenAPI operations of the tools: the catalog, the execute operation per tool (and the
 * deprecated alias that names the tool in its path) and the MCP endpoint.
 */
import type { ErrorCode } from '../../http/errors.ts';
import { BODY_DEADLINE_MS } from '../../limits.ts';
import { executePath, openApiPath, PATHS, skillPath } from '../../paths.ts';
import { ALLOWLISTED_TOOLS } from '../../tools/registry.ts';
import type { Description } from './document.ts';
import { json, KEY_REFUSALS, keyOptional, problem, refs, schemaRef } from './shared.ts';

const BODY_SECONDS = BODY_DEADLINE_MS / 1000;

/** On an execute answer: `Age` only when a stored result answered (`maxAgeSec`). */
const EXECUTE_HEADERS = refs('Age', 'Server-Timing');

const catalogResponses = {
  '200': json('The catalog.', 'Catalog'),
  ...KEY_REFUSALS,
  '403': problem('forbidden', 'needs `tools:read`.'),
};

export const listToolsOperation = {
  operationId: 'list-tools',
  summary: 'The tool catalog',
  description: 'Tools, keys, limits, errors.',
  tags: ['tools'],
  security: keyOptional,
  responses: catalogResponses,
};

/** Marked deprecated with the rest of the unversioned prefix (src/contract/openapi/document.ts). */
export const legacyListToolsOperation = {
  operationId: 'list-tools-legacy',
  summary: `Deprecated alias of ${PATHS.catalog}`,
  description: 'The same catalog.',
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
  return {
    operationId: `execute-${tool?.name ?? 'tool'}`,
    summary: `Run the ${tool?.name ?? 'named'} scan`,
    ...(tool
      ? {}
      : {
          parameters: [{ name: 'tool', in: 'path', required: true, schema: { type: 'string', enum: TOOL_NAMES } }],
        }),
    description: tool ? `Long form: ${skillPath(tool.name)}.` : 'As the versioned path.',
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
        ...json('The scan.', tool ? `${name}Scan` : 'ScanResponse'),
        headers: EXECUTE_HEADERS,
      },
      '400': problem('bad_request', 'no scan ran.'),
      ...KEY_REFUSALS,
      '403': problem('forbidden', 'needs `tools:execute`.'),
      ...(tool ? {} : { '404': problem('not_found', 'no such tool.') }),
      '408': problem('request_timeout', `body over ${BODY_SECONDS} s, or client gone.`),
      '413': problem('payload_too_large', 'over 8 KiB.'),
      '422': {
        description: 'Not assessed.',
        headers: EXECUTE_HEADERS,
        content: { 'application/problem+json': { schema: schemaRef(`${name}UnassessedScan`) } },
      },
      '429': problem('rate_limit_exceeded', 'see `violatedPolicies`; no scan ran.'),
      '503': problem('service_unavailable', 'store or DNS down; not counted.'),
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
/**
 * A refusal over MCP, described alike for every status (docs/mcp.md has each cause; `data.code`
 * names it), so that the statuses with the same headers share one answer in the document.
 */
function mcpRefusal(code: ErrorCode) {
  const { headers } = problem(code, null) as { headers?: Record<string, unknown> };
  return {
    description: 'Refused: a JSON-RPC error whose `data` is the problem (causes: docs/mcp.md).',
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: schemaRef('McpRefusal') } },
  };
}

export const mcpOperation = {
  operationId: 'mcp',
  summary: 'MCP endpoint (Streamable HTTP, stateless)',
  description: 'See docs/mcp.md.',
  tags: ['tools'],
  security: keyOptional,
  requestBody: {
    required: true,
    content: {
      'application/json': { schema: { type: 'object', description: 'An MCP JSON-RPC 2.0 message.' } },
    },
  },
  responses: {
    '200': {
      description: 'Also a refused tools/call (isError).',
      headers: refs('Retry-After', 'WWW-Authenticate', 'X-Accel-Buffering'),
      content: {
        'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 response.' } },
        'text/event-stream': { schema: { type: 'string' } },
      },
    },
    '202': { description: 'Accepted.' },
    '400': {
      ...mcpRefusal('bad_request'),
      description: 'Refused: a JSON-RPC error whose `data` is the problem; an unusable Host: the problem.',
      content: {
        'application/json': { schema: schemaRef('McpRefusal') },
        'application/problem+json': { schema: schemaRef('Problem') },
      },
    },
    '401': mcpRefusal('unauthorized'),
    '403': mcpRefusal('forbidden'),
    '404': mcpRefusal('not_found'),
    '405': mcpRefusal('method_not_allowed'),
    '406': mcpRefusal('not_acceptable'),
    '408': mcpRefusal('request_timeout'),
    '413': mcpRefusal('payload_too_large'),
    '415': mcpRefusal('unsupported_media_type'),
    '429': mcpRefusal('rate_limit_exceeded'),
    '503': mcpRefusal('service_unavailable'),
    '500': mcpRefusal('internal_error'),
  },
};
