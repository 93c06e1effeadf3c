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

/** Runs `npm start`'s entry point as its own process on a free port. */
async function startServerProcess(env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/node/server.ts'], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${err}`)), 20_000);
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(err);
      if (match && /Development API key/.test(err)) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stderr.on('data', check);
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`server exited:\n${err}`));
    });
  });
  return { child, url, stdout: () => out, stderr: () => err };
}

describe('the Node server (deploy/node/server.ts)', () => {
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
    const lines = s
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
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
    const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/node/server.ts'], {
      env: { PATH: process.env.PATH, PORT: '0', BASE_URL: 'nope', DEV_API_KEY: 'hunter2' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const [code] = await once(child, 'exit');
    assert.equal(code, 1);
    assert.match(err, /BASE_URL/);
    assert.match(err, /DEV_API_KEY/);
    assert.doesNotMatch(err, /hunter2/);
  });
});
