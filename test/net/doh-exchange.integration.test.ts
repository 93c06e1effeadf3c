/** A DNS-over-HTTPS server that keeps sending is cut off at the largest DNS message. */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { exchange } from '../../src/net/doh-exchange.ts';
import { atEnd } from '../support/cleanup.ts';

const CHUNK = Buffer.alloc(64 * 1024, 0x41);
const MAX_SENT = 200 * 1024 * 1024;

test('an endless DoH answer is refused after 64 KiB, and its connection dropped', async () => {
  let sent = 0;
  let closed = false;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/dns-message' });
    const pump = () => {
      while (!closed && sent < MAX_SENT) {
        sent += CHUNK.length;
        if (!response.write(CHUNK)) return void response.once('drain', pump);
      }
      response.end();
    };
    response.on('close', () => (closed = true));
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  atEnd(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;

  const settings = { url: `http://127.0.0.1:${port}/dns-query`, fetch, timeoutMs: 10_000, retries: 0 };
  const result = await exchange(settings, 'example.com', 'TXT');
  assert.deepEqual(result, {
    ok: false,
    failure: 'error',
    message: 'the DNS answer is larger than a DNS message can be',
  });
  await new Promise((resolve) => setImmediate(resolve));
  assert.ok(sent < MAX_SENT / 4, `the client read on: ${sent} bytes sent`);
});
