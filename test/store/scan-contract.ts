/**
 * The Store contract for kept scans: records by id, each tool and target's history, the newest
 * scan, and the per-tool grades that feed badges. Both stores' test files run it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SCAN_RECORD_TTL_MS, SCANS_KEPT_PER_TARGET, type StoredScan } from '../../src/store/port.ts';
import { newScanId } from '../../src/scan/scan-id.ts';
import { ManualClock } from '../support/clock.ts';
import type { StoreFactory } from './contract.ts';

const DAY = 86_400_000;
let unique = 0;
const uniqueTarget = () => `site-${++unique}-${Math.random().toString(36).slice(2, 8)}.example`;

function scanOf(target: string, at: number, overrides: Partial<StoredScan> = {}): StoredScan {
  return {
    scanId: newScanId(),
    tool: 'email-security',
    target,
    selectors: [],
    scannedAt: at,
    assessed: true,
    grade: 'B',
    gradeScore: 75,
    result: { status: 'warnings', message: 'Two findings.', details: { spf: { found: true }, note: '</script>"' } },
    ...overrides,
  };
}

export function scanContract(name: string, factory: StoreFactory): void {
  describe(`Store contract, kept scans: ${name}`, () => {
    const fresh = async () => {
      const clock = new ManualClock(Date.now());
      return { clock, store: await factory(clock) };
    };

    test('finds a saved scan by id, exactly as saved', async () => {
      const { clock, store } = await fresh();
      const scan = scanOf(uniqueTarget(), clock.time);
      await store.saveScan(scan, null);
      assert.deepEqual(await store.findScan(scan.scanId), scan);
      assert.equal(await store.findScan(newScanId()), null);
    });

    test('keeps an unassessed scan too', async () => {
      const { clock, store } = await fresh();
      const scan = scanOf(uniqueTarget(), clock.time, { assessed: false, grade: null, gradeScore: null });
      await store.saveScan(scan, 'x.example');
      assert.deepEqual(await store.findScan(scan.scanId), scan);
    });

    test('lists a tool and target history newest first, apart from other tools and targets', async () => {
      const { clock, store } = await fresh();
      const target = uniqueTarget();
      const first = scanOf(target, clock.time, { grade: 'C', gradeScore: 60 });
      const second = scanOf(target, clock.time + 1000, { grade: 'A', gradeScore: 95 });
      await store.saveScan(first, null);
      await store.saveScan(second, null);
      await store.saveScan(scanOf(target, clock.time + 2000, { tool: 'security-headers' }), null);
      await store.saveScan(scanOf(uniqueTarget(), clock.time + 3000), null);
      assert.deepEqual(await store.scanHistory('email-security', target, 50), [
        { scanId: second.scanId, scannedAt: second.scannedAt, grade: 'A', gradeScore: 95, status: 'warnings' },
        { scanId: first.scanId, scannedAt: first.scannedAt, grade: 'C', gradeScore: 60, status: 'warnings' },
      ]);
      assert.equal((await store.latestScan('email-security', target))?.scanId, second.scanId);
      assert.deepEqual(await store.scanHistory('email-security', uniqueTarget(), 50), []);
      assert.equal(await store.latestScan('email-security', uniqueTarget()), null);
    });

    test(`keeps the ${SCANS_KEPT_PER_TARGET} newest scans of a target and deletes older ones`, async () => {
      const { clock, store } = await fresh();
      const target = uniqueTarget();
      const scans = Array.from({ length: SCANS_KEPT_PER_TARGET + 2 }, (_, i) => scanOf(target, clock.time + i));
      for (const scan of scans) await store.saveScan(scan, null);
      const history = await store.scanHistory('email-security', target, 100);
      assert.equal(history.length, SCANS_KEPT_PER_TARGET);
      assert.equal(history[0]!.scanId, scans.at(-1)!.scanId);
      assert.equal(await store.findScan(scans[0]!.scanId), null, 'the oldest was deleted');
      assert.equal(await store.findScan(scans[1]!.scanId), null);
      assert.notEqual(await store.findScan(scans[2]!.scanId), null);
    });

    test('forgets scans after 30 days', async () => {
      const { clock, store } = await fresh();
      const target = uniqueTarget();
      const scan = scanOf(target, clock.time);
      await store.saveScan(scan, null);
      clock.advance(SCAN_RECORD_TTL_MS + DAY);
      assert.equal(await store.findScan(scan.scanId), null);
      assert.equal(await store.latestScan('email-security', target), null);
      assert.deepEqual(await store.scanHistory('email-security', target, 50), []);
    });

    test("a graded scan sets its domain's grade for its tool, newer wins, apart from website-security", async () => {
      const { clock, store } = await fresh();
      const domain = uniqueTarget();
      await store.saveScan(scanOf(domain, clock.time, { grade: 'C' }), domain);
      await store.saveScan(scanOf(domain, clock.time - 5000, { grade: 'F' }), domain); // late, older
      await store.saveScan(scanOf(domain, clock.time + 1, { assessed: false, grade: null, gradeScore: null }), domain);
      assert.deepEqual(await store.latestGrade(domain, 'email-security'), { grade: 'C', at: clock.time });
      assert.equal(await store.latestGrade(domain, 'security-headers'), null);
      assert.equal(await store.latestGrade(domain), null, 'website-security is only set by the operator');
      await store.setLatestGrade(domain, 'A+', clock.time);
      assert.deepEqual(await store.latestGrade(domain), { grade: 'A+', at: clock.time });
      assert.equal((await store.latestGrade(domain, 'email-security'))?.grade, 'C');
    });

    test('a scan saved without a grade domain sets no grade', async () => {
      const { clock, store } = await fresh();
      const domain = uniqueTarget();
      await store.saveScan(scanOf(domain, clock.time), null);
      assert.equal(await store.latestGrade(domain, 'email-security'), null);
    });
  });
}
