import { after, before } from 'node:test';
import { UpstashStore } from '../../src/store/upstash.ts';
import type { ManualClock } from '../support/clock.ts';
import { startRedis } from '../support/redis-server.ts';
import { startUpstashBridge, type UpstashBridge } from '../support/upstash-bridge.ts';
import { storeContract } from './contract.ts';
import { scanContract } from './scan-contract.ts';

let bridge: UpstashBridge;
before(async () => {
  const redis = await startRedis();
  bridge = await startUpstashBridge(redis.port);
});

// @upstash/ratelimit reads Date.now() itself, so the suite's clock drives Date.now while it runs.
const realDateNow = Date.now;
let clock: ManualClock | null = null;
Date.now = () => clock?.time ?? realDateNow();
after(() => {
  Date.now = realDateNow;
});

/** A store with a prefix of its own, on the suite's clock. */
function freshUpstashStore(c: ManualClock): UpstashStore {
  clock = c;
  const prefix = `t${Math.random().toString(36).slice(2, 8)}`;
  return new UpstashStore({ url: bridge.url, token: bridge.token, prefix, now: c.now });
}

storeContract('Upstash store on a real redis-server', freshUpstashStore);
scanContract('Upstash store on a real redis-server', freshUpstashStore);
