/**
 * The portable bundle: `npm run build` produces one ESM file that imports nothing it did not
 * include, stays inside the edge size budget, and serves the API when loaded as it is. It also
 * bundles the Node entries to JavaScript that imports only Node's modules and the runtime
 * dependencies (test/deploy/production-install.integration.test.ts runs them on such an install).
 */
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { pathToFileURL } from 'node:url';
import { before, test } from 'node:test';

let run: SpawnSyncReturns<string>;
before(() => {
  run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { encoding: 'utf8' });
});

test('builds one self-contained bundle that serves the API', async () => {
  assert.equal(run.status, 0, run.stderr);
  const gzip = Number(/bundle_gzip_bytes: (\d+)/.exec(run.stdout)?.[1]);
  assert.ok(gzip > 0 && gzip < 1_000_000, run.stdout);
  const source = readFileSync('dist/agent-scan.js', 'utf8');
  assert.doesNotMatch(source, /from\s*["']node:|require\(["']node:/, 'no Node built-ins in the bundle');

  const bundle = await import(`${pathToFileURL('dist/agent-scan.js').href}?t=${Date.now()}`);
  const app = bundle.createApp({
    config: bundle.parseConfig({ BASE_URL: 'https://scan.test' }),
    store: new bundle.MemoryStore(),
  });
  const res: Response = await app.fetch(new Request('https://scan.test/api/v1/agent/tools'), {
    clientAddress: '203.0.113.1',
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('ratelimit-remaining'), '9');
  assert.deepEqual(
    (await res.json()).tools.map((t: { name: string }) => t.name),
    ['security-headers', 'email-security'],
  );
  const badge: Response = await app.fetch(new Request('https://scan.test/api/badge/example.com'), {});
  assert.match(badge.headers.get('content-type') ?? '', /^image\/svg\+xml/);
});

test('bundles the Node entries to JavaScript importing only Node and the runtime dependencies', () => {
  assert.equal(run.status, 0, run.stderr);
  const dependencies = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).dependencies);
  for (const entry of ['server', 'admin']) {
    const file = `dist/node/${entry}.js`;
    assert.equal(Number(new RegExp(`^node_${entry}_bytes: (\\d+)$`, 'm').exec(run.stdout)?.[1]) > 0, true, run.stdout);
    const source = readFileSync(file, 'utf8');
    assert.ok(existsSync(`${file}.map`));
    assert.match(source, new RegExp(`//# sourceMappingURL=${entry}\\.js\\.map\\s*$`));
    // esbuild writes each import of an external module on a line of its own, double-quoted.
    const specifiers = [...source.matchAll(/^(?:import|export)\b[^;\n]*?["']([^"'\n]+)["'];$/gm)].map((m) => m[1]!);
    assert.ok(specifiers.includes('srvx') || specifiers.includes('valibot'), `${file} imports its dependencies`);
    const outside = specifiers.filter(
      (s) => !isBuiltin(s) && !dependencies.some((d) => s === d || s.startsWith(`${d}/`)),
    );
    assert.deepEqual(outside, [], `${file} imports what a production install does not have`);
  }
});
