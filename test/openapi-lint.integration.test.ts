/**
 * The OpenAPI document the service serves passes Redocly CLI's `recommended` ruleset (redocly.yaml)
 * and Spectral's `spectral:oas` ruleset (.spectral.yaml) with no problem of any severity.
 *
 * The document comes from describeApi (src/app.ts), as GET /openapi.json renders it; no server is started. The
 * file is an integration test only because it starts the two CLIs (test/support/unit-guard.ts). They
 * open no socket: Redocly's telemetry and update check are switched off, Spectral has neither, and
 * the document has no external $ref. They run concurrently (on an idle machine Redocly takes about
 * 1 s, Spectral about 2 s, mostly loading its rulesets).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { describeApi } from '../src/app.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** One problem, as a line of the failure message: "rule: message at path". */
interface Finding {
  rule: string;
  severity: string;
  message: string;
  path: string;
}

interface Run {
  code: number | string | null;
  stdout: string;
  stderr: string;
  ms: number;
}

let dir: string;
let redocly: Promise<Run>;
let spectral: Promise<Run>;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  const document = join(dir, 'openapi.json');
  await writeFile(document, JSON.stringify(await describeApi('https://scan.example', 'https://account.example/keys')));
  redocly = run(dir, 'redocly', [
    'lint',
    `--config=${join(ROOT, 'redocly.yaml')}`,
    '--lint-config=error',
    '--format=json',
    '--max-problems=10000',
    document,
  ]);
  spectral = run(dir, 'spectral', [
    'lint',
    `--ruleset=${join(ROOT, '.spectral.yaml')}`,
    '--fail-severity=hint',
    '--format=json',
    '--quiet',
    document,
  ]);
});

after(async () => {
  // Both runs end (or time out) before the directory goes.
  await Promise.allSettled([redocly, spectral]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('redocly lint (recommended) finds no problem', async (t) => {
  const result = await redocly;
  t.diagnostic(`redocly lint: ${result.ms} ms`);
  const report = parseReport<{
    totals: { errors: number; warnings: number; ignored: number };
    problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
  }>('redocly', result);
  const findings = report.problems.map((p) => ({
    rule: p.ruleId,
    severity: p.severity,
    message: p.message,
    path: readablePointer(p.location[0]?.pointer ?? ''),
  }));
  assertNone('redocly', findings, result);
  // Problems listed in a .redocly.lint-ignore.yaml are left out of `problems`: that is turning a rule
  // off without a reason next to it.
  assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 }, 'redocly totals');
  assert.equal(result.code, 0, `redocly exit code\n${result.stderr}`);
});

test('spectral lint (spectral:oas) finds no problem', async (t) => {
  const result = await spectral;
  t.diagnostic(`spectral lint: ${result.ms} ms`);
  const severities = ['error', 'warn', 'info', 'hint'];
  const report = parseReport<{ code: string | number; message: string; path: (string | number)[]; severity: number }[]>(
    'spectral',
    result,
  );
  const findings = report.map((p) => ({
    rule: String(p.code),
    severity: severities[p.severity] ?? String(p.severity),
    message: p.message,
    path: readablePath(p.path),
  }));
  assertNone('spectral', findings, result);
  assert.equal(result.code, 0, `spectral exit code\n${result.stderr}`);
});

/**
 * Runs node_modules/.bin/<name> with the Node running the tests, without a shell, from `cwd`. The
 * environment is built from nothing, so no proxy, NODE_OPTIONS or coverage setting of the test run
 * reaches the CLI. Never rejects: a CLI that cannot start or times out fails its test instead.
 */
function run(cwd: string, name: string, args: string[]): Promise<Run> {
  const env = {
    PATH: process.env.PATH ?? '',
    // Anything a CLI writes to its home or temporary directory lands in `cwd`, removed after.
    HOME: cwd,
    TMPDIR: cwd,
    NO_COLOR: '1',
    // Redocly: no update check (CI, REDOCLY_SUPPRESS_*), no anonymous id written to the temporary
    // directory (CI), no telemetry (REDOCLY_TELEMETRY, and `telemetry: off` in redocly.yaml). The
    // Node 20 end-of-life notice it prints on stderr has no switch; stderr is shown only on failure.
    CI: 'true',
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
  };
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'node_modules', '.bin', name), ...args],
      { cwd, env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const ms = Math.round(performance.now() - started);
        const code = error ? (error.code ?? error.signal ?? null) : 0;
        resolve({ code, stdout, stderr: error && !stderr ? error.message : stderr, ms });
      },
    );
  });
}

function parseReport<T>(name: string, result: Run): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    assert.fail(
      `${name} gave no JSON report (exit code ${result.code}, ${result.ms} ms)\n` +
        `stdout:\n${result.stdout}\nstderr:\n${result.stderr}`,
    );
  }
}

function assertNone(name: string, findings: Finding[], result: Run): void {
  const lines = findings.map((f) => `  [${f.severity}] ${f.rule}: ${f.message} at ${f.path}`);
  assert.equal(
    findings.length,
    0,
    `${name} reports ${findings.length} problem(s) in the OpenAPI document (${result.ms} ms):\n${lines.join('\n')}`,
  );
}

/** `#/paths/~1healthz/get` as `$.paths['/healthz'].get`. */
function readablePointer(pointer: string): string {
  const segments = pointer.replace(/^#?\/?/, '');
  if (segments === '') return '$';
  return readablePath(segments.split('/').map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~')));
}

/** `['paths', '/healthz', 'get']` as `$.paths['/healthz'].get`. */
function readablePath(path: (string | number)[]): string {
  return (
    '$' +
    path
      .map((segment) => {
        const s = String(segment);
        if (/^\d+$/.test(s)) return `[${s}]`;
        if (/^[A-Za-z_$][\w$]*$/.test(s)) return `.${s}`;
        return `['${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']`;
      })
      .join('')
  );
}
