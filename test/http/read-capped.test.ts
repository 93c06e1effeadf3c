import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readCapped } from '../../src/http/read-capped.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A stream that hands out `chunks`, then waits for more that never come. */
function stalled(chunks: Uint8Array[]) {
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull: (controller) => {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else return new Promise<void>(() => {});
      },
      cancel: () => void (cancelled = true),
    },
    { highWaterMark: 0 },
  );
  return { stream, cancelled: () => cancelled };
}

test('reads a stream to its end when the deadline does not pass', async () => {
  const deadline = new AbortController();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes('ab'));
      controller.enqueue(bytes('cd'));
      controller.close();
    },
  });
  const read = await readCapped(stream, 10, deadline.signal);
  assert.deepEqual(read, { bytes: bytes('abcd'), overflowed: false, timedOut: false });
});

test('at the deadline: keeps what arrived, reports timedOut and cancels the stream', async () => {
  const deadline = new AbortController();
  const source = stalled([bytes('{"tar')]);
  const reading = readCapped(source.stream, 10, deadline.signal);
  setImmediate(() => deadline.abort());
  const read = await reading;
  assert.deepEqual(read, { bytes: bytes('{"tar'), overflowed: false, timedOut: true });
  assert.ok(source.cancelled());
});

test('a deadline already passed reads nothing', async () => {
  const source = stalled([bytes('never read')]);
  const read = await readCapped(source.stream, 10, AbortSignal.abort());
  assert.deepEqual(read, { bytes: new Uint8Array(0), overflowed: false, timedOut: true });
  assert.ok(source.cancelled());
});

test('the cap still applies with a deadline', async () => {
  const deadline = new AbortController();
  const source = stalled([bytes('0123456789abcdef')]);
  const read = await readCapped(source.stream, 10, deadline.signal);
  assert.deepEqual(read, { bytes: bytes('0123456789'), overflowed: true, timedOut: false });
});
