/**
 * The one table of error codes. Status, title, documentation slug and the default hint of every
 * problem response come from here; the docs pages and the OpenAPI document read it too.
 */
import { errorPagePath } from '../paths.ts';

export const ERRORS = {
  bad_request: {
    status: 400,
    title: 'Bad Request',
    hint: 'Send a JSON object such as {"target": "example.com"} with a valid target for this tool.',
  },
  unauthorized: {
    status: 401,
    title: 'Unauthorized',
    hint:
      'Send a valid developer key in "Authorization: Bearer <key>" or "X-Api-Key: <key>", ' +
      'or send no key at all to use the API anonymously.',
  },
  forbidden: {
    status: 403,
    title: 'Forbidden',
    hint: 'This key lacks the scope the endpoint needs; create a new key on the account portal.',
  },
  not_found: {
    status: 404,
    title: 'Not Found',
    hint: 'GET /api/v1/agent/tools lists the tools this API runs and their execute URLs.',
  },
  method_not_allowed: {
    status: 405,
    title: 'Method Not Allowed',
    hint: 'The Allow response header lists the methods this path accepts.',
  },
  not_acceptable: {
    status: 406,
    title: 'Not Acceptable',
    hint:
      'The MCP endpoint answers with application/json or text/event-stream; ' +
      'send "Accept: application/json, text/event-stream".',
  },
  request_timeout: {
    status: 408,
    title: 'Request Timeout',
    hint:
      'Send the whole request without pausing, with a Content-Length that matches the body; ' +
      'retry on a new connection.',
  },
  gone: {
    status: 410,
    title: 'Gone',
    hint: 'Create developer keys on the account portal.',
  },
  payload_too_large: {
    status: 413,
    title: 'Payload Too Large',
    hint:
      'Request bodies are limited to 8 KiB; a scan request needs only {"target": "..."}, ' +
      'and an MCP message a few hundred bytes.',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported Media Type',
    hint: 'Send MCP messages with "Content-Type: application/json".',
  },
  unprocessable_entity: {
    status: 422,
    title: 'Unprocessable Entity',
    hint:
      'The scan ran but could not assess the target; result explains why (result.details.reason). ' +
      'Retrying later may help when the cause is temporary (a site unreachable, a DNS failure, a deadline).',
  },
  rate_limit_exceeded: {
    status: 429,
    title: 'Rate Limit Exceeded',
    hint: 'Wait the number of seconds in Retry-After (also retryAfterSec) before retrying.',
  },
  internal_error: {
    status: 500,
    title: 'Internal Server Error',
    hint: 'This is a bug in the service; retry later, and report it if it persists.',
  },
  service_unavailable: {
    status: 503,
    title: 'Service Unavailable',
    hint: 'No scan ran and nothing was counted; retry after the Retry-After delay.',
  },
} as const satisfies Record<string, { status: number; title: string; hint: string }>;

export type ErrorCode = keyof typeof ERRORS;

export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** `rate_limit_exceeded` → `rate-limit-exceeded`, the last segment of the problem `type` URL. */
export function errorSlug(code: ErrorCode): string {
  return code.replaceAll('_', '-');
}

/** The path of a code's documentation page. */
export function errorPath(code: ErrorCode): string {
  return errorPagePath(errorSlug(code));
}

/** The problem `type` URL of a code. */
export function errorTypeUrl(baseUrl: string, code: ErrorCode): string {
  return `${baseUrl}${errorPath(code)}`;
}
