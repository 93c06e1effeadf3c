/**
 * The production install's weight: the Dockerfile's build and runtime stages replayed without
 * Docker (test/deploy/production-install.ts), then the bytes in the regular files of its
 * node_modules (apparent size; MB here are 10^6 bytes). Target: under 40 MB.
 * No timing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFromRecipe, installProduction, sizeOf } from '../deploy/production-install.ts';

const TARGET_MB = 40;

export async function measureProductionSize(): Promise<Record<string, number>> {
  const build = buildFromRecipe();
  try {
    const install = installProduction(build.dir);
    try {
      const nodeModules = join(install.dir, 'node_modules');
      const bytes = sizeOf(nodeModules);
      return {
        production_node_modules_bytes: bytes,
        production_node_modules_mb: Math.round(bytes / 1e5) / 10,
        production_node_modules_target_mb: TARGET_MB,
        production_packages: Object.keys(
          (JSON.parse(readFileSync(join(nodeModules, '.package-lock.json'), 'utf8')) as { packages: object }).packages,
        ).length,
      };
    } finally {
      install.remove();
    }
  } finally {
    build.remove();
  }
}
