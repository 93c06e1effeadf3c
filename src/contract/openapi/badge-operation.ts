/** The badge operation of the OpenAPI document (src/contract/openapi/document.ts). See docs/badge.md. */
import type { ErrorCode } from '../../http/errors.ts';
import { keyOptional, problem, problemSchemaOf, ref } from './shared.ts';
import type { GradedTool } from '../../store/port.ts';
import { ALLOWLISTED_TOOLS } from '../../tools/registry.ts';

/** `website-security` first: the grade the badge showed before it took a tool, and still its default. */
const BADGE_TOOLS: GradedTool[] = ['website-security', ...ALLOWLISTED_TOOLS.map((t) => t.name)];

const queryParameter = (name: string, description: string, schema: Record<string, unknown>) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

const SHIELDS_ENDPOINT = {
  type: 'object',
  description:
    'shields.io endpoint-badge JSON, for https://img.shields.io/endpoint?url=<this URL, encoded>. ' +
    'An error badge has `isError: true`.',
  required: ['schemaVersion', 'label', 'message', 'color'],
  properties: {
    schemaVersion: { const: 1 },
    label: { type: 'string', description: 'Empty for `style=mini`.' },
    message: { type: 'string', description: 'The grade, `?` when none exists, or the error text.' },
    color: { type: 'string', description: 'A shields named colour.' },
    cacheSeconds: { type: 'integer' },
    style: { const: 'flat-square', description: 'For `style=compact`.' },
    isError: { const: true },
  },
};

const SVG = { schema: { type: 'string' } };

/**
 * A refusal drawn as an error badge naming it (`invalid key`, `rate limited`, …), so that an
 * embedded image shows why; a client whose Accept names JSON gets the problem instead.
 */
function badgeRefusal(code: ErrorCode, description: string) {
  return {
    ...problem(code, `${description} An error badge, or the problem when Accept names JSON.`, {
      Vary: ref('Vary'),
    }),
    content: {
      'image/svg+xml': { schema: { type: 'string', description: 'The error badge, e.g. "invalid domain".' } },
      'application/problem+json': { schema: problemSchemaOf(code) },
    },
  };
}

export const badgeOperation = {
  operationId: 'badge',
  summary: 'Badge with the latest grade of a domain',
  description:
    "The domain's latest grade of one tool (`tool`, default website-security), as an SVG badge or as " +
    'shields.io endpoint JSON (`format=shields`). The domain is normalised (scheme, www., path, query, case, ' +
    'trailing dot, IDN). Shows `?` when no grade exists. Cached 5 minutes with an ETag; a key needs ' +
    '`badges:read`. Its own rate limit: 120 per minute per client address (policy badge-per-minute).\n\n' +
    'A wrong domain, tool, format, style or label answers an error badge naming it (`invalid style`, …), ' +
    'so an embedded image never breaks: a 400 SVG, or with `format=shields` a 200 shields JSON with ' +
    '`isError: true`. A client whose Accept names application/problem+json (or application/json, without ' +
    '`format=shields`) gets the 400 problem instead.',
  tags: ['badges'],
  security: keyOptional,
  parameters: [
    { name: 'domain', in: 'path', required: true, schema: { type: 'string', maxLength: 253 }, example: 'example.com' },
    queryParameter('tool', 'Whose grade to show; also sets the default label.', {
      type: 'string',
      enum: BADGE_TOOLS,
      default: 'website-security',
    }),
    queryParameter('format', '`shields`: shields.io endpoint JSON instead of the SVG (absent: SVG).', {
      type: 'string',
      enum: ['shields'],
    }),
    queryParameter(
      'style',
      'Size of the badge: `default` is 20 px high (Verdana 11 px), `compact` 18 px (10 px text, square corners) ' +
        'and `mini` 16 px with the grade alone; `flat` is the same as `default` and `flat-square` as `compact`.',
      { type: 'string', enum: ['default', 'compact', 'mini', 'flat', 'flat-square'], default: 'default' },
    ),
    queryParameter(
      'label',
      'Left text instead of the tool\'s ("security", "security headers", "email security"); printable text.',
      { type: 'string', minLength: 1, maxLength: 40 },
    ),
  ],
  responses: {
    '200': {
      description: 'The badge (with `format=shields`, also the error badge of a wrong parameter).',
      headers: { ETag: ref('ETag'), Vary: ref('Vary') },
      content: { 'image/svg+xml': SVG, 'application/json': { schema: SHIELDS_ENDPOINT } },
    },
    '304': {
      description: 'Not modified (If-None-Match matched the ETag).',
      headers: { ETag: ref('ETag') },
    },
    '400': badgeRefusal('bad_request', 'a wrong domain, tool, format, style or label.'),
    '401': badgeRefusal('unauthorized', 'an invalid, expired or revoked key.'),
    '403': badgeRefusal('forbidden', 'the key lacks `badges:read`.'),
    '405': badgeRefusal('method_not_allowed', 'another method than GET or HEAD; Allow lists them.'),
    '429': badgeRefusal('rate_limit_exceeded', 'the badge rate limit is used up.'),
    '500': badgeRefusal('internal_error', 'a bug; it has been logged with the request id.'),
    '503': badgeRefusal('service_unavailable', 'the key could not be checked: the store is down.'),
  },
};
