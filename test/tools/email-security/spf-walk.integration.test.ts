/**
 * SPF retrieval over a local DoH server: which questions it asks (and never asks), in how many
 * parallel rounds, and where it stops (loops, far past the lookup limit, the query cap).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RecordingResolver, type EmailSecurityCapture } from '../../../src/tools/email-security/capture.ts';
import { analyzeSpf } from '../../../src/tools/email-security/spf/analyze.ts';
import { retrieveSpf, type SpfRetrievalOptions } from '../../../src/tools/email-security/spf/walk.ts';
import { startDohServer, type Zones } from '../../support/doh-server.ts';

const chain: Zones = Object.fromEntries(
  Array.from({ length: 30 }, (_, i) => [
    `i${i + 1}.chain.example`,
    [{ type: 'TXT' as const, data: `v=spf1 include:i${i + 2}.chain.example -all` }],
  ]),
);

const doh = await startDohServer({
  'mixed.example': [
    { type: 'TXT', data: 'v=spf1 a a a/24 mx include:_spf.mixed.example exists:%{i}.bl.mixed.example ptr -all' },
    { type: 'A', data: '192.0.2.1' },
    { type: 'MX', data: { preference: 10, exchange: 'mx1.mixed.example' } },
    { type: 'MX', data: { preference: 20, exchange: 'mx2.mixed.example' } },
  ],
  'mx1.mixed.example': [{ type: 'A', data: '192.0.2.25' }],
  'mx2.mixed.example': [{ type: 'AAAA', data: '2001:db8::25' }],
  '_spf.mixed.example': [{ type: 'TXT', data: 'v=spf1 include:%{l}._spf.mixed.example a:%{d2}.example.net ~all' }],
  'mixed.example.example.net': [{ type: 'A', data: '198.51.100.7' }],
  'loop-a.example': [{ type: 'TXT', data: 'v=spf1 include:loop-b.example -all' }],
  'loop-b.example': [{ type: 'TXT', data: 'v=spf1 redirect=loop-a.example' }],
  'chain.example': [{ type: 'TXT', data: 'v=spf1 include:i1.chain.example -all' }],
  ...chain,
  'mx11.example': [
    { type: 'TXT', data: 'v=spf1 mx -all' },
    ...Array.from({ length: 11 }, (_, i) => ({
      type: 'MX' as const,
      data: { preference: i, exchange: `m${i}.mx11.example` },
    })),
  ],
  'mx10.example': [
    { type: 'TXT', data: 'v=spf1 mx -all' },
    ...Array.from({ length: 10 }, (_, i) => ({
      type: 'MX' as const,
      data: { preference: i, exchange: `m${i}.mx10.example` },
    })),
  ],
});

const resolver = doh.resolver({ retries: 0 });

async function walk(domain: string, options: SpfRetrievalOptions = {}) {
  const capture: EmailSecurityCapture = {
    domain,
    queries: [],
    mtaStsPolicy: null,
    selectors: { requested: [], tried: [] },
  };
  const mark = doh.log.length;
  const retrieval = await retrieveSpf(new RecordingResolver(resolver, capture), domain, options);
  const asked = doh.log.slice(mark).map((entry) => `${entry.type} ${entry.name}`);
  return { retrieval, capture, asked };
}

test('asks what the mechanisms need, each question once, in parallel rounds; never what needs the sender', async () => {
  const { retrieval, capture, asked } = await walk('mixed.example');
  assert.deepEqual(
    new Set(asked),
    new Set([
      'TXT mixed.example',
      'A mixed.example',
      'AAAA mixed.example',
      'MX mixed.example',
      'TXT _spf.mixed.example',
      'A mx1.mixed.example',
      'AAAA mx1.mixed.example',
      'A mx2.mixed.example',
      'AAAA mx2.mixed.example',
      'A mixed.example.example.net',
      'AAAA mixed.example.example.net',
    ]),
  );
  assert.equal(asked.length, new Set(asked).size, 'no question asked twice');
  assert.ok(
    !asked.some((q) => q.includes('%') || q.includes('bl.mixed') || q.includes('arpa')),
    'sender macros and ptr are not looked up',
  );
  assert.deepEqual(retrieval, { queries: 11, rounds: 3, complete: true });
  assert.equal(capture.queries.length, 11);

  const analysis = analyzeSpf(capture);
  assert.equal(analysis.facts.lookups, 9); // a a a mx include (1 + include + a) exists ptr
  assert.deepEqual(
    analysis.lookupsByMechanism.map((l) => [l.term, l.lookups]),
    [
      ['a', 1],
      ['a', 1],
      ['a/24', 1],
      ['mx', 1],
      ['include:_spf.mixed.example', 3],
      ['exists:%{i}.bl.mixed.example', 1],
      ['ptr', 1],
    ],
  );
  assert.ok(!analysis.findings.some((f) => f.id === 'spf-not-retrieved'));
});

test('loops are not followed: each record is fetched once', async () => {
  const { retrieval, capture, asked } = await walk('loop-a.example');
  assert.deepEqual(asked.sort(), ['TXT loop-a.example', 'TXT loop-b.example']);
  assert.equal(retrieval.complete, true);
  assert.equal(
    analyzeSpf(capture).facts.permerror?.detail,
    'redirect loop: loop-a.example -> loop-b.example -> loop-a.example',
  );
});

test('stops following includes once the limit is clearly exceeded', async () => {
  const { retrieval, capture, asked } = await walk('chain.example');
  assert.equal(asked.length, 21, 'the domain and 20 includes deep');
  assert.equal(retrieval.complete, true);
  const analysis = analyzeSpf(capture);
  assert.equal(analysis.facts.permerror?.reason, 'too-many-lookups');
  assert.equal(analysis.facts.lookups, 21);
  assert.match(analysis.facts.permerror.detail, /^21\+ DNS lookups/);
  assert.ok(analysis.findings.some((f) => f.id === 'spf-not-retrieved'));
});

test('the query cap ends the walk; the analysis says what is missing', async () => {
  const { retrieval, capture, asked } = await walk('chain.example', { maxQueries: 5 });
  assert.equal(asked.length, 5);
  assert.deepEqual(retrieval, { queries: 5, rounds: 5, complete: false });
  const analysis = analyzeSpf(capture);
  assert.equal(analysis.facts.lookups, 5);
  assert.ok(analysis.findings.some((f) => f.id === 'spf-not-retrieved'));
});

test('MX hosts: at most 10 looked up, none when the mx already fails', async () => {
  const ten = await walk('mx10.example');
  assert.equal(ten.asked.filter((q) => /^(A|AAAA) m\d\.mx10/.test(q)).length, 20);
  assert.equal(analyzeSpf(ten.capture).facts.permerror, null);
  const eleven = await walk('mx11.example');
  assert.deepEqual(eleven.asked.sort(), ['MX mx11.example', 'TXT mx11.example']);
  assert.equal(analyzeSpf(eleven.capture).facts.permerror?.reason, 'too-many-mx');
});
