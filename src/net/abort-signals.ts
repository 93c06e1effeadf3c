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

/** A signal that aborts when `signal` does or after `ms`, whichever comes first. */
export function withTimeout(signal: AbortSignal | null | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? anySignal([signal, timeout]) : timeout;
}
