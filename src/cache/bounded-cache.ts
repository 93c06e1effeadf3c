import { WriteOrderMap } from './write-order-map.ts';

/**
 * A size-capped in-memory cache with optional expiry. When it is full, the entry written longest
 * ago makes room; an entry whose time-to-live has run out reads as absent. The clock is injected
 * so that expiry follows the same time as the code around it (and a test's manual clock).
 */
export interface BoundedCacheOptions {
  /** Most entries kept. */
  maxEntries: number;
  /** Time-to-live of an entry in ms, unless `set` is given another; omitted: entries never expire. */
  ttlMs?: number;
  /** The clock expiry is measured with (ms); Date.now by default. */
  now?: () => number;
}

export class BoundedCache<K, V> {
  // In write order, so that making room costs the same after millions of keys as on a fresh cache.
  readonly #entries = new WriteOrderMap<K, { value: V; expiresAt: number }>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: BoundedCacheOptions) {
    if (!(options.maxEntries >= 1)) throw new RangeError('maxEntries must be at least 1');
    this.#maxEntries = options.maxEntries;
    this.#ttlMs = options.ttlMs ?? Infinity;
    this.#now = options.now ?? Date.now;
  }

  /** The value, or undefined when there is none or it has expired. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt !== Infinity && entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Stores `value` for `ttlMs` (by default the cache's) from `since` (by default now). Pass as
   * `since` the time the value was asked for when that was before an await, so that the entry
   * expires no later than the value's age allows.
   */
  set(key: K, value: V, options: { ttlMs?: number; since?: number } = {}): void {
    const expiresAt = (options.since ?? this.#now()) + (options.ttlMs ?? this.#ttlMs);
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.oldest()![0]);
    this.#entries.set(key, { value, expiresAt });
  }

  /** The value for `key`, made by `create` and stored when there is none. */
  getOrCreate(key: K, create: () => V): V {
    const found = this.get(key);
    if (found !== undefined) return found;
    const value = create();
    this.set(key, value);
    return value;
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Entries held, expired ones not yet read included. */
  get size(): number {
    return this.#entries.size;
  }
}
