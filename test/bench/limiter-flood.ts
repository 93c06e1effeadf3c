/**
 * The embedded limiter after 1,000,000 distinct clients within a minute: the CPU of one limiter
 * call (MemoryStore.hitRateLimit, the table full and giving up its oldest bucket on every call)
 * against the same call on a fresh store, and the same for a full BoundedCache. Deleted entries
 * used to stay as holes in front of a Map's oldest entry and made each call walk them (120–267 µs
 * instead of 3–6 µs). Target: within 2× of the fresh table. Informational: nothing fails on timing.
 */
import { cpuUsage } from 'node:process';
import { BoundedCache } from '../../src/cache/bounded-cache.ts';
import { MemoryStore } from '../../src/store/memory.ts';

const DISTINCT_CLIENTS = 1_000_000;
const SAMPLE = 20_000;
const WINDOW_MS = 60_000;

/** CPU microseconds per call of `call` over SAMPLE calls numbered from `from`. */
async function cpuMicrosPerCall(call: (i: number) => unknown, from: number): Promise<number> {
  const started = cpuUsage();
  for (let i = from; i < from + SAMPLE; i++) await call(i);
  const used = cpuUsage(started);
  return (used.user + used.system) / SAMPLE;
}

const round = (n: number) => Math.round(n * 100) / 100;

export async function measureLimiterFlood(): Promise<Record<string, number>> {
  const now = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
  const limiter = (store: MemoryStore) => (i: number) => store.hitRateLimit(`rl:10.0.${i}`, 10, WINDOW_MS, true);

  const freshLimiter = await cpuMicrosPerCall(limiter(new MemoryStore({ now: () => now })), 0);
  const flooded = new MemoryStore({ now: () => now });
  const call = limiter(flooded);
  for (let i = 0; i < DISTINCT_CLIENTS; i++) await call(i);
  const floodedLimiter = await cpuMicrosPerCall(call, DISTINCT_CLIENTS);

  const cache = (target: BoundedCache<string, number>) => (i: number) => target.set(`k${i}`, i);
  const newCache = () => new BoundedCache<string, number>({ maxEntries: 100_000 });
  const freshCache = await cpuMicrosPerCall(cache(newCache()), 0);
  const full = newCache();
  for (let i = 0; i < DISTINCT_CLIENTS; i++) full.set(`k${i}`, i);
  const floodedCache = await cpuMicrosPerCall(cache(full), DISTINCT_CLIENTS);

  return {
    limiter_flood_clients: DISTINCT_CLIENTS,
    limiter_call_fresh_us: round(freshLimiter),
    limiter_call_after_flood_us: round(floodedLimiter),
    limiter_call_after_flood_ratio: round(floodedLimiter / freshLimiter),
    cache_set_fresh_us: round(freshCache),
    cache_set_after_flood_us: round(floodedCache),
    cache_set_after_flood_ratio: round(floodedCache / freshCache),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureLimiterFlood());
