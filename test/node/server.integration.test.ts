import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { after, describe, test } from 'node:test';
import { generateKey } from '../../src/keys/key-format.ts';

interface Started {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
}

const children = new Set<ChildProcess>();
after(() => {
  for (const child of children) child.kill('SIGKILL');
});

const DEV_ENTRY = 'deploy/node/dev.ts';
const PRODUCTION_ENTRY = 'deploy/node/server.ts';

/** The JSON log lines a server wrote to stdout. */
const logLines = (s: Started) =>
  s
    .stdout()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

/** Spawns an entry point through tsx on a free port, collecting what it writes. */
function spawnEntry(env: Record<string, string>, entry: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const output = { out: '', err: '' };
  child.stdout.on('data', (d) => (output.out += d));
  child.stderr.on('data', (d) => (output.err += d));
  return { child, output };
}

/** Runs an entry point (`npm start`'s by default) and waits until it listens. */
async function startServerProcess(env: Record<string, string> = {}, entry = DEV_ENTRY): Promise<Started> {
  const { child, output } = spawnEntry(env, entry);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.err}`)), 20_000);
    child.stderr.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output.err);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`server exited:\n${output.err}`));
    });
  });
  return { child, url, stdout: () => output.out, stderr: () => output.err };
}

/** Runs an entry that is expected to refuse to start; its exit code and what it printed. */
async function failedStart(env: Record<string, string>, entry = PRODUCTION_ENTRY) {
  const { child, output } = spawnEntry(env, entry);
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, err: output.err, out: output.out };
}

describe('the Node server (deploy/node/dev.ts and server.ts)', () => {
  test('prints a generated development key once, which then works', async () => {
    const s = await startServerProcess();
    const key = /Development API key[^:]*: (asc_live_\w+)/.exec(s.stderr())?.[1];
    assert.ok(key);
    const res = await fetch(`${s.url}/api/v1/agent/tools`, { headers: { 'x-api-key': key } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('ratelimit-limit'), '30');
    s.child.kill('SIGTERM');
    await once(s.child, 'exit');
  });

  test('registers DEV_API_KEY and never writes a key into the access log', async () => {
    const key = generateKey('asc_live_');
    const s = await startServerProcess({ DEV_API_KEY: key });
    assert.ok(!s.stderr().includes(key));
    await fetch(`${s.url}/api/v1/agent/tools`, { headers: { authorization: `Bearer ${key}` } });
    const wrongKey = `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`;
    await fetch(`${s.url}/api/v1/agent/tools`, { headers: { 'x-api-key': wrongKey } });
    await fetch(`${s.url}/nowhere?key=${key}`);
    s.child.kill('SIGTERM');
    await once(s.child, 'exit');
    const lines = logLines(s);
    assert.equal(lines.length, 3);
    assert.deepEqual(
      lines.map((l) => [l.method, l.path, l.status]),
      [
        ['GET', '/api/v1/agent/tools', 200],
        ['GET', '/api/v1/agent/tools', 401],
        ['GET', '/nowhere', 404],
      ],
    );
    for (const line of lines) {
      assert.equal(typeof line.durationMs, 'number');
      assert.equal(line.client, '127.0.0.1');
      assert.ok(line.time);
    }
    assert.match(lines[0].keyId, /^key_/);
    assert.ok(!s.stdout().includes(key.slice(9, 30)), 'no part of the secret in the log');
  });

  test('takes the scan quota from the environment and records development website grades', async () => {
    const s = await startServerProcess({
      SCANS_PER_HOUR_PER_CLIENT: '7',
      SCANS_PER_HOUR_OVERALL: '900',
      DEV_WEBSITE_GRADES: 'www.example.com=A+',
    });
    assert.match(s.stderr(), /Development website-security grades recorded for example\.com/);
    const catalog = (await (await fetch(`${s.url}/api/v1/agent/tools`)).json()) as {
      rateLimit: { scanQuota: { perClient: number; perTarget: number; overall: number } };
    };
    assert.deepEqual(
      [
        catalog.rateLimit.scanQuota.perClient,
        catalog.rateLimit.scanQuota.perTarget,
        catalog.rateLimit.scanQuota.overall,
      ],
      [7, 20, 900],
    );
    const badge = await (await fetch(`${s.url}/api/badge/example.com`)).text();
    assert.match(badge, />A\+</);
    s.child.kill('SIGTERM');
    await once(s.child, 'exit');
  });

  test('shuts down gracefully on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const s = await startServerProcess();
      s.child.kill(signal);
      const [code] = await once(s.child, 'exit');
      assert.equal(code, 0);
      assert.match(s.stderr(), new RegExp(`${signal}: finishing requests in flight`));
    }
  });

  test('refuses to start with invalid configuration, saying what is wrong', async () => {
    const { code, err } = await failedStart({ BASE_URL: 'nope', DEV_API_KEY: 'hunter2' });
    assert.equal(code, 1);
    assert.match(err, /BASE_URL/);
    assert.match(err, /DEV_API_KEY/);
    assert.doesNotMatch(err, /hunter2/);
  });

  test('each configuration mistake gets one exact line, listed with the others', async () => {
    const { code, err } = await failedStart({
      BASE_URL: 'scan.example.com',
      TRUST_PROXY: 'yes',
      HOST: 'not a host!',
      LOG_LEVEL: 'verbose',
      DEV_API_KEY: 'asc_test_123',
    });
    assert.equal(code, 1);
    const lines = err.trim().split('\n');
    assert.equal(lines[0], 'Invalid configuration:');
    const about = (name: string) => lines.filter((line) => line.startsWith(`- ${name}:`));
    assert.deepEqual(about('BASE_URL'), [
      '- BASE_URL: must be an absolute http:// or https:// URL (did you mean https://scan.example.com?)',
    ]);
    assert.match(about('TRUST_PROXY').join(), /^- TRUST_PROXY: names the request header .*"yes" is not one/);
    assert.match(about('HOST').join(), /must be an IP address or a host name .*0\.0\.0\.0/);
    assert.match(about('LOG_LEVEL').join(), /debug, info, warn, error/);
    assert.match(about('DEV_API_KEY').join(), /does not start with the key prefix asc_live_/);
    assert.equal(lines.length, 6, err);
    assert.doesNotMatch(err, /\bat .*\.ts:\d+/, 'no stack trace');
  });

  test('a host it cannot listen on, or a port in use, is one sentence: no stack, no key printed', async () => {
    const unresolvable = await failedStart({ HOST: 'no-such-host.invalid' }, DEV_ENTRY);
    assert.equal(unresolvable.code, 1);
    assert.match(
      unresolvable.err,
      /^Cannot listen on no-such-host\.invalid:0: the host name .* (does not resolve|could not be resolved)/,
    );
    assert.doesNotMatch(unresolvable.err, /API key|getaddrinfo|\bat /);
    const s = await startServerProcess();
    const port = new URL(s.url).port;
    const taken = await failedStart({ PORT: port, HOST: '127.0.0.1' }, DEV_ENTRY);
    assert.equal(taken.code, 1);
    assert.equal(
      taken.err.trim(),
      `Cannot listen on 127.0.0.1:${port}: ` +
        `port ${port} is already in use on 127.0.0.1; stop the other process or set PORT`,
    );
    s.child.kill('SIGTERM');
    await once(s.child, 'exit');
  });
});

describe('the production entry (deploy/node/server.ts)', () => {
  test('never invents or prints a key, and warns about risky settings', async () => {
    const s = await startServerProcess({ SCAN_ALLOW_PRIVATE_TARGETS: '1' }, PRODUCTION_ENTRY);
    const err = s.stderr();
    assert.doesNotMatch(err, /asc_live_/);
    assert.match(err, /No API key is registered \(DEV_API_KEY is unset\): the API serves anonymous callers only\./);
    assert.match(err, /Warning: BASE_URL is unset/);
    assert.match(err, /Warning: SCAN_ALLOW_PRIVATE_TARGETS is on/);
    assert.match(err, /Warning: the embedded store keeps limits/);
    assert.match(err, /Agent Scan API \(production\) listening on/);
    const res = await fetch(`${s.url}/api/v1/agent/tools`, { headers: { 'x-request-id': 'probe-1' } });
    assert.equal(res.status, 200);
    assert.equal((await fetch(`${s.url}/healthz`)).status, 200);
    s.child.kill('SIGTERM');
    await once(s.child, 'exit');
    const lines = logLines(s);
    assert.deepEqual(
      lines.map((l) => [l.event, l.level, l.path, l.requestId]),
      [['request', 'info', '/api/v1/agent/tools', 'probe-1']],
      'the health probe is logged at debug only',
    );
  });

  test('registers DEV_API_KEY when it is given, and says so without printing it', async () => {
    const key = generateKey('asc_live_');
    const s = await startServerProcess(
      { DEV_API_KEY: key, BASE_URL: 'https://scan.example.com', LOG_LEVEL: 'debug' },
      PRODUCTION_ENTRY,
    );
    assert.match(s.stderr(), /API key from DEV_API_KEY registered/);
    assert.doesNotMatch(s.stderr(), /BASE_URL is unset/);
    assert.ok(!s.stderr().includes(key));
    assert.equal((await fetch(`${s.url}/api/v1/agent/tools`, { headers: { 'x-api-key': key } })).status, 200);
    assert.equal((await fetch(`${s.url}/healthz`)).status, 200);
    s.child.kill('SIGTERM');
    await once(s.child, 'exit');
    const probes = logLines(s).filter((l) => l.path === '/healthz');
    assert.deepEqual(
      probes.map((l) => l.level),
      ['debug'],
      'LOG_LEVEL=debug shows probes',
    );
  });
});
