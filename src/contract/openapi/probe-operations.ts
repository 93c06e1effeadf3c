/**
 * The OpenAPI operations of the probes (src/api/health.ts): liveness and readiness, for load
 * balancers and orchestrators. Neither looks at a key nor counts against any limit, so their
 * answers carry no rate-limit headers.
 */
import { json, noKey, problem, schemaRef } from './shared.ts';
import { READINESS_CHECK_TTL_MS } from '../../ops/readiness.ts';

const PROBE_NOTE = 'Never limited or counted.';
/** A probe is a GET; a load balancer that sends another method learns which (Allow). */
const OTHER_METHOD = problem('method_not_allowed', null);

export const healthOperation = {
  operationId: 'health',
  summary: 'Liveness: the process answers',
  description: PROBE_NOTE,
  tags: ['operations'],
  security: noKey,
  responses: { '200': json('Alive.', 'Alive'), '405': OTHER_METHOD },
};

export const readinessOperation = {
  operationId: 'readiness',
  summary: 'Readiness: the store and the DNS resolver answer',
  description: `Checks reused ${READINESS_CHECK_TTL_MS / 1000} s. ${PROBE_NOTE}`,
  tags: ['operations'],
  security: noKey,
  responses: {
    '200': json('Ready.', 'Ready'),
    '405': OTHER_METHOD,
    '503': {
      ...problem('service_unavailable', '`detail` says what; the log why.'),
      content: { 'application/problem+json': { schema: schemaRef('NotReady') } },
    },
  },
};
