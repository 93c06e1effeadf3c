/**
 * The container recipe, read without Docker: the Dockerfile linted by dockerfile-utils (hadolint
 * is not packaged for Debian or npm) plus the hadolint rules that apply here, checked by hand
 * (named DLxxxx below); compose.yaml against the configuration the service reads; .dockerignore
 * against what the Dockerfile copies. production-install.integration.test.ts runs the stages.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { format, validate, ValidationSeverity, type ValidatorSettings } from 'dockerfile-utils';
import { parse } from 'yaml';
import { parseConfig } from '../../src/config.ts';
import { buildSteps, instructionsOf, readRecipe, runtimeSteps } from './dockerfile.ts';

const recipe = readRecipe();
const final = recipe.stages.at(-1)!;
const runtime = runtimeSteps(recipe);
const build = buildSteps(recipe);
const seconds = (duration: string | null | undefined) => Number(/^(\d+)s$/.exec(duration ?? '')?.[1]);

describe('Dockerfile', () => {
  test('passes dockerfile-utils with every check an error, and is formatted as it formats', () => {
    const every: ValidatorSettings = {};
    for (const key of [
      'deprecatedMaintainer',
      'directiveCasing',
      'emptyContinuationLine',
      'instructionCasing',
      'instructionCmdMultiple',
      'instructionEntrypointMultiple',
      'instructionHealthcheckMultiple',
      'instructionJSONInSingleQuotes',
      'instructionWorkdirRelative',
    ] as const) {
      every[key] = ValidationSeverity.ERROR;
    }
    assert.deepEqual(
      validate(recipe.text, every).map((d) => `line ${d.range.start.line + 1}: ${JSON.stringify(d.message)}`),
      [],
    );
    assert.deepEqual(format(recipe.text, { tabSize: 2, insertSpaces: true }), []);
  });

  test('builds in one stage and runs from another, both on a pinned Node LTS slim image', () => {
    assert.ok(recipe.stages.length >= 2, 'multi-stage');
    assert.ok(build.name !== final.name);
    const engines = JSON.parse(readFileSync('package.json', 'utf8')).engines.node as string;
    const minimum = /^>=(\d+)\.(\d+)$/.exec(engines)!.slice(1).map(Number);
    for (const stage of recipe.stages) {
      // DL3006, DL3007: a tagged image, not latest.
      const match = /^node:(\d+)\.(\d+)\.(\d+)-bookworm-slim$/.exec(stage.image);
      assert.ok(match, `${stage.name}: ${stage.image} is not node:x.y.z-bookworm-slim`);
      const [major, minor] = match.slice(1).map(Number);
      assert.equal(major! % 2, 0, `${stage.image}: only even Node majors become LTS`);
      assert.ok(major! > minimum[0]! || minor! >= minimum[1]!, `${stage.image} is older than engines ${engines}`);
    }
  });

  test('runs as the unprivileged node user (DL3002)', () => {
    const users = instructionsOf(final, 'USER').map((u) => u.content);
    assert.equal(users.at(-1), 'node');
    const lastUser = final.instructions.findLastIndex((i) => i.keyword === 'USER');
    const cmd = final.instructions.findIndex((i) => i.keyword === 'CMD');
    const runs = final.instructions.map((i, n) => (i.keyword === 'RUN' ? n : -1)).filter((n) => n >= 0);
    assert.ok(lastUser < cmd && runs.every((n) => n < lastUser), 'USER after the installs, before CMD');
  });

  test('the runtime stage installs the runtime dependencies only, without install scripts', () => {
    assert.equal(runtime.install.slice(0, 2).join(' '), 'npm ci');
    for (const flag of ['--omit=dev', '--omit=optional', '--ignore-scripts']) assert.ok(runtime.install.includes(flag));
    assert.deepEqual(runtime.contextFiles, ['package.json', 'package-lock.json']);
    assert.deepEqual(runtime.builtPaths, ['dist/node']);
    const installs = instructionsOf(final, 'RUN').filter((r) => /\bnpm (ci|i|install)\b/.test(r.content));
    assert.equal(installs.length, 1, 'one install');
  });

  test('the README, the operations guide and the Node entry give the same production install', () => {
    const install = runtime.install.join(' ');
    for (const file of ['README.md', 'docs/operations.md', 'deploy/node/README.md'])
      assert.ok(readFileSync(file, 'utf8').includes(install), `${file} shows ${install}`);
  });

  test('the build stage installs without scripts and runs npm run build, which writes dist/node', () => {
    const buildStage = recipe.stages.find((s) => s.name === build.name)!;
    const install = instructionsOf(buildStage, 'RUN').find((r) => r.content.startsWith('npm ci'));
    assert.ok(install?.words.includes('--ignore-scripts'));
    assert.deepEqual(build.commands, ['npm run build']);
    assert.match(readFileSync('scripts/build.ts', 'utf8'), /'dist\/node'/);
  });

  test('CMD runs the bundled server (DL3025: exec form), as npm run start:prod does', () => {
    assert.deepEqual(runtime.cmd, ['node', 'dist/node/server.js']);
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    assert.equal(scripts['start:prod'], runtime.cmd.join(' '));
    assert.equal(instructionsOf(final, 'ENTRYPOINT').length, 0);
    assert.equal(
      instructionsOf(final, 'STOPSIGNAL').length,
      0,
      "SIGTERM, Docker's default, is what the server handles",
    );
  });

  test('listens on 0.0.0.0:8787 and exposes that port', () => {
    assert.deepEqual(runtime.env, { HOST: '0.0.0.0', PORT: '8787' });
    assert.deepEqual(
      instructionsOf(final, 'EXPOSE').map((e) => e.content),
      [runtime.env.PORT],
    );
  });

  test('HEALTHCHECK: GET /healthz at $PORT with node and fetch, bounded below its own timeout', () => {
    const [healthcheck] = instructionsOf(final, 'HEALTHCHECK');
    const [node, flag, script] = runtime.healthcheck;
    assert.deepEqual([node, flag], ['node', '-e']);
    assert.match(script!, /fetch\('http:\/\/127\.0\.0\.1:' \+ \(process\.env\.PORT \|\| 8787\) \+ '\/healthz'/);
    const abortMs = Number(/AbortSignal\.timeout\((\d+)\)/.exec(script!)?.[1]);
    assert.ok(abortMs > 0 && abortMs < seconds(healthcheck!.flags.timeout) * 1000, 'abort before Docker kills it');
    for (const name of ['interval', 'start-period']) assert.ok(seconds(healthcheck!.flags[name]) > 0, name);
  });

  test('no ADD (DL3020), no sudo (DL3004), no apt-get, no pipes (DL4006), WORKDIR before COPY (DL3045)', () => {
    for (const stage of recipe.stages) {
      assert.equal(instructionsOf(stage, 'ADD').length, 0);
      for (const run of instructionsOf(stage, 'RUN'))
        assert.doesNotMatch(run.content, /\bsudo\b|\bapt(-get)?\b|[^|]\|[^|]/);
      const workdir = stage.instructions.findIndex((i) => i.keyword === 'WORKDIR');
      const copy = stage.instructions.findIndex((i) => i.keyword === 'COPY');
      assert.ok(workdir >= 0 && workdir < copy, `${stage.name}: WORKDIR before COPY`);
    }
  });
});

describe('.dockerignore', () => {
  const lines = readFileSync('.dockerignore', 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  test('leaves everything out, then lets back in exactly what the Dockerfile copies', () => {
    assert.equal(lines[0], '*');
    const allowed = lines.filter((l) => l.startsWith('!')).map((l) => l.slice(1));
    const copied = new Set([...build.contextPaths, ...runtime.contextFiles]);
    assert.deepEqual([...allowed].sort(), [...copied].sort());
    for (const path of copied) assert.ok(existsSync(path), `${path} exists`);
  });

  test('keeps node_modules and .env files out even inside those paths', () => {
    const lastAllow = lines.findLastIndex((l) => l.startsWith('!'));
    const after = lines.slice(lastAllow + 1);
    assert.ok(after.includes('**/node_modules') && after.includes('**/.env*'));
  });
});

interface ComposeService {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  ports?: string[];
  healthcheck?: { test: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
}

describe('compose.yaml', () => {
  const compose = parse(readFileSync('compose.yaml', 'utf8')) as { services: Record<string, ComposeService> };
  const { api, srh, redis } = compose.services;

  test('runs the API from this Dockerfile, on Redis behind the SRH Upstash REST proxy', () => {
    assert.deepEqual(Object.keys(compose.services).sort(), ['api', 'redis', 'srh']);
    assert.equal(api?.build, '.');
    assert.match(srh?.image ?? '', /^hiett\/serverless-redis-http:\d+\.\d+\.\d+$/);
    assert.match(redis?.image ?? '', /^redis:7(\.\d+)*-alpine$/);
    assert.equal(srh?.environment?.SRH_MODE, 'env');
    assert.equal(srh?.environment?.SRH_CONNECTION_STRING, 'redis://redis:6379');
    assert.equal(api?.environment?.UPSTASH_REDIS_REST_URL, 'http://srh:80');
    assert.equal(api?.environment?.UPSTASH_REDIS_REST_TOKEN, srh?.environment?.SRH_TOKEN);
  });

  test('sets only variables the service reads', () => {
    const config = readFileSync('src/config.ts', 'utf8');
    const schema = /const EnvSchema = v\.object\(\{([\s\S]*?)\n\}\);/.exec(config)?.[1] ?? '';
    const known = new Set([...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!));
    assert.ok(known.has('BASE_URL') && known.has('UPSTASH_REDIS_REST_URL'), 'EnvSchema found in src/config.ts');
    for (const file of readdirSync('deploy/node').filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(`deploy/node/${file}`, 'utf8');
      for (const m of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)) known.add(m[1]!);
    }
    assert.deepEqual(
      Object.keys(api?.environment ?? {}).filter((name) => !known.has(name)),
      [],
    );
    assert.doesNotThrow(() => parseConfig(api?.environment ?? {}), 'a valid configuration');
    assert.equal(api?.environment?.HOST, '0.0.0.0');
    assert.equal(api?.environment?.BASE_URL, `http://localhost:${api?.environment?.PORT}`);
    assert.deepEqual(api?.ports, [`127.0.0.1:${api?.environment?.PORT}:${runtime.env.PORT}`]);
  });

  test('starts each service once what it needs is healthy', () => {
    assert.deepEqual(api?.depends_on, { srh: { condition: 'service_healthy' } });
    assert.deepEqual(srh?.depends_on, { redis: { condition: 'service_healthy' } });
    for (const service of [srh, redis]) assert.equal(service?.healthcheck?.test[0], 'CMD');
    assert.deepEqual(srh?.healthcheck?.test.at(-1), 'http://127.0.0.1:80/');
    assert.equal(api?.healthcheck, undefined, "the image's HEALTHCHECK (GET /healthz) applies");
  });

  test('holds no secret: the only credential is a local development token, on loopback only', () => {
    const credentials = Object.values(compose.services).flatMap((s) =>
      Object.entries(s.environment ?? {}).filter(([name]) => /TOKEN|SECRET|PASSWORD|KEY/.test(name)),
    );
    assert.deepEqual(
      credentials.map(([, value]) => value),
      ['local-dev-token', 'local-dev-token'],
    );
    for (const service of Object.values(compose.services)) {
      for (const port of service.ports ?? []) assert.match(port, /^127\.0\.0\.1:/);
    }
  });
});
