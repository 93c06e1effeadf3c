/**
 * Builds every registered tool's scanner from configuration and the runtime's fetch functions; the
 * scanner's code (src/tools/implementations.ts) is loaded by the first scan.
 */
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
  return Object.fromEntries(
    ALLOWLISTED_TOOLS.map((tool) => [
      tool.name,
      loadedOnFirstScan(async () =>
        (await import('./implementations.ts')).TOOL_IMPLEMENTATIONS[tool.name].createScanner(setup),
      ),
    ]),
  );
}

/**
 * A scanner whose code is loaded by its first scan: `load` runs once (again only if it failed),
 * and every scan after it goes straight to the scanner it made.
 */
function loadedOnFirstScan(load: () => Promise<Scanner>): Scanner {
  let loading: Promise<Scanner> | undefined;
  return async (target, context) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(target, context);
  };
}
