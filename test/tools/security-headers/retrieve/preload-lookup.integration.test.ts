import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { test } from 'node:test';
import { preloadCandidates } from '../../../../src/tools/security-headers/parse/hsts.ts';
import { createPreloadLookup } from '../../../../src/tools/security-headers/retrieve/preload-lookup.ts';
import { atEnd } from '../../../support/cleanup.ts';
import { ManualClock } from '../../../support/clock.ts';

async function statusService(statuses: Record<string, string>) {
  const asked: string[] = [];
  const endless = { written: 0 };
  const server = createServer((req, res) => {
    const domain = new URL(req.url!, 'http://x').searchParams.get('domain')!;
    asked.push(domain);
    if (domain === 'broken.example') return void res.writeHead(500).end();
    if (domain === 'slow.example') return; // never answers
    if (domain === 'endless.example') {
      // A valid-looking answer that never ends, as fast as the socket takes it.
      res.writeHead(200, { 'content-type': 'application/json' }).write('{"status":"preloaded","padding":"');
      const chunk = 'x'.repeat(64 * 1024);
      const more = () => {
        do endless.written += chunk.length;
        while (res.write(chunk));
        res.once('drain', more);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      return more();
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ name: domain, status: statuses[domain] ?? 'unknown' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  atEnd(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v2/status`, asked, endless };
}

test('reads preloaded and not-preloaded answers, and caches them', async () => {
  const service = await statusService({ 'example.com': 'preloaded', 'other.example': 'pending' });
  const clock = new ManualClock();
  const lookup = createPreloadLookup({ url: service.url, fetch, now: clock.now });
  assert.deepEqual(await lookup('example.com'), { preloaded: true, includeSubDomains: true });
  assert.deepEqual(await lookup('other.example'), { preloaded: false, includeSubDomains: false });
  await lookup('example.com');
  assert.deepEqual(service.asked, ['example.com', 'other.example']);
  clock.advance(7 * 3_600_000);
  await lookup('example.com');
  assert.equal(service.asked.length, 3, 'asks again once the cache expires');
});

test('an error, a hang or no service at all is unknown', async () => {
  const service = await statusService({});
  const lookup = createPreloadLookup({ url: service.url, fetch, timeoutMs: 100 });
  assert.equal(await lookup('broken.example'), 'unknown');
  assert.equal(await lookup('slow.example'), 'unknown');
  const patient = createPreloadLookup({ url: service.url, fetch, timeoutMs: 5_000 });
  assert.equal(await patient('endless.example'), 'unknown');
  // Stopping at the cap closes the connection; what the server got out is socket buffers, not seconds of data.
  assert.ok(service.endless.written < 32 * 1024 * 1024, `${service.endless.written} bytes sent before it was cut`);
  assert.equal(await createPreloadLookup({ url: null, fetch })('example.com'), 'unknown');
});

test('candidates run from the host to its top-level domain, lower-case, without a trailing dot', () => {
  assert.deepEqual(preloadCandidates('a.b.example.co.uk'), [
    'a.b.example.co.uk',
    'b.example.co.uk',
    'example.co.uk',
    'co.uk',
    'uk',
  ]);
  assert.deepEqual(preloadCandidates('example.com'), ['example.com', 'com']);
  assert.deepEqual(preloadCandidates('WWW.Example.DEV.'), ['www.example.dev', 'example.dev', 'dev']);
});
