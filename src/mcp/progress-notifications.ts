/**
 * Progress notifications for a tool call whose request carries `_meta.progressToken`: each phase
 * of the scan as it finishes (the scanners name them), sent on the call's own response stream.
 * Without a token nothing is sent and the answer is plain JSON as before.
 */
import type { ProgressListener } from '../tools/tool.ts';
import type { ToolCall } from './tool-calls.ts';

export function progressReporter(call: ToolCall): ProgressListener | undefined {
  const { progressToken } = call;
  if (progressToken === undefined) return undefined;
  return ({ progress, total, message }) =>
    // A client gone mid-scan is the scan's business (its signal), not the notification's.
    void call
      .notify({ method: 'notifications/progress', params: { progressToken, progress, total, message } })
      .catch(() => {});
}
