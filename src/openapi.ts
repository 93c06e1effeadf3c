/**
 * The OpenAPI 3.1 document, generated from the valibot schemas in src/schemas.ts, the paths in
 * src/paths.ts, the tool registry and the error table.
 */
import {
  catalogResponses,
  executeOperation,
  header,
  keyOptional,
  mcpOperation,
  problem,
  RATE_LIMIT_HEADERS,
  ref,
} from './openapi-operations.ts';
import { executePath, LEGACY_SUNSET, openApiPath, PATHS } from './paths.ts';
import {
  ExecuteRequestSchema,
  jsonSchemaOf as schema,
  ProblemSchema,
  ScanResponseSchema,
  UnassessedScanSchema,
} from './schemas.ts';
import { ALLOWLISTED_TOOLS, TOOLS_ELSEWHERE } from './tools/registry.ts';

export function buildOpenApi(baseUrl: string, accountUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Agent Scan API',
      version: '1',
      description:
        'Non-intrusive security checks over HTTP. ' +
        'Works without a key (10 requests/min per client IP); ' +
        `a free developer key from ${accountUrl} raises that to 30/min. ` +
        'Scans are limited to 20/hour per client IP and per target, 1,000/hour overall. ' +
        'Every error is application/problem+json; its `type` links to documentation.',
    },
    servers: [{ url: baseUrl }],
    tags: [{ name: 'tools' }, { name: 'badges' }, { name: 'deprecated' }],
    paths: {
      [PATHS.catalog]: {
        get: {
          operationId: 'list-tools',
          summary: 'The tool catalog',
          tags: ['tools'],
          security: keyOptional,
          responses: catalogResponses,
        },
      },
      ...Object.fromEntries(ALLOWLISTED_TOOLS.map((t) => [executePath(t.name), { post: executeOperation(t) }])),
      [openApiPath(PATHS.execute)]: {
        post: {
          operationId: 'execute-other-tool',
          summary: 'Any other tool name',
          description:
            `Tools not on this API (${TOOLS_ELSEWHERE.map((t) => t.name).join(', ')}) ` +
            'and unknown names answer 404.',
          tags: ['tools'],
          parameters: [{ name: 'tool', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '404': problem('not_found', 'not on this API.') },
        },
      },
      [PATHS.developerKeys]: {
        post: {
          operationId: 'create-key-gone',
          summary: 'Deprecated: keys are created on the account portal',
          deprecated: true,
          tags: ['deprecated'],
          responses: { '410': problem('gone', `always; create keys at ${accountUrl}.`) },
        },
      },
      [PATHS.legacyCatalog]: {
        get: {
          operationId: 'list-tools-legacy',
          summary: `Deprecated alias of ${PATHS.catalog}`,
          deprecated: true,
          tags: ['deprecated'],
          security: keyOptional,
          responses: {
            ...catalogResponses,
            '200': {
              ...catalogResponses['200'],
              headers: {
                ...RATE_LIMIT_HEADERS,
                Deprecation: ref('Deprecation'),
                Sunset: ref('Sunset'),
                Link: ref('Link'),
              },
            },
          },
        },
      },
      [openApiPath(PATHS.badge)]: {
        get: {
          operationId: 'badge',
          summary: 'SVG badge with the latest website-security grade of a domain',
          description:
            'The domain is normalised (scheme, www., path, query, case, trailing dot, IDN). ' +
            'Shows `?` when no grade exists. Cached 5 minutes with an ETag; a key needs `badges:read`. ' +
            'Its own rate limit: 120 per minute per client address (policy badge-per-minute).',
          tags: ['badges'],
          security: keyOptional,
          parameters: [
            {
              name: 'domain',
              in: 'path',
              required: true,
              schema: { type: 'string', maxLength: 253 },
              example: 'example.com',
            },
            {
              name: 'style',
              in: 'query',
              required: false,
              schema: { type: 'string', enum: ['default', 'compact', 'mini'], default: 'default' },
            },
          ],
          responses: {
            '200': {
              description: 'The badge.',
              headers: { ...RATE_LIMIT_HEADERS, ETag: ref('ETag') },
              content: { 'image/svg+xml': { schema: { type: 'string' } } },
            },
            '304': { description: 'Not modified (If-None-Match matched the ETag).', headers: { ETag: ref('ETag') } },
            '400': problem('bad_request', 'invalid domain or unknown style.'),
            '401': problem('unauthorized', 'invalid or expired API key.'),
            '403': problem('forbidden', 'the key lacks `badges:read`.'),
            '429': problem('rate_limit_exceeded', 'badge rate limit used up.'),
          },
        },
      },
      [PATHS.mcp]: { post: mcpOperation() },
      [PATHS.openapi]: {
        get: {
          operationId: 'openapi',
          summary: 'This document',
          responses: {
            '200': {
              description: 'OpenAPI 3.1 document.',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            // Sending a key is never needed here; one that is sent is checked, and a bad one counts.
            '401': problem('unauthorized', 'a key was sent and is not valid; send none.'),
            '429': problem('rate_limit_exceeded', 'invalid keys sent from this address used up its per-minute limit.'),
            '503': problem(
              'service_unavailable',
              'a key was sent and could not be verified because the store is down.',
            ),
          },
        },
      },
    },
    components: {
      schemas: {
        ExecuteRequest: schema(ExecuteRequestSchema),
        ScanResponse: schema(ScanResponseSchema),
        UnassessedScan: schema(UnassessedScanSchema),
        Problem: schema(ProblemSchema),
        McpRefusal: {
          type: 'object',
          description: 'A JSON-RPC 2.0 error response whose data is the problem document.',
          required: ['jsonrpc', 'id', 'error'],
          properties: {
            jsonrpc: { const: '2.0' },
            id: { type: 'null' },
            error: {
              type: 'object',
              required: ['code', 'message', 'data'],
              properties: {
                code: { type: 'integer' },
                message: { type: 'string' },
                data: { $ref: '#/components/schemas/Problem' },
              },
            },
          },
        },
      },
      securitySchemes: {
        bearerKey: { type: 'http', scheme: 'bearer', description: 'Developer key: Authorization: Bearer <API_KEY>' },
        headerKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: 'Developer key: X-Api-Key: <API_KEY>',
        },
      },
      headers: {
        'API-Version': header('Always 1.'),
        RateLimit: header('draft-ietf-httpapi-ratelimit-headers: "per-minute";r=<remaining>;t=<seconds to reset>.'),
        'RateLimit-Policy': header('draft-ietf-httpapi-ratelimit-headers: "per-minute";q=<limit>;w=60.'),
        'RateLimit-Limit': header('Requests allowed per minute.', 'integer'),
        'RateLimit-Remaining': header('Requests left in the window.', 'integer'),
        'RateLimit-Reset': header(
          'Seconds until the window resets (after a 429: until a retry can succeed).',
          'integer',
        ),
        'X-RateLimit-Limit': header('Same as RateLimit-Limit.', 'integer'),
        'X-RateLimit-Remaining': header('Same as RateLimit-Remaining.', 'integer'),
        'X-RateLimit-Reset': header('When the window resets, in Unix epoch seconds (GitHub convention).', 'integer'),
        'Retry-After': header('Seconds to wait before retrying.', 'integer'),
        'WWW-Authenticate': header('Bearer challenge naming the problem (invalid_token, insufficient_scope).'),
        Deprecation: header('RFC 9745: @<unix seconds> when this path was deprecated.'),
        Sunset: header(`RFC 8594: ${LEGACY_SUNSET}.`),
        Link: header('rel="successor-version": the versioned path.'),
        ETag: header('Strong validator of the SVG (SHA-256).'),
      },
    },
  };
}
