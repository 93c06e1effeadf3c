/**
 * Runs one layer's test files in one process (`npm run test:unit`, `test:integration`,
 * `test:browser`), one after the other, each imported inside a suite named after its file and
 * ended by test/support/cleanup.ts's `endTestFile` (its servers closed, then its checks run). One
 * process instead of one per file saves starting Node, the transpiler and the app dozens of times.
 *
 *   node --import tsx [--import ./test/support/unit-guard.ts] test/support/run-files.ts LAYER [FILE …]
 */
import { readdirSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { endTestFile, unfinished } from './cleanup.ts';

const LAYERS = {
  unit: (path: string) => !path.endsWith('.integration.test.ts') && !path.endsWith('.browser.test.ts'),
  integration: (path: string) => path.endsWith('.integration.test.ts'),
  browser: (path: string) => path.endsWith('.browser.test.ts'),
};

const [layer = '', ...chosen] = process.argv.slice(2);
if (!Object.hasOwn(LAYERS, layer)) {
  console.error(`usage: run-files.ts ${Object.keys(LAYERS).join('|')} [file …]`);
  process.exit(2);
}
const inLayer = LAYERS[layer as keyof typeof LAYERS];
const files =
  chosen.length > 0
    ? chosen
    : readdirSync('test', { recursive: true, encoding: 'utf8' })
        .map((path) => `test/${path}`)
        .filter((path) => path.endsWith('.test.ts') && inLayer(path))
        .sort();

/** A hang guard, not a speed test: the slowest file takes well under a minute on a busy machine. */
const FILE_TIMEOUT_MS = 10 * 60_000;
/** How long the process may stay up once every file has ended, before it is found to leak. */
const EXIT_GRACE_MS = 30_000;

// One file at a time: node:test builds a suite as soon as it is declared, so each is declared only
// once the one before it has ended. What a file starts at its top level (servers, a redis-server)
// is then its own, and is closed when it ends, before the next one starts anything.
for (const file of files) {
  // Imported inside the suite, so the file's top-level tests and hooks become the suite's.
  await describe(file, { timeout: FILE_TIMEOUT_MS }, async () => {
    try {
      await import(pathToFileURL(file).href);
    } finally {
      after(endTestFile); // Hooks run in the order they were registered: the file's own come first.
    }
  });
  // A failing `after` hook of the file's own skips the hooks after it: end the file here instead,
  // under its name, before the next one starts.
  if (unfinished()) await test(`${file}: closes what it started`, endTestFile);
}

// Every file has ended, so nothing should keep the process alive. Something a file left open (a
// server, an interval) would keep it up for ever and hold npm test with it.
setTimeout(() => {
  const left = (process as unknown as { _getActiveHandles(): object[] })._getActiveHandles();
  const kinds = left.map((handle) => handle.constructor.name).join(', ');
  console.error(
    `every test file has ended, but something keeps this process alive (${kinds}): ` +
      'a file left a server, socket, child process or interval open',
  );
  process.exit(1);
}, EXIT_GRACE_MS).unref();
