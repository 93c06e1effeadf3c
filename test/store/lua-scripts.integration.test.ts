/**
 * Every script the shared store sends runs on stock redis-server exactly as written, so the
 * service works behind any Upstash-compatible REST proxy, not only on Upstash's own servers.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, test } from 'node:test';
import { Redis } from 'ioredis';
import * as scripts from '../../src/store/lua-scripts.ts';
import { atEnd } from '../support/cleanup.ts';
import { startRedis } from '../support/redis-server.ts';

let redis: Redis;
before(async () => {
  const server = await startRedis();
  redis = new Redis({ port: server.port, host: '127.0.0.1', maxRetriesPerRequest: 0 });
  atEnd(() => redis.disconnect());
});

test('stock redis-server loads every script unchanged, under the SHA1 the client sends', async () => {
  for (const [name, script] of Object.entries(scripts)) {
    const sha = createHash('sha1').update(script).digest('hex');
    assert.equal(await redis.script('LOAD', script), sha, name);
  }
});

test('the check has teeth: stock redis-server refuses an Upstash-only shebang flag', async () => {
  await assert.rejects(
    redis.script('LOAD', "#!lua flags=allow-key-locking\nreturn redis.call('GET', KEYS[1])"),
    /Unexpected flag in script shebang: allow-key-locking/,
  );
});
