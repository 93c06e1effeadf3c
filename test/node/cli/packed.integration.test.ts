/**
 * The package as a user gets it: `npm pack` (which builds on prepack), the tarball installed in
 * an empty folder with its production dependencies only (from a local registry of the locked
 * versions), and its `agent-scan` command run against loopback sites, in-process and against the
 * package's own server.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { GRADE_SCALE } from '../../../src/tools/grading.ts';
import { atEnd } from '../../support/cleanup.ts';
import { startLocalRegistry } from '../../support/local-registry.ts';
import { startSite } from '../../support/site-server.ts';

/** Nothing a run needs is on the internet: no preload list, and DNS at a closed port. */
const OFFLINE = { HSTS_PRELOAD_STATUS_URL: 'none', DOH_URL: 'http://127.0.0.1:9/dns-query' };

let app: string;
let command: string;
const sites: Record<'weak' | 'broken', string> = { weak: '', broken: '' };

/** Runs a command to its end without blocking this process (which serves the registry). */
async function runOrThrow(what: string, args: string[], cwd: string): Promise<void> {
  const child = spawn(args[0]!, args.slice(1), { cwd });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`${what} failed (${code}):\n${output}`);
}

before(async () => {
  const work = mkdtempSync(join(tmpdir(), 'agent-scan-packed-'));
  atEnd(() => rmSync(work, { recursive: true, force: true }));
  await runOrThrow('npm pack', ['npm', 'pack', '--silent', '--pack-destination', work], process.cwd());
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
  const registry = await startLocalRegistry();
  app = join(work, 'app');
  mkdirSync(app);
  await runOrThrow(
    'npm install',
    [
      'npm',
      'install',
      join(work, tarball),
      '--omit=dev',
      '--no-audit',
      '--no-fund',
      '--registry',
      registry.url,
      '--cache',
      join(work, 'npm-cache'),
    ],
    app,
  );
  command = join(app, 'node_modules', '.bin', 'agent-scan');
  const weak = await startSite([], () => ({ headers: [['content-type', 'text/html']], body: '<p>hello</p>' }));
  const broken = await startSite([], () => ({ status: 500 }));
  sites.weak = `http://127.0.0.1:${weak.port}/`;
  sites.broken = `http://127.0.0.1:${broken.port}/`;
});

/** Runs the installed command; its exit code, standard output and error. */
function agentScan(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, { cwd: app, env: { PATH: process.env.PATH, ...OFFLINE } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('agent-scan from the packed package', () => {
  test('--json prints the API envelope of an in-process scan, with a grade', async () => {
    const run = await agentScan('security-headers', sites.weak, '--allow-private', '--json');
    assert.equal(run.code, 0, run.stderr);
    const envelope = JSON.parse(run.stdout);
    assert.equal(envelope.success, true);
    assert.equal(envelope.toolName, 'security-headers');
    assert.ok(GRADE_SCALE.includes(envelope.grade), envelope.grade);
    assert.equal(run.stderr, '', 'no progress on a pipe');
  });

  test('--min-grade A+ on a weak site exits 1 and says so', async () => {
    const run = await agentScan('security-headers', sites.weak, '--allow-private', '--min-grade', 'A+');
    assert.equal(run.code, 1);
    assert.match(run.stdout, /below the minimum grade A\+/);
  });

  test('a target that cannot be assessed exits 2, with what to do', async () => {
    const run = await agentScan('security-headers', sites.broken, '--allow-private', '--min-grade', 'F');
    assert.equal(run.code, 2);
    assert.match(run.stdout, /not assessed[\s\S]*What to do: /);
    const refused = await agentScan('security-headers', sites.weak);
    assert.equal(refused.code, 2);
    assert.match(refused.stdout, /pass --allow-private/);
  });

  test('output that cannot be written (a full disk) exits 74, not as a pass', async () => {
    const full = openSync('/dev/full', 'w');
    atEnd(() => closeSync(full));
    const child = spawn(command, ['security-headers', sites.weak, '--allow-private', '--json'], {
      cwd: app,
      env: { PATH: process.env.PATH, ...OFFLINE },
      stdio: ['ignore', full, 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const [code] = (await once(child, 'close')) as [number | null];
    assert.equal(code, 74, stderr);
    assert.match(stderr, /the output could not be written/);
  });

  test('--api gives the grade and scan id that REST then reads back', async () => {
    const server = spawn(process.execPath, [join(app, 'node_modules', 'agent-scan-api', 'dist', 'node', 'server.js')], {
      cwd: app,
      env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', SCAN_ALLOW_PRIVATE_TARGETS: '1', ...OFFLINE },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    atEnd(() => server.kill('SIGKILL'));
    let said = '';
    const base = await new Promise<string>((resolve, reject) => {
      server.stderr.on('data', (d) => {
        said += d;
        const match = /listening on (http:\/\/\S+)/.exec(said);
        if (match) resolve(match[1]!);
      });
      server.on('exit', () => reject(new Error(`the packaged server exited:\n${said}`)));
    });
    const run = await agentScan('security-headers', sites.weak, '--api', base, '--json');
    assert.equal(run.code, 0, run.stderr);
    const envelope = JSON.parse(run.stdout);
    const kept = await (await fetch(`${base}/api/v1/scans/${envelope.scanId}`)).json();
    assert.equal(kept.scanId, envelope.scanId);
    assert.equal(kept.grade, envelope.grade);
    assert.ok(GRADE_SCALE.includes(kept.grade));
  });
});
