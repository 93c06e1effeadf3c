/**
 * Specification of the write-order map the limiter and the caches keep their entries in: a Map
 * whose oldest entry is known at once, in the order entries were last written.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { WriteOrderMap } from '../../src/cache/write-order-map.ts';
import { FUZZ_SEED } from '../support/fuzz.ts';

test('the oldest entry is the one written longest ago; writing it again makes it the newest', () => {
  const map = new WriteOrderMap<string, number>();
  assert.equal(map.oldest(), undefined);
  map.set('a', 1);
  map.set('b', 2);
  map.set('c', 3);
  assert.deepEqual(map.oldest(), ['a', 1]);
  map.set('a', 10);
  assert.deepEqual(map.oldest(), ['b', 2]);
  assert.equal(map.get('a'), 10, 'reading does not change the order');
  assert.deepEqual(map.oldest(), ['b', 2]);
  assert.equal(map.delete('b'), true);
  assert.equal(map.delete('b'), false);
  assert.deepEqual(map.oldest(), ['c', 3]);
  map.delete('c');
  map.delete('a');
  assert.equal(map.size, 0);
  assert.equal(map.oldest(), undefined);
  map.set('d', 4);
  assert.deepEqual(map.oldest(), ['d', 4]);
});

test('behaves as a list in write order under any sequence of writes and deletes', () => {
  const operation = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 9 }), value: fc.integer() }),
    fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 9 }) }),
    fc.record({ kind: fc.constant('dropOldest' as const) }),
  );
  fc.assert(
    fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
      const map = new WriteOrderMap<number, number>();
      let model: [number, number][] = [];
      for (const op of operations) {
        if (op.kind === 'set') {
          model = [...model.filter(([key]) => key !== op.key), [op.key, op.value]];
          map.set(op.key, op.value);
        } else if (op.kind === 'delete') {
          assert.equal(
            map.delete(op.key),
            model.some(([key]) => key === op.key),
          );
          model = model.filter(([key]) => key !== op.key);
        } else {
          const oldest = map.oldest();
          assert.deepEqual(oldest, model[0]);
          if (oldest) map.delete(oldest[0]);
          model = model.slice(1);
        }
        assert.equal(map.size, model.length);
        assert.deepEqual(map.oldest(), model[0]);
        for (const [key, value] of model) assert.equal(map.get(key), value);
      }
    }),
    { seed: FUZZ_SEED, numRuns: 300 },
  );
});
