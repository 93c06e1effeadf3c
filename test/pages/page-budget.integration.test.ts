/**
 * Pages, assets and documents draw on their own budget per client address: generous for a person,
 * refused past it with a page that says how long to wait (the problem for a program), and a client
 * refused costs the store nothing until it may retry. A kept scan's page is served from memory.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { EXECUTE_SH, freshIp, postJson, startHarness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const PAGES = 5;

test('past its page budget a client gets a page that counts the wait, and the store is left alone', async () => {
  const h = await startHarness({ limits: { ...SPEC_LIMITS, pagesPerMinute: PAGES } });
  const ip = freshIp();
  for (let i = 0; i < PAGES; i++) {
    const res = await h.request(i % 2 ? '/' : '/llms.txt', { ip, headers: BROWSER });
    assert.equal(res.status, 200, `page ${i}`);
    assert.equal(res.headers.get('ratelimit-policy'), `"pages-per-minute";q=${PAGES};w=60`);
    await res.arrayBuffer();
  }
  const refused = await h.request('/tools/security-headers', { ip, headers: BROWSER });
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get('content-type'), 'text/html; charset=utf-8');
  const wait = Number(refused.headers.get('retry-after'));
  assert.ok(wait > 0 && wait <= 61, String(wait));
  const page = await refused.text();
  assert.ok(page.includes('<h1>Too many pages at once</h1>'));
  assert.ok(page.includes(`<meta http-equiv="refresh" content="${wait}">`), 'reloads once the wait is over');

  const program = await h.request('/openapi.json', { ip });
  const problem = await expectProblem(program, 'rate_limit_exceeded');
  assert.deepEqual(problem.violatedPolicies, ['pages-per-minute']);

  // Refused again and again: answered from memory, without a store round trip.
  const before = h.log.length;
  for (let i = 0; i < 20; i++) await (await h.request(`/scans/AAAAAAAAAAAAAAAAAAAAA${i % 10}`, { ip })).arrayBuffer();
  const refusals = h.log.slice(before);
  assert.ok(refusals.every((line) => line.status === 429 && line.storeRoundTrips === 0));

  // The API budget is another: the catalog still answers.
  assert.equal((await h.request('/api/v1/agent/tools', { ip })).status, 200);
  assert.deepEqual(h.errors, []);
});

test("a kept scan's page is read from the store once, then from memory", async () => {
  const h = await startHarness();
  const scanned = await postJson(h, EXECUTE_SH, { target: 'https://example.com/' });
  const { scanId } = (await scanned.json()) as { scanId: string };
  await h.settled();
  const view = async () => {
    const res = await h.request(`/scans/${scanId}`, { headers: BROWSER });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
    return h.log.at(-1)!.storeRoundTrips;
  };
  const first = await view();
  const second = await view();
  assert.equal(second, first - 1, 'the limiter only');
});
