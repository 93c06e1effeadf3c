/**
 * The store as one request sees it: each operation is counted and timed in the request's notes,
 * and its success or failure tells the dependency watch whether the store is answering.
 */
import { StoreUnavailableError, type Store } from '../store/port.ts';
import type { DependencyWatch } from './dependency-watch.ts';
import type { RequestNotes } from './request-notes.ts';

/** Every operation of the Store port: a new one does not compile until it is listed here. */
const OPERATIONS = {
  ping: true,
  hitRateLimit: true,
  reserveScan: true,
  releaseScan: true,
  claim: true,
  putKey: true,
  findKeyByHash: true,
  listKeys: true,
  revokeKey: true,
  touchKey: true,
  saveScan: true,
  findScan: true,
  latestScan: true,
  scanHistory: true,
  setLatestGrade: true,
  latestGrade: true,
} as const satisfies Record<keyof Store, true>;

export function observedStore(store: Store, notes: RequestNotes, watch: DependencyWatch): Store {
  let failed = false;
  const observe = async <T>(operation: () => Promise<T>): Promise<T> => {
    notes.storeRoundTrips++;
    const started = performance.now();
    try {
      const value = await operation();
      watch.answered('store');
      return value;
    } catch (error) {
      if (error instanceof StoreUnavailableError) {
        // One request is one affected request, however many of its operations failed.
        if (!failed) watch.failed('store', error.message);
        failed = true;
      }
      throw error;
    } finally {
      notes.storeMs += performance.now() - started;
    }
  };
  const observed: Partial<Record<keyof Store, unknown>> = {};
  for (const name of Object.keys(OPERATIONS) as (keyof Store)[]) {
    const method = store[name].bind(store) as (...args: unknown[]) => Promise<unknown>;
    observed[name] = (...args: unknown[]) => observe(() => method(...args));
  }
  return observed as Store;
}
