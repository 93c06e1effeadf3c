/**
 * The portable bundle's entry: everything an entry point on any runtime needs, nothing runtime-
 * specific. `npm run build` bundles this file into dist/agent-scan.js; the entries in deploy/
 * import that file (Node through the `#agent-scan` import, see deploy/node/README.md).
 */
export { createApp, type App } from './app.ts';
export { parseConfig, ConfigError, type AppConfig, type LogLevel } from './config.ts';
export { createService, createServiceOrExit, type DevKey, type PlatformOptions, type Service } from './service.ts';
export { NOT_VETTED_CODE } from './net/fetch-failure.ts';
export type { ConnectionHints, HeaderPair, ScanFetch } from './net/scan-fetch.ts';
export { MemoryStore } from './store/memory.ts';
export { UpstashStore } from './store/upstash.ts';
export { createScanners } from './tools/scanners.ts';
export type { ScannerRuntime } from './tools/tool-entry.ts';
export type { AccessLogEntry, AppDeps, RuntimeContext } from './context.ts';
