/**
 * What a cold start costs on runtimes that bill it: a fresh Node process imports the built bundle,
 * creates the app and answers one catalog request (median of 5), against a minimal fetch-handler
 * module measured the same way in the same run. Then, in that process, the CPU of each endpoint's
 * first call after the cold start and of its steady state (mean over repeated calls). And the
 * bundle's bytes by dependency, from the build's metafile. Informational: nothing fails on timing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UNLIMITED } from './unlimited.ts';

const RUNS = 5;
const STEADY_CALLS = 200;
const BUNDLE = resolve('dist/agent-scan.js');
const METAFILE = resolve('dist/agent-scan.meta.json');
const BASE = 'https://scan.example';

/** Each endpoint a cold instance may be asked first; scans are left out (their cost is the target's). */
const ENDPOINTS: { name: string; path: string; init?: RequestInit }[] = [
  { name: 'catalog', path: '/api/v1/agent/tools' },
  { name: 'openapi', path: '/openapi.json' },
  { name: 'healthz', path: '/healthz' },
  { name: 'badge', path: '/api/badge/example.com' },
  { name: 'home', path: '/' },
  { name: 'tool_page', path: '/tools/security-headers' },
  { name: 'skill', path: '/agent-skills/security-headers.md' },
  { name: 'llms_txt', path: '/llms.txt' },
  { name: 'error_index', path: '/developers/errors' },
  { name: 'not_found', path: '/api/v1/nothing' },
  {
    name: 'execute_bad_input',
    path: '/api/v1/agent/tools/security-headers/execute',
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"target":""}' },
  },
  {
    name: 'mcp_tools_list',
    path: '/mcp',
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    },
  },
];

/** Runs in the child: times the cold start, then the first and steady CPU of every endpoint. */
const CHILD = `
const t0 = performance.now();
const bundle = await import(process.env.BUNDLE_URL);
const t1 = performance.now();
const app = bundle.createApp({
  config: bundle.parseConfig({ BASE_URL: '${BASE}' }),
  store: new bundle.MemoryStore(),
  limits: ${JSON.stringify(UNLIMITED)},
});
const t2 = performance.now();
const first = await app.fetch(new Request('${BASE}/api/v1/agent/tools'));
await first.text();
const t3 = performance.now();
const endpoints = ${JSON.stringify(ENDPOINTS)};
const call = async (e) => {
  const r = await app.fetch(new Request('${BASE}' + e.path, e.init));
  await r.arrayBuffer();
  return r.status;
};
const cpuMs = (u) => (u.user + u.system) / 1000;
const firstCpu = {}, steadyCpu = {}, statuses = {};
for (const e of endpoints) {
  const before = process.cpuUsage();
  statuses[e.name] = await call(e);
  firstCpu[e.name] = cpuMs(process.cpuUsage(before));
}
for (const e of endpoints) {
  for (let i = 0; i < 20; i++) await call(e);
  const before = process.cpuUsage();
  for (let i = 0; i < ${STEADY_CALLS}; i++) await call(e);
  steadyCpu[e.name] = cpuMs(process.cpuUsage(before)) / ${STEADY_CALLS};
}
const times = { importMs: t1 - t0, createMs: t2 - t1, firstCatalogMs: t3 - t2 };
console.log(JSON.stringify({ ...times, firstCpu, steadyCpu, statuses }));
process.exit(0);
`;

/** The smallest module a fetch runtime could load: the baseline of the cold-start ratio. */
const MINIMAL =
  'export default { fetch: () => ' +
  `new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }) };\n`;
const MINIMAL_CHILD = `
const t0 = performance.now();
const handler = (await import(process.env.BUNDLE_URL)).default;
const response = await handler.fetch(new Request('${BASE}/'));
await response.text();
console.log(JSON.stringify({ totalMs: performance.now() - t0 }));
`;

interface ColdRun {
  importMs: number;
  createMs: number;
  firstCatalogMs: number;
  firstCpu: Record<string, number>;
  steadyCpu: Record<string, number>;
  statuses: Record<string, number>;
}

function runChild<T>(script: string, moduleFile: string): T {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, BUNDLE_URL: pathToFileURL(moduleFile).href },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`cold-start child failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as T;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Bytes each dependency contributes to the bundle (esbuild's bytesInOutput), largest first. */
function bytesByDependency(): Record<string, number> {
  const meta = JSON.parse(readFileSync(METAFILE, 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
  };
  const bytes = new Map<string, number>();
  for (const [file, output] of Object.entries(meta.outputs)) {
    if (!file.endsWith('.js')) continue;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      const owner = match ? match[1]! : 'agent-scan-api';
      bytes.set(owner, (bytes.get(owner) ?? 0) + bytesInOutput);
    }
  }
  return Object.fromEntries(
    [...bytes].sort(([, a], [, b]) => b - a).map(([owner, size]) => [`bundle_bytes_by_dependency.${owner}`, size]),
  );
}

export function measureColdStart(): Record<string, number> {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  const dir = mkdtempSync(join(tmpdir(), 'cold-start-'));
  try {
    const minimalFile = join(dir, 'minimal.mjs');
    writeFileSync(minimalFile, MINIMAL);
    const runs = Array.from({ length: RUNS }, () => runChild<ColdRun>(CHILD, BUNDLE));
    const minimal = Array.from({ length: RUNS }, () => runChild<{ totalMs: number }>(MINIMAL_CHILD, minimalFile));
    const total = median(runs.map((r) => r.importMs + r.createMs + r.firstCatalogMs));
    const minimalMs = median(minimal.map((r) => r.totalMs));
    const figures: Record<string, number> = {
      cold_start_ms: round(total),
      cold_start_import_ms: round(median(runs.map((r) => r.importMs))),
      cold_start_create_ms: round(median(runs.map((r) => r.createMs))),
      cold_start_first_catalog_ms: round(median(runs.map((r) => r.firstCatalogMs))),
      cold_start_minimal_handler_ms: round(minimalMs, 2),
      cold_start_vs_minimal_ratio: round(total / minimalMs),
    };
    for (const { name } of ENDPOINTS) {
      figures[`first_call_cpu_ms.${name}`] = round(median(runs.map((r) => r.firstCpu[name]!)), 2);
      figures[`steady_cpu_ms.${name}`] = round(median(runs.map((r) => r.steadyCpu[name]!)), 3);
    }
    const failed = ENDPOINTS.filter(({ name }) => runs.some((r) => (r.statuses[name] ?? 500) >= 500));
    if (failed.length > 0) throw new Error(`a cold instance answered 5xx: ${failed.map((e) => e.name).join(', ')}`);
    return { ...figures, ...bytesByDependency() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
