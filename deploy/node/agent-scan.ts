#!/usr/bin/env node
/** The `agent-scan` command (the package's bin; docs/cli.md): cli/main.ts as a process. */
import { appendFile, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { runCli } from './cli/main.ts';
import { EXIT } from './cli/outcome.ts';

// Two folders up from both deploy/node/ (source) and dist/node/ (built) is the package's root.
const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// Output that could not be written (a full disk, a closed stdout) is not a pass: exit 74
// (docs/cli.md, "Exit codes"). Listened for before the first write, which may fail at once.
let lost: Error | null = null;
process.stdout.on('error', (error: Error) => {
  lost ??= error;
});

const code = await runCli(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTerminal: process.stderr.isTTY === true,
  appendFile: (path, text) => appendFile(path, text, 'utf8'),
  sleep: (ms) => sleep(ms),
  fetch: (input, init) => fetch(input, init),
  version: manifest.version,
});
// Written before exiting, even to a pipe; no idle connection is waited for.
process.stdout.write('', (error) => {
  lost ??= error ?? null;
  if (lost) process.stderr.write(`agent-scan: the output could not be written: ${lost.message}\n`);
  process.stderr.write('', () => process.exit(lost ? EXIT.output : code));
});
