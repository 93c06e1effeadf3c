import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as packet from '@leichtgewicht/dns-packet';
import { createDohResolver, resolveAddresses, type Resolver } from '../../src/net/resolver.ts';
import { encodeQuery } from '../../src/net/dns-message.ts';
import { startDohServer } from '../support/doh-server.ts';

const doh = await startDohServer(
  {
    'example.com': [
      { type: 'A', data: '192.0.2.1' },
      { type: 'A', data: '192.0.2.2' },
      { type: 'AAAA', data: '2001:db8::1' },
      { type: 'TXT', data: ['v=spf1 ', 'ip4:192.0.2.0/24 ', '-all'] },
      { type: 'TXT', data: 'google-site-verification=abc' },
      { type: 'MX', data: { preference: 10, exchange: 'MX1.Example.com.' } },
      { type: 'MX', data: { preference: 20, exchange: 'mx2.example.com' } },
      { type: 'NS', data: 'ns1.example.net' },
      {
        type: 'SOA',
        data: {
          mname: 'ns1.example.net',
          rname: 'hostmaster.example.com',
          serial: 2024010101,
          refresh: 7200,
          retry: 900,
          expire: 1209600,
          minimum: 300,
        },
      },
      { type: 'SPF', data: ['v=spf1 ', '-all'] },
    ],
    'www.example.com': [{ type: 'CNAME', data: 'edge.example.net' }],
    'edge.example.net': [{ type: 'CNAME', data: 'origin.example.org' }],
    'origin.example.org': [{ type: 'A', data: '198.51.100.7' }],
    'dangling.example.com': [{ type: 'CNAME', data: 'gone.example.org' }],
    'loop-a.example': [{ type: 'CNAME', data: 'loop-b.example' }],
    'loop-b.example': [{ type: 'CNAME', data: 'loop-a.example' }],
    '_25._tcp.mx1.example.com': [{ type: 'TLSA', data: { usage: 3, selector: 1, matchingType: 1, data: 'ab12cd34' } }],
    '7.100.51.198.in-addr.arpa': [{ type: 'PTR', data: 'origin.example.org' }],
    'nonascii.example': [{ type: 'TXT', data: [new Uint8Array([0x76, 0x3d, 0x80, 0x41])] }],
    'signed.example': { authenticated: true, records: [{ type: 'A', data: '192.0.2.9' }] },
    'a.zone.example': [{ type: 'A', data: '192.0.2.10' }],
    'broken.example': 'SERVFAIL',
    'refused.example': 'REFUSED',
    'slow.example': 'TIMEOUT',
    'partial.example': [{ type: 'TXT', data: 'v=spf1 -all' }, 'TIMEOUT'],
    'declared-empty.example': [{ type: 'TXT', none: true }, 'TIMEOUT'],
  },
  { authenticated: ['zone.example'] },
);

const resolver = doh.resolver();

function queriesSince(mark: number) {
  return doh.log.slice(mark);
}

test('A, AAAA: addresses as strings; names normalised', async () => {
  const a = await resolver.query('Example.COM.', 'A');
  assert.equal(a.name, 'example.com');
  assert.equal(a.outcome, 'answer');
  assert.equal(a.rcode, 'NOERROR');
  assert.deepEqual(
    a.answers.map((r) => r.address),
    ['192.0.2.1', '192.0.2.2'],
  );
  assert.deepEqual(a.cnameChain, []);
  const aaaa = await resolver.query('example.com', 'AAAA');
  assert.deepEqual(
    aaaa.answers.map((r) => [r.type, r.name, r.address]),
    [['AAAA', 'example.com', '2001:db8::1']],
  );
});

test('TXT: character-strings joined without spaces, and kept as sent', async () => {
  const txt = await resolver.query('example.com', 'TXT');
  assert.equal(txt.outcome, 'answer');
  const spf = txt.answers.find((r) => r.text.startsWith('v=spf1'));
  assert.ok(spf);
  assert.equal(spf.text, 'v=spf1 ip4:192.0.2.0/24 -all');
  assert.deepEqual(spf.strings, ['v=spf1 ', 'ip4:192.0.2.0/24 ', '-all']);
  assert.equal(txt.answers.length, 2);
});

test('TXT bytes that are not UTF-8 stay visibly non-ASCII', async () => {
  const txt = await resolver.query('nonascii.example', 'TXT');
  assert.equal(txt.answers[0]!.text, 'v=\ufffdA');
});

test('MX, NS, SOA, SPF, TLSA and PTR records are typed', async () => {
  const mx = await resolver.query('example.com', 'MX');
  assert.deepEqual(
    mx.answers.map((r) => [r.preference, r.exchange]),
    [
      [10, 'mx1.example.com'],
      [20, 'mx2.example.com'],
    ],
  );
  const ns = await resolver.query('example.com', 'NS');
  assert.deepEqual(
    ns.answers.map((r) => r.target),
    ['ns1.example.net'],
  );
  const soa = await resolver.query('example.com', 'SOA');
  assert.equal(soa.answers[0]!.serial, 2024010101);
  assert.equal(soa.answers[0]!.rname, 'hostmaster.example.com');
  const spf = await resolver.query('example.com', 'SPF');
  assert.deepEqual(
    spf.answers.map((r) => [r.text, r.strings]),
    [['v=spf1 -all', ['v=spf1 ', '-all']]],
  );
  const tlsa = await resolver.query('_25._tcp.mx1.example.com', 'TLSA');
  assert.deepEqual(
    tlsa.answers.map(({ usage, selector, matchingType, data }) => ({ usage, selector, matchingType, data })),
    [{ usage: 3, selector: 1, matchingType: 1, data: 'ab12cd34' }],
  );
  const ptr = await resolver.query('7.100.51.198.in-addr.arpa', 'PTR');
  assert.deepEqual(
    ptr.answers.map((r) => r.target),
    ['origin.example.org'],
  );
});

test('a CNAME chain inside the answer is followed and reported', async () => {
  const mark = doh.log.length;
  const result = await resolver.query('www.example.com', 'A');
  assert.equal(result.outcome, 'answer');
  assert.deepEqual(result.cnameChain, ['edge.example.net', 'origin.example.org']);
  assert.deepEqual(
    result.answers.map((r) => [r.name, r.address]),
    [['origin.example.org', '198.51.100.7']],
  );
  assert.equal(queriesSince(mark).length, 1);
});

test('asking for the CNAME itself does not follow it', async () => {
  const result = await resolver.query('www.example.com', 'CNAME');
  assert.deepEqual(
    result.answers.map((r) => r.target),
    ['edge.example.net'],
  );
  assert.deepEqual(result.cnameChain, []);
});

test('a CNAME whose target was left out is followed by asking for the target', async () => {
  const plain = await startDohServer(
    {
      'www.example.com': [{ type: 'CNAME', data: 'edge.example.net' }],
      'edge.example.net': [{ type: 'CNAME', data: 'origin.example.org' }],
      'origin.example.org': [{ type: 'A', data: '198.51.100.7' }],
    },
    { chaseCnames: false },
  );
  const r = createDohResolver({ url: plain.url, fetch: globalThis.fetch });
  const result = await r.query('www.example.com', 'A');
  assert.equal(result.outcome, 'answer');
  assert.deepEqual(result.cnameChain, ['edge.example.net', 'origin.example.org']);
  assert.deepEqual(
    result.answers.map((a) => a.address),
    ['198.51.100.7'],
  );
  assert.deepEqual(
    plain.log.map((e) => e.name),
    ['www.example.com', 'edge.example.net', 'origin.example.org'],
  );
});

test('a CNAME to a missing name is NXDOMAIN with the chain kept', async () => {
  const result = await resolver.query('dangling.example.com', 'A');
  assert.equal(result.outcome, 'nxdomain');
  assert.equal(result.rcode, 'NXDOMAIN');
  assert.deepEqual(result.cnameChain, ['gone.example.org']);
});

test('a CNAME loop is an error, not a hang', async () => {
  // A recursive resolver answers SERVFAIL itself …
  assert.equal((await resolver.query('loop-a.example', 'A')).outcome, 'servfail');
  // … and when the loop is ours to follow, we stop.
  const plain = await startDohServer(
    {
      'loop-a.example': [{ type: 'CNAME', data: 'loop-b.example' }],
      'loop-b.example': [{ type: 'CNAME', data: 'loop-a.example' }],
    },
    { chaseCnames: false },
  );
  const result = await createDohResolver({ url: plain.url, fetch: globalThis.fetch }).query('loop-a.example', 'A');
  assert.equal(result.outcome, 'error');
  assert.match(result.error ?? '', /loops/);
  assert.equal(plain.log.length, 2);
});

test('a CNAME chain longer than 8 is an error', async () => {
  const zones: Record<string, { type: 'CNAME'; data: string }[]> = {};
  for (let i = 0; i < 12; i++) zones[`c${i}.example`] = [{ type: 'CNAME', data: `c${i + 1}.example` }];
  const long = await startDohServer(
    { ...zones, 'c12.example': [{ type: 'A', data: '192.0.2.1' }] },
    { chaseCnames: false },
  );
  const result = await createDohResolver({ url: long.url, fetch: globalThis.fetch }).query('c0.example', 'A');
  assert.equal(result.outcome, 'error');
  assert.match(result.error ?? '', /longer than 8/);
  assert.ok(long.log.length <= 9);
});

test('NXDOMAIN, NODATA, SERVFAIL, REFUSED and TIMEOUT stay distinct', async () => {
  const nx = await resolver.query('missing.example.com', 'A');
  assert.deepEqual([nx.outcome, nx.rcode, nx.answers], ['nxdomain', 'NXDOMAIN', []]);
  const nodata = await resolver.query('example.com', 'PTR');
  assert.deepEqual([nodata.outcome, nodata.rcode, nodata.answers], ['nodata', 'NOERROR', []]);
  const emptyNonTerminal = await resolver.query('zone.example', 'A');
  assert.equal(emptyNonTerminal.outcome, 'nodata');
  const servfail = await resolver.query('broken.example', 'TXT');
  assert.deepEqual([servfail.outcome, servfail.rcode], ['servfail', 'SERVFAIL']);
  const refused = await resolver.query('refused.example', 'A');
  assert.deepEqual([refused.outcome, refused.rcode], ['error', 'REFUSED']);
  const timeout = await resolver.query('slow.example', 'A');
  assert.deepEqual([timeout.outcome, timeout.rcode], ['timeout', null]);
});

test('failure markers beside records apply to the types not listed', async () => {
  assert.equal((await resolver.query('partial.example', 'TXT')).outcome, 'answer');
  assert.equal((await resolver.query('partial.example', 'A')).outcome, 'timeout');
  assert.equal((await resolver.query('declared-empty.example', 'TXT')).outcome, 'nodata');
  assert.equal((await resolver.query('declared-empty.example', 'MX')).outcome, 'timeout');
});

test('queries ask for recursion and DNSSEC data; the AD bit is reported', async () => {
  const mark = doh.log.length;
  const signed = await resolver.query('signed.example', 'A');
  const zoned = await resolver.query('a.zone.example', 'A');
  const plain = await resolver.query('example.com', 'A');
  assert.deepEqual([signed.authenticated, zoned.authenticated, plain.authenticated], [true, true, false]);
  for (const entry of queriesSince(mark)) {
    assert.equal(entry.method, 'POST');
    assert.equal(entry.recursionDesired, true);
    assert.equal(entry.dnssecOk, true);
    assert.equal(entry.id, 0);
  }
});

test('a timeout is retried once, then reported', async () => {
  const mark = doh.log.length;
  await resolver.query('slow.example', 'TXT');
  assert.deepEqual(
    queriesSince(mark).map((e) => e.answer),
    ['TIMEOUT', 'TIMEOUT'],
  );
  const noRetry = doh.resolver({ timeoutMs: 200, retries: 0 });
  const mark2 = doh.log.length;
  assert.equal((await noRetry.query('slow.example', 'TXT')).outcome, 'timeout');
  assert.equal(queriesSince(mark2).length, 1);
});

test('an HTTP 5xx is retried once; a second one is an error; a 4xx is not retried', async () => {
  doh.failNext(1, 503);
  const mark = doh.log.length;
  const recovered = await resolver.query('example.com', 'A');
  assert.equal(recovered.outcome, 'answer');
  assert.deepEqual(
    queriesSince(mark).map((e) => e.answer),
    ['HTTP 503', 'NOERROR'],
  );

  doh.failNext(2, 502);
  const failed = await resolver.query('example.com', 'A');
  assert.equal(failed.outcome, 'error');
  assert.match(failed.error ?? '', /HTTP 502/);

  doh.failNext(1, 400);
  const mark3 = doh.log.length;
  const bad = await resolver.query('example.com', 'A');
  assert.equal(bad.outcome, 'error');
  assert.equal(queriesSince(mark3).length, 1);
});

test('a network error is retried once', async () => {
  let calls = 0;
  const flaky: typeof fetch = async (input, init) => {
    calls++;
    if (calls === 1)
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) });
    return fetch(input, init);
  };
  const r = createDohResolver({ url: doh.url, fetch: flaky });
  assert.equal((await r.query('example.com', 'A')).outcome, 'answer');
  assert.equal(calls, 2);
});

test('an answer that is not a DNS message, or for another question, is an error', async () => {
  const html: typeof fetch = async () => new Response('<html>', { headers: { 'content-type': 'text/html' } });
  assert.match(
    (await createDohResolver({ url: doh.url, fetch: html }).query('example.com', 'A')).error ?? '',
    /text\/html/,
  );
  const garbage: typeof fetch = async () =>
    new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'application/dns-message' } });
  assert.match(
    (await createDohResolver({ url: doh.url, fetch: garbage }).query('example.com', 'A')).error ?? '',
    /decoded/,
  );
  const other: typeof fetch = async () => {
    const reply = packet.encode({
      type: 'response',
      id: 0,
      flags: 0,
      questions: [{ type: 'A', name: 'other.example', class: 'IN' }],
      answers: [{ type: 'A', name: 'other.example', data: '192.0.2.66' }],
    });
    return new Response(new Uint8Array(reply), { headers: { 'content-type': 'application/dns-message' } });
  };
  const mismatch = await createDohResolver({ url: doh.url, fetch: other }).query('example.com', 'A');
  assert.equal(mismatch.outcome, 'error');
  assert.deepEqual(mismatch.answers, []);
});

test('a cancelled lookup is a timeout and is not retried', async () => {
  const controller = new AbortController();
  const mark = doh.log.length;
  const pending = resolver.query('slow.example', 'MX', { signal: controller.signal });
  setTimeout(() => controller.abort(), 20);
  const result = await pending;
  assert.equal(result.outcome, 'timeout');
  assert.ok(queriesSince(mark).length <= 1);
  const already = await resolver.query('example.com', 'A', { signal: AbortSignal.abort() });
  assert.equal(already.outcome, 'timeout');
});

test('names and types that cannot be asked for are refused without a query', async () => {
  const mark = doh.log.length;
  for (const name of [
    '',
    'a..b',
    `${'a'.repeat(64)}.example`,
    'bücher.example',
    'a b.example',
    `${'abc.'.repeat(64)}example`,
  ]) {
    const result = await resolver.query(name, 'A');
    assert.equal(result.outcome, 'error', name);
  }
  assert.match((await resolver.query('example.com', 'ANY' as 'A')).error ?? '', /not supported/);
  assert.equal(queriesSince(mark).length, 0);
});

test('resolveAddresses asks for A and AAAA in parallel and returns both', async () => {
  const both = await resolveAddresses(resolver, 'example.com');
  assert.deepEqual(both.addresses, ['192.0.2.1', '192.0.2.2', '2001:db8::1']);
  assert.equal(both.v4.outcome, 'answer');
  assert.equal(both.v6.outcome, 'answer');
  const viaCname = await resolveAddresses(resolver, 'www.example.com');
  assert.deepEqual(viaCname.addresses, ['198.51.100.7']);
  assert.equal(viaCname.v6.outcome, 'nodata');
  const missing = await resolveAddresses(resolver, 'missing.example.com');
  assert.deepEqual([missing.addresses, missing.v4.outcome, missing.v6.outcome], [[], 'nxdomain', 'nxdomain']);
});

test('the test server also answers RFC 8484 GET requests', async () => {
  const query = Buffer.from(encodeQuery('example.com', 'A')).toString('base64url');
  const response = await fetch(`${doh.url}?dns=${query}`, { headers: { accept: 'application/dns-message' } });
  assert.equal(response.headers.get('content-type'), 'application/dns-message');
  const decoded = packet.decode(new Uint8Array(await response.arrayBuffer()));
  assert.deepEqual(
    decoded.answers?.map((a) => a.data),
    ['192.0.2.1', '192.0.2.2'],
  );
  assert.equal(doh.log.at(-1)!.method, 'GET');
});

test('answers that change between queries (for rebinding tests)', async () => {
  const flip = await startDohServer({
    'flip.example': ({ count }) => [{ type: 'A', data: count === 0 ? '192.0.2.1' : '127.0.0.1' }],
  });
  const r: Resolver = createDohResolver({ url: flip.url, fetch: globalThis.fetch });
  assert.deepEqual(
    (await r.query('flip.example', 'A')).answers.map((a) => a.address),
    ['192.0.2.1'],
  );
  assert.deepEqual(
    (await r.query('flip.example', 'A')).answers.map((a) => a.address),
    ['127.0.0.1'],
  );
});

test('the codec works without Node Buffer (Web APIs only)', async () => {
  const saved = globalThis.Buffer;
  try {
    // @ts-expect-error: removed on purpose for this check
    delete globalThis.Buffer;
    const bytes = encodeQuery('example.com', 'TXT');
    assert.ok(bytes instanceof Uint8Array);
    const reply = packet.encode({
      type: 'response',
      id: 0,
      flags: packet.AUTHENTIC_DATA,
      questions: [{ type: 'TXT', name: 'example.com', class: 'IN' }],
      answers: [{ type: 'TXT', name: 'example.com', data: ['a', 'b'] }],
    });
    const { decodeResponse } = await import('../../src/net/dns-message.ts');
    const decoded = decodeResponse(reply);
    assert.equal(decoded.authenticated, true);
    assert.deepEqual(decoded.answers, [{ type: 'TXT', name: 'example.com', ttl: 0, text: 'ab', strings: ['a', 'b'] }]);
  } finally {
    globalThis.Buffer = saved;
  }
});
