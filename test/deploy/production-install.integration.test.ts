/**
 * The production path, without Docker: the Dockerfile's build stage (its COPY sources only, then
 * `npm run build`) and its runtime stage (its COPY sources, its `npm ci` offline, its ENV and CMD)
 * replayed in temporary directories, every step read from the Dockerfile so the two cannot drift.
 * The server and the admin CLI must run there with no devDependency: no tsx, TypeScript or esbuild.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  buildFromRecipe,
  installProduction,
  lockedPackages,
  packageSizes,
  sizeOf,
  type ProductionInstall,
  type Workspace,
} from './production-install.ts';

let build: Workspace | undefined;
let install: ProductionInstall;
const children = new Set<ChildProcess>();

before(() => {
  build = buildFromRecipe();
  install = installProduction(build.dir);
});
after(() => {
  for (const child of children) child.kill('SIGKILL');
  install?.remove();
  build?.remove();
});

/** A command of the Dockerfile (`node …`) on this machine's node, in the install directory. */
function command(argv: string[]): [string, string[]] {
  assert.equal(argv[0], 'node', `expected a node command: ${argv.join(' ')}`);
  return [process.execPath, argv.slice(1)];
}

/** The image's environment and the given overrides: nothing from this process. */
const imageEnv = (overrides: Record<string, string>) => ({ ...install.steps.env, ...overrides });

describe('the production install (the runtime stage of the Dockerfile, replayed)', () => {
  test('holds the runtime dependencies of the lock and no devDependency', (t) => {
    const nodeModules = join(install.dir, 'node_modules');
    const { runtime } = lockedPackages();
    const installed = JSON.parse(readFileSync(join(nodeModules, '.package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    assert.deepEqual(Object.keys(installed.packages).sort(), [...runtime.keys()].sort());

    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> };
    const devLanded = Object.keys(manifest.devDependencies).filter((name) => existsSync(join(nodeModules, name)));
    assert.deepEqual(devLanded, [], 'devDependencies in the production install');
    for (const name of ['tsx', 'typescript', 'esbuild']) assert.ok(!existsSync(join(nodeModules, name)), name);

    const bytes = sizeOf(nodeModules);
    const heaviest = packageSizes(nodeModules)
      .slice(0, 5)
      .map((p) => `${p.name} ${(p.bytes / 1e6).toFixed(1)} MB`);
    t.diagnostic(`production node_modules: ${bytes} bytes; heaviest: ${heaviest.join(', ')}`);
    assert.ok(bytes > 0);
  });

  test('the install flags drop nothing the runtime needs, and run no install script', () => {
    const { runtime, omitted } = lockedPackages();
    // --omit=optional would drop an optional runtime dependency; optional dev ones are dev anyway.
    const optionalRuntime = [...omitted].filter(([, e]) => e.optional && !e.dev).map(([path]) => path);
    assert.deepEqual(optionalRuntime, [], 'optional runtime dependencies, which --omit=optional leaves out');
    const withScripts = [...runtime].filter(([, e]) => e.hasInstallScript).map(([path]) => path);
    assert.deepEqual(withScripts, [], 'runtime dependencies with install scripts, which --ignore-scripts skips');
    assert.ok(install.steps.install.includes('--omit=dev'));
  });

  test('serves the API with the image CMD and exits 0 on SIGTERM', async () => {
    const [bin, args] = command(install.steps.cmd);
    const child = spawn(bin, args, {
      cwd: install.dir,
      env: imageEnv({ HOST: '127.0.0.1', PORT: '0' }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.add(child);
    let stderr = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${stderr}`)), 15_000);
      child.stderr.on('data', (d) => {
        stderr += d;
        const match = /listening on (http:\/\/\S+)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}):\n${stderr}`));
      });
    });

    const res = await fetch(`${url}/api/v1/agent/tools`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    const body = (await res.json()) as { tools: { name: string }[] };
    assert.deepEqual(
      body.tools.map((t) => t.name),
      ['security-headers', 'email-security'],
    );

    // The image's HEALTHCHECK command, against the real server.
    const health = await fetch(`${url}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });
    const [checkBin, checkArgs] = command(install.steps.healthcheck);
    const check = spawnSync(checkBin, checkArgs, { env: imageEnv({ PORT: new URL(url).port }), timeout: 10_000 });
    assert.equal(check.status, 0, String(check.stderr));

    child.kill('SIGTERM');
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000).unref());
    assert.equal(await Promise.race([exited, timeout]), 0, stderr);
    assert.match(stderr, /SIGTERM: finishing requests in flight/);
  });

  test('runs the admin CLI', () => {
    const [bin, args] = command(['node', 'dist/node/admin.js']);
    const help = spawnSync(bin, [...args, '--help'], { cwd: install.dir, env: imageEnv({}), encoding: 'utf8' });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stderr, /keys create --name NAME --owner OWNER/);
    // Reading the configuration works there too: without a shared store it refuses, and says why.
    const list = spawnSync(bin, [...args, 'keys', 'list'], { cwd: install.dir, env: imageEnv({}), encoding: 'utf8' });
    assert.equal(list.status, 2);
    assert.match(list.stderr, /No shared store is configured/);
  });
});

describe('the HEALTHCHECK command', () => {
  async function listen(status: number): Promise<Server> {
    const server = createServer((request, response) => {
      response.writeHead(request.url === '/healthz' ? status : 404, { 'content-type': 'application/json' });
      response.end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return server;
  }

  async function check(port: number): Promise<number | null> {
    const [bin, args] = command(install.steps.healthcheck);
    const child = spawn(bin, args, { env: imageEnv({ PORT: String(port) }), stdio: 'ignore' });
    const [code] = (await once(child, 'exit')) as [number | null];
    return code;
  }

  test('exits 0 on a 200 from /healthz at $PORT, 1 on a 503 or when nothing listens', async () => {
    const healthy = await listen(200);
    const failing = await listen(503);
    const healthyPort = (healthy.address() as AddressInfo).port;
    try {
      assert.equal(await check(healthyPort), 0);
      assert.equal(await check((failing.address() as AddressInfo).port), 1);
    } finally {
      await new Promise((resolve) => healthy.close(resolve));
      await new Promise((resolve) => failing.close(resolve));
    }
    assert.equal(await check(healthyPort), 1);
  });
});
