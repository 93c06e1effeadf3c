import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { createDohResolver } from '../../src/net/resolver.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { retrieveEmail } from '../../src/tools/email-security/retrieve.ts';
import { runAdmin } from '../../deploy/node/admin-main.ts';
import { PATIENT_MS } from '../support/deadlines.ts';
import { startDohServer } from '../support/doh-server.ts';
import { mailZones } from '../support/mail-zones.ts';
import { CATALOG, EXECUTE_SH, postJson, startHarness } from '../support/harness.ts';
import { freePort } from '../support/free-port.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { startRedis } from '../support/redis-server.ts';
import { startUpstashBridge, type UpstashBridge } from '../support/upstash-bridge.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the operator CLI in this process, as its entry point does, with `env` as the environment. */
async function admin(args: string[], env: Record<string, string>): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, env, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

/** Runs `npm run admin`'s entry point as its own process. */
function adminProcess(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/node/admin.ts', ...args], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the operator CLI (npm run admin)', () => {
  let bridge: UpstashBridge;
  let env: Record<string, string>;
  before(async () => {
    const redis = await startRedis();
    bridge = await startUpstashBridge(redis.port);
    env = { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token };
  });

  test('as a process: output on stdout and stderr, and the exit code of each outcome', async () => {
    const created = await adminProcess(['keys', 'create', '--name', 'proc', '--owner', 'user_p', '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    assert.match(JSON.parse(created.stdout).key, /^asc_live_/);
    assert.deepEqual(await adminProcess(['keys', 'revoke', 'key_nope'], env), {
      code: 3,
      stdout: '',
      stderr: 'no key with id key_nope (see keys list)\n',
    });
    const usage = await adminProcess(['frobnicate'], {});
    assert.deepEqual([usage.code, usage.stderr], [2, 'unknown command: frobnicate\n(--help shows every command)\n']);
    const unreachable = await adminProcess(['keys', 'list'], {
      UPSTASH_REDIS_REST_URL: `http://127.0.0.1:${await freePort()}`,
      UPSTASH_REDIS_REST_TOKEN: 't',
    });
    assert.equal(unreachable.code, 1, unreachable.stderr);
  });

  test('creates a key, shows it once, and lists it without the key', async () => {
    const created = await admin(['keys', 'create', '--name', 'CI bot', '--owner', 'user_42', '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    const { key, id, prefix } = JSON.parse(created.stdout);
    assert.match(key, /^asc_live_[0-9A-Za-z]{36}$/);
    assert.equal(prefix, key.slice(0, 13));
    const listed = await admin(['keys', 'list', '--owner', 'user_42'], env);
    assert.equal(listed.code, 0);
    assert.match(listed.stdout, new RegExp(`${id}.*"CI bot".*owner=user_42.*lastUsed=-`));
    assert.ok(!listed.stdout.includes(key.slice(13)), 'the secret part never appears');
    const json = JSON.parse((await admin(['keys', 'list', '--json'], env)).stdout);
    assert.ok(json.some((k: { id: string }) => k.id === id));
    assert.ok(!JSON.stringify(json).includes(key));
  });

  test('a key goes from created to used to revoked, refused once the one-minute cache expires', async () => {
    const h = await startHarness({
      store: (clock) =>
        new UpstashStore({ url: bridge.url, token: bridge.token, now: clock.now, timeoutMs: PATIENT_MS }),
    });
    const { key, id } = JSON.parse(
      (await admin(['keys', 'create', '--name', 'laptop', '--owner', 'user_7', '--json'], env)).stdout,
    );
    const use = () => h.request(CATALOG, { headers: { authorization: `Bearer ${key}` } });
    assert.equal((await use()).status, 200);
    // The CLI stamps the harness clock's time, so the revocation is judged on the same clock.
    const revokedAt = new Date(h.clock.now()).toISOString();
    const revoked = await admin(['keys', 'revoke', id, '--now', revokedAt], env);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.match(revoked.stdout, /within a minute/);
    h.clock.advance(59_000);
    assert.equal((await use()).status, 200, 'still cached');
    h.clock.advance(2_000);
    await expectProblem(await use(), 'unauthorized');
    const listed = await admin(['keys', 'list', '--owner', 'user_7'], env);
    assert.match(listed.stdout, new RegExp(`lastUsed=\\d{4}-.*revoked=${revokedAt.replaceAll('.', '\\.')}`));
  });

  test('records the latest website-security grade of a domain, normalised', async () => {
    const run = await admin(['grades', 'set', 'WWW.Example.org', 'A+'], env);
    assert.equal(run.code, 0, run.stderr);
    const store = new UpstashStore({ url: bridge.url, token: bridge.token, timeoutMs: PATIENT_MS });
    assert.equal((await store.latestGrade('example.org'))?.grade, 'A+');
  });

  test('takes the grade in any case and stores its canonical form', async () => {
    const store = new UpstashStore({ url: bridge.url, token: bridge.token, timeoutMs: PATIENT_MS });
    for (const [input, grade] of [
      ['a+', 'A+'],
      ['b', 'B'],
      ['c-', 'C-'],
    ]) {
      const run = await admin(['grades', 'set', 'lower.example', input!], env);
      assert.deepEqual([run.code, run.stdout], [0, `Latest website-security grade of lower.example: ${grade}\n`]);
      assert.equal((await store.latestGrade('lower.example'))?.grade, grade);
    }
  });

  test('keys grades by the badge’s normal form (normalizeBadgeDomain), refusing what the badge refuses', async () => {
    const store = new UpstashStore({ url: bridge.url, token: bridge.token, timeoutMs: PATIENT_MS });
    for (const [input, key] of [
      ['www.com', 'www.com'],
      ['https://WWW.Bücher.de/page?x=1', 'xn--bcher-kva.de'],
    ] as const) {
      const run = await admin(['grades', 'set', input, 'B'], env);
      assert.equal(run.code, 0, run.stderr);
      assert.equal((await store.latestGrade(key))?.grade, 'B', input);
    }
    assert.equal(await store.latestGrade('com'), null, 'www.com is not stored under the TLD');
    for (const input of ['co.uk', '127.0.0.1', 'localhost']) {
      const run = await admin(['grades', 'set', input, 'B'], env);
      assert.equal(run.code, 2, `${input}: ${run.stdout}`);
      assert.match(run.stderr, /grades set: The domain/, input);
    }
    assert.equal(await store.latestGrade('co.uk'), null);
  });

  test('explains usage mistakes with exit code 2 and the usage, writing nothing', async () => {
    const store = new UpstashStore({ url: bridge.url, token: bridge.token, timeoutMs: PATIENT_MS });
    const before = (await store.listKeys()).length;
    for (const [args, message] of [
      [['keys', 'create', '--name', 'x'], 'keys create needs --name and --owner'],
      [['keys', 'revoke'], 'keys revoke needs the key id (see keys list)'],
      [['keys', 'revoke', 'key_a', 'key_b'], 'keys revoke takes one argument, not 2: key_a key_b'],
      [
        ['grades', 'set', 'example.com', 'Z'],
        'grades set: "Z" is not a grade; one of A+ A A- B+ B B- C+ C C- D+ D D- F (any case)',
      ],
      [['frobnicate'], 'unknown command: frobnicate'],
      [['keys', 'explode'], 'unknown command: keys explode'],
      [['keys', 'list', '--bogus'], 'keys list does not take --bogus (only --owner, --json)'],
      [['keys', 'list', '--now', 'yesterday'], 'keys list does not take --now (only --owner, --json)'],
      [['keys', 'list', '--now'], "Option '--now <value>' argument missing"],
      [
        ['keys', 'revoke', 'key_nope', '--now', '2099-01-01T00:00:00Z'],
        /^--now: "2099-01-01T00:00:00Z" is in the future/,
      ],
      [['grades', 'set', 'example.com', 'A', '--now', '2026-02-30T00:00:00Z'], /^--now: .* is not a real date/],
      [['grades', 'set', 'example.com', 'A', '--now', '2026-11-22'], /^--now: .* is not an ISO 8601 time/],
      [
        ['keys', 'create', '--name', 'x', '--owner', 'o', '--scopes', 'tools:read,tools:write'],
        '--scopes: "tools:write" is not a scope; valid scopes: tools:read, tools:execute, badges:read',
      ],
      [['keys', 'create', '--name', 'x', '--owner', 'o', '--scopes', ''], /^--scopes: an empty entry is not a scope/],
      [
        ['keys', 'create', '--name', 'x', '--owner', 'o', '--expires', '2020-01-01T00:00:00Z'],
        /^--expires: .* is not after/,
      ],
      [['keys', 'create', '--name', 'x', '--owner', 'o', '--expires', 'soon'], /^--expires: .*duration such as 30d/],
    ] as const) {
      const run = await admin([...args], env);
      const [first, rest] = run.stderr.split('\n');
      assert.deepEqual([run.code, run.stdout], [2, ''], `${args.join(' ')}: ${run.stderr}`);
      if (typeof message === 'string') assert.equal(first, message, args.join(' '));
      else assert.match(first!, message, args.join(' '));
      assert.equal(rest, '(--help shows every command)', 'one line, not the whole usage');
    }
    assert.equal((await store.listKeys()).length, before);
  });

  test('reports a usage mistake before asking for a store, so without one too', async () => {
    for (const args of [
      ['frobnicate'],
      ['keys', 'explode'],
      ['keys', 'list', '--bogus'],
      ['grades', 'set', 'example.com', 'Z'],
      ['keys', 'create', '--name', 'x', '--owner', 'o', '--scopes', 'nope'],
    ]) {
      const run = await admin(args, {});
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, /\n\(--help shows every command\)\n$/, args.join(' '));
      assert.doesNotMatch(run.stderr, /No shared store/, args.join(' '));
    }
    const help = await admin(['keys', 'create', '--help'], {});
    assert.deepEqual([help.code, help.stderr.startsWith('Usage: ')], [0, true]);
    assert.match(help.stderr, /Exit codes: 0 done; 1 .* 2 usage .* 3 not found/s);
    const notAGrade = await admin(['grades', 'set', 'example.com', 'Z'], {});
    assert.match(notAGrade.stderr, /^grades set: "Z" is not a grade; one of A\+ A A- /);
  });

  test('a key pasted where its id belongs is refused without being printed back', async () => {
    const key = 'asc_live_sI890PFmHk1rscG5z1NzQQvbmwqTzM44NkxS';
    const run = await admin(['keys', 'revoke', key], env);
    assert.equal(run.code, 2);
    assert.ok(!run.stderr.includes(key) && !run.stderr.includes(key.slice(9)), run.stderr);
    assert.match(run.stderr, /^keys revoke takes a key id such as key_/);
    for (const args of [
      ['keys', 'revoke', 'key_x', key],
      ['keys', 'create', '--name', 'n', '--owner', 'o', '--expires', key],
      ['keys', 'create', '--name', 'n', '--owner', 'o', '--scopes', key],
    ]) {
      const refused = await admin(args, env);
      assert.equal(refused.code, 2, args.join(' '));
      assert.ok(!refused.stderr.includes(key.slice(9)), refused.stderr);
      assert.match(refused.stderr, /\[hidden\]/, args.join(' '));
    }
  });

  test('revoking an unknown id is "not found", exit code 3', async () => {
    const run = await admin(['keys', 'revoke', 'key_nope'], env);
    assert.deepEqual(run, { code: 3, stdout: '', stderr: 'no key with id key_nope (see keys list)\n' });
  });

  test('revoking twice changes nothing and reports the first revocation', async () => {
    const { id } = JSON.parse(
      (await admin(['keys', 'create', '--name', 'n', '--owner', 'user_r', '--json'], env)).stdout,
    );
    const first = new Date(Date.now() - 3_600_000).toISOString();
    const once = await admin(['keys', 'revoke', id, '--now', first], env);
    assert.deepEqual(
      [once.code, once.stdout],
      [0, `Revoked ${id} at ${first}; instances stop accepting it within a minute.\n`],
    );
    const twice = await admin(['keys', 'revoke', id], env);
    assert.deepEqual([twice.code, twice.stdout], [0, `${id} was already revoked at ${first}; nothing changed.\n`]);
    const [listed] = JSON.parse((await admin(['keys', 'list', '--owner', 'user_r', '--json'], env)).stdout);
    assert.equal(listed.revoked, first);
  });

  test('--json gives null for times that are absent, never "-"', async () => {
    const created = await admin(['keys', 'create', '--name', 'n', '--owner', 'user_j', '--json'], env);
    const listed = await admin(['keys', 'list', '--owner', 'user_j', '--json'], env);
    for (const run of [created, listed]) {
      assert.equal(run.code, 0, run.stderr);
      assert.ok(!run.stdout.includes('"-"'), run.stdout);
    }
    const [record] = JSON.parse(listed.stdout);
    const { key, ...shown } = JSON.parse(created.stdout);
    assert.match(key, /^asc_live_/);
    assert.deepEqual(shown, record);
    assert.deepEqual([record.lastUsed, record.expires, record.revoked], [null, null, null]);
  });

  test('creates a key with --scopes and --expires that a real app honours', async () => {
    const h = await startHarness({
      store: (clock) =>
        new UpstashStore({ url: bridge.url, token: bridge.token, now: clock.now, timeoutMs: PATIENT_MS }),
    });
    const now = new Date(h.clock.now()).toISOString();
    const expires = new Date(h.clock.now() + 2 * 3_600_000).toISOString();
    const expiresPattern = expires.replaceAll('.', '\\.');
    const args = ['--name', 'reader', '--owner', 'user_s', '--scopes', 'tools:read', '--now', now];
    const created = await admin(['keys', 'create', ...args, '--expires', '2h'], env);
    assert.equal(created.code, 0, created.stderr);
    assert.match(
      created.stdout,
      new RegExp(`^Created key_\\w+ "reader" for user_s: scopes tools:read; expires ${expiresPattern}\\.\n`),
    );
    const key = /Key \(shown once, store it now\): (asc_live_\w+)\n$/.exec(created.stdout)![1]!;
    const [listed] = JSON.parse((await admin(['keys', 'list', '--owner', 'user_s', '--json'], env)).stdout);
    assert.deepEqual([listed.scopes, listed.created, listed.expires], [['tools:read'], now, expires]);
    const human = await admin(['keys', 'list', '--owner', 'user_s'], env);
    assert.match(
      human.stdout,
      new RegExp(`"reader"  owner=user_s  scopes=tools:read  created=.*  expires=${expiresPattern}\n$`),
    );

    const headers = { authorization: `Bearer ${key}` };
    assert.equal((await h.request(CATALOG, { headers })).status, 200);
    const refused = await expectProblem(
      await postJson(h, EXECUTE_SH, { target: 'example.com' }, { headers }),
      'forbidden',
    );
    assert.match(refused.detail, /tools:execute/);
    assert.deepEqual(h.scanners['security-headers'].calls, []);
    h.clock.advance(2 * 3_600_000);
    await expectProblem(await h.request(CATALOG, { headers }), 'unauthorized');
  });

  test('says the store did not answer with exit code 1', async () => {
    const unreachable = {
      UPSTASH_REDIS_REST_URL: `http://127.0.0.1:${await freePort()}`,
      UPSTASH_REDIS_REST_TOKEN: 't',
    };
    const run = await admin(['keys', 'list'], unreachable);
    assert.equal(run.code, 1, run.stderr);
    assert.match(
      run.stderr,
      /^The shared store did not answer: .*; retry once it answers \(keys list shows what is stored\)\.\n$/,
    );
  });

  test('grades a saved capture without any store', async () => {
    const line = readFileSync(new URL('../fixtures/observatory/real-sites.jsonl', import.meta.url), 'utf8').split(
      '\n',
    )[0]!;
    const capture = JSON.parse(line);
    delete capture.expected; // the oracle's grade, not part of the capture
    const file = join(mkdtempSync(join(tmpdir(), 'capture-')), 'mozilla.json');
    writeFileSync(file, JSON.stringify(capture));
    const run = await admin(['grade-capture', file], {});
    assert.equal(run.code, 0, run.stderr);
    const outcome = JSON.parse(run.stdout);
    assert.deepEqual([outcome.grade, outcome.gradeScore, outcome.result.status], ['B', 75, 'warnings']);
    assert.equal((await admin(['grade-capture', '/nonexistent.json'], {})).code, 2);
    assert.equal((await admin(['grade-capture', file, '--now', '2026-11-22T12:00:00Z'], {})).code, 2);
  });

  test('grades a saved email-security capture too', async () => {
    const doh = await startDohServer(mailZones());
    const resolver = createDohResolver({ url: doh.url, fetch });
    const capture = await retrieveEmail('parked.test', {
      resolver,
      fetch: { fetch: () => Promise.reject(new Error('no fetch')), resolver, allowPrivate: false, userAgent: 'test' },
    });
    const file = join(mkdtempSync(join(tmpdir(), 'capture-')), 'parked.json');
    writeFileSync(file, JSON.stringify(capture));
    const run = await admin(['grade-capture', file], {});
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).grade, 'A+');
  });

  test('says clearly when no store is configured, or the configuration is invalid: exit code 2', async () => {
    const run = await admin(['keys', 'list'], {});
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^No shared store is configured.*UPSTASH_REDIS_REST_URL/s);
    const invalid = await admin(['keys', 'list'], { UPSTASH_REDIS_REST_URL: bridge.url });
    assert.equal(invalid.code, 2);
    assert.match(invalid.stderr, /^Invalid configuration:\n.*must be set together/s);
  });
});
