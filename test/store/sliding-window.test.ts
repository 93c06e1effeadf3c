import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextSlotAt, weightedCount } from '../../src/store/sliding-window.ts';

const W = 60_000;

test('weighs the previous window by how much of it still overlaps', () => {
  assert.equal(weightedCount({ current: 2, previous: 10 }, 0, W), 12);
  assert.equal(weightedCount({ current: 2, previous: 10 }, 30_000, W), 7);
  assert.equal(weightedCount({ current: 2, previous: 10 }, 59_999, W), 2);
});

test('a client under the limit may go now', () => {
  assert.equal(nextSlotAt({ current: 3, previous: 0 }, 10, 1_000, W), 1_000);
});

test('a full current window opens just after the boundary', () => {
  assert.equal(nextSlotAt({ current: 10, previous: 0 }, 10, 5_000, W), W + 1);
});

test('a heavy previous window opens once its weight has decayed enough', () => {
  // 5 now + floor(10 * (1 - x)) < 10 needs 10 * (1 - x) < 5, i.e. x > 0.5
  const at = nextSlotAt({ current: 5, previous: 10 }, 10, 1_000, W);
  assert.equal(at, 30_001);
  assert.ok(weightedCount({ current: 5, previous: 10 }, at, W) < 10);
  assert.ok(weightedCount({ current: 5, previous: 10 }, at - 2, W) >= 10);
});
