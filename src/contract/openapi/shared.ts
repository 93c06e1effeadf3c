/**
 * The building blocks of the OpenAPI operations: header sets, problem responses and the answers
 * many operations share.
 */
import { ERRORS, type ErrorCode } from '../../http/errors.ts';
import type { ResponseHeaderName } from './components.ts';

export const ref = (name: ResponseHeaderName) => ({ $ref: `#/components/headers/${name}` });
export const refs = (...names: ResponseHeaderName[]) => Object.fromEntries(names.map((name) => [name, ref(name)]));
export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The problem schema of a code: 429 and 503 always say when to retry. */
export const problemSchemaOf = (code: ErrorCode) =>
  schemaRef(
    code === 'rate_limit_exceeded'
      ? 'RateLimitProblem'
      : code === 'service_unavailable'
        ? 'UnavailableProblem'
        : 'Problem',
  );

/** The headers a refusal of `code` carries besides those of every answer (x-response-headers). */
function refusalHeaders(code: ErrorCode): Record<string, unknown> {
  return {
    ...(code === 'rate_limit_exceeded' || code === 'service_unavailable' ? refs('Retry-After') : {}),
    ...(code === 'unauthorized' || code === 'forbidden' ? refs('WWW-Authenticate') : {}),
    ...(code === 'method_not_allowed' ? refs('Allow') : {}),
  };
}

/** `headers`, left out when there are none. */
const headersOf = (headers: Record<string, unknown>) => (Object.keys(headers).length > 0 ? { headers } : {});

export function problem(code: ErrorCode, description: string, headers: Record<string, unknown> = {}) {
  return {
    description: `${ERRORS[code].title} (\`${code}\`): ${description}`,
    ...headersOf({ ...headers, ...refusalHeaders(code) }),
    content: { 'application/problem+json': { schema: problemSchemaOf(code) } },
  };
}

export const json = (description: string, schema: string, headers: Record<string, unknown> = {}) => ({
  description,
  ...headersOf(headers),
  content: { 'application/json': { schema: schemaRef(schema) } },
});

export const keyOptional = [{}, { bearerKey: [] }, { headerKey: [] }];

/** Answers many operations share, published once under components.responses. */
export const SHARED_RESPONSES = {
  BadHost: problem('bad_request', 'the Host header names no host and port this service answers for.'),
  MethodNotAllowed: problem(
    'method_not_allowed',
    'another method was used on this path; Allow lists the ones it takes.',
  ),
  InternalError: problem('internal_error', 'a bug; it has been logged with the request id.'),
  Unauthorized: problem('unauthorized', 'an invalid, expired or revoked key; there is no fallback to anonymous.'),
  RateLimited: problem('rate_limit_exceeded', 'the per-minute limit is used up.'),
  StoreUnavailable: problem('service_unavailable', 'the key or the limit could not be checked: the store is down.'),
  PageNotFound: {
    ...problem(
      'not_found',
      'no page at this path. People get an HTML page with links instead of the problem: a browser, ' +
        'whose Accept prefers text/html to JSON, and anyone asking for an unknown scan id. ' +
        'Any path this document does not list answers the same way, except under /api/, /mcp, ' +
        '/openapi.json and the probes, where a 404 is always the problem.',
    ),
    content: {
      'text/html': { schema: { type: 'string' } },
      'application/problem+json': { schema: problemSchemaOf('not_found') },
    },
  },
};

export const shared = (name: keyof typeof SHARED_RESPONSES) => ({ $ref: `#/components/responses/${name}` });
export const noKey: never[] = [];

/** What every operation that looks at a key can answer besides its own: a bad key, the limit, the store. */
export const KEY_REFUSALS = {
  '401': shared('Unauthorized'),
  '429': shared('RateLimited'),
  '503': shared('StoreUnavailable'),
};
