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
 * Sliding-window counters for the embedded store, at most `maxEntries` of them. A Map keeps its
 * entries in insertion order, and a counter is re-inserted whenever it is written, so the front
 * holds the counters written longest ago: the first to expire and, when the table is full, the
 * ones given up. Each write sweeps a few expired counters from the front, so memory follows the
 * live clients without ever pausing to walk the whole table.
 *
 * Giving up a live counter only forgets that one bucket's count (its client starts the window
 * afresh); it never refuses anyone.
 */
export class CounterTable {
  readonly #counters = new Map<string, Counter>();

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
    if (this.#counters.size >= this.maxEntries) this.#counters.delete(this.#counters.keys().next().value!);
    this.#counters.set(key, { windowMs, index: windowIndex(now, windowMs), ...counts, current: counts.current + 1 });
  }

  /** Takes one back from the counter, if it is still in the fixed window of `at`. */
  decrement(key: string, at: number, windowMs: number): void {
    const counter = this.#counters.get(key);
    if (counter?.index === windowIndex(at, windowMs) && counter.current > 0) counter.current -= 1;
  }

  /** Drops expired counters from the front, a few at a time; stops at the first live one. */
  #sweep(now: number): void {
    let budget = SWEEP_STEP;
    for (const [key, counter] of this.#counters) {
      if (budget-- === 0 || counter.index >= windowIndex(now, counter.windowMs) - 1) return;
      this.#counters.delete(key);
    }
  }
}
