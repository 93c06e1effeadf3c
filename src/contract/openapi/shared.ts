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

/** A problem answer, described as "Title (`code`): cause"; without a cause when the title says it. */
export function problem(code: ErrorCode, cause: string | null, headers: Record<string, unknown> = {}) {
  return {
    description: `${ERRORS[code].title} (\`${code}\`)${cause === null ? '' : `: ${cause}`}`,
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
  OtherProblem: {
    description: 'Any other status: 400 for an unusable Host, 405 for another method (Allow lists them), 500 a bug.',
    headers: { Allow: { description: 'On a 405.', schema: { type: 'string' } } },
    content: { 'application/problem+json': { schema: problemSchemaOf('bad_request') } },
  },
  Unauthorized: problem('unauthorized', 'bad key; no anonymous fallback.'),
  RateLimited: problem('rate_limit_exceeded', 'per minute.'),
  StoreUnavailable: problem('service_unavailable', 'store down.'),
  PageRateLimited: {
    ...problem('rate_limit_exceeded', 'the page budget; a browser gets a page with the wait.'),
    content: {
      'text/html': { schema: { type: 'string' } },
      'application/problem+json': { schema: problemSchemaOf('rate_limit_exceeded') },
    },
  },
  PageNotFound: {
    ...problem('not_found', 'HTML for browsers (docs/pages.md).'),
    content: {
      'text/html': { schema: { type: 'string' } },
      'application/problem+json': { schema: problemSchemaOf('not_found') },
    },
  },
};

export const shared = (name: keyof typeof SHARED_RESPONSES) => ({ $ref: `#/components/responses/${name}` });
export const noKey: never[] = [];

/** What a page or document answers besides its own: a bad key, its own budget, the store. */
export const PAGE_REFUSALS = {
  '401': shared('Unauthorized'),
  '429': shared('PageRateLimited'),
  '503': shared('StoreUnavailable'),
};

/** What every operation that looks at a key can answer besides its own: a bad key, the limit, the store. */
export const KEY_REFUSALS = {
  '401': shared('Unauthorized'),
  '429': shared('RateLimited'),
  '503': shared('StoreUnavailable'),
};
