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
  ref,
} from './openapi-operations.ts';
import { badgeOperation } from './openapi-badge.ts';
import { healthOperation, readinessOperation } from './openapi-probes.ts';
import { scanHistoryOperation, storedScanOperation } from './openapi-scans.ts';
import { executePath, LEGACY_SUNSET, openApiPath, PATHS } from './paths.ts';
import {
  ExecuteRequestSchema,
  jsonSchemaOf as schema,
  ProblemSchema,
  SCAN_KEPT_DAYS,
  ScanHistoryResponseSchema,
  ScanResponseSchema,
  StoredScanResponseSchema,
  UnassessedScanSchema,
} from './schemas.ts';
import { SCANS_KEPT_PER_TARGET } from './store/port.ts';
import { ALLOWLISTED_TOOLS, TOOLS_ELSEWHERE } from './tools/registry.ts';

const QUOTA_POLICY_NOTE =
  'An execute answer that ran a scan also lists the scan-quota window closest to running out ' +
  '(scans-per-hour-per-client, -per-network, -per-target or -overall; w=3600); ' +
  'a scan-quota 429 lists the refusing window alone; a reused (cached) answer lists only per-minute.';
const QUOTA_REFUSAL_NOTE = ' Always the per-minute policy, except on a scan-quota 429: the refusing quota window.';

/**
 * An operation under the unversioned prefix: marked deprecated, and every one of its answers
 * carries Deprecation, Sunset and the successor's Link (src/http/respond.ts).
 */
function deprecatedAlias<T extends { responses: Record<string, { headers?: Record<string, unknown> }> }>(operation: T) {
  const marked = { Deprecation: ref('Deprecation'), Sunset: ref('Sunset'), Link: ref('Link') };
  const responses = Object.fromEntries(
    Object.entries(operation.responses).map(([status, response]) => [
      status,
      { ...response, headers: { ...response.headers, ...marked } },
    ]),
  );
  return { ...operation, deprecated: true, tags: ['deprecated'], responses };
}

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
        `Scan results are kept ${SCAN_KEPT_DAYS} days (at most the ${SCANS_KEPT_PER_TARGET} newest per tool and ` +
        'target): send `maxAgeSec` to reuse a recent one without spending scan quota, ' +
        'and read them back by scanId or as a history. ' +
        'Every error is application/problem+json; its `type` links to documentation.',
    },
    servers: [{ url: baseUrl }],
    tags: [{ name: 'tools' }, { name: 'scans' }, { name: 'badges' }, { name: 'operations' }, { name: 'deprecated' }],
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
      [openApiPath(PATHS.scanHistory)]: { get: scanHistoryOperation },
      [openApiPath(PATHS.scan)]: { get: storedScanOperation },
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
        get: deprecatedAlias({
          operationId: 'list-tools-legacy',
          summary: `Deprecated alias of ${PATHS.catalog}`,
          security: keyOptional,
          responses: catalogResponses,
        }),
      },
      [openApiPath(PATHS.legacyExecute)]: {
        post: deprecatedAlias({
          ...executeOperation(ALLOWLISTED_TOOLS[0]),
          operationId: 'execute-legacy',
          summary: `Deprecated alias of ${openApiPath(PATHS.execute)}: the same scan, limits and quota`,
          parameters: [
            {
              name: 'tool',
              in: 'path',
              required: true,
              schema: { type: 'string', enum: ALLOWLISTED_TOOLS.map((t) => t.name) },
            },
          ],
        }),
      },
      [openApiPath(PATHS.badge)]: { get: badgeOperation },
      [PATHS.health]: { get: healthOperation },
      [PATHS.readiness]: { get: readinessOperation },
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
        StoredScan: schema(StoredScanResponseSchema),
        ScanHistory: schema(ScanHistoryResponseSchema),
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
        RateLimit: header(
          'draft-ietf-httpapi-ratelimit-headers: "per-minute";r=<remaining>;t=<seconds to reset>. ' +
            `${QUOTA_POLICY_NOTE} e.g. "per-minute";r=9;t=42, "scans-per-hour-per-client";r=19;t=3300.`,
        ),
        'RateLimit-Policy': header(
          'draft-ietf-httpapi-ratelimit-headers: "per-minute";q=<limit>;w=60. ' +
            `${QUOTA_POLICY_NOTE} e.g. "per-minute";q=10;w=60, "scans-per-hour-per-client";q=20;w=3600.`,
        ),
        'RateLimit-Limit': header(`Requests allowed per minute.${QUOTA_REFUSAL_NOTE}`, 'integer'),
        'RateLimit-Remaining': header(`Requests left in the window.${QUOTA_REFUSAL_NOTE}`, 'integer'),
        'RateLimit-Reset': header(
          'Seconds until the window resets (after a 429: until a retry can succeed, as Retry-After).' +
            QUOTA_REFUSAL_NOTE,
          'integer',
        ),
        'X-RateLimit-Limit': header('Same as RateLimit-Limit.', 'integer'),
        'X-RateLimit-Remaining': header('Same as RateLimit-Remaining.', 'integer'),
        'X-RateLimit-Reset': header(
          `When the window resets, in Unix epoch seconds (GitHub convention).${QUOTA_REFUSAL_NOTE}`,
          'integer',
        ),
        Age: header(
          'Only when a stored result answered an execute request (`maxAgeSec`, `cached: true`): ' +
            'whole seconds since that scan finished.',
          'integer',
        ),
        'Retry-After': header('Seconds to wait before retrying.', 'integer'),
        'X-Request-Id': header(
          'The id of this request: the X-Request-Id sent, when it is 1–128 visible ASCII characters, else a new ' +
            'UUID. Also `requestId` in problem bodies and in the service log.',
        ),
        'Server-Timing': header(
          'W3C Server-Timing: `scan;dur=<ms>` (absent when a stored result answered) and ' +
            '`store;dur=<ms>;desc="<n> round trips"`.',
        ),
        'WWW-Authenticate': header('Bearer challenge naming the problem (invalid_token, insufficient_scope).'),
        Deprecation: header('RFC 9745: @<unix seconds> when this path was deprecated.'),
        Sunset: header(`RFC 8594: ${LEGACY_SUNSET}.`),
        Link: header('rel="successor-version": the versioned path.'),
        ETag: header('Strong validator of the SVG (SHA-256).'),
      },
    },
  };
}
