import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DependencyWatch, RECOVERY_QUIET_MS, type DependencyEvent } from '../../src/ops/dependency-watch.ts';

function watched() {
  let now = 1_000;
  const events: DependencyEvent[] = [];
  const watch = new DependencyWatch(
    (event) => events.push(event),
    () => now,
  );
  return { watch, events, advance: (ms: number) => (now += ms) };
}

test('an outage is reported once when it starts and once when it ends, with the requests it affected', () => {
  const { watch, events, advance } = watched();
  watch.answered('store');
  assert.deepEqual(events, [], 'answers while up say nothing');
  for (let i = 0; i < 500; i++) {
    watch.failed('store', `refused ${i}`);
    advance(100);
  }
  assert.deepEqual(events, [{ event: 'dependency_down', dependency: 'store', error: 'refused 0' }]);
  assert.equal(watch.isDown('store'), true);
  advance(42_000);
  watch.answered('store');
  watch.answered('store');
  assert.deepEqual(events.slice(1), [
    { event: 'dependency_recovered', dependency: 'store', downMs: 49_900, affectedRequests: 500 },
  ]);
  assert.equal(watch.isDown('store'), false);
});

test('answers between failures are not a recovery: a half-working store does not flap', () => {
  const { watch, events, advance } = watched();
  for (let i = 0; i < 100; i++) {
    watch.failed('store', 'OOM');
    advance(10);
    watch.answered('store');
  }
  assert.deepEqual(
    events.map((e) => e.event),
    ['dependency_down'],
  );
  advance(RECOVERY_QUIET_MS - 11); // the last failure was 10 ms ago
  watch.answered('store');
  assert.equal(events.length, 1, 'not yet quiet for long enough');
  advance(1);
  watch.answered('store');
  assert.deepEqual(events[1], {
    event: 'dependency_recovered',
    dependency: 'store',
    downMs: 990,
    affectedRequests: 100,
  });
});

test('the store and the resolver are watched apart', () => {
  const { watch, events, advance } = watched();
  watch.failed('resolver', 'no DNS response');
  watch.answered('store');
  assert.equal(watch.isDown('resolver'), true);
  watch.failed('store', 'timeout');
  advance(RECOVERY_QUIET_MS);
  watch.answered('resolver');
  assert.deepEqual(
    events.map((e) => [e.event, e.dependency]),
    [
      ['dependency_down', 'resolver'],
      ['dependency_down', 'store'],
      ['dependency_recovered', 'resolver'],
    ],
  );
});
