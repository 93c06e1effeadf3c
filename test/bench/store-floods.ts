/**
 * What one anonymous client costs the store, per surface, once it is refused: it sends as fast
 * as it can, and the Upstash REST calls it causes (a real redis-server behind the REST bridge)
 * are counted per second of the flood. Every call is billed on Upstash, so a refused client must
 * cost almost nothing. Target: at most a few store commands per second per client on every
 * surface once refused (0 while the refusal is remembered by the instance).
 */
import { createApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { trackBackgroundWork } from '../support/background-work.ts';
import { startRedis } from '../support/redis-server.ts';
import { GRADED } from '../support/scanners.ts';
import { startUpstashBridge } from '../support/upstash-bridge.ts';

const BASE = 'https://bench.test';
const FLOOD_MS = 1_000;
const MAX_BEFORE_REFUSED = 1_000;

export async function measureStoreFloods(): Promise<Record<string, number>> {
  const redis = await startRedis();
  const bridge = await startUpstashBridge(redis.port);
  const store = new UpstashStore({ url: bridge.url, token: bridge.token, prefix: 'bench-floods' });
  const background = trackBackgroundWork(
    createApp({ config: parseConfig({ BASE_URL: BASE }), store, scanners: { 'security-headers': async () => GRADED } }),
  );
  const app = background.app;
  let client = 0;
  try {
    const scanned = await app.fetch(
      new Request(`${BASE}/api/v1/agent/tools/security-headers/execute`, {
        method: 'POST',
        body: JSON.stringify({ target: 'https://example.com/' }),
      }),
      { clientAddress: '198.18.0.1' },
    );
    const { scanId } = (await scanned.json()) as { scanId: string };
    await background.settled();
    const get =
      (path: string, accept = '*/*') =>
      () =>
        new Request(`${BASE}${path}`, { headers: { accept } });
    const surfaces: Record<string, () => Request> = {
      api_catalog: get('/api/v1/agent/tools'),
      api_stored_scan: get(`/api/v1/scans/${scanId}`),
      page_scan: get(`/scans/${scanId}`, 'text/html'),
      page_target: get(`/tools/security-headers?target=${encodeURIComponent('https://example.com/')}`, 'text/html'),
      page_home: get('/', 'text/html'),
      document_openapi: get('/openapi.json'),
      badge: get('/api/badge/example.com?tool=security-headers'),
      mcp_tools_list: () =>
        new Request(`${BASE}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        }),
    };
    const figures: Record<string, number> = {};
    for (const [surface, request] of Object.entries(surfaces)) {
      const clientAddress = `198.18.1.${++client}`;
      const send = async () => {
        const res = await app.fetch(request(), { clientAddress });
        await res.arrayBuffer();
        return res.status;
      };
      let sent = 0;
      while ((await send()) !== 429 && ++sent < MAX_BEFORE_REFUSED);
      const before = bridge.requests.length;
      const started = performance.now();
      let refused = 0;
      while (performance.now() - started < FLOOD_MS) if ((await send()) === 429) refused++;
      const seconds = (performance.now() - started) / 1000;
      figures[`store_calls_per_second_refused_${surface}`] =
        Math.round(((bridge.requests.length - before) / seconds) * 10) / 10;
      figures[`refused_requests_per_second_${surface}`] = Math.round(refused / seconds);
    }
    return figures;
  } finally {
    await background.settled();
    await bridge.close();
    await redis.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureStoreFloods());
