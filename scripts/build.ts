/**
 * `npm run build`: one ESM bundle of src/ for every runtime (dist/agent-scan.js and the chunks it
 * loads on first use, dist/chunks/), and its size raw and gzipped against the edge platforms'
 * limits and the REST path's own budget; then the Node entries as plain JavaScript
 * (dist/node/server.js, dist/node/admin.js and the agent-scan command), which run on a production install (`npm ci
 * --omit=dev`) without tsx: src/ and deploy/node are bundled, the runtime dependencies are loaded
 * from node_modules.
 */
import { build, type OutputFile, type Plugin } from 'esbuild';
import openapiTS, { astToString } from 'openapi-typescript';
import { describeApi } from '../src/app.ts';
import { URL_PLACEHOLDERS } from '../src/contract/openapi/prebuilt.ts';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isBuiltin } from 'node:module';
import { gzipSync } from 'node:zlib';

const OUT = 'dist/agent-scan.js';
// `npm run build -- --single-file`: the chunks stay inside the one file (still evaluated on
// first use), for a platform that takes a single script.
const SINGLE_FILE = process.argv.includes('--single-file');

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

/**
 * Removes the chunks of earlier builds from `dir` once this build's are written: never before
 * (a build running beside this one, or a process loading a chunk, would miss it), and never a
 * file another build is still writing.
 */
function removeStaleChunks(dir: string, files: OutputFile[] = []): void {
  const written = new Set(files.map((file) => resolve(file.path)));
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = resolve(dir, name);
    if (!written.has(path) && !name.endsWith('.partial')) rmSync(path, { force: true });
  }
}
// The smallest edge limit: a Vercel Edge function on Hobby, 1 MB gzipped (Workers Free: 3 MB).
const GZIP_BUDGET = 1_000_000;
// What every cold start parses: the entry and its static imports (docs/runtimes.md).
const REST_GZIP_BUDGET = 250_000;

/**
 * /openapi.json rendered now, with placeholder URLs, into src/contract/openapi/prebuilt.ts of the
 * bundles: a cold instance answers it without loading the schemas and converting them.
 */
const DOCUMENT = JSON.stringify(await describeApi(URL_PLACEHOLDERS.baseUrl, URL_PLACEHOLDERS.accountUrl));
const NO_DOCUMENT = 'const PREBUILT_DOCUMENT: string | null = null;';

/**
 * What a client generator digests: the document and the types openapi-typescript makes of it,
 * each at most 150 KB (measured with the placeholder URLs, longer than most deployments').
 */
const OPENAPI_BUDGET = 150_000;
const documentBytes = Buffer.byteLength(DOCUMENT);
const typesBytes = Buffer.byteLength(
  astToString(await openapiTS(JSON.parse(DOCUMENT) as Parameters<typeof openapiTS>[0])),
);
console.log(`openapi_document_bytes: ${documentBytes}`);
console.log(`openapi_client_types_bytes: ${typesBytes}`);
for (const [what, bytes] of [
  ['/openapi.json', documentBytes],
  ['its openapi-typescript types', typesBytes],
] as const)
  if (bytes > OPENAPI_BUDGET) {
    console.error(`${what} is ${bytes} bytes, over the ${OPENAPI_BUDGET}-byte budget`);
    process.exit(1);
  }
const prebuiltDocument: Plugin = {
  name: 'prebuilt-openapi-document',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]src[\\/]contract[\\/]openapi[\\/]prebuilt\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes(NO_DOCUMENT)) throw new Error(`${args.path} no longer declares: ${NO_DOCUMENT}`);
      const filled = `const PREBUILT_DOCUMENT: string | null = ${JSON.stringify(DOCUMENT)};`;
      return { contents: source.replace(NO_DOCUMENT, filled), loader: 'ts' };
    });
  },
};

// The entry and what the REST path imports at start; each dynamic import (the pages, the MCP
// endpoint, a scanner, …: docs/runtimes.md) becomes a chunk in dist/chunks/, loaded on first use.
const result = await build({
  entryPoints: { 'agent-scan': 'src/index.ts' },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: !SINGLE_FILE,
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
  plugins: [prebuiltDocument],
  write: false,
});
writeAll(result.outputFiles);
removeStaleChunks('dist/chunks', result.outputFiles);

// The entries in deploy/ import the bundle; its types are those of the source it was built from.
writeWhole(OUT.replace(/\.js$/, '.d.ts'), "export * from '../src/index.ts';\n");
// What each input contributes to the bundle, for `npm run bench` (bytes by dependency).
writeWhole(OUT.replace(/\.js$/, '.meta.json'), JSON.stringify(result.metafile));

const outputs = result.metafile.outputs;
/** The files a runtime loads when it imports `file`: the file and its static imports, in turn. */
function loadedWith(file: string, seen = new Set<string>()): Set<string> {
  seen.add(file);
  for (const i of outputs[file]!.imports)
    if (i.kind === 'import-statement' && !seen.has(i.path)) loadedWith(i.path, seen);
  return seen;
}
const gzipOf = (files: Iterable<string>) =>
  gzipSync(Buffer.concat([...files].map((f) => readFileSync(f))), { level: 9 }).length;
const rawOf = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + outputs[f]!.bytes, 0);
const atStart = loadedWith(OUT);
const everything = Object.keys(outputs).filter((f) => f.endsWith('.js'));
const raw = rawOf(atStart);
const gzip = gzipOf(atStart);
const inputs = Object.keys(result.metafile.inputs);
const nodeImports = Object.values(outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
console.log(`bundle: ${OUT}`);
// What importing the bundle loads (the REST path), then every file with the chunks loaded on use.
console.log(`bundle_raw_bytes: ${raw}`);
console.log(`bundle_gzip_bytes: ${gzip}`);
console.log(`bundle_files: ${everything.length}`);
console.log(`bundle_all_raw_bytes: ${rawOf(everything)}`);
console.log(`bundle_all_gzip_bytes: ${gzipOf(everything)}`);
console.log(`bundle_modules: ${inputs.length}`);
if (nodeImports.length > 0) {
  console.error(`the bundle imports modules it did not include: ${nodeImports.join(', ')}`);
  process.exit(1);
}
if (gzip > REST_GZIP_BUDGET) {
  console.error(`the REST path is ${gzip} bytes gzipped, over its ${REST_GZIP_BUDGET}-byte budget`);
  process.exit(1);
}
if (gzipOf(everything) > GZIP_BUDGET) {
  console.error(`the bundle is ${gzipOf(everything)} bytes gzipped, over the ${GZIP_BUDGET}-byte budget`);
  process.exit(1);
}

// The Node entries. `#agent-scan` resolves through package.json "imports" without the
// agent-scan-bundle condition, so src/ is bundled from source. Not minified: stack traces keep
// their names, and `node --enable-source-maps` maps them back to the TypeScript.
const NODE_OUT = 'dist/node';
const nodeResult = await build({
  entryPoints: {
    server: 'deploy/node/server.ts',
    admin: 'deploy/node/admin.ts',
    'agent-scan': 'deploy/node/agent-scan.ts',
  },
  outdir: NODE_OUT,
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  plugins: [prebuiltDocument],
  write: false,
});
writeAll(nodeResult.outputFiles);
// The package's bin (docs/cli.md) runs as a command: esbuild keeps its source's #! line.
chmodSync(`${NODE_OUT}/agent-scan.js`, 0o755);
removeStaleChunks(`${NODE_OUT}/chunks`, nodeResult.outputFiles);

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
  if (file.includes('/chunks/')) continue;
  console.log(`node_${name}: ${file}`);
  console.log(`node_${name}_bytes: ${output.bytes}`);
}
console.log(`node_bundle_modules: ${Object.keys(nodeResult.metafile.inputs).length}`);
if (notInstalled.size > 0) {
  console.error(`the Node entries import packages that are not dependencies: ${[...notInstalled].join(', ')}`);
  process.exit(1);
}
