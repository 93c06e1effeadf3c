/** Builds the scanners from configuration and the runtime's fetch functions. */
import type { AppConfig } from '../config.ts';
import { createDohResolver } from '../net/resolver.ts';
import type { ScanFetch } from '../net/scan-fetch.ts';
import { createPreloadLookup } from './security-headers/preload.ts';
import { createSecurityHeadersScanner } from './security-headers/scanner.ts';
import type { Scanner, ToolName } from './tool.ts';

export interface ScannerRuntime {
  /** The fetch scans go through; on Node it pins connections to the vetted addresses. */
  scanFetch: ScanFetch;
  /** Plain fetch for our own services (the DoH resolver, the preload status service). */
  fetch: typeof fetch;
}

export function userAgent(config: AppConfig): string {
  return `Mozilla/5.0 (compatible; AgentScan/1.0${config.baseUrl ? `; +${config.baseUrl}` : ''})`;
}

export function createScanners(config: AppConfig, runtime: ScannerRuntime): Partial<Record<ToolName, Scanner>> {
  const resolver = createDohResolver({ url: config.dohUrl, fetch: runtime.fetch });
  return {
    'security-headers': createSecurityHeadersScanner({
      fetch: runtime.scanFetch,
      resolver,
      allowPrivate: config.allowPrivateTargets,
      userAgent: userAgent(config),
      preload: createPreloadLookup({ url: config.hstsPreloadStatusUrl, fetch: runtime.fetch }),
    }),
  };
}
