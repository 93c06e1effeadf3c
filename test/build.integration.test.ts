/**
 * The portable bundle: `npm run build` produces an ESM entry and the chunks it loads on first use,
 * which import nothing they did not include, stay inside the edge size budgets, and serve the API
 * when loaded as they are. It also
 * bundles the Node entries to JavaScript that imports only Node's modules and the runtime
 * dependencies (test/deploy/production-install.integration.test.ts runs them on such an install).
 */
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { pathToFileURL } from 'node:url';
import { before, test } from 'node:test';
import { describeApi } from '../src/app.ts';

let run: SpawnSyncReturns<string>;
before(() => {
  run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { encoding: 'utf8' });
});

test('builds a self-contained bundle that serves the API', async () => {
  assert.equal(run.status, 0, run.stderr);
  const figure = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(run.stdout)?.[1]);
  assert.ok(figure('bundle_gzip_bytes') > 0 && figure('bundle_gzip_bytes') <= 250_000, run.stdout);
  assert.ok(figure('bundle_all_gzip_bytes') < 1_000_000, run.stdout);
  // What a client generator digests: the document and the types openapi-typescript makes of it.
  assert.ok(figure('openapi_document_bytes') > 0 && figure('openapi_document_bytes') <= 150_000, run.stdout);
  assert.ok(figure('openapi_client_types_bytes') > 0 && figure('openapi_client_types_bytes') <= 150_000, run.stdout);
  const chunks = readdirSync('dist/chunks').filter((f) => f.endsWith('.js'));
  assert.ok(chunks.length > 0, 'the MCP endpoint is a chunk of its own');
  for (const file of ['dist/agent-scan.js', ...chunks.map((f) => `dist/chunks/${f}`)]) {
    const source = readFileSync(file, 'utf8');
    assert.doesNotMatch(source, /from\s*["']node:|require\(["']node:/, `no Node built-ins in ${file}`);
  }

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

test('the bundle answers /openapi.json rendered at build time, byte for byte as built from source', async () => {
  assert.equal(run.status, 0, run.stderr);
  const bundle = await import(`${pathToFileURL('dist/agent-scan.js').href}?t=${Date.now()}`);
  for (const [baseUrl, accountUrl] of [
    ['https://scan.test', 'https://account.scan.test/keys'],
    ['http://127.0.0.1:8787', 'https://keys.example/"quoted"'],
    // A replacement pattern in a URL is text, not an instruction: $& $` $' $$ stay as they are.
    ["http://$&.$'.example", "https://portal.example/keys?ref=$'$`$$"],
  ] as const) {
    const config = bundle.parseConfig({ BASE_URL: baseUrl, ACCOUNT_URL: accountUrl });
    const app = bundle.createApp({ config, store: new bundle.MemoryStore() });
    const served = await (await app.fetch(new Request(`${baseUrl}/openapi.json`), {})).text();
    assert.equal(served, JSON.stringify(await describeApi(baseUrl, config.accountUrl)), baseUrl);
  }
  const chunks = readdirSync('dist/chunks').map((f) => readFileSync(`dist/chunks/${f}`, 'utf8'));
  assert.ok(
    chunks.some((text) => text.includes('agent-scan.invalid')),
    'the document is prebuilt',
  );
});

test('a cold start loads none of what only some requests need', () => {
  assert.equal(run.status, 0, run.stderr);
  type Output = { imports: { path: string; kind: string }[]; inputs: Record<string, unknown> };
  const { outputs } = JSON.parse(readFileSync('dist/agent-scan.meta.json', 'utf8')) as {
    outputs: Record<string, Output>;
  };
  const loaded = new Set<string>();
  const load = (file: string) => {
    loaded.add(file);
    for (const i of outputs[file]!.imports) if (i.kind === 'import-statement' && !loaded.has(i.path)) load(i.path);
  };
  load('dist/agent-scan.js');
  const inputs = [...loaded].flatMap((file) => Object.keys(outputs[file]!.inputs));
  assert.ok(inputs.includes('src/app.ts') && inputs.includes('src/contract/catalog-document.ts'));
  // The MCP SDK serves only as the tests' oracle (docs/mcp.md): no file of the bundle holds it.
  const everything = Object.values(outputs).flatMap((output) => Object.keys(output.inputs));
  assert.deepEqual(
    everything.filter((input) => /node_modules\/(?:@modelcontextprotocol|zod)\//.test(input)),
    [],
  );
  const onFirstUse = [
    /node_modules\/tldts(?:-core)?\//,
    /node_modules\/@upstash\/redis\//,
    /^src\/mcp\/endpoint\.ts$/,
    /^src\/pages\/routes\.ts$/,
    /^src\/contract\/openapi\/document\.ts$/,
    /^src\/tools\/[\w-]+\/(?:scanner|result-schema)\.ts$/,
  ];
  for (const pattern of onFirstUse)
    assert.deepEqual(
      inputs.filter((input) => pattern.test(input)),
      [],
      `${pattern} is loaded at start`,
    );
});

test('bundles the Node entries to JavaScript importing only Node and the runtime dependencies', () => {
  assert.equal(run.status, 0, run.stderr);
  const dependencies = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).dependencies);
  for (const entry of ['server', 'admin']) {
    const file = `dist/node/${entry}.js`;
    assert.equal(Number(new RegExp(`^node_${entry}_bytes: (\\d+)$`, 'm').exec(run.stdout)?.[1]) > 0, true, run.stdout);
    assert.ok(existsSync(`${file}.map`));
    assert.match(readFileSync(file, 'utf8'), new RegExp(`//# sourceMappingURL=${entry}\\.js\\.map\\s*$`));
  }
  // The entries and the chunks they share and load on first use.
  const files = ['server.js', 'admin.js', ...readdirSync('dist/node/chunks').map((f) => `chunks/${f}`)];
  const specifiers = files
    .filter((f) => f.endsWith('.js'))
    // esbuild writes each import of an external module on a line of its own, double-quoted.
    .flatMap((f) => [
      ...readFileSync(`dist/node/${f}`, 'utf8').matchAll(/^(?:import|export)\b[^;\n]*?["']([^"'\n]+)["'];$/gm),
    ])
    .map((m) => m[1]!);
  assert.ok(
    specifiers.includes('srvx') && specifiers.includes('valibot'),
    'the Node entries import their dependencies',
  );
  const outside = specifiers.filter(
    (s) => !s.startsWith('./') && !isBuiltin(s) && !dependencies.some((d) => s === d || s.startsWith(`${d}/`)),
  );
  assert.deepEqual(outside, [], 'the Node entries import what a production install does not have');
});
