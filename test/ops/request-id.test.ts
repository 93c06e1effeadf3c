import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { requestIdOf } from '../../src/ops/request-id.ts';

const idOf = (value?: string) => requestIdOf(new Headers(value === undefined ? {} : { 'x-request-id': value }));

test('a caller id of 1–128 visible ASCII characters is kept as sent', () => {
  for (const id of ['a', 'req-42', 'lb/7f3a:9', '{"x":1}', '~'.repeat(128)]) assert.equal(idOf(id), id);
});

test('a missing, empty, over-long or non-visible id is replaced by a fresh UUID', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  for (const id of [undefined, '', 'x'.repeat(129), 'two words', 'tab\there', 'café']) assert.match(idOf(id), UUID);
  assert.notEqual(idOf(), idOf(), 'each one new');
});

test('whatever is sent, the id echoed is safe in a header and a log line', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (sent) => {
      let headers: Headers;
      try {
        headers = new Headers({ 'x-request-id': sent });
      } catch {
        return; // not a header value at all: fetch would not send it
      }
      const id = requestIdOf(headers);
      assert.match(id, /^[\x21-\x7e]{1,128}$/);
    }),
    { seed: 17, numRuns: 2_000 },
  );
});
