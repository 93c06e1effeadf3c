/**
 * The Dockerfile's two stages replayed without Docker, each in a temporary directory: the build
 * stage's copies and `npm run build`, then the runtime stage's copies and its `npm ci` (offline:
 * the npm cache holds every package after the project's own `npm ci`), nothing else. Used by
 * production-install.integration.test.ts and by the bench's production-size figure.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSteps, readRecipe, runtimeSteps, type RuntimeSteps } from './dockerfile.ts';

export interface ProductionInstall extends Workspace {
  steps: RuntimeSteps;
}

/** A temporary directory, removed by `remove()`. */
export interface Workspace {
  dir: string;
  remove(): void;
}

function workspace(prefix: string): Workspace {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function runOrThrow(what: string, run: SpawnSyncReturns<string>): void {
  if (run.status !== 0) throw new Error(`${what} failed (${run.status ?? run.signal}):\n${run.stdout}\n${run.stderr}`);
}

/**
 * The build stage: only the paths it copies, in a fresh directory, and its commands after
 * `npm ci` (`npm run build`), with this checkout's node_modules standing in for that install.
 */
export function buildFromRecipe(): Workspace {
  const steps = buildSteps(readRecipe());
  const build = workspace('agent-scan-build-');
  try {
    for (const path of steps.contextPaths) cpSync(path, join(build.dir, path), { recursive: true });
    symlinkSync(resolve('node_modules'), join(build.dir, 'node_modules'), 'dir');
    for (const command of steps.commands) {
      runOrThrow(command, spawnSync('/bin/sh', ['-c', command], { cwd: build.dir, encoding: 'utf8' }));
    }
  } catch (error) {
    build.remove();
    throw error;
  }
  return build;
}

/**
 * The runtime stage in a fresh directory: the files it copies from the context, what it copies
 * from the build stage (from `buildDir`, a buildFromRecipe() directory), and its `npm ci`, offline.
 * The `npm cache clean` after it is not repeated: the image drops its cache, this machine keeps it.
 */
export function installProduction(buildDir: string): ProductionInstall {
  const steps = runtimeSteps(readRecipe());
  const install = workspace('agent-scan-production-');
  try {
    for (const path of steps.contextFiles) cpSync(path, join(install.dir, path));
    for (const path of steps.builtPaths) cpSync(join(buildDir, path), join(install.dir, path), { recursive: true });
    const [npm, ...args] = steps.install;
    if (npm !== 'npm') throw new Error(`the install step is not npm: ${steps.install.join(' ')}`);
    const run = spawnSync('npm', [...args, '--offline'], { cwd: install.dir, encoding: 'utf8' });
    // After `npm install PKG` alone, `npm ci --offline` may not find the metadata of PKG in the cache.
    if (run.stderr.includes('ENOTCACHED')) run.stderr += '\nRun `npm ci` (online) once: it fills the npm cache.';
    runOrThrow(`${steps.install.join(' ')} --offline`, run);
  } catch (error) {
    install.remove();
    throw error;
  }
  return { ...install, steps };
}

/** Bytes in the regular files under a directory (apparent size; symbolic links not followed). */
export function sizeOf(path: string): number {
  const stat = lstatSync(path);
  if (stat.isFile()) return stat.size;
  if (!stat.isDirectory()) return 0;
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0);
}

/** Each top-level package under node_modules (nested dependencies counted in it), heaviest first. */
export function packageSizes(nodeModules: string): { name: string; bytes: number }[] {
  const names = readdirSync(nodeModules)
    .filter((entry) => !entry.startsWith('.'))
    .flatMap((entry) =>
      entry.startsWith('@') ? readdirSync(join(nodeModules, entry)).map((scoped) => `${entry}/${scoped}`) : [entry],
    );
  return names.map((name) => ({ name, bytes: sizeOf(join(nodeModules, name)) })).sort((a, b) => b.bytes - a.bytes);
}

interface LockEntry {
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  hasInstallScript?: boolean;
}

/** The lock's packages, split as `npm ci --omit=dev --omit=optional` splits them. */
export function lockedPackages(lockFile = 'package-lock.json'): {
  runtime: Map<string, LockEntry>;
  omitted: Map<string, LockEntry>;
} {
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { packages: Record<string, LockEntry> };
  const runtime = new Map<string, LockEntry>();
  const omitted = new Map<string, LockEntry>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '') continue;
    (entry.dev || entry.optional || entry.devOptional ? omitted : runtime).set(path, entry);
  }
  return { runtime, omitted };
}
