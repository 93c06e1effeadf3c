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
