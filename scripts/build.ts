/**
 * `npm run build`: one ESM bundle of src/ (dist/agent-scan.js) for every runtime, and its size
 * raw and gzipped against the edge platforms' limits; then the Node entries as plain JavaScript
 * (dist/node/server.js, dist/node/admin.js), which run on a production install (`npm ci
 * --omit=dev`) without tsx: src/ and deploy/node are bundled, the runtime dependencies are loaded
 * from node_modules.
 */
import { build, type OutputFile } from 'esbuild';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isBuiltin } from 'node:module';
import { gzipSync } from 'node:zlib';

const OUT = 'dist/agent-scan.js';

/**
 * Each file is written whole under another name and renamed into place, so a reader never sees
 * half of one: several builds may run at once (npm test runs lint, the build test and the runtime
 * checks side by side), and they write the same bytes.
 */
function writeWhole(path: string, contents: Uint8Array | string): void {
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
}
const writeAll = (files: OutputFile[] = []) => files.forEach((file) => writeWhole(file.path, file.contents));
// The smallest edge limit: a Vercel Edge function on Hobby, 1 MB gzipped (Workers Free: 3 MB).
const GZIP_BUDGET = 1_000_000;

const result = await build({
  entryPoints: ['src/index.ts'],
  outfile: OUT,
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  mainFields: ['module', 'main'],
  conditions: ['worker', 'browser', 'import'],
  minify: true,
  sourcemap: 'linked',
  metafile: true,
  legalComments: 'linked',
  logLevel: 'warning',
  write: false,
});
writeAll(result.outputFiles);

// The entries in deploy/ import the bundle; its types are those of the source it was built from.
writeWhole(OUT.replace(/\.js$/, '.d.ts'), "export * from '../src/index.ts';\n");
// What each input contributes to the bundle, for `npm run bench` (bytes by dependency).
writeWhole(OUT.replace(/\.js$/, '.meta.json'), JSON.stringify(result.metafile));

const raw = readFileSync(OUT);
const gzip = gzipSync(raw, { level: 9 }).length;
const inputs = Object.keys(result.metafile.inputs);
const nodeImports = Object.values(result.metafile.outputs).flatMap((o) =>
  o.imports.filter((i) => i.external).map((i) => i.path),
);
console.log(`bundle: ${OUT}`);
console.log(`bundle_raw_bytes: ${raw.length}`);
console.log(`bundle_gzip_bytes: ${gzip}`);
console.log(`bundle_modules: ${inputs.length}`);
if (nodeImports.length > 0) {
  console.error(`the bundle imports modules it did not include: ${nodeImports.join(', ')}`);
  process.exit(1);
}
if (gzip > GZIP_BUDGET) {
  console.error(`the bundle is ${gzip} bytes gzipped, over the ${GZIP_BUDGET}-byte budget`);
  process.exit(1);
}

// The Node entries. `#agent-scan` resolves through package.json "imports" without the
// agent-scan-bundle condition, so src/ is bundled from source. Not minified: stack traces keep
// their names, and `node --enable-source-maps` maps them back to the TypeScript.
const NODE_OUT = 'dist/node';
const nodeResult = await build({
  entryPoints: { server: 'deploy/node/server.ts', admin: 'deploy/node/admin.ts' },
  outdir: NODE_OUT,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  write: false,
});
writeAll(nodeResult.outputFiles);

// A production install has the runtime dependencies only: importing anything else would fail there.
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies?: Record<string, string> };
const runtimeDependencies = new Set(Object.keys(manifest.dependencies ?? {}));
const packageName = (path: string) => path.split('/', path.startsWith('@') ? 2 : 1).join('/');
const notInstalled = new Set<string>();
for (const [file, output] of Object.entries(nodeResult.metafile.outputs)) {
  if (!file.endsWith('.js')) continue;
  const external = output.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => packageName(i.path));
  for (const name of external) if (!runtimeDependencies.has(name)) notInstalled.add(name);
  const name = file.slice(file.lastIndexOf('/') + 1, -'.js'.length);
  console.log(`node_${name}: ${file}`);
  console.log(`node_${name}_bytes: ${output.bytes}`);
}
console.log(`node_bundle_modules: ${Object.keys(nodeResult.metafile.inputs).length}`);
if (notInstalled.size > 0) {
  console.error(`the Node entries import packages that are not dependencies: ${[...notInstalled].join(', ')}`);
  process.exit(1);
}
