import { BoundedCache } from '../cache/bounded-cache.ts';
import type { ShownLimit } from '../http/rate-limit-headers.ts';

/** Most buckets remembered; past it the refusal remembered longest ago is forgotten first. */
const MAX_REMEMBERED = 10_000;

/**
 * The per-minute refusals this instance has given, each remembered until its retry time, so that
 * a client already over its limit is refused again before any store work: no limiter round trip,
 * no key lookup. Forgetting one early (under a flood of distinct clients) only costs that client
 * a store round trip again; it never lets a request through that the store would refuse.
 */
export class RefusedClients {
  readonly #refusals: BoundedCache<string, ShownLimit>;
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
    this.#refusals = new BoundedCache({ maxEntries: MAX_REMEMBERED, now });
  }

  remember(bucket: string, refusal: ShownLimit): void {
    const ttlMs = refusal.decision.retryAt - this.#now();
    if (ttlMs > 0) this.#refusals.set(bucket, refusal, { ttlMs });
  }

  /** The refusal still standing for `bucket`, if this instance gave one. */
  standing(bucket: string): ShownLimit | undefined {
    return this.#refusals.get(bucket);
  }
}
