/**
 * `npm test`: checks the machine first (seconds), then runs every layer whatever the others did,
 * and ends with one line per layer and the test counts. Exits non-zero if anything failed.
 *
 *   npm test                          every layer
 *   npm test -- unit integration      only these layers (the check of the machine runs first)
 *
 * The layers run in two chains side by side: much of a test layer's time is spent waiting on
 * sockets and child processes, and no test depends on how busy the machine is. Each layer's output
 * is printed whole when it ends.
 */
import { spawn } from 'node:child_process';
import { checkSystemNeeds, describeMissing } from '../test/support/system-needs.ts';

interface Layer {
  name: string;
  /** The npm script that runs it alone. */
  script: string;
}

const LAYERS = {
  typecheck: { name: 'typecheck', script: 'typecheck' },
  lint: { name: 'lint', script: 'lint' },
  unit: { name: 'unit', script: 'test:unit' },
  integration: { name: 'integration', script: 'test:integration' },
  browser: { name: 'browser', script: 'test:browser' },
  runtimes: { name: 'runtimes', script: 'test:runtimes' },
} satisfies Record<string, Layer>;
/** Two chains of about the same length on a 2-core machine; the summary lists layers in this order. */
const CHAINS: Layer[][] = [
  [LAYERS.unit, LAYERS.integration],
  [LAYERS.typecheck, LAYERS.lint, LAYERS.browser, LAYERS.runtimes],
];
const ORDER: Layer[] = Object.values(LAYERS);

interface Outcome {
  layer: Layer;
  passed: boolean;
  seconds: number;
  tests: { passed: number; failed: number } | null;
}

// The closing counts of node's test runner, spec reporter ("ℹ pass 12") or TAP ("# pass 12").
const COUNT_LINE = /^(?:ℹ|#) (pass|fail|cancelled) (\d+)$/;
const COLOUR = /\x1b\[[0-9;]*m/g;

function testCounts(output: string): Outcome['tests'] {
  const counts = { pass: 0, fail: 0, cancelled: 0 };
  let seen = false;
  for (const line of output.split('\n')) {
    const match = COUNT_LINE.exec(line.replace(COLOUR, '').trim());
    if (match === null) continue;
    counts[match[1] as keyof typeof counts] += Number(match[2]);
    seen = true;
  }
  return seen ? { passed: counts.pass, failed: counts.fail + counts.cancelled } : null;
}

function runLayer(layer: Layer): Promise<Outcome> {
  const started = performance.now();
  console.log(`▶ ${layer.name} started (npm run ${layer.script})`);
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', layer.script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
    });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finish = (passed: boolean) => {
      const output = Buffer.concat(chunks).toString('utf8');
      const outcome = { layer, passed, seconds: (performance.now() - started) / 1000, tests: testCounts(output) };
      const rule = `── ${layer.name}: ${passed ? 'passed' : 'FAILED'} in ${outcome.seconds.toFixed(1)} s `;
      process.stdout.write(`\n${rule.padEnd(100, '─')}\n${output}${output.endsWith('\n') ? '' : '\n'}`);
      resolve(outcome);
    };
    child.once('error', (error) => {
      chunks.push(Buffer.from(`could not start npm: ${error.message}\n`));
      finish(false);
    });
    child.once('close', (code) => finish(code === 0));
  });
}

async function runChain(chain: Layer[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const layer of chain) outcomes.push(await runLayer(layer));
  return outcomes;
}

function summary(outcomes: Outcome[], seconds: number): string {
  const width = Math.max(...outcomes.map((o) => o.layer.name.length));
  const lines = ORDER.flatMap((layer) => outcomes.filter((o) => o.layer === layer)).map((o) => {
    const tests = o.tests ? `  ${o.tests.passed} passed, ${o.tests.failed} failed` : '';
    const time = `${o.seconds.toFixed(1).padStart(6)} s`;
    return `${o.layer.name.padEnd(width)}  ${o.passed ? 'passed' : 'FAILED'}  ${time}${tests}`;
  });
  const passed = outcomes.reduce((sum, o) => sum + (o.tests?.passed ?? 0), 0);
  const failed = outcomes.reduce((sum, o) => sum + (o.tests?.failed ?? 0), 0);
  // A layer that failed without failing a test (a type error, a lint finding, a crash) counts once.
  const failedLayers = outcomes.filter((o) => !o.passed && (o.tests?.failed ?? 0) === 0).length;
  return [
    ...lines,
    `${'total'.padEnd(width)}  ${' '.repeat(6)}  ${seconds.toFixed(1).padStart(6)} s`,
    `tests: ${passed} passed, ${failed + failedLayers} failed`,
  ].join('\n');
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !ORDER.some((layer) => layer.name === name));
if (unknown.length > 0) {
  console.error(`unknown layer ${unknown.join(', ')}; the layers are ${ORDER.map((l) => l.name).join(', ')}`);
  process.exit(2);
}

const needs = checkSystemNeeds(wanted.length > 0 ? wanted : ORDER.map((layer) => layer.name));
const missing = describeMissing(needs);
if (missing !== '') {
  console.error(`npm test needs what this machine does not have:\n${missing}\nThen run npm test again.`);
  process.exit(1);
}
console.log(`preflight: ${needs.map((need) => need.found).join(', ')}`);

const started = performance.now();
const chains = CHAINS.map((chain) => chain.filter((layer) => wanted.length === 0 || wanted.includes(layer.name)));
const outcomes = (await Promise.all(chains.map(runChain))).flat();
console.log(`\n${summary(outcomes, (performance.now() - started) / 1000)}`);
process.exitCode = outcomes.every((o) => o.passed) ? 0 : 1;
