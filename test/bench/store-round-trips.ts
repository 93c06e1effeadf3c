/**
 * Store round trips per API request on the Upstash store (a real redis-server behind the REST
 * bridge): an anonymous catalog request, and an execute with a key already verified and cached.
 */
import { startServer } from '../../deploy/node/serve.ts';
import { createApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import { KeyService } from '../../src/keys/key-service.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { trackBackgroundWork } from '../support/background-work.ts';
import { startRedis } from '../support/redis-server.ts';
import { GRADED } from '../support/scanners.ts';
import { startUpstashBridge } from '../support/upstash-bridge.ts';

export async function measureStoreRoundTrips(): Promise<Record<string, number>> {
  const redis = await startRedis();
  const bridge = await startUpstashBridge(redis.port);
  const store = new UpstashStore({ url: bridge.url, token: bridge.token, prefix: 'bench' });
  const config = parseConfig({});
  const background = trackBackgroundWork(
    createApp({ config, store, scanners: { 'security-headers': async () => GRADED } }),
  );
  const server = await startServer(background.app, { port: 0, hostname: '127.0.0.1' });
  const { key } = await new KeyService(store, config.apiKeyPrefix, Date.now).create({ name: 'bench', owner: 'bench' });

  const catalog = () => fetch(`${server.url}/api/v1/agent/tools`);
  const execute = (target: string) =>
    fetch(`${server.url}/api/v1/agent/tools/security-headers/execute`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: JSON.stringify({ target }),
    });
  // An MCP message is charged once it is read, still in one limiter round trip.
  const mcp = (method: string) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', method }),
    });
  async function trips(send: () => Promise<Response>): Promise<number> {
    const before = bridge.requests.length;
    await (await send()).arrayBuffer();
    await background.settled(); // the scan record is written after the response
    return bridge.requests.length - before;
  }

  try {
    // Warm up: scripts loaded into Redis, the key verified and cached, its last use written.
    await (await catalog()).arrayBuffer();
    await (await execute('warm.example')).arrayBuffer();
    await background.settled();
    return {
      store_round_trips_catalog_anonymous: await trips(catalog),
      store_round_trips_execute_cached_key: await trips(() => execute('bench.example')),
      store_round_trips_mcp_notification_anonymous: await trips(() => mcp('notifications/initialized')),
    };
  } finally {
    await server.close(1000);
    await bridge.close();
    await redis.stop();
  }
}
