import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import { MemoryStore } from '../../src/store/memory.ts';

const appWith = (env: Record<string, string>) => createApp({ config: parseConfig(env), store: new MemoryStore() });
const PAGES = ['/openapi.json', '/', '/llms.txt', '/tools/security-headers', '/developers/errors'];

test('without BASE_URL, documents built from the Host are kept apart per Host and out of shared caches', async () => {
  const app = appWith({});
  for (const path of PAGES) {
    const res = await app.fetch(new Request(`http://one.test${path}`), { clientAddress: '192.0.2.1' });
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get('vary') ?? '', /\bHost\b/, path);
    assert.doesNotMatch(res.headers.get('cache-control') ?? '', /\bpublic\b/, path);
  }
});

test('with BASE_URL, the documents are the same for every Host and may be cached publicly', async () => {
  const app = appWith({ BASE_URL: 'https://scan.example' });
  const res = await app.fetch(new Request('http://one.test/openapi.json'), { clientAddress: '192.0.2.1' });
  assert.doesNotMatch(res.headers.get('vary') ?? '', /\bHost\b/);
  assert.match(res.headers.get('cache-control') ?? '', /\bpublic\b/);
});
