import { parseConfig, type AppConfig } from '../../src/config.ts';
import { KeyService } from '../../src/keys/key-service.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import type { Store } from '../../src/store/port.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { createScanners } from '../../src/tools/scanners.ts';
import { createPinnedFetch } from './pinned-fetch.ts';

/** The scanners, with scan connections pinned to the addresses the guard vetted. */
export function nodeScanners(config: AppConfig) {
  const scanFetch = createPinnedFetch();
  return { scanners: createScanners(config, { scanFetch, fetch: globalThis.fetch }), close: () => scanFetch.close() };
}

/** The store the environment selects: Upstash when its two variables are set, else the embedded one. */
export function selectStore(config: AppConfig): Store {
  return config.upstash ? new UpstashStore(config.upstash) : new MemoryStore();
}

/** With the embedded store: registers DEV_API_KEY, or a generated key, and says which. */
export async function registerDevKey(config: AppConfig, store: Store): Promise<{ key: string; generated: boolean }> {
  const keys = new KeyService(store, config.apiKeyPrefix, Date.now);
  const { key } = await keys.create({ name: 'development key', owner: 'local-developer', key: config.devApiKey ?? undefined });
  return { key, generated: config.devApiKey === null };
}

export { parseConfig };
