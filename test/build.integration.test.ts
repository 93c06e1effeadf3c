/**
 * The portable bundle: `npm run build` produces one ESM file that imports nothing it did not
 * include, stays inside the edge size budget, and serves the API when loaded as it is.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';

test('builds one self-contained bundle that serves the API', async () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { encoding: 'utf8' });
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
