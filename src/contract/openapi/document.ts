/**
 * The OpenAPI 3.1 document, generated from the route table (src/app.ts: each route's operation),
 * the valibot schemas (src/contract/*-schemas.ts and each tool's result schema), the tool registry
 * and the error table. Every operation also documents 405 for other methods and the 400 of an
 * unusable Host header; HEAD and the CORS preflight are described once (info.description and
 * `x-cors-preflight`), not as operations a client generator would turn into functions.
 */
import { OPERATIONS } from './operations.ts';
import { shareRepeatedAnswers } from './shared-answers.ts';
import {
  componentSchemas,
  DEPRECATED_PREFIX_HEADERS,
  EVERY_ANSWER_HEADERS,
  LIMIT_HEADERS,
  PREFLIGHT_HEADERS,
  RESPONSE_HEADERS,
  SECURITY_SCHEMES,
} from './components.ts';
import { shared, SHARED_RESPONSES } from './shared.ts';
import { CORS_ALLOWED_HEADERS, CORS_ALLOWED_METHODS } from '../../http/respond.ts';
import { openApiPath, successorOf, type PathName } from '../../paths.ts';
import { SCAN_KEPT_DAYS } from '../request-schemas.ts';
import { SCANS_KEPT_PER_TARGET } from '../../store/port.ts';
import { TOOLS_ELSEWHERE } from '../../tools/registry.ts';

type Response = { description: string; headers?: Record<string, unknown>; content?: unknown } | { $ref: string };
export interface Operation {
  operationId: string;
  summary: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, Response>;
  [more: string]: unknown;
}

const TAGS = [
  { name: 'tools', description: 'The catalog, the two scans and the MCP endpoint.' },
  { name: 'scans', description: `Kept scan results: one by id, or a target's history (${SCAN_KEPT_DAYS} days).` },
  { name: 'badges', description: 'README badges with the latest grade of a domain.' },
  { name: 'pages', description: 'Pages for people and documents for agents.' },
  { name: 'operations', description: 'Probes for load balancers and this document.' },
  {
    name: 'deprecated',
    description:
      'The unversioned paths under /api/agent/tools, kept as aliases until their Sunset date: every answer ' +
      'there carries Deprecation, Sunset and a Link to the versioned path. POST /api/v1/developer/keys is ' +
      'retired and always answers 410 (keys are created on the account portal); it is not listed.',
  },
];

/**
 * Adds what every operation can answer: 400 for an unusable Host header, 405 for another method
 * (Allow lists the methods), and 500 for a bug.
 */
function withEveryAnswer(operation: Operation): Operation {
  return {
    ...operation,
    responses: {
      '400': shared('BadHost'),
      ...operation.responses,
      '405': operation.responses['405'] ?? shared('MethodNotAllowed'),
      '500': operation.responses['500'] ?? shared('InternalError'),
    },
  };
}

/**
 * The headers that nearly every answer carries, documented once instead of on each answer (an
 * answer lists only its own, such as Retry-After or ETag).
 */
const RESPONSE_HEADERS_EVERYWHERE = {
  description:
    'Headers documented here once instead of on each answer. `everyAnswer`: on every answer, the ' +
    'preflight too. `everyAnswerExceptProbes`: the per-minute limit (or, on an execute answer, the scan ' +
    'quota closest to running out), on every answer except those of /healthz and /readyz. ' +
    '`underTheDeprecatedPrefix`: on every answer under /api/agent/.',
  everyAnswer: EVERY_ANSWER_HEADERS,
  everyAnswerExceptProbes: LIMIT_HEADERS,
  underTheDeprecatedPrefix: DEPRECATED_PREFIX_HEADERS,
};

/**
 * The CORS preflight every path answers (OPTIONS, 204): described once at the document's root, as
 * `x-cors-preflight`, since no client calls it; a browser sends it on its own.
 */
const CORS_PREFLIGHT = {
  description:
    `Any origin may call the service with ${CORS_ALLOWED_METHODS} and the headers ${CORS_ALLOWED_HEADERS}: the ` +
    'same lists on every path (a 405 names the methods of each path in Allow). Never limited or counted.',
  headers: PREFLIGHT_HEADERS,
};

interface Parameter {
  in: string;
  [more: string]: unknown;
}

/**
 * A path item with every operation's common answers. Path parameters are the path item's, so that
 * every method of it has them.
 */
function pathItem(path: string, operations: Record<string, Operation>) {
  const item: Record<string, unknown> = {};
  let pathParameters: Parameter[] = [];
  for (const [method, op] of Object.entries(operations)) {
    const parameters = (op['parameters'] as Parameter[] | undefined) ?? [];
    if (pathParameters.length === 0) pathParameters = parameters.filter((p) => p.in === 'path');
    const others = parameters.filter((p) => p.in !== 'path');
    // Under the unversioned prefix every answer is marked deprecated.
    const answered = withEveryAnswer(successorOf(path) === null ? op : deprecatedAlias(op));
    delete answered['parameters'];
    item[method] = others.length > 0 ? { ...answered, parameters: others } : answered;
  }
  return pathParameters.length > 0 ? { parameters: pathParameters, ...item } : item;
}

/** An operation under the unversioned prefix (its answers' headers: x-response-headers). */
function deprecatedAlias(operation: Operation): Operation {
  return { ...operation, deprecated: true, tags: ['deprecated'] };
}

/** What the document reads of a route (src/app.ts): its name, path and method. */
export interface DescribedRoute {
  name: PathName;
  path: string;
  method: string;
}

/** What an operation's description may depend on besides the route. */
export interface Site {
  accountUrl: string;
}

/**
 * A route described at paths of its own choosing, with an operation each: the execute route is
 * one path per tool; an operation that depends on the site is built for it.
 */
export type Description = (site: Site, pattern: string) => Record<string, Operation>;

/** Every described route's operations, by OpenAPI path, in the order of the routes. */
function operationsByPath(routes: readonly DescribedRoute[], site: Site) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const { name, path, method } of routes) {
    const doc: Operation | Description | null = OPERATIONS[name];
    if (doc === null) continue;
    const described = typeof doc === 'function' ? doc(site, path) : { [openApiPath(path)]: doc };
    for (const [documented, operation] of Object.entries(described))
      paths[documented] = { ...paths[documented], [method.toLowerCase()]: operation };
  }
  return paths;
}

export function buildOpenApi(routes: readonly DescribedRoute[], baseUrl: string, accountUrl: string) {
  const paths = Object.fromEntries(
    Object.entries(operationsByPath(routes, { accountUrl })).map(([path, operations]) => [
      path,
      pathItem(path, operations),
    ]),
  );
  const responses = shareRepeatedAnswers(paths as Parameters<typeof shareRepeatedAnswers>[0], SHARED_RESPONSES);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Agent Scan API',
      version: '1',
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'Agent Scan API', url: `${baseUrl}/developers/errors` },
      description:
        'Non-intrusive security checks over HTTP. ' +
        'Works without a key (10 requests/min per client IP); ' +
        `a free developer key from ${accountUrl} raises that to 30/min. ` +
        'Scans are limited to 20/hour per client IP and per target, 1,000/hour overall. ' +
        `Scan results are kept ${SCAN_KEPT_DAYS} days (at most the ${SCANS_KEPT_PER_TARGET} newest per tool and ` +
        'target): send `maxAgeSec` to reuse a recent one without spending scan quota, ' +
        'and read them back by scanId or as a history.\n\n' +
        'Every error is application/problem+json; its `type` links to documentation. ' +
        `Tools not on this API (${TOOLS_ELSEWHERE.map((t) => t.name).join(', ')}) and any other path answer 404. ` +
        'A path with trailing slashes is the same path. `POST /api/v1/developer/keys` is retired: it always ' +
        'answers 410 (see the `deprecated` tag). ' +
        'New members may be added to any object: clients ignore members they do not know.\n\n' +
        'Every GET path also answers HEAD with the status and headers of its GET (except Content-Length) and ' +
        'no body. Every path ' +
        'answers the CORS preflight (OPTIONS) with 204 as `x-cors-preflight` describes. The headers nearly ' +
        'every answer carries (API-Version, X-Request-Id, the RateLimit family, Deprecation on deprecated ' +
        'paths) are documented once, in `x-response-headers`.',
    },
    servers: [{ url: baseUrl, description: 'This deployment (BASE_URL).' }],
    'x-response-headers': RESPONSE_HEADERS_EVERYWHERE,
    'x-cors-preflight': CORS_PREFLIGHT,
    tags: TAGS,
    paths,
    components: {
      schemas: {
        ...componentSchemas(),
        McpRefusal: {
          type: 'object',
          description: 'A JSON-RPC 2.0 error response whose data is the problem document.',
          required: ['jsonrpc', 'id', 'error'],
          properties: {
            jsonrpc: { const: '2.0' },
            // JSON-RPC 2.0 allows any number (fractions only discouraged): the request's id, echoed.
            id: { type: ['string', 'number', 'null'] },
            error: {
              type: 'object',
              required: ['code', 'message', 'data'],
              properties: {
                code: { type: 'integer' },
                message: { type: 'string' },
                data: { $ref: '#/components/schemas/McpProblem' },
              },
            },
          },
        },
      },
      responses,
      headers: RESPONSE_HEADERS,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApi>;
