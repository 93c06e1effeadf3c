/**
 * `AbortSignal.any` where the runtime has it; a composed controller where it does not (Vercel's
 * edge-runtime sandbox lacks it, see deploy/vercel/README.md).
 */
export function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  const aborted = signals.find((s) => s.aborted);
  if (aborted) {
    controller.abort(aborted.reason);
    return controller.signal;
  }
  const onAbort = (event: Event) => {
    controller.abort((event.target as AbortSignal).reason);
    for (const s of signals) s.removeEventListener('abort', onAbort);
  };
  for (const s of signals) s.addEventListener('abort', onAbort);
  return controller.signal;
}

/**
 * A signal that aborts when `signal` does or after `ms`, whichever comes first, with the reason
 * `AbortSignal.timeout` gives. Its own timer, not `AbortSignal.any` over `AbortSignal.timeout`:
 * Node holds a timeout signal weakly, and a scan that only reads `aborted` was seen to outlive
 * its deadline once the collector had taken it. The timer does not keep a process alive.
 */
export function withTimeout(signal: AbortSignal | null | undefined, ms: number): AbortSignal {
  const controller = new AbortController();
  if (signal?.aborted) {
    controller.abort(signal.reason);
    return controller.signal;
  }
  const onAbort = () => {
    clearTimeout(timer);
    controller.abort(signal?.reason);
  };
  const timer = setTimeout(() => {
    signal?.removeEventListener('abort', onAbort);
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, ms);
  (timer as { unref?: () => void }).unref?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  return controller.signal;
}
