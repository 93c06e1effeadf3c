import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoizeResolver } from '../../src/net/memo-resolver.ts';
import type { DnsResult, RecordType, Resolver } from '../../src/net/resolver.ts';

/** A resolver whose answers arrive when `release()` is called, counting what it was asked. */
function countingResolver() {
  const asked: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const resolver: Resolver = {
    async query<T extends RecordType>(name: string, type: T): Promise<DnsResult<T>> {
      asked.push(`${type} ${name}`);
      await gate;
      return {
        name: name.toLowerCase(),
        type,
        rcode: 'NOERROR',
        outcome: 'nodata',
        authenticated: false,
        answers: [],
        cnameChain: [],
      };
    },
  };
  return { resolver, asked, release };
}

test('concurrent askers of the same name and type share one query', async () => {
  const { resolver, asked, release } = countingResolver();
  const memo = memoizeResolver(resolver);
  const first = memo.query('example.com', 'TXT');
  const second = memo.query('Example.COM.', 'TXT');
  release();
  const [a, b] = await Promise.all([first, second]);
  assert.equal(a, b);
  assert.deepEqual(asked, ['TXT example.com']);
});

test('a completed answer is reused; another type or name is asked', async () => {
  const { resolver, asked, release } = countingResolver();
  release();
  const memo = memoizeResolver(resolver);
  const txt = await memo.query('example.com', 'TXT');
  assert.equal(await memo.query('example.com', 'TXT'), txt);
  await memo.query('example.com', 'MX');
  await memo.query('www.example.com', 'TXT');
  assert.deepEqual(asked, ['TXT example.com', 'MX example.com', 'TXT www.example.com']);
});

test('each memo is separate: a new scan asks again', async () => {
  const { resolver, asked, release } = countingResolver();
  release();
  await memoizeResolver(resolver).query('example.com', 'A');
  await memoizeResolver(resolver).query('example.com', 'A');
  assert.equal(asked.length, 2);
});
