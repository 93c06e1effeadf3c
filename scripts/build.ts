/**
 * `npm run build`: one ESM bundle of src/ (dist/agent-scan.js) for every runtime, and its size
 * raw and gzipped against the edge platforms' limits.
 */
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const OUT = 'dist/agent-scan.js';
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
});

// The entries in deploy/ import the bundle; its types are those of the source it was built from.
writeFileSync(OUT.replace(/\.js$/, '.d.ts'), "export * from '../src/index.ts';\n");

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
