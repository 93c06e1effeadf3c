/**
 * The security-headers scan end to end through the real API: a local site speaking HTTP and HTTPS
 * (self-signed certificate trusted by the test), names answered by a local DoH server, the Node
 * pinned fetch, and the real retriever, challenge detector and analyzer.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import { parseConfig } from '../../src/config.ts';
import { createScanners } from '../../src/tools/scanners.ts';
import { atEnd } from '../support/cleanup.ts';
import { startDohServer, type DohServer } from '../support/doh-server.ts';
import { EXECUTE_SH, postJson, startHarness, type Harness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { startSite, type Site, type SiteRequest, type SiteResponse } from '../support/site-server.ts';

const GOOD_HEADERS: [string, string][] = [
  ['strict-transport-security', 'max-age=63072000; includeSubDomains'],
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['content-type', 'text/html; charset=utf-8'],
];

/** Each host name of the site answers as its route says; http:// redirects to https:// by default. */
const routes: Record<string, (r: SiteRequest) => SiteResponse> = {
  'good.test': (r) =>
    r.secure
      ? { headers: GOOD_HEADERS, body: '<html><head><title>ok</title></head></html>' }
      : { status: 301, headers: [['location', `https://good.test:${site.port}/`]] },
  'bare.test': () => ({
    headers: [['content-type', 'text/html']],
    body: '<html><script src="http://cdn.example/x.js"></script></html>',
  }),
  'cookies.test': (r) =>
    r.secure
      ? {
          headers: [
            ['content-type', 'text/plain'],
            ['set-cookie', 'sessionid=abc; Path=/'],
            ['strict-transport-security', 'max-age=63072000'],
          ],
        }
      : { status: 301, headers: [['location', `https://cookies.test:${site.port}/`]] },
  'challenge.test': () => ({
    status: 403,
    headers: [
      ['content-type', 'text/html'],
      ['server', 'cloudflare'],
      ['cf-mitigated', 'challenge'],
    ],
    body: '<title>Just a moment...</title>',
  }),
  'broken.test': () => ({ status: 500, headers: [['content-type', 'text/plain']], body: 'oops' }),
};

let site: Site;
let doh: DohServer;
const NAMES = Object.keys(routes);

async function scanHarness(env: Record<string, string>, trustSite = true): Promise<Harness> {
  const config = parseConfig({ DOH_URL: doh.url, HSTS_PRELOAD_STATUS_URL: 'none', ...env });
  const scanFetch = createPinnedFetch(trustSite ? { ca: [site.cert] } : {});
  atEnd(() => scanFetch.close());
  return startHarness({ env, scanners: createScanners(config, { scanFetch, fetch }) });
}

const target = (host: string) => `https://${host}:${site.port}/`;

before(async () => {
  site = await startSite(NAMES, (r) => {
    const host = String(r.headers.host ?? '').split(':')[0]!;
    return (routes[host] ?? (() => ({ status: 404 })))(r);
  });
  doh = await startDohServer(Object.fromEntries(NAMES.map((name) => [name, [{ type: 'A', data: '127.0.0.1' }]])));
});

describe('security-headers scans of real local sites', () => {
  let h: Harness;
  before(async () => {
    h = await scanHarness({ SCAN_ALLOW_PRIVATE_TARGETS: '1' });
  });

  test('grades a well-configured site A+ with all twelve tests and the retrieval summary', async () => {
    const res = await postJson(h, EXECUTE_SH, { target: target('good.test') });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body).slice(0, 500));
    assert.equal(body.grade, 'A+');
    assert.ok(body.gradeScore >= 100);
    assert.equal(body.result.details.tests.length, 12);
    for (const t of body.result.details.tests)
      assert.ok(t.name && t.result && typeof t.scoreModifier === 'number' && t.description && t.recommendation, t.name);
    const redirection = body.result.details.tests.find((t: { name: string }) => t.name === 'redirection');
    assert.equal(redirection.result, 'redirection-to-https');
    assert.equal(body.result.details.retrieval.finalUrl, target('good.test'));
    const preflights = site.requests.filter((r) => r.method === 'OPTIONS');
    assert.ok(preflights.some((r) => r.headers.origin === 'https://http-observatory.security.mozilla.org'));
  });

  test('asks DNS about each name once per scan, however many requests reach it', async () => {
    const before = doh.log.length;
    assert.equal((await postJson(h, EXECUTE_SH, { target: target('good.test') })).status, 200);
    const asked = doh.log
      .slice(before)
      .filter((q) => q.name === 'good.test')
      .map((q) => q.type)
      .sort();
    assert.deepEqual(asked, ['A', 'AAAA'], 'https, http, the redirect and the CORS probe share one answer');
  });

  test('grades a site without security headers F, with the reasons', async () => {
    const body = await (await postJson(h, EXECUTE_SH, { target: target('bare.test') })).json();
    assert.equal(body.grade, 'F');
    assert.equal(body.result.status, 'failed');
    const byName = Object.fromEntries(
      body.result.details.tests.map((t: { name: string; result: string }) => [t.name, t.result]),
    );
    assert.equal(byName['content-security-policy'], 'csp-not-implemented');
    assert.equal(byName['x-frame-options'], 'x-frame-options-not-implemented');
    assert.equal(byName['subresource-integrity'], 'sri-not-implemented-and-external-scripts-not-loaded-securely');
    assert.equal(byName['redirection'], 'redirection-missing');
  });

  test('reads cookies set over HTTPS', async () => {
    const body = await (await postJson(h, EXECUTE_SH, { target: target('cookies.test') })).json();
    const cookies = body.result.details.tests.find((t: { name: string }) => t.name === 'cookies');
    assert.equal(cookies.pass, false);
    assert.match(cookies.result, /^cookies-session-without-(secure|httponly)/);
  });

  test('never grades a bot challenge: 422 naming the vendor and the evidence', async () => {
    const body = await expectProblem(
      await postJson(h, EXECUTE_SH, { target: target('challenge.test') }),
      'unprocessable_entity',
    );
    assert.equal(body.grade, null);
    assert.equal(body.result.status, 'error');
    assert.equal(body.result.details.reason, 'bot-challenge');
    assert.equal(body.result.details.vendor, 'cloudflare');
    assert.ok(body.result.details.evidence.includes('cf-mitigated: challenge'));
  });

  test('does not grade an unexpected status', async () => {
    const body = await expectProblem(
      await postJson(h, EXECUTE_SH, { target: target('broken.test') }),
      'unprocessable_entity',
    );
    assert.equal(body.result.details.reason, 'unexpected-status');
  });

  test('reports a name that does not resolve', async () => {
    const body = await expectProblem(
      await postJson(h, EXECUTE_SH, { target: `https://missing.test:${site.port}/` }),
      'unprocessable_entity',
    );
    assert.equal(body.result.details.reason, 'dns');
  });
});

describe('the address guard on the API', () => {
  test('refuses a name resolving to loopback; the site receives nothing', async () => {
    const h = await scanHarness({});
    const before = site.requests.length;
    const body = await expectProblem(
      await postJson(h, EXECUTE_SH, { target: target('good.test') }),
      'unprocessable_entity',
    );
    assert.equal(body.result.details.reason, 'blocked-address');
    assert.equal(site.requests.length, before);
  });
});

describe('an untrusted certificate', () => {
  test('is graded like the Observatory: retried without verification, HSTS marked as not trusted', async () => {
    const h = await scanHarness({ SCAN_ALLOW_PRIVATE_TARGETS: '1' }, false);
    const body = await (await postJson(h, EXECUTE_SH, { target: target('good.test') })).json();
    const hsts = body.result.details.tests.find((t: { name: string }) => t.name === 'strict-transport-security');
    assert.equal(hsts.result, 'hsts-invalid-cert');
    assert.equal(body.result.details.retrievalErrors.https.reason, 'tls');
  });
});
