/** The check of the machine runs the programs it finds (their --version), so it is not a unit test. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSystemNeeds } from './system-needs.ts';

test('each layer asks only for what it uses: Node always, redis-server and Chromium by layer', () => {
  const what = (layers: string[]) => checkSystemNeeds(layers).map((need) => need.what.split(' ')[0]);
  assert.deepEqual(what(['unit', 'typecheck', 'lint']), ['Node']);
  assert.deepEqual(what(['integration']), ['Node', 'redis-server']);
  assert.deepEqual(what(['runtimes']), ['Node', 'redis-server']);
  assert.deepEqual(what(['browser']), ['Node', 'Chromium']);
});
