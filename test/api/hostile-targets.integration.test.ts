/**
 * The red-team's CPU attacks, end to end through the app: records and headers a target controls
 * that made a parser backtrack for seconds. Several scans at once must each come back graded,
 * not timed out, while the service keeps answering. How long the parsers take on such inputs is
 * measured by npm run bench (adversarial_longest_block_ms), and test/regex-safety.integration.test.ts
 * proves no regex in src/ can backtrack: this test asserts outcomes, not speed.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import { parseConfig } from '../../src/config.ts';
import { createScanners } from '../../src/tools/scanners.ts';
import { atEnd } from '../support/cleanup.ts';
import { startDohServer } from '../support/doh-server.ts';
import { CATALOG, EXECUTE_ES, EXECUTE_SH, postJson, startHarness, type Harness } from '../support/harness.ts';
import { startSite } from '../support/site-server.ts';
import { UNLIMITED } from '../bench/unlimited.ts';

/** An include whose top label is 60,000 letters and a hyphen: ~2 s per parse for a backtracking check. */
const SPF_BOMB = `v=spf1 include:x.${'a'.repeat(60_000)}- -all`;
/** 16,000 digits without a dot: quadratic for the old "is there a version" pattern. */
const SERVER_BOMB = '9'.repeat(16_000);

let h: Harness;
let port: number;
before(async () => {
  const site = await startSite(['server-bomb.test'], () => ({
    headers: [
      ['content-type', 'text/html'],
      ['server', SERVER_BOMB],
    ],
    body: '<html></html>',
  }));
  port = site.port;
  const doh = await startDohServer({
    'spf-bomb.test': [{ type: 'TXT', data: SPF_BOMB.match(/.{1,255}/g)! }],
    'server-bomb.test': [{ type: 'A', data: '127.0.0.1' }],
  });
  const env = { DOH_URL: doh.url, SCAN_ALLOW_PRIVATE_TARGETS: '1', HSTS_PRELOAD_STATUS_URL: 'none' };
  const scanFetch = createPinnedFetch({ ca: [site.cert] });
  atEnd(() => scanFetch.close());
  h = await startHarness({
    env,
    limits: UNLIMITED,
    // The production deadline: a machine busy enough to miss it with linear parsing would be
    // missing every other deadline too.
    scanDeadlineMs: 30_000,
    scanners: createScanners(parseConfig(env), { scanFetch, fetch }),
  });
});

/** Every string in a body that is not one of the record's own facts. */
function messages(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return /\.(record|records\.\d+)$/.test(path) ? [] : [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => messages(child, `${path}.${key}`));
}

test('five email scans of a domain whose SPF record is built to backtrack are all graded in time', async () => {
  const scans = Array.from({ length: 5 }, () => postJson(h, EXECUTE_ES, { target: 'spf-bomb.test' }));
  assert.equal((await h.request(CATALOG)).status, 200, 'the server answers while they run');
  for (const res of await Promise.all(scans)) {
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body).slice(0, 300));
    const spf = body.result.details.sections.spf;
    assert.equal(spf.status, 'fail');
    assert.ok(spf.findings.some((f: { id: string }) => f.id === 'spf-syntax-error'));
    // The record is a fact, kept whole; messages and evidence quote it in excerpts.
    for (const [path, text] of messages(body)) assert.ok(text.length <= 1_000, `${path}: ${text.length} characters`);
  }
});

test('five security-headers scans of a site with a 16,000-digit Server header are all graded in time', async () => {
  const target = `http://server-bomb.test:${port}/`;
  const scans = Array.from({ length: 5 }, () => postJson(h, EXECUTE_SH, { target }));
  assert.equal((await h.request(CATALOG)).status, 200, 'the server answers while they run');
  for (const res of await Promise.all(scans)) {
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body).slice(0, 300));
    assert.equal(body.result.details.assessable, true);
  }
});
