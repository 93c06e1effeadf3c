/**
 * Starts dist/agent-scan.js under each runtime through its entry in deploy/, as a child process
 * on a free loopback port, with configuration passed the way that platform passes it. Every
 * runtime binary comes from devDependencies (node_modules/.bin).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { transformSync } from 'esbuild';
import { freePort } from '../support/free-port.ts';

export interface RunningRuntime {
  url: string;
  /** From the spawn to the first answer (within the poll interval, 10 ms). */
  readyAfterMs: number;
  /** Everything the process wrote so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

export interface Launcher {
  name: string;
  /**
   * A process that checks its configuration at start-up (Workers and Vercel build the service on
   * the first request).
   */
  checksConfigAtStart: boolean;
  start(env: Record<string, string>): Promise<RunningRuntime>;
}

const ROOT = resolve(import.meta.dirname, '../..');
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

/** Spawns a server and waits until it answers on `port` (not for a log line: not all of them print one). */
async function launch(
  command: string,
  args: string[],
  options: { env: Record<string, string>; port: number; cwd?: string; cleanup?: () => void },
): Promise<RunningRuntime> {
  const spawnedAt = performance.now();
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(forced);
    options.cleanup?.();
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}:\n${output}`);
    try {
      // /openapi.json counts against no limit (it reads the store only to show the headers).
      const res = await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return { url, readyAfterMs: performance.now() - spawnedAt, output: () => output, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${command} did not start within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

const node: Launcher = {
  name: 'Node',
  checksConfigAtStart: true,
  async start(env) {
    const port = await freePort();
    // The agent-scan-bundle condition points the entry's #agent-scan import at dist/agent-scan.js.
    const args = ['--conditions=agent-scan-bundle', '--import', 'tsx', 'deploy/node/server.ts'];
    return launch(process.execPath, args, { env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, port });
  },
};

const deno: Launcher = {
  name: 'Deno',
  checksConfigAtStart: true,
  async start(env) {
    const port = await freePort();
    const args = [
      'serve',
      '--allow-net',
      '--allow-env',
      '--no-prompt',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      'deploy/deno/main.ts',
    ];
    return launch(bin('deno'), args, { env: { ...env, DENO_NO_UPDATE_CHECK: '1' }, port });
  },
};

const bun: Launcher = {
  name: 'Bun',
  checksConfigAtStart: true,
  async start(env) {
    const port = await freePort();
    return launch(bin('bun'), ['deploy/bun/server.ts'], {
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      port,
    });
  },
};

/**
 * workerd serving `modules` (name → source; the first is the main module) as ES modules, with
 * `env` as text bindings and an outbound network that may reach loopback (the DoH server, the
 * store bridge and scan targets all live there).
 */
export async function startWorkerd(modules: Record<string, string>, env: Record<string, string>) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'workerd-'));
  for (const [name, source] of Object.entries(modules)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), source);
  }
  const embedded = Object.keys(modules).map(
    (name) => `(name = ${JSON.stringify(name)}, esModule = embed ${JSON.stringify(name)})`,
  );
  const bindings = Object.entries(env).map(
    ([name, value]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`,
  );
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .api),
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const api :Workerd.Worker = (
  modules = [
    ${embedded.join(',\n    ')},
  ],
  compatibilityDate = "2026-11-01",
  bindings = [${bindings.join(', ')}],
  globalOutbound = "internet",
);
`,
  );
  return launch(bin('workerd'), ['serve', 'config.capnp', '--verbose'], {
    env: {},
    port,
    cwd: dir,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  });
}

/**
 * workerd with the config wrangler would generate: the entry (TypeScript stripped, imports kept)
 * and the bundle's entry and every chunk it may import, each an ES module as wrangler uploads them.
 */
const workerd: Launcher = {
  name: 'Cloudflare workerd',
  checksConfigAtStart: false,
  start(env) {
    const entry = transformSync(readFileSync(join(ROOT, 'deploy/cloudflare/worker.ts'), 'utf8'), {
      loader: 'ts',
      format: 'esm',
    }).code;
    const bundleFiles = [
      'dist/agent-scan.js',
      ...readdirSync(join(ROOT, 'dist/chunks'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => `dist/chunks/${f}`),
    ];
    const modules = Object.fromEntries([
      ['deploy/cloudflare/worker.js', entry],
      ...bundleFiles.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]),
    ]);
    return startWorkerd(modules, env);
  },
};

const edgeRuntime: Launcher = {
  name: 'Vercel edge-runtime',
  checksConfigAtStart: false,
  async start(env) {
    const port = await freePort();
    return launch(process.execPath, ['--import', 'tsx', 'test/runtimes/edge-runtime-host.ts'], {
      env: { ...env, PORT: String(port) },
      port,
    });
  },
};

export const LAUNCHERS: Record<string, Launcher> = { node, deno, bun, workerd, edgeRuntime };
