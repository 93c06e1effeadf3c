/** The badge operation of the OpenAPI document (src/contract/openapi/document.ts). See docs/badge.md. */
import type { ErrorCode } from '../../http/errors.ts';
import { keyOptional, problem, problemSchemaOf, ref } from './shared.ts';
import type { GradedTool } from '../../store/port.ts';
import { ALLOWLISTED_TOOLS } from '../../tools/registry.ts';

/** `website-security` first: the grade the badge showed before it took a tool, and still its default. */
const BADGE_TOOLS: GradedTool[] = ['website-security', ...ALLOWLISTED_TOOLS.map((t) => t.name)];

const queryParameter = (name: string, description: string | null, schema: Record<string, unknown>) => ({
  name,
  in: 'query',
  required: false,
  ...(description === null ? {} : { description }),
  schema,
});

const SHIELDS_ENDPOINT = {
  type: 'object',
  description: 'For https://img.shields.io/endpoint?url=<this URL, encoded>.',
  required: ['schemaVersion', 'label', 'message', 'color'],
  properties: {
    schemaVersion: { const: 1 },
    label: { type: 'string' },
    message: { type: 'string' },
    color: { type: 'string' },
    cacheSeconds: { type: 'integer' },
    style: { const: 'flat-square' },
    isError: { const: true },
  },
};

const SVG = { schema: { type: 'string' } };

/**
 * A refusal drawn as an error badge naming it (`invalid key`, `rate limited`, …), so that an
 * embedded image shows why; a client whose Accept names JSON gets the problem instead (said once,
 * in the operation's description).
 */
function badgeRefusal(code: ErrorCode, description: string | null) {
  return {
    ...problem(code, description, { Vary: ref('Vary') }),
    content: {
      'image/svg+xml': SVG,
      'application/problem+json': { schema: problemSchemaOf(code) },
    },
  };
}

export const badgeOperation = {
  operationId: 'badge',
  summary: 'Badge with the latest grade of a domain',
  description: 'Errors are badges (`format=shields`: 200) unless Accept names JSON; docs/badge.md.',
  tags: ['badges'],
  security: keyOptional,
  parameters: [
    { name: 'domain', in: 'path', required: true, schema: { type: 'string', maxLength: 253 }, example: 'example.com' },
    queryParameter('tool', null, {
      type: 'string',
      enum: BADGE_TOOLS,
      default: 'website-security',
    }),
    queryParameter('format', null, {
      type: 'string',
      enum: ['shields'],
    }),
    queryParameter('style', '`mini`: the grade alone; `flat`: `default`; `flat-square`: `compact`.', {
      type: 'string',
      enum: ['default', 'compact', 'mini', 'flat', 'flat-square'],
      default: 'default',
    }),
    queryParameter('label', null, { type: 'string', minLength: 1, maxLength: 40 }),
  ],
  responses: {
    '200': {
      description: 'The badge.',
      headers: { ETag: ref('ETag'), Vary: ref('Vary') },
      content: { 'image/svg+xml': SVG, 'application/json': { schema: SHIELDS_ENDPOINT } },
    },
    '304': {
      description: 'Not modified; fresh 5 min.',
      headers: { ETag: ref('ETag') },
    },
    '400': badgeRefusal('bad_request', null),
    '401': badgeRefusal('unauthorized', null),
    '403': badgeRefusal('forbidden', 'needs `badges:read`.'),
    '405': badgeRefusal('method_not_allowed', null),
    '429': badgeRefusal('rate_limit_exceeded', 'badge-per-minute.'),
    '500': badgeRefusal('internal_error', null),
    '503': badgeRefusal('service_unavailable', null),
  },
};
