/** Builds every registered tool's scanner from configuration and the runtime's fetch functions. */
import type { AppConfig } from '../config.ts';
import { createDohResolver } from '../net/resolver.ts';
import { ALLOWLISTED_TOOLS, type ToolName } from './registry.ts';
import type { ScannerRuntime, ScannerSetup } from './tool-entry.ts';
import type { Scanner } from './tool.ts';

function userAgent(config: AppConfig): string {
  return `Mozilla/5.0 (compatible; AgentScan/1.0${config.baseUrl ? `; +${config.baseUrl}` : ''})`;
}

export function createScanners(config: AppConfig, runtime: ScannerRuntime): Partial<Record<ToolName, Scanner>> {
  const resolver = createDohResolver({ url: config.dohUrl, fetch: runtime.fetch });
  const guarded = {
    fetch: runtime.scanFetch,
    resolver,
    allowPrivate: config.allowPrivateTargets,
    userAgent: userAgent(config),
  };
  const setup: ScannerSetup = { config, runtime, resolver, guarded };
  return Object.fromEntries(ALLOWLISTED_TOOLS.map((tool) => [tool.name, tool.createScanner(setup)]));
}
