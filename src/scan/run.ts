import type { RequestContext } from '../context.ts';
import { anySignal } from '../net/abort-signals.ts';
import { notAssessed } from '../tools/grading.ts';
import type { ProgressListener, ScanOutcome, Scanner } from '../tools/tool.ts';

/**
 * Runs a scanner within the service's scan deadline. A scan stopped by the deadline or by the
 * client hanging up is not assessed (reason `timeout` or `client-closed`, as src/tools/tool-guide.ts
 * documents them); any other failure is a bug and is thrown.
 */
export async function runWithinDeadline(
  scanner: Scanner,
  target: string,
  selectors: string[] | undefined,
  cancel: AbortSignal | undefined,
  ctx: RequestContext,
  progress?: ProgressListener,
): Promise<ScanOutcome> {
  const deadline = AbortSignal.timeout(ctx.services.scanDeadlineMs);
  const signal = cancel ? anySignal([cancel, deadline]) : deadline;
  try {
    return await scanner(target, {
      signal,
      now: ctx.services.now,
      resolverAnswered: () => ctx.services.watch.answered('resolver'),
      ...(selectors ? { selectors } : {}),
      ...(progress ? { progress } : {}),
    });
  } catch (error) {
    const clientGone = cancel?.aborted === true;
    if (!deadline.aborted && !clientGone) throw error;
    const seconds = Math.round(ctx.services.scanDeadlineMs / 1000);
    const message = clientGone
      ? 'The client closed the connection before the scan finished.'
      : `The scan did not finish within ${seconds} s.`;
    return notAssessed(message, { reason: clientGone ? 'client-closed' : 'timeout' });
  }
}
