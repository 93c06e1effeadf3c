/** Builds the scanners from configuration and the runtime's fetch functions. */
import type { AppConfig } from '../config.ts';
import { createDohResolver } from '../net/resolver.ts';
import type { ScanFetch } from '../net/scan-fetch.ts';
import { createEmailSecurityScanner } from './email-security/scanner.ts';
import { createPreloadLookup } from './security-headers/preload.ts';
import { createSecurityHeadersScanner } from './security-headers/scanner.ts';
import type { Scanner, ToolName } from './tool.ts';

export interface ScannerRuntime {
  /** The fetch scans go through; on Node it pins connections to the vetted addresses. */
  scanFetch: ScanFetch;
  /** Plain fetch for our own services (the DoH resolver, the preload status service). */
  fetch: typeof fetch;
  /** TESTS ONLY: the port MTA-STS policy hosts answer on (a local test site). */
  mtaStsPort?: number;
}

export function userAgent(config: AppConfig): string {
  return `Mozilla/5.0 (compatible; AgentScan/1.0${config.baseUrl ? `; +${config.baseUrl}` : ''})`;
}

export function createScanners(config: AppConfig, runtime: ScannerRuntime): Partial<Record<ToolName, Scanner>> {
  const resolver = createDohResolver({ url: config.dohUrl, fetch: runtime.fetch });
  const guarded = { fetch: runtime.scanFetch, resolver, allowPrivate: config.allowPrivateTargets, userAgent: userAgent(config) };
  return {
    'security-headers': createSecurityHeadersScanner({ ...guarded, preload: createPreloadLookup({ url: config.hstsPreloadStatusUrl, fetch: runtime.fetch }) }),
    'email-security': createEmailSecurityScanner({ resolver, fetch: guarded, ...(runtime.mtaStsPort ? { mtaStsPort: runtime.mtaStsPort } : {}) }),
  };
}
