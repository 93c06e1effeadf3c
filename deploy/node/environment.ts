import { parseConfig, type AppConfig } from '../../src/config.ts';
import { KeyService } from '../../src/keys/key-service.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import type { Store } from '../../src/store/port.ts';

/** The store the environment selects. The Upstash adapter is selected when its variables are set. */
export function selectStore(config: AppConfig): Store {
  if (config.upstash) {
    throw new Error('UPSTASH_REDIS_REST_URL is set, but this build has no Upstash store yet; unset it to use the embedded store.');
  }
  return new MemoryStore();
}

/** With the embedded store: registers DEV_API_KEY, or a generated key, and says which. */
export async function registerDevKey(config: AppConfig, store: Store): Promise<{ key: string; generated: boolean }> {
  const keys = new KeyService(store, config.apiKeyPrefix, Date.now);
  const { key } = await keys.create({ name: 'development key', owner: 'local-developer', key: config.devApiKey ?? undefined });
  return { key, generated: config.devApiKey === null };
}

export { parseConfig };
