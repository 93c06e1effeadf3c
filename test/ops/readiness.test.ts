import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Resolver } from '../../src/net/resolver.ts';
import { DependencyWatch, type DependencyEvent } from '../../src/ops/dependency-watch.ts';
import { READINESS_CHECK_TTL_MS, Readiness } from '../../src/ops/readiness.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import { StoreUnavailableError } from '../../src/store/port.ts';

function world() {
  let now = 1_000_000;
  const calls = { ping: 0, dns: 0 };
  const state = { storeUp: true, rcode: 'NXDOMAIN' as string | null };
  const store = new MemoryStore();
  store.ping = async () => {
    calls.ping++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (!state.storeUp) throw new StoreUnavailableError('the shared store did not answer: ECONNREFUSED');
  };
  const resolver: Resolver = {
    query: async (name, type) => {
      calls.dns++;
      return { name, type, rcode: state.rcode, outcome: 'nxdomain', authenticated: false, answers: [], cnameChain: [] };
    },
  };
  const events: DependencyEvent[] = [];
  const watch = new DependencyWatch(
    (event) => events.push(event),
    () => now,
  );
  const readiness = new Readiness(store, resolver, watch, () => now);
  return { readiness, calls, state, events, advance: (ms: number) => (now += ms) };
}

test('concurrent probes share one check, and a result answers probes for the interval', async () => {
  const w = world();
  const reports = await Promise.all(Array.from({ length: 50 }, () => w.readiness.report()));
  assert.ok(reports.every((r) => r.ready));
  assert.deepEqual(w.calls, { ping: 1, dns: 1 });
  w.advance(READINESS_CHECK_TTL_MS - 1);
  await w.readiness.report();
  assert.deepEqual(w.calls, { ping: 1, dns: 1 });
  w.advance(1);
  await w.readiness.report();
  assert.deepEqual(w.calls, { ping: 2, dns: 2 });
});

test('any DNS response means the resolver is up; no response means down', async () => {
  const w = world();
  w.state.rcode = 'SERVFAIL';
  assert.equal((await w.readiness.report()).checks.resolver.status, 'up');
  w.state.rcode = null;
  w.advance(READINESS_CHECK_TTL_MS);
  const report = await w.readiness.report();
  assert.equal(report.ready, false);
  assert.equal(report.checks.resolver.status, 'down');
  assert.match(report.checks.resolver.error ?? '', /no DNS response/);
  assert.deepEqual(
    w.events.map((e) => [e.event, e.dependency]),
    [['dependency_down', 'resolver']],
  );
});

test('a store that stops answering is down, and reported up again when it answers', async () => {
  const w = world();
  w.state.storeUp = false;
  const down = await w.readiness.report();
  assert.deepEqual([down.ready, down.checks.store.status, down.checks.resolver.status], [false, 'down', 'up']);
  w.state.storeUp = true;
  w.advance(READINESS_CHECK_TTL_MS);
  assert.equal((await w.readiness.report()).ready, true);
  assert.deepEqual(
    w.events.map((e) => e.event),
    ['dependency_down', 'dependency_recovered'],
  );
});
