import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { createDohResolver } from '../../src/net/resolver.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { retrieveEmail } from '../../src/tools/email-security/retrieve.ts';
import { startDohServer } from '../support/doh-server.ts';
import { mailZones } from '../support/mail-zones.ts';
import { CATALOG, startHarness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { startRedis } from '../support/redis-server.ts';
import { startUpstashBridge, type UpstashBridge } from '../support/upstash-bridge.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run admin`'s entry point as its own process. */
function admin(args: string[], env: Record<string, string>): Promise<Run> {
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
      store: (clock) => new UpstashStore({ url: bridge.url, token: bridge.token, now: clock.now }),
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
    const store = new UpstashStore({ url: bridge.url, token: bridge.token });
    assert.equal((await store.latestGrade('example.org'))?.grade, 'A+');
  });

  test('keys grades by the badge’s normal form (normalizeBadgeDomain), refusing what the badge refuses', async () => {
    const store = new UpstashStore({ url: bridge.url, token: bridge.token });
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

  test('explains usage mistakes with exit code 2', async () => {
    for (const args of [
      ['keys', 'create', '--name', 'x'],
      ['keys', 'revoke'],
      ['keys', 'revoke', 'key_nope'],
      ['grades', 'set', 'example.com', 'Z'],
      ['frobnicate'],
      ['keys', 'list', '--bogus'],
      ['keys', 'list', '--now', 'yesterday'],
      ['keys', 'list', '--now'],
      ['keys', 'revoke', 'key_nope', '--now', '2099-01-01T00:00:00Z'],
      ['grades', 'set', 'example.com', 'A', '--now', '2026-02-30T00:00:00Z'],
      ['grades', 'set', 'example.com', 'A', '--now', '2026-11-22'],
    ]) {
      const run = await admin(args, env);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.ok(run.stderr.length > 20, args.join(' '));
    }
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

  test('says clearly when no store is configured', async () => {
    const run = await admin(['keys', 'list'], {});
    assert.equal(run.code, 2);
    assert.match(run.stderr, /No shared store is configured.*UPSTASH_REDIS_REST_URL/s);
  });
});
