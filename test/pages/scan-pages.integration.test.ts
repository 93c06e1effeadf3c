/**
 * Pages of stored scans through the real server, on the in-memory store and on the shared store (a
 * real redis-server behind the Upstash REST bridge): a scan run through execute is then shown by
 * /tools/{tool}?target= and by its permalink, hostile scan data stays inert in the HTML, and ids
 * that were never issued get an HTML 404 page.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { DOCUMENT_PAGE_CSP, TOOL_PAGE_CSP } from '../../src/pages/send.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import type { ScanOutcome } from '../../src/tools/tool.ts';
import { PATIENT_MS } from '../support/deadlines.ts';
import { EXECUTE_ES, EXECUTE_SH, postJson, startHarness, type Harness } from '../support/harness.ts';
import { startRedis } from '../support/redis-server.ts';
import { CHALLENGED, GRADED } from '../support/scanners.ts';
import { startUpstashBridge } from '../support/upstash-bridge.ts';
import { HOSTILE } from './fixtures.ts';
import { elementsOf } from './parsed-html.ts';

const HTML = 'text/html; charset=utf-8';
const BREAKOUT = `</script><script>window.__pwned=3</script><!-- ${HOSTILE}`;
/** A real graded outcome whose text a hostile site could have put there: the message and a finding's evidence. */
const HOSTILE_OUTCOME: ScanOutcome = {
  ...GRADED,
  result: {
    ...GRADED.result,
    message: BREAKOUT,
    details: {
      ...GRADED.result.details,
      findings: (GRADED.result.details['findings'] as object[]).map((f) => ({ ...f, evidence: [HOSTILE] })),
    },
  },
};

interface Envelope {
  scanId: string;
  permalink: string;
  result: { message: string };
}

/** Script elements, and how many elements scan data could have made, as an HTML parser sees the page. */
/** The one image a result page has: the preview of the badge the result feeds, from this origin. */
const isBadgePreview = (e: { name: string; attribs: Record<string, string> }) =>
  e.name === 'img' &&
  e.attribs.alt === 'The badge this result feeds' &&
  /^\/api\/badge\/[\w.-]+\?tool=[\w-]+$/.test(e.attribs.src ?? '');

function parsed(page: string) {
  const elements = elementsOf(page);
  return {
    scripts: elements
      .filter((e) => e.name === 'script')
      .map((e) => ({ type: e.attribs.type ?? 'classic', text: e.text })),
    injected: elements.filter(
      (e) => (['img', 'b', 'iframe'].includes(e.name) && !isBadgePreview(e)) || 'onerror' in e.attribs,
    ).length,
  };
}

const stores: [string, () => Promise<Harness>][] = [
  ['the in-memory store', () => startHarness()],
  [
    'the shared store (redis-server behind the Upstash bridge)',
    async () => {
      const redis = await startRedis();
      const bridge = await startUpstashBridge(redis.port);
      return startHarness({
        store: (clock) =>
          new UpstashStore({
            url: bridge.url,
            token: bridge.token,
            prefix: 'pages',
            now: clock.now,
            timeoutMs: PATIENT_MS,
          }),
      });
    },
  ],
];

for (const [name, start] of stores) {
  describe(`pages of stored scans on ${name}`, () => {
    let h: Harness;
    let scan: Envelope;

    before(async () => {
      h = await start();
      h.scanners['security-headers'].outcome = HOSTILE_OUTCOME;
      const response = await postJson(h, EXECUTE_SH, { target: 'example.com' });
      assert.equal(response.status, 200);
      scan = (await response.json()) as Envelope;
      await h.settled();
    });

    test('/tools/{tool}?target= shows the stored scan without scanning', async () => {
      const calls = h.scanners['security-headers'].calls.length;
      const response = await h.request('/tools/security-headers?target=example.com');
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), HTML);
      assert.equal(response.headers.get('content-security-policy'), TOOL_PAGE_CSP);
      assert.equal(response.headers.get('cache-control'), 'private, no-cache');
      const page = await response.text();
      assert.ok(page.includes('value="example.com"'));
      assert.ok(page.includes('<span class="visually-hidden">Grade </span>B</p>'));
      assert.ok(page.includes('<dd>75 / 100</dd>'));
      assert.ok(page.includes('>just now</time>'));
      assert.ok(page.includes(`"scanId":"${scan.scanId}"`));
      assert.equal(h.scanners['security-headers'].calls.length, calls, 'no scan ran');
    });

    test('/scans/{id} shows the same scan, its age by the server clock', async () => {
      assert.equal(new URL(scan.permalink).pathname, `/scans/${scan.scanId}`);
      h.clock.advance(12 * 60_000);
      const response = await h.request(`/scans/${scan.scanId}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-security-policy'), TOOL_PAGE_CSP);
      const page = await response.text();
      assert.ok(page.includes('value="https://example.com/"'));
      assert.ok(page.includes('>12 minutes ago</time>'));
      assert.ok(page.includes('data-tool="security-headers"'));
    });

    test('hostile scan data stays text: one script runs, the data block holds the envelope unchanged', async () => {
      for (const path of [`/scans/${scan.scanId}`, '/tools/security-headers?target=example.com']) {
        const page = await (await h.request(path)).text();
        const { scripts, injected } = parsed(page);
        assert.deepEqual(
          scripts.map((s) => s.type),
          ['classic', 'application/json'],
          path,
        );
        assert.equal(injected, 0, path);
        const data = JSON.parse(scripts[1]!.text) as { body: Envelope };
        assert.equal(data.body.result.message, BREAKOUT);
        assert.deepEqual(data.body, { ...scan, cached: true, result: data.body.result });
      }
    });

    test('a scan that could not assess its target has a page too', async () => {
      h.scanners['security-headers'].outcome = CHALLENGED;
      const response = await postJson(h, EXECUTE_SH, { target: 'challenged.example' });
      assert.equal(response.status, 422);
      const { scanId } = (await response.json()) as Envelope;
      await h.settled();
      const page = await (await h.request(`/scans/${scanId}`)).text();
      assert.ok(page.includes('<h3>No grade</h3>'));
      assert.ok(page.includes('The site answered with a bot or WAF challenge (cloudflare)'));
    });

    test('email-security: the stored selectors are filled in', async () => {
      const response = await postJson(h, EXECUTE_ES, { target: 'example.org', selectors: ['s1', 'google'] });
      const { scanId } = (await response.json()) as Envelope;
      await h.settled();
      const page = await (await h.request(`/scans/${scanId}`)).text();
      assert.ok(page.includes('value="google, s1"'));
    });

    test('a target with nothing stored: the form filled in, and how to scan without JavaScript', async () => {
      const page = await (await h.request('/tools/security-headers?target=never-scanned.example')).text();
      assert.ok(page.includes('value="never-scanned.example"'));
      assert.ok(
        page.includes('No result from the last 30 days is stored for <bdi><code>never-scanned.example</code></bdi>.'),
      );
      assert.ok(page.includes('{&quot;target&quot;:&quot;never-scanned.example&quot;}'));
    });

    test('an unknown id is an HTML 404 page with links', async () => {
      for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'nope']) {
        const response = await h.request(`/scans/${id}`);
        assert.equal(response.status, 404);
        assert.equal(response.headers.get('content-type'), HTML);
        assert.equal(response.headers.get('content-security-policy'), DOCUMENT_PAGE_CSP);
        const page = await response.text();
        assert.match(page, /<h1>Scan not found<\/h1>/);
        for (const path of [...page.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]!))
          assert.equal((await h.request(path)).status, 200, path);
      }
    });
  });
}
