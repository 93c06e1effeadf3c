/**
 * The OpenAPI operations of the probes (src/api/health.ts): liveness and readiness, for load
 * balancers and orchestrators. Neither looks at a key nor counts against any limit, so their
 * answers carry no rate-limit headers.
 */
import { json, noKey, problem, schemaRef } from './shared.ts';
import { READINESS_CHECK_TTL_MS } from '../../ops/readiness.ts';

const PROBE_NOTE = 'No key, no limit: probes are never refused and never counted.';

export const healthOperation = {
  operationId: 'health',
  summary: 'Liveness: the process answers',
  description: `Asks no dependency: 200 whenever the process can answer HTTP. ${PROBE_NOTE}`,
  tags: ['operations'],
  security: noKey,
  responses: { '200': json('Alive.', 'Alive') },
};

export const readinessOperation = {
  operationId: 'readiness',
  summary: 'Readiness: the store and the DNS resolver answer',
  description:
    'Checks the store and the DNS resolver. Each result is reused for ' +
    `${READINESS_CHECK_TTL_MS / 1000} s and shared by concurrent probes, so probes cannot load them. ` +
    `Why a check failed is written to the service log, not to the answer. ${PROBE_NOTE}`,
  tags: ['operations'],
  security: noKey,
  responses: {
    '200': json('Ready.', 'Ready'),
    '503': {
      ...problem('service_unavailable', 'the detail names the dependency that is not answering.'),
      content: { 'application/problem+json': { schema: schemaRef('NotReady') } },
    },
  },
};
