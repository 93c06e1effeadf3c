/**
 * The portable bundle's entry: everything an entry point on any runtime needs, nothing runtime-
 * specific. `npm run build` bundles this file into dist/agent-scan.js.
 */
export { createApp, type App } from './app.ts';
export { parseConfig, ConfigError, type AppConfig } from './config.ts';
export { MemoryStore } from './store/memory.ts';
export { UpstashStore } from './store/upstash.ts';
export { createScanners, type ScannerRuntime } from './tools/scanners.ts';
export type { AppDeps, RuntimeContext } from './context.ts';
