/**
 * The Store contract: what every store (embedded memory, Upstash) must do. Each store's test file
 * calls `storeContract` with a factory that builds a fresh store on a clock the suite controls.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { KeyRecord, QuotaWindow, Store } from '../../src/store/port.ts';
import { ManualClock } from '../support/clock.ts';

export type StoreFactory = (clock: ManualClock) => Promise<Store> | Store;

const MINUTE = 60_000;
const HOUR = 3_600_000;
let unique = 0;
const id = (label: string) => `${label}-${++unique}-${Math.random().toString(36).slice(2, 8)}`;

function windows(
  client: string,
  target: string,
  overall: string,
  limits = { client: 20, target: 20, overall: 1000 },
): QuotaWindow[] {
  return [
    { policy: 'scans-per-hour-per-client', key: `client:${client}`, limit: limits.client, windowMs: HOUR },
    { policy: 'scans-per-hour-per-target', key: `target:${target}`, limit: limits.target, windowMs: HOUR },
    { policy: 'scans-per-hour-overall', key: overall, limit: limits.overall, windowMs: HOUR },
  ];
}

function keyRecord(overrides: Partial<KeyRecord> = {}): KeyRecord {
  return {
    id: id('key'),
    hash: id('hash').padEnd(64, '0'),
    displayPrefix: 'asc_live_Abcd',
    name: 'ci',
    owner: 'user_1',
    scopes: ['tools:read', 'tools:execute', 'badges:read'],
    createdAt: 1_000,
    lastUsedAt: null,
    revokedAt: null,
    expiresAt: null,
    ...overrides,
  };
}

export function storeContract(name: string, factory: StoreFactory): void {
  describe(`Store contract: ${name}`, () => {
    const fresh = async () => {
      // Start each store at the beginning of an hour window, so window arithmetic is predictable.
      const clock = new ManualClock(Math.ceil(Date.now() / HOUR) * HOUR + 1);
      return { clock, store: await factory(clock) };
    };

    test('answers a readiness probe', async () => {
      const { store } = await fresh();
      assert.equal(await store.ping(), undefined);
    });

    test('a claim goes to exactly one of many concurrent callers, for its whole time wherever it falls', async () => {
      const { clock, store } = await fresh();
      const key = id('claim');
      // Just before an hour boundary: a fixed-window counter would free the claim a moment later.
      clock.advance(HOUR - 10);
      const results = await Promise.all(Array.from({ length: 20 }, () => store.claim(key, HOUR)));
      assert.equal(results.filter(Boolean).length, 1);
      clock.advance(20);
      assert.equal(await store.claim(key, HOUR), false, 'past the boundary, still taken');
      clock.advance(HOUR - 20 - 1);
      assert.equal(await store.claim(key, HOUR), false, 'a millisecond before its time is up');
      clock.advance(1);
      assert.equal(await store.claim(key, HOUR), true, 'free once its time is up');
      assert.equal(await store.claim(id('claim'), HOUR), true, 'another key is free');
    });

    test('allows requests up to the limit, then refuses with a retry time in the future', async () => {
      const { clock, store } = await fresh();
      const bucket = id('ip');
      for (let i = 1; i <= 10; i++) {
        const d = await store.hitRateLimit(bucket, 10, MINUTE, true);
        assert.equal(d.allowed, true, `request ${i}`);
        assert.equal(d.remaining, 10 - i);
        assert.equal(d.limit, 10);
      }
      const refused = await store.hitRateLimit(bucket, 10, MINUTE, true);
      assert.equal(refused.allowed, false);
      assert.equal(refused.remaining, 0);
      assert.ok(refused.retryAt > clock.time);
      assert.ok(refused.resetAt > clock.time && refused.resetAt <= clock.time + MINUTE);
    });

    test('a first request leaves limit − 1 remaining', async () => {
      const { store } = await fresh();
      const d = await store.hitRateLimit(id('ip'), 10, MINUTE, true);
      assert.deepEqual([d.allowed, d.remaining], [true, 9]);
    });

    test('looking without consuming counts nothing', async () => {
      const { store } = await fresh();
      const bucket = id('ip');
      await store.hitRateLimit(bucket, 10, MINUTE, true);
      const peek = await store.hitRateLimit(bucket, 10, MINUTE, false);
      const again = await store.hitRateLimit(bucket, 10, MINUTE, false);
      assert.equal(peek.remaining, 9);
      assert.equal(again.remaining, 9);
    });

    test('a refused client may retry successfully at its retry time', async () => {
      const { clock, store } = await fresh();
      const bucket = id('ip');
      clock.advance(17_000);
      for (let i = 0; i < 10; i++) await store.hitRateLimit(bucket, 10, MINUTE, true);
      const refused = await store.hitRateLimit(bucket, 10, MINUTE, true);
      clock.time = refused.retryAt;
      assert.equal((await store.hitRateLimit(bucket, 10, MINUTE, true)).allowed, true);
    });

    test('the window slides: a full previous minute still weighs on the next one', async () => {
      const { clock, store } = await fresh();
      const bucket = id('ip');
      for (let i = 0; i < 10; i++) await store.hitRateLimit(bucket, 10, MINUTE, true);
      clock.advance(MINUTE + 5_000); // 1/12 into the next window: floor(10 × 11/12) = 9 still count
      const d = await store.hitRateLimit(bucket, 10, MINUTE, true);
      assert.equal(d.allowed, true);
      assert.equal(d.remaining, 0);
      assert.equal((await store.hitRateLimit(bucket, 10, MINUTE, true)).allowed, false);
      clock.advance(2 * MINUTE);
      assert.equal((await store.hitRateLimit(bucket, 10, MINUTE, true)).remaining, 9);
    });

    test('both stores decide to the millisecond alike, full window and sliding one', async () => {
      const { clock, store } = await fresh();
      const bucket = id('ip');
      const start = clock.time - 1;
      let last;
      for (let i = 0; i < 10; i++) last = await store.hitRateLimit(bucket, 10, MINUTE, true);
      // Full now: one more fits just past the boundary, where floor(10 × 59,999/60,000) = 9.
      const full = { limit: 10, remaining: 0, resetAt: start + MINUTE, retryAt: start + MINUTE + 1 };
      assert.deepEqual(last, { allowed: true, ...full });
      assert.deepEqual(await store.hitRateLimit(bucket, 10, MINUTE, true), { allowed: false, ...full });

      clock.time = start + MINUTE + 30_000; // floor(10 × 1/2) = 5 of the previous minute still count
      const remaining = [];
      for (let i = 0; i < 5; i++) remaining.push((await store.hitRateLimit(bucket, 10, MINUTE, true)).remaining);
      assert.deepEqual(remaining, [4, 3, 2, 1, 0]);
      const sliding = { allowed: false, limit: 10, remaining: 0, resetAt: start + 2 * MINUTE };
      // 5 + floor(10 × (1 − x)) < 10 once x > 1/2: one millisecond later.
      const retryAt = start + MINUTE + 30_001;
      assert.deepEqual(await store.hitRateLimit(bucket, 10, MINUTE, true), { ...sliding, retryAt });
      assert.deepEqual(await store.hitRateLimit(bucket, 10, MINUTE, false), { ...sliding, retryAt });
      clock.time = retryAt;
      assert.deepEqual(await store.hitRateLimit(bucket, 10, MINUTE, false), {
        ...sliding,
        allowed: true,
        remaining: 1,
        retryAt,
      });
    });

    test('buckets are independent', async () => {
      const { store } = await fresh();
      const a = id('ip');
      for (let i = 0; i < 10; i++) await store.hitRateLimit(a, 10, MINUTE, true);
      assert.equal((await store.hitRateLimit(a, 10, MINUTE, true)).allowed, false);
      assert.equal((await store.hitRateLimit(id('ip'), 10, MINUTE, true)).allowed, true);
    });

    test('reserves a scan in all three windows at once', async () => {
      const { store } = await fresh();
      const d = await store.reserveScan(windows(id('c'), id('t'), id('overall')));
      assert.equal(d.allowed, true);
      assert.deepEqual(d.refusedBy, []);
      assert.deepEqual(d.remaining, {
        'scans-per-hour-per-client': 19,
        'scans-per-hour-per-target': 19,
        'scans-per-hour-overall': 999,
      });
    });

    test('a scan refused by one window counts in none of them', async () => {
      const { store } = await fresh();
      const [client, target, overall] = [id('c'), id('t'), id('o')];
      for (let i = 0; i < 20; i++)
        assert.equal((await store.reserveScan(windows(client, target, overall))).allowed, true);
      const otherTarget = id('t');
      const refused = await store.reserveScan(windows(client, otherTarget, overall));
      assert.equal(refused.allowed, false);
      assert.deepEqual(refused.refusedBy, ['scans-per-hour-per-client']);
      // Neither the other target nor the overall window moved: a second client sees them untouched.
      const other = await store.reserveScan(windows(id('c'), otherTarget, overall));
      assert.equal(other.allowed, true);
      assert.equal(other.remaining['scans-per-hour-per-target'], 19);
      assert.equal(other.remaining['scans-per-hour-overall'], 1000 - 21);
    });

    test('names every window that refused, and a retry time when all have room again', async () => {
      const { clock, store } = await fresh();
      const [client, target, overall] = [id('c'), id('t'), id('o')];
      const tight = { client: 2, target: 2, overall: 2 };
      for (let i = 0; i < 2; i++) await store.reserveScan(windows(client, target, overall, tight));
      const refused = await store.reserveScan(windows(client, target, overall, tight));
      assert.deepEqual(refused.refusedBy.sort(), [
        'scans-per-hour-overall',
        'scans-per-hour-per-client',
        'scans-per-hour-per-target',
      ]);
      assert.ok(refused.retryAt > clock.time && refused.retryAt <= clock.time + 2 * HOUR);
      clock.time = refused.retryAt;
      assert.equal((await store.reserveScan(windows(client, target, overall, tight))).allowed, true);
    });

    test('a released reservation is given back once, in every window', async () => {
      const { store } = await fresh();
      const w = windows(id('c'), id('t'), id('overall'));
      const first = await store.reserveScan(w);
      assert.ok(first.reservation, 'an allowed decision names its reservation');
      await store.releaseScan(w, first.reservation);
      await store.releaseScan(w, first.reservation);
      await store.releaseScan(w, 'never-reserved');
      const next = await store.reserveScan(w);
      assert.equal(next.remaining['scans-per-hour-per-client'], 19);
      assert.equal(next.remaining['scans-per-hour-overall'], 999);
    });

    test('the per-target window counts scans from every client', async () => {
      const { store } = await fresh();
      const [target, overall] = [id('t'), id('o')];
      for (let i = 0; i < 20; i++) await store.reserveScan(windows(id('c'), target, overall));
      const refused = await store.reserveScan(windows(id('c'), target, overall));
      assert.deepEqual(refused.refusedBy, ['scans-per-hour-per-target']);
    });

    test('stores keys by hash, lists them by owner and never needs the key itself', async () => {
      const { store } = await fresh();
      const owner = id('owner');
      const a = keyRecord({ owner, createdAt: 1 });
      const b = keyRecord({ owner, createdAt: 2 });
      await store.putKey(a);
      await store.putKey(b);
      await store.putKey(keyRecord());
      assert.deepEqual(await store.findKeyByHash(a.hash), a);
      assert.equal(await store.findKeyByHash('0'.repeat(64)), null);
      assert.deepEqual(
        (await store.listKeys(owner)).map((k) => k.id),
        [a.id, b.id],
      );
    });

    test('revokes a key once, keeping the first revocation time', async () => {
      const { store } = await fresh();
      const k = keyRecord();
      await store.putKey(k);
      assert.equal((await store.revokeKey(k.id, 5_000))?.revokedAt, 5_000);
      assert.equal((await store.revokeKey(k.id, 9_000))?.revokedAt, 5_000);
      assert.equal((await store.findKeyByHash(k.hash))?.revokedAt, 5_000);
      assert.equal(await store.revokeKey(id('missing'), 1), null);
    });

    test('records when a key was last used, never moving backwards', async () => {
      const { store } = await fresh();
      const k = keyRecord();
      await store.putKey(k);
      await store.touchKey(k.id, 7_000);
      await store.touchKey(k.id, 6_000);
      assert.equal((await store.findKeyByHash(k.hash))?.lastUsedAt, 7_000);
    });

    test('keeps the latest website-security grade of a domain', async () => {
      const { store } = await fresh();
      const domain = `${id('d')}.example`;
      assert.equal(await store.latestGrade(domain), null);
      await store.setLatestGrade(domain, 'B', 10);
      await store.setLatestGrade(domain, 'A+', 20);
      await store.setLatestGrade(domain, 'F', 15); // an older result arriving late does not win
      assert.deepEqual(await store.latestGrade(domain), { grade: 'A+', at: 20 });
    });
  });
}
