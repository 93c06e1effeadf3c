import type { App } from '../../src/app.ts';

const noop = () => {};

/** Wraps an app so that the work it hands to `waitUntil` can be awaited. */
export function trackBackgroundWork(app: App): { app: App; settled(): Promise<void> } {
  const pending = new Set<Promise<unknown>>();
  return {
    app: {
      fetch(request, runtime = {}) {
        const waitUntil = (promise: Promise<unknown>) => {
          const tracked = promise.then(noop, noop).finally(() => pending.delete(tracked));
          pending.add(tracked);
          runtime.waitUntil?.(promise);
        };
        return app.fetch(request, { ...runtime, waitUntil });
      },
    },
    async settled() {
      // Background work may hand out more background work: wait until none is left.
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
