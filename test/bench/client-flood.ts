/**
 * 100,000 distinct client addresses, each sending one catalog request, to an app on the embedded
 * store: how much memory stays behind (after garbage collection), how many buckets the store
 * tracks, and the slowest single request, which is where a sweep of the whole table used to show
 * (half a second at 690k clients). Target: memory bounded by the store's documented maximum of
 * tracked buckets (src/store/memory.ts), no request slower than 10 ms for the store's sake (the
 * longest garbage-collection pause is reported beside it, as the one other cause).
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import { MAX_TRACKED_BUCKETS, MemoryStore } from '../../src/store/memory.ts';
import { UNLIMITED } from './unlimited.ts';

const CLIENTS = 100_000;
/** Each client comes back once after the flood: the counters are still consulted and swept. */
const WINDOW_MS = 60_000;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** When the bench itself forced a collection: those pauses are not the app's. */
const forcedCollections: [number, number][] = [];

function heapMb(): number {
  const start = performance.now();
  collectGarbage();
  collectGarbage();
  forcedCollections.push([start, performance.now()]);
  return process.memoryUsage().heapUsed / 1_048_576;
}

/** An IPv4 address per client; IPv6 would be counted per /64 and need no more room. */
function address(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

export async function measureClientFlood(): Promise<Record<string, number>> {
  let now = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
  const store = new MemoryStore({ now: () => now });
  const app = createApp({
    config: parseConfig({ TRUST_PROXY: 'x-forwarded-for' }),
    store,
    limits: UNLIMITED,
    now: () => now,
  });
  const request = (i: number) =>
    app.fetch(new Request('http://bench.test/api/v1/agent/tools', { headers: { 'x-forwarded-for': address(i) } }));

  await (await request(0)).arrayBuffer(); // the catalog is built once
  const before = heapMb();
  // Garbage collection pauses land on whichever request is running: reported apart.
  let longestGcMs = 0;
  const gcWatch = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (forcedCollections.some(([from, to]) => entry.startTime >= from && entry.startTime <= to)) continue;
      longestGcMs = Math.max(longestGcMs, entry.duration);
    }
  });
  gcWatch.observe({ entryTypes: ['gc'] });
  let slowestMs = 0;
  let over10ms = 0;
  const time = async (i: number) => {
    const t = performance.now();
    await (await request(i)).arrayBuffer();
    const ms = performance.now() - t;
    slowestMs = Math.max(slowestMs, ms);
    if (ms > 10) over10ms++;
  };
  const started = performance.now();
  for (let i = 0; i < CLIENTS; i++) {
    await time(i);
    now += 1;
  }
  const floodSeconds = (performance.now() - started) / 1000;
  const afterFlood = heapMb();
  const trackedAfterFlood = store.trackedBuckets;

  // Two windows later every counter has expired; a second wave of new clients sweeps them as it goes.
  now += 2 * WINDOW_MS;
  for (let i = 0; i < CLIENTS; i++) {
    await time(CLIENTS + i);
    now += 1;
  }
  await new Promise((resolve) => setTimeout(resolve, 10)); // observers are told after a turn of the loop
  gcWatch.disconnect();
  return {
    flood_clients: CLIENTS,
    flood_requests_per_second: Math.round(CLIENTS / floodSeconds),
    flood_heap_growth_mb: Math.round((afterFlood - before) * 10) / 10,
    flood_heap_after_second_wave_growth_mb: Math.round((heapMb() - before) * 10) / 10,
    flood_tracked_buckets: trackedAfterFlood,
    flood_tracked_buckets_max: MAX_TRACKED_BUCKETS,
    flood_slowest_request_ms: Math.round(slowestMs * 10) / 10,
    flood_requests_over_10ms: over10ms,
    flood_longest_gc_pause_ms: Math.round(longestGcMs * 10) / 10,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureClientFlood());
