/** Decoding DoH responses: the records, and `DnsMessageError` for every message that cannot be read. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as packet from '@leichtgewicht/dns-packet';
import { decodeResponse, DnsMessageError } from '../../src/net/dns-message.ts';

const response = (answers: packet.Answer[]) =>
  new Uint8Array(
    packet.encode({
      type: 'response',
      id: 0,
      flags: packet.RECURSION_DESIRED,
      questions: [{ type: 'A', name: 'Example.COM', class: 'IN' }],
      answers,
    }),
  );

/**
 * A response with an A record named by a chain of `pointers` compression pointers (its own
 * included), each to the one before, ending at the root. The chain sits in the data of a NULL
 * record, which is never read as names.
 */
function chained(pointers: number): Uint8Array {
  const start = 12 + 11;
  const chain = [0];
  let previous = start;
  for (let i = 1; i < pointers; i++) {
    const at = start + chain.length;
    chain.push(0xc0 | (previous >> 8), previous & 0xff);
    previous = at;
  }
  return Uint8Array.from([
    ...[0, 0, 0x81, 0x80, 0, 0, 0, 2, 0, 0, 0, 0],
    ...[0, 0, 10, 0, 1, 0, 0, 0, 0, chain.length >> 8, chain.length & 0xff, ...chain],
    ...[0xc0 | (previous >> 8), previous & 0xff, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 192, 0, 2, 1],
  ]);
}

test('a response decodes to its records, names lower-case and without the trailing dot', () => {
  const decoded = decodeResponse(
    response([
      { type: 'A', name: 'Example.COM', ttl: 60, data: '192.0.2.1' },
      { type: 'TXT', name: 'example.com', ttl: 60, data: ['v=spf1 ', '-all'] },
    ]),
  );
  assert.equal(decoded.question?.name, 'example.com');
  assert.deepEqual(decoded.answers, [
    { type: 'A', name: 'example.com', ttl: 60, address: '192.0.2.1' },
    { type: 'TXT', name: 'example.com', ttl: 60, text: 'v=spf1 -all', strings: ['v=spf1 ', '-all'] },
  ]);
});

test('compression pointers chained up to 16 deep are followed; deeper chains are refused before decoding', () => {
  assert.equal(decodeResponse(chained(16)).answers.length, 1);
  assert.throws(() => decodeResponse(chained(17)), DnsMessageError);
  // At the largest message size, a chain each of 1,500 names walks in full: refused all the same.
  assert.throws(() => decodeResponse(chained(16_000)), /compression pointers/);
});

test('a truncated, garbled or non-response message throws DnsMessageError, never another error', () => {
  const whole = response([{ type: 'A', name: 'example.com', ttl: 60, data: '192.0.2.1' }]);
  const query = new Uint8Array(packet.encode({ type: 'query', id: 0, questions: [{ type: 'A', name: 'a.example' }] }));
  const moreAnswersThanSent = Uint8Array.from(whole).fill(9, 7, 8);
  for (const bytes of [new Uint8Array(), whole.subarray(0, 20), moreAnswersThanSent, query]) {
    assert.throws(() => decodeResponse(bytes), DnsMessageError);
  }
});
