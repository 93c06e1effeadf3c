/**
 * `GET /healthz` (liveness: the process answers; no dependency is asked) and `GET /readyz`
 * (readiness: the store and the DNS resolver answer, src/ops/readiness.ts). Probes skip the key
 * check and the limits (src/app.ts). Failures name the dependency; their causes go to the log.
 */
import { ApiError } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import type { CheckResult } from '../ops/readiness.ts';
import type { Handler } from '../context.ts';

/** Seconds a load balancer might wait before asking again: one readiness check interval. */
const NOT_READY_RETRY_AFTER_SEC = 5;

const DEPENDENCY_NAMES = { store: 'the store', resolver: 'the DNS resolver' } as const;

export const health: Handler = (_request, ctx) =>
  respond(ctx, JSON.stringify({ status: 'ok' }), { headers: { 'content-type': 'application/json' } });

export const readiness: Handler = async (_request, ctx) => {
  const report = await ctx.services.readiness.report();
  const checks = Object.fromEntries(Object.entries(report.checks).map(([name, check]) => [name, shown(check)]));
  if (report.ready)
    return respond(ctx, JSON.stringify({ status: 'ready', checks }), {
      headers: { 'content-type': 'application/json' },
    });
  const down = (Object.keys(report.checks) as (keyof typeof report.checks)[]).filter(
    (name) => report.checks[name].status === 'down',
  );
  const names = down.map((name) => DEPENDENCY_NAMES[name]).join(' and ');
  ctx.notes.cause = `not ready: ${down.join(', ')} down`;
  throw new ApiError('service_unavailable', {
    detail: `This instance is not ready: ${names} ${down.length > 1 ? 'are' : 'is'} not answering.`,
    hint: 'Send traffic to another instance; the cause is in the log of this one.',
    retryAfterSec: NOT_READY_RETRY_AFTER_SEC,
    extra: { checks },
  });
};

/** What a probe is told of a check: its state and timing, never the error text (that is logged). */
const shown = (check: CheckResult) => ({
  status: check.status,
  latencyMs: check.latencyMs,
  checkedAt: new Date(check.checkedAt).toISOString(),
});
