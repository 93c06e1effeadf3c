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
  { name: 'tools', description: 'The catalog, the scans and MCP.' },
  {
    name: 'scans',
    description: `Kept scans: ${SCAN_KEPT_DAYS} days, the ${SCANS_KEPT_PER_TARGET} newest per tool and target.`,
  },
  { name: 'badges', description: 'README badges.' },
  { name: 'pages', description: 'Pages for people, documents for agents.' },
  { name: 'operations', description: 'Probes and this document.' },
  {
    name: 'deprecated',
    description:
      'Aliases under /api/agent/tools until their Sunset. POST /api/v1/developer/keys (unlisted) always ' +
      'answers 410: keys come from the account portal.',
  },
];

/**
 * Adds what every operation can answer besides its own statuses, as `default` (any other status):
 * the problem of an unusable Host (400), another method (405, with Allow) or a bug (500).
 */
function withEveryAnswer(operation: Operation): Operation {
  return { ...operation, responses: { ...operation.responses, default: shared('OtherProblem') } };
}

/**
 * The headers that nearly every answer carries, documented once instead of on each answer (an
 * answer lists only its own, such as Retry-After or ETag).
 */
const RESPONSE_HEADERS_EVERYWHERE = {
  description:
    '`everyAnswer`: on all, the preflight too; `everyAnswerExceptProbes`: not on /healthz and /readyz; ' +
    '`underTheDeprecatedPrefix`: under /api/agent/.',
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
    `Any origin; methods ${CORS_ALLOWED_METHODS}; headers ${CORS_ALLOWED_HEADERS}. The same on every path ` +
    "(a 405's Allow names the path's own). Never limited or counted.",
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
        `Non-intrusive security checks over HTTP. A key is optional; keys come from ${accountUrl}. The catalog ` +
        '(GET /api/v1/agent/tools) gives the limits, scan quota, retention and error codes; it, the skill ' +
        'pages (/agent-skills/{tool}.md) and docs/ hold the long form of what this document says briefly.\n\n' +
        "Errors are application/problem+json; `type` links to the error's page. Tools not on this API " +
        `(${TOOLS_ELSEWHERE.map((t) => t.name).join(', ')}) and unlisted paths answer 404; trailing slashes ` +
        'are ignored. Objects may gain members: ignore unknown ones.\n\n' +
        "Every GET path also answers HEAD (the GET's status and headers but Content-Length, no body); every " +
        'path answers the CORS preflight (`x-cors-preflight`). Headers most answers carry: `x-response-headers`.',
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
          description: 'A JSON-RPC 2.0 error; `data` is the problem.',
          required: ['jsonrpc', 'id', 'error'],
          properties: {
            jsonrpc: { const: '2.0' },
            // JSON-RPC 2.0 allows any number (fractions only discouraged): the request's id, echoed.
            id: { type: ['string', 'number', 'null'] },
            error: {
              type: 'object',
              description: '`code`: the JSON-RPC error code; `data`: the problem.',
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
