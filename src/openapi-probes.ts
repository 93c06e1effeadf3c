/**
 * The OpenAPI operations of the probes (src/api/health.ts): liveness and readiness, for load
 * balancers and orchestrators. Neither needs a key nor counts against any limit.
 */
import { problem, ref } from './openapi-operations.ts';
import { READINESS_CHECK_TTL_MS } from './ops/readiness.ts';

const PROBE_NOTE = 'No key, no limit: probes are never refused and never counted.';

const check = {
  type: 'object',
  required: ['status', 'latencyMs', 'checkedAt'],
  properties: {
    status: { enum: ['up', 'down'] },
    latencyMs: { type: 'integer', description: 'How long the check took.' },
    checkedAt: { type: 'string', format: 'date-time', description: 'When the check ran.' },
  },
};

const checks = {
  type: 'object',
  required: ['store', 'resolver'],
  properties: {
    store: { ...check, description: 'One round trip to the store: a small write that expires.' },
    resolver: { ...check, description: 'One DNS question to the DNS-over-HTTPS resolver (DOH_URL).' },
  },
};

const probeHeaders = { 'API-Version': ref('API-Version'), 'X-Request-Id': ref('X-Request-Id') };

export const healthOperation = {
  operationId: 'health',
  summary: 'Liveness: the process answers',
  description: `Asks no dependency: 200 whenever the process can answer HTTP. ${PROBE_NOTE}`,
  tags: ['operations'],
  responses: {
    '200': {
      description: 'Alive.',
      headers: probeHeaders,
      content: {
        'application/json': {
          schema: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } },
          example: { status: 'ok' },
        },
      },
    },
  },
};

export const readinessOperation = {
  operationId: 'readiness',
  summary: 'Readiness: the store and the DNS resolver answer',
  description:
    'Checks the store and the DNS resolver. Each result is reused for ' +
    `${READINESS_CHECK_TTL_MS / 1000} s and shared by concurrent probes, so probes cannot load them. ` +
    `Why a check failed is written to the service log, not to the answer. ${PROBE_NOTE}`,
  tags: ['operations'],
  responses: {
    '200': {
      description: 'Ready.',
      headers: probeHeaders,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['status', 'checks'],
            properties: { status: { const: 'ready' }, checks },
          },
        },
      },
    },
    '503': {
      ...problem('service_unavailable', 'the detail names the dependency that is not answering.'),
      content: {
        'application/problem+json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/Problem' },
              { type: 'object', required: ['checks'], properties: { checks } },
            ],
          },
        },
      },
    },
  },
};
