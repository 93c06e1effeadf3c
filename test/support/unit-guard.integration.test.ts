/** The unit layer's guard refuses every way out of the process, however it is imported, run as test:unit runs it. */
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
};

for (const [name, [imports, code]] of Object.entries(PROBES)) {
  test(`refuses ${name}`, () => {
    const file = join(mkdtempSync(join(tmpdir(), 'unit-guard-')), 'probe.test.mjs');
    writeFileSync(file, `import { test } from 'node:test';\n${imports}\ntest('probe', async () => { ${code} });\n`);
    const guard = './test/support/unit-guard.ts';
    // Without NODE_TEST_CONTEXT the probe's runner reports on its own instead of to this one.
    const env = { ...process.env };
    delete env['NODE_TEST_CONTEXT'];
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--import', guard, 'test/support/run-files.ts', 'unit', file],
      {
        encoding: 'utf8',
        env,
      },
    );
    assert.notEqual(run.status, 0, run.stdout);
    // fetch reports its own "fetch failed", with the guard's refusal as the cause.
    if (name !== 'fetch') assert.match(run.stdout, /a unit test may not/);
  });
}
