import { WriteOrderMap } from '../cache/write-order-map.ts';
import { windowIndex, type WindowCounts } from './sliding-window.ts';

interface Counter {
  windowMs: number;
  index: number;
  current: number;
  previous: number;
}

/** Expired counters dropped per write at most: keeps every sweep step a few microseconds. */
const SWEEP_STEP = 32;

/**
 * Sliding-window counters for the embedded store, at most `maxEntries` of them, kept in the order
 * they were last written: the oldest are the first to expire and, when the table is full, the
 * ones given up. Each write sweeps a few expired counters from the old end, so memory follows the
 * live clients without ever pausing to walk the whole table, and every call costs the same after
 * millions of distinct clients as on a fresh table (write-order-map.ts says why a plain Map does
 * not).
 *
 * Giving up a live counter only forgets that one bucket's count (its client starts the window
 * afresh); it never refuses anyone.
 */
export class CounterTable {
  readonly #counters = new WriteOrderMap<string, Counter>();

  constructor(readonly maxEntries: number) {
    if (!(maxEntries >= 1)) throw new RangeError('maxEntries must be at least 1');
  }

  get size(): number {
    return this.#counters.size;
  }

  counts(key: string, now: number, windowMs: number): WindowCounts {
    const counter = this.#counters.get(key);
    if (!counter) return { current: 0, previous: 0 };
    const index = windowIndex(now, windowMs);
    if (counter.index === index) return { current: counter.current, previous: counter.previous };
    if (counter.index === index - 1) return { current: 0, previous: counter.current };
    return { current: 0, previous: 0 };
  }

  increment(key: string, now: number, windowMs: number): void {
    const counts = this.counts(key, now, windowMs);
    this.#counters.delete(key);
    this.#sweep(now);
    if (this.#counters.size >= this.maxEntries) this.#counters.delete(this.#counters.oldest()![0]);
    this.#counters.set(key, { windowMs, index: windowIndex(now, windowMs), ...counts, current: counts.current + 1 });
  }

  /** Takes one back from the counter, if it is still in the fixed window of `at`. */
  decrement(key: string, at: number, windowMs: number): void {
    const counter = this.#counters.get(key);
    if (counter?.index === windowIndex(at, windowMs) && counter.current > 0) counter.current -= 1;
  }

  /** Drops expired counters from the old end, a few at a time; stops at the first live one. */
  #sweep(now: number): void {
    for (let budget = SWEEP_STEP; budget > 0; budget--) {
      const oldest = this.#counters.oldest();
      if (!oldest || oldest[1].index >= windowIndex(now, oldest[1].windowMs) - 1) return;
      this.#counters.delete(oldest[0]);
    }
  }
}
