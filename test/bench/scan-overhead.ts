/**
 * What a security-headers scan adds beyond the target's own response time: a local site (HTTP and
 * HTTPS, one port) answers in a fixed time; the scan's duration is compared with one plain GET of
 * the same page over the same kind of connection, measured alternately in the same run.
 */
import { Agent } from 'undici';
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import { parseConfig } from '../../src/config.ts';
import { createScanners } from '../../src/tools/scanners.ts';
import { startDohServer } from '../support/doh-server.ts';
import { startSite } from '../support/site-server.ts';

const ROUNDS = 15;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function measureScanOverhead(): Promise<Record<string, number>> {
  const site = await startSite(['bench.test'], (r) =>
    r.secure
      ? {
          headers: [
            ['content-type', 'text/html'],
            ['strict-transport-security', 'max-age=63072000'],
          ],
          body: '<html><title>bench</title></html>',
        }
      : { status: 301, headers: [['location', `https://bench.test:${r.headers.host?.split(':')[1]}/`]] },
  );
  const doh = await startDohServer({ 'bench.test': [{ type: 'A', data: '127.0.0.1' }] });
  const scanFetch = createPinnedFetch({ ca: [site.cert] });
  const config = parseConfig({ DOH_URL: doh.url, HSTS_PRELOAD_STATUS_URL: 'none', SCAN_ALLOW_PRIVATE_TARGETS: '1' });
  const scan = createScanners(config, { scanFetch, fetch })['security-headers']!;
  const target = `https://bench.test:${site.port}/`;
  // The baseline: one plain GET of the page, TLS verified, a fresh connection each time (as a scan has).
  const plainGet = async () => {
    const dispatcher = new Agent({
      connect: {
        ca: site.cert,
        servername: 'bench.test',
        lookup: (_h, _o, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]),
      },
    });
    try {
      await (await fetch(target, { dispatcher } as RequestInit)).arrayBuffer();
    } finally {
      await dispatcher.close();
    }
  };
  const time = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  try {
    for (let i = 0; i < 3; i++) {
      await plainGet();
      await scan(target, { signal: AbortSignal.timeout(10_000), now: Date.now });
    }
    const plain: number[] = [];
    const scans: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      plain.push(await time(plainGet));
      scans.push(await time(() => scan(target, { signal: AbortSignal.timeout(10_000), now: Date.now })));
    }
    const scanMs = median(scans);
    const plainMs = median(plain);
    return {
      scan_local_target_ms: Math.round(scanMs * 10) / 10,
      target_plain_get_ms: Math.round(plainMs * 10) / 10,
      scan_overhead_ms: Math.round((scanMs - plainMs) * 10) / 10,
      scan_vs_plain_get_ratio: Math.round((scanMs / plainMs) * 100) / 100,
    };
  } finally {
    await scanFetch.close();
    await doh.close();
    await site.close();
  }
}
