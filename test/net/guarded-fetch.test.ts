/** The guarded fetch's pure part: how much of a response's headers a scan keeps. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_HEADER_BYTES, withinHeaderCap } from '../../src/net/guarded-fetch.ts';

test(`headers are kept in order up to ${MAX_HEADER_BYTES} bytes as on the wire; the ones past it are dropped`, () => {
  const pair = (i: number): [string, string] => [`x-h${i}`, 'v'.repeat(1_000)];
  const pairs = Array.from({ length: 100 }, (_, i) => pair(i));
  const perPair = pair(10).join(': ').length + 2; // "name: value" and CRLF
  const { headers, truncated } = withinHeaderCap(pairs);
  assert.equal(truncated, true);
  assert.equal(headers.length, Math.floor(MAX_HEADER_BYTES / perPair));
  assert.deepEqual(headers, pairs.slice(0, headers.length));
  assert.deepEqual(withinHeaderCap(pairs.slice(0, 10)), { headers: pairs.slice(0, 10), truncated: false });
  // One value larger than the whole allowance leaves nothing of it.
  assert.deepEqual(withinHeaderCap([['server', '1'.repeat(MAX_HEADER_BYTES)]]), { headers: [], truncated: true });
});
