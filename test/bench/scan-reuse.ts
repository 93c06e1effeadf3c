/**
 * Kept scans on the Upstash store (a real redis-server behind the REST bridge): the store round
 * trips of reading one scan, a history and the newest scan of a target, of a whole anonymous execute
 * (per-minute limit, quota, the scan kept) and of one answered from a stored result, and the latency of an
 * execute answered from a stored result (`maxAgeSec`) against one that runs a real
 * security-headers scan of a local site, measured alternately in the same run.
 */
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import { startServer } from '../../deploy/node/serve.ts';
import { createApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { createScanners } from '../../src/tools/scanners.ts';
import { trackBackgroundWork } from '../support/background-work.ts';
import { startDohServer } from '../support/doh-server.ts';
import { startRedis } from '../support/redis-server.ts';
import { startSite } from '../support/site-server.ts';
import { startUpstashBridge } from '../support/upstash-bridge.ts';

const ROUNDS = 15;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const UNLIMITED = 1_000_000;

export async function measureScanReuse(): Promise<Record<string, number>> {
  const redis = await startRedis();
  const bridge = await startUpstashBridge(redis.port);
  const site = await startSite(['bench.test'], () => ({
    headers: [
      ['content-type', 'text/html'],
      ['strict-transport-security', 'max-age=63072000'],
    ],
    body: '<html><title>bench</title></html>',
  }));
  const doh = await startDohServer({ 'bench.test': [{ type: 'A', data: '127.0.0.1' }] });
  const scanFetch = createPinnedFetch({ ca: [site.cert] });
  const config = parseConfig({ DOH_URL: doh.url, HSTS_PRELOAD_STATUS_URL: 'none', SCAN_ALLOW_PRIVATE_TARGETS: '1' });
  const store = new UpstashStore({ url: bridge.url, token: bridge.token, prefix: 'bench-reuse' });
  const limits = {
    ...SPEC_LIMITS,
    anonymousPerMinute: UNLIMITED,
    scansPerHourPerClient: UNLIMITED,
    scansPerHourPerTarget: UNLIMITED,
    scansPerHourPerClientPerTarget: UNLIMITED,
    scansPerHourPerNetwork: UNLIMITED,
    scansPerHourOverall: UNLIMITED,
  };
  const background = trackBackgroundWork(
    createApp({ config, store, limits, scanners: createScanners(config, { scanFetch, fetch }) }),
  );
  const server = await startServer(background.app, { port: 0, hostname: '127.0.0.1' });
  const target = `https://bench.test:${site.port}/`;
  const execute = async (maxAgeSec: number) => {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/v1/agent/tools/security-headers/execute`, {
      method: 'POST',
      body: JSON.stringify({ target, maxAgeSec }),
    });
    const body = (await res.json()) as { scanId: string; cached: boolean };
    const ms = performance.now() - started;
    await background.settled();
    return { ms, body };
  };
  const trips = async (work: () => Promise<unknown>) => {
    const before = bridge.requests.length;
    await work();
    return bridge.requests.length - before;
  };

  try {
    const { body } = await execute(0);
    for (let i = 0; i < 3; i++) await execute(i % 2 ? 0 : 3600);
    const scans: number[] = [];
    const cached: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      scans.push((await execute(0)).ms);
      const reused = await execute(3600);
      if (!reused.body.cached) throw new Error('the maxAgeSec answer ran a scan');
      cached.push(reused.ms);
    }
    const scanMs = median(scans);
    const cachedMs = median(cached);
    return {
      store_round_trips_scan_lookup: await trips(() => store.findScan(body.scanId)),
      store_round_trips_scan_history: await trips(() => store.scanHistory('security-headers', target, 50)),
      store_round_trips_scan_reuse_lookup: await trips(() => store.latestScan('security-headers', target)),
      store_round_trips_execute_anonymous: await trips(() => execute(0)),
      store_round_trips_execute_reused: await trips(() => execute(3600)),
      execute_cached_ms: Math.round(cachedMs * 10) / 10,
      execute_scan_ms: Math.round(scanMs * 10) / 10,
      execute_cached_vs_scan_ratio: Math.round((cachedMs / scanMs) * 100) / 100,
    };
  } finally {
    await server.close(1000);
    await scanFetch.close();
    await doh.close();
    await site.close();
    await bridge.close();
    await redis.stop();
  }
}
