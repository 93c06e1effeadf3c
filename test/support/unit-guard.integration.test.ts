/** The unit layer's guard refuses every way out of the process, however it is imported, as test:unit runs it. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

/** What each probe imports, and what it then does inside a test. */
const PROBES: Record<string, [string, string]> = {
  'a named child_process import': ["import { spawnSync } from 'node:child_process';", "spawnSync('true');"],
  'a default child_process import': ["import cp from 'node:child_process';", "cp.execFileSync('true');"],
  'a worker thread': ["import { Worker } from 'node:worker_threads';", "new Worker('0', { eval: true });"],
  'a UDP socket': ["import { createSocket } from 'node:dgram';", "createSocket('udp4').bind(0);"],
  'a TCP connection': ["import { connect } from 'node:net';", "connect(9, '127.0.0.1');"],
  'a listening server': ["import { createServer } from 'node:http';", 'createServer().listen(0);'],
  fetch: ['', "await fetch('http://127.0.0.1:9/');"],
  'a name lookup': ["import { lookup } from 'node:dns/promises';", "await lookup('localhost');"],
  'a DNS resolver of its own': [
    "import { Resolver } from 'node:dns/promises';",
    "const r = new Resolver(); r.setServers(['127.0.0.1:9']); await r.resolve4('example.com');",
  ],
};

// Every probe is a file of its own, all run by one unit layer, as npm run test:unit runs its files.
const dir = mkdtempSync(join(tmpdir(), 'unit-guard-'));
const files = Object.entries(PROBES).map(([name, [imports, code]], i) => {
  const file = join(dir, `probe-${i}.test.mjs`);
  const probe = `test(${JSON.stringify(`probe: ${name}`)}, async () => { ${code} });`;
  writeFileSync(file, `import { test } from 'node:test';\n${imports}\n${probe}\n`);
  return file;
});
const GUARD = './test/support/unit-guard.ts';
// Without NODE_TEST_CONTEXT the layer's runner reports on its own instead of to this one.
const env = { ...process.env };
delete env['NODE_TEST_CONTEXT'];
const layer = ['--import', 'tsx', '--import', GUARD, '--test-reporter=tap', 'test/support/run-files.ts', 'unit'];
// A probe that gets out may keep the layer alive (a listening server): a hang guard, not a speed test.
const run = spawnSync(process.execPath, [...layer, ...files], { encoding: 'utf8', env, timeout: 120_000 });

/** The TAP lines of one probe's test, from its result to the next result. */
function reportOf(name: string): string {
  const start = run.stdout.search(new RegExp(`^ *(?:not )?ok \\d+ - probe: ${name}$`, 'm'));
  assert.notEqual(start, -1, `no result for the probe of ${name}:\n${run.stdout}`);
  const rest = run.stdout.slice(start);
  const lineEnd = rest.indexOf('\n') + 1;
  const next = rest.slice(lineEnd).search(/^ *(?:not )?ok \d+ - /m);
  return next === -1 ? rest : rest.slice(0, lineEnd + next);
}

test('the layer fails when any probe gets out', () => {
  assert.notEqual(run.status, 0, run.stdout);
});

for (const name of Object.keys(PROBES)) {
  test(`refuses ${name}`, () => {
    const report = reportOf(name);
    assert.match(report, /^ *not ok /, report);
    // fetch reports its own "fetch failed", with the guard's refusal as the cause.
    if (name !== 'fetch') assert.match(report, /a unit test may not/);
  });
}
