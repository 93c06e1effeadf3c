import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readJsonBody } from '../../src/http/json-body.ts';
import { ApiError } from '../../src/http/problem.ts';

const LIMIT = 8192;

function streamOf(chunks: Uint8Array[], onPull?: () => void): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream(
    {
      pull(controller) {
        onPull?.();
        if (i < chunks.length) controller.enqueue(chunks[i++]);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  ); // pull only when read
}

const request = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://x/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ApiError);
    return error;
  }
  assert.fail('expected a refusal');
}

test('reads a JSON body', async () => {
  assert.deepEqual(await readJsonBody(request('{"target":"example.com"}'), LIMIT), { target: 'example.com' });
});

test('accepts a body of exactly 8 KiB', async () => {
  const body = JSON.stringify({ target: 'x'.repeat(LIMIT - 13) });
  assert.equal(body.length, LIMIT);
  assert.ok(await readJsonBody(request(body), LIMIT));
});

test('refuses a declared length over the limit without reading the body', async () => {
  let pulls = 0;
  const body = streamOf([new Uint8Array(10)], () => pulls++);
  const error = await refusal(readJsonBody(request(body, { 'content-length': '9000' }), LIMIT));
  assert.equal(error.code, 'payload_too_large');
  assert.equal(pulls, 0);
});

test('stops reading a chunked or lying body as soon as it passes the limit', async () => {
  let pulls = 0;
  const chunk = new Uint8Array(4096).fill(0x20);
  const endless = streamOf(
    Array.from({ length: 1000 }, () => chunk),
    () => pulls++,
  );
  const error = await refusal(readJsonBody(request(endless, { 'content-length': '10' }), LIMIT));
  assert.equal(error.code, 'payload_too_large');
  assert.ok(pulls <= 4, `read ${pulls} chunks`);
});

test('explains an empty body, bad UTF-8 and broken JSON', async () => {
  assert.match((await refusal(readJsonBody(request(null), LIMIT))).options.detail, /empty/);
  assert.match(
    (await refusal(readJsonBody(request(new Uint8Array([0x7b, 0xff, 0x7d])), LIMIT))).options.detail,
    /UTF-8/,
  );
  const broken = await refusal(readJsonBody(request('{"target": '), LIMIT));
  assert.equal(broken.code, 'bad_request');
  assert.match(broken.options.detail, /not valid JSON/);
});

/** A body that sends `chunk` every `everyMs` and never ends; `cancelled()` says whether the reader gave up. */
function trickle(chunk: Uint8Array, everyMs: number) {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull: (controller) =>
        new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            controller.enqueue(chunk);
            resolve();
          }, everyMs);
        }),
      cancel: () => {
        cancelled = true;
        clearTimeout(timer);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, cancelled: () => cancelled };
}

test('answers 408 when the body has not arrived in full by the deadline, and stops reading it', async () => {
  const body = trickle(new TextEncoder().encode(' '), 5);
  const error = await refusal(readJsonBody(request(body.stream), LIMIT, { deadlineMs: 40 }));
  assert.equal(error.code, 'request_timeout');
  assert.equal(error.options.detail, 'The request body did not arrive in full within 0.04 s.');
  assert.deepEqual(error.options.headers, { connection: 'close' }, 'the rest is never read: the connection closes');
  await new Promise((resolve) => setImmediate(resolve));
  assert.ok(body.cancelled(), 'the stream was cancelled');
});

test('a body that never starts is refused at the deadline too', async () => {
  const silent = new ReadableStream<Uint8Array>({ pull: () => new Promise<void>(() => {}) }, { highWaterMark: 0 });
  const error = await refusal(readJsonBody(request(silent, { 'content-length': '24' }), LIMIT, { deadlineMs: 10 }));
  assert.equal(error.code, 'request_timeout');
});

test('a body sent in pieces is read when it is complete before the deadline', async () => {
  const pieces = ['{"target"', ':"example', '.com"}'].map((s) => new TextEncoder().encode(s));
  const paced = new ReadableStream<Uint8Array>(
    {
      pull: (controller) =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            const next = pieces.shift();
            if (next) controller.enqueue(next);
            else controller.close();
            resolve();
          }, 5),
        ),
    },
    { highWaterMark: 0 },
  );
  assert.deepEqual(await readJsonBody(request(paced), LIMIT, { deadlineMs: 5_000 }), { target: 'example.com' });
});
