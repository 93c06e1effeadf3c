import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BoundedCache } from '../../src/cache/bounded-cache.ts';
import { ManualClock } from '../support/clock.ts';

test('keeps what was set; a miss is undefined, a stored null is null', () => {
  const cache = new BoundedCache<string, string | null>({ maxEntries: 3 });
  cache.set('a', 'A');
  cache.set('b', null);
  assert.equal(cache.get('a'), 'A');
  assert.equal(cache.get('b'), null);
  assert.equal(cache.get('c'), undefined);
  cache.delete('a');
  assert.equal(cache.get('a'), undefined);
  assert.equal(cache.size, 1);
});

test('when full, the entry written longest ago makes room; rewriting an entry makes it the newest', () => {
  const cache = new BoundedCache<string, number>({ maxEntries: 3 });
  cache.set('a', 1);
  cache.set('b', 2);
  cache.set('c', 3);
  cache.set('a', 10);
  cache.set('d', 4);
  assert.equal(cache.size, 3);
  assert.equal(cache.get('b'), undefined);
  assert.deepEqual([cache.get('a'), cache.get('c'), cache.get('d')], [10, 3, 4]);
  cache.get('c'); // reading does not refresh: c is still the oldest write
  cache.set('e', 5);
  assert.equal(cache.get('c'), undefined);
  assert.equal(cache.size, 3);
});

test('without a time-to-live entries never expire', () => {
  const clock = new ManualClock();
  const cache = new BoundedCache<string, number>({ maxEntries: 2, now: clock.now });
  cache.set('a', 1);
  clock.advance(365 * 24 * 3_600_000);
  assert.equal(cache.get('a'), 1);
});

test('an entry expires when its time-to-live has run out, on the injected clock', () => {
  const clock = new ManualClock();
  const cache = new BoundedCache<string, number>({ maxEntries: 10, ttlMs: 1000, now: clock.now });
  cache.set('a', 1);
  clock.advance(999);
  assert.equal(cache.get('a'), 1);
  clock.advance(1);
  assert.equal(cache.get('a'), undefined);
  assert.equal(cache.size, 0, 'an expired entry is dropped when read');
});

test('set may give its own time-to-live and the time the value was asked for', () => {
  const clock = new ManualClock();
  const cache = new BoundedCache<string, string>({ maxEntries: 10, ttlMs: 60_000, now: clock.now });
  cache.set('short', 'x', { ttlMs: 100 });
  cache.set('long', 'y');
  clock.advance(100);
  assert.equal(cache.get('short'), undefined);
  assert.equal(cache.get('long'), 'y');
  const askedAt = clock.now();
  clock.advance(500); // the answer took half a second
  cache.set('read', 'z', { since: askedAt });
  clock.advance(59_499);
  assert.equal(cache.get('read'), 'z');
  clock.advance(1);
  assert.equal(cache.get('read'), undefined, '60 s after it was asked for, not after it arrived');
});

test('refuses a capacity below one', () => {
  assert.throws(() => new BoundedCache({ maxEntries: 0 }), RangeError);
  assert.throws(() => new BoundedCache({ maxEntries: Number.NaN }), RangeError);
});

test('getOrCreate makes a value once, and again after it expired or made room', () => {
  const clock = new ManualClock();
  const cache = new BoundedCache<string, number>({ maxEntries: 2, ttlMs: 1_000, now: clock.now });
  let made = 0;
  const make = () => ++made;
  assert.equal(cache.getOrCreate('a', make), 1);
  assert.equal(cache.getOrCreate('a', make), 1, 'cached');
  clock.advance(1_000);
  assert.equal(cache.getOrCreate('a', make), 2, 'expired, made again');
  cache.getOrCreate('b', make);
  cache.getOrCreate('c', make);
  assert.equal(cache.getOrCreate('a', make), 5, 'the oldest made room');
});
