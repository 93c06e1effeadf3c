/**
 * Badges that stay true (docs/badge.md, "Refreshes"), on both stores (memory, and a real
 * redis-server behind the Upstash REST bridge): a viewed badge whose newest scan is older than the
 * refresh age answers at once from what is kept and starts one background rescan of the target
 * that fed it, on the target's and the service's quota and within the refreshes' share, never on
 * the viewer's.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { SPEC_LIMITS, type Limits } from '../../src/limits.ts';
import type { ScanOutcome } from '../../src/tools/tool.ts';
import { EXECUTE_ES, EXECUTE_SH, postJson, startHarness, type Harness } from '../support/harness.ts';
import { startRedis } from '../support/redis-server.ts';
import { GRADED, GRADED_EMAIL } from '../support/scanners.ts';
import { harnessStores } from '../support/harness-stores.ts';
import { startUpstashBridge, type UpstashBridge } from '../support/upstash-bridge.ts';

const DAY_MS = 86_400_000;
const SH_BADGE = '/api/badge/example.com?tool=security-headers';

let bridge: UpstashBridge;
before(async () => {
  bridge = await startUpstashBridge((await startRedis()).port);
});

const STORES = harnessStores(() => bridge, 'refresh');

/** An outcome the test releases by hand, so that views arrive while the rescan runs. */
function heldOutcome(outcome: ScanOutcome) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return { release, outcome: () => released.then(() => outcome) };
}

for (const [storeName, store] of STORES) {
  describe(`badge refreshes (${storeName})`, () => {
    const harness = (env: Record<string, string> = {}, limits: Partial<Limits> = {}): Promise<Harness> =>
      startHarness({ env, limits: { ...SPEC_LIMITS, ...limits }, ...(store ? { store } : {}) });

    /** Scans `target` as `ip` through the API and waits until the scan is kept. */
    async function scanned(h: Harness, path: string, target: string, extra: object = {}, ip = '198.51.100.7') {
      const res = await h.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ target, ...extra }),
        ip,
      });
      assert.equal(res.status, 200);
      await h.settled();
    }

    test('a stale badge answers at once and starts exactly one rescan under concurrent views', async () => {
      const h = await harness();
      await scanned(h, EXECUTE_SH, 'https://www.example.com/');
      const calls = h.scanners['security-headers'].calls.length;
      h.clock.advance(DAY_MS + 1_000);
      const held = heldOutcome(GRADED);
      h.scanners['security-headers'].outcome = held.outcome;
      const views = await Promise.all(
        Array.from({ length: 8 }, (_, i) => h.request(SH_BADGE, { ip: `203.0.113.${i + 1}` })),
      );
      for (const view of views) {
        assert.equal(view.status, 200);
        assert.match(await view.text(), new RegExp(`>${GRADED.grade!.replace('+', '\\+')}</text>`));
      }
      held.release();
      await h.settled();
      const rescans = h.scanners['security-headers'].calls.slice(calls);
      assert.deepEqual(
        rescans.map((c) => c.target),
        ['https://www.example.com/'],
        'the target that fed the badge, once',
      );
      assert.equal(h.badgeRefreshes.length, 1);
      assert.equal(h.badgeRefreshes[0]!.outcome, 'scanned');
      assert.equal(h.badgeRefreshes[0]!.target, 'https://www.example.com/');

      // The rescan fed the badge: it is fresh again, and another view starts nothing.
      await h.request(SH_BADGE);
      await h.settled();
      assert.equal(h.scanners['security-headers'].calls.length, calls + 1);
    });

    test('email-security: the rescan asks for the selectors the feeding scan asked for', async () => {
      const h = await harness();
      await scanned(h, EXECUTE_ES, 'example.com', { selectors: ['mine'] });
      h.clock.advance(2 * DAY_MS);
      await h.request('/api/badge/example.com?tool=email-security');
      await h.settled();
      const rescan = h.scanners['email-security'].calls.at(-1)!;
      assert.equal(h.scanners['email-security'].calls.length, 2);
      assert.deepEqual(rescan.context.selectors, ['mine']);
      h.scanners['email-security'].outcome = GRADED_EMAIL;
    });

    test('a badge younger than the refresh age, one never fed, or the default badge start nothing', async () => {
      const h = await harness();
      await scanned(h, EXECUTE_SH, 'https://example.com/');
      h.clock.advance(DAY_MS - 60_000);
      for (const path of [SH_BADGE, '/api/badge/never-scanned.test?tool=security-headers', '/api/badge/example.com'])
        await h.request(path);
      await h.settled();
      assert.equal(h.scanners['security-headers'].calls.length, 1);
      assert.deepEqual(h.badgeRefreshes, []);
    });

    test('BADGE_REFRESH_AGE_SEC=0 switches refreshes off', async () => {
      const h = await harness({ BADGE_REFRESH_AGE_SEC: '0' });
      await scanned(h, EXECUTE_SH, 'https://example.com/');
      h.clock.advance(20 * DAY_MS);
      await h.request(SH_BADGE);
      await h.settled();
      assert.equal(h.scanners['security-headers'].calls.length, 1);
      assert.deepEqual(h.badgeRefreshes, []);
    });

    test('none once the refreshes have spent their share of the overall quota; the viewer is not counted', async () => {
      // 10 % of 20 scans an hour: two refreshes an hour.
      const h = await harness({ BADGE_REFRESH_SHARE_PERCENT: '10' }, { scansPerHourOverall: 20 });
      const sites = ['a.example', 'b.example', 'c.example'];
      for (const [i, site] of sites.entries())
        await scanned(h, EXECUTE_SH, `https://${site}/`, {}, `198.51.100.${i + 1}`);
      h.clock.advance(DAY_MS + 1_000);
      const viewer = '203.0.113.50';
      for (const site of sites) {
        await h.request(`/api/badge/${site}?tool=security-headers`, { ip: viewer });
        await h.settled();
      }
      assert.deepEqual(
        h.badgeRefreshes.map((e) => [e.domain, e.outcome, e.reason ?? null]),
        [
          ['a.example', 'scanned', null],
          ['b.example', 'scanned', null],
          ['c.example', 'skipped', 'badge-refreshes-per-hour'],
        ],
      );
      assert.equal(h.scanners['security-headers'].calls.length, 3 + 2);
      // The viewer's own quota is untouched: it can still scan its five a target, twenty an hour.
      for (let i = 0; i < 5; i++) await scanned(h, EXECUTE_SH, 'https://viewer.example/', {}, viewer);
    });
  });
}

test('the rescan runs on the target and service quotas: a target spent for the hour is not rescanned', async () => {
  const h = await startHarness({ limits: { ...SPEC_LIMITS, scansPerHourPerTarget: 1 } });
  const res = await postJson(h, EXECUTE_SH, { target: 'https://example.com/' });
  assert.equal(res.status, 200);
  await h.settled();
  h.clock.advance(DAY_MS + 1_000);
  // Someone else spends the target's hour first.
  assert.equal((await postJson(h, EXECUTE_SH, { target: 'https://example.com/page' })).status, 200);
  await h.settled();
  h.clock.advance(1_000);
  await h.request(SH_BADGE);
  await h.settled();
  assert.deepEqual(
    h.badgeRefreshes.map((e) => [e.outcome, e.reason]),
    [['skipped', 'scans-per-hour-per-target']],
  );
});
