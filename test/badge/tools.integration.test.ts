/**
 * The per-tool badges through the real API, on both stores (memory, and a real redis-server behind
 * the Upstash REST bridge), fed by real scans: security-headers scans of a loopback site and
 * email-security scans of zones served by a local DoH server, as test/api/*-scan.integration.test.ts
 * run them. Then the badge, its shields JSON and its error badges.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import { renderBadge, renderErrorBadge } from '../../src/badge/render.ts';
import { parseConfig } from '../../src/config.ts';
import type { ScanFetch } from '../../src/net/scan-fetch.ts';
import { SCAN_RECORD_TTL_MS } from '../../src/store/port.ts';
import { createScanners } from '../../src/tools/scanners.ts';
import { atEnd } from '../support/cleanup.ts';
import { startDohServer } from '../support/doh-server.ts';
import { EXECUTE_ES, EXECUTE_SH, postJson, startHarness, type Harness } from '../support/harness.ts';
import { mailZones } from '../support/mail-zones.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { startRedis } from '../support/redis-server.ts';
import { startSite, type Site } from '../support/site-server.ts';
import { harnessStores } from '../support/harness-stores.ts';
import { startUpstashBridge, type UpstashBridge } from '../support/upstash-bridge.ts';

const SVG = 'image/svg+xml; charset=utf-8';
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
const SITE_NAMES = ['www.good.test', 'flip.test'];

let site: Site;
let bridge: UpstashBridge;
let env: Record<string, string>;
/** flip.test serves good headers until a test flips it to none. */
let flipHasHeaders = true;

before(async () => {
  site = await startSite(SITE_NAMES, (r) => {
    const host = String(r.headers.host ?? '').split(':')[0]!;
    if (!r.secure) return { status: 301, headers: [['location', `https://${host}/`]] };
    if (host === 'flip.test' && !flipHasHeaders) return { headers: [['content-type', 'text/html']] };
    return { headers: GOOD_HEADERS, body: '<html><head><title>ok</title></head></html>' };
  });
  const siteRecords = Object.fromEntries(SITE_NAMES.map((name) => [name, [{ type: 'A' as const, data: '127.0.0.1' }]]));
  const doh = await startDohServer({ ...mailZones(), ...siteRecords });
  env = { DOH_URL: doh.url, SCAN_ALLOW_PRIVATE_TARGETS: '1', HSTS_PRELOAD_STATUS_URL: 'none' };
  bridge = await startUpstashBridge((await startRedis()).port);
});

/**
 * Only scans of a site's default ports feed its badge, and the test site has one loopback port
 * for HTTP and HTTPS: the scans ask for https://www.good.test/ and this sends them to that port.
 */
function toSitePort(inner: ScanFetch): ScanFetch {
  return (url, init, hints) => {
    const mapped = new URL(url);
    if (mapped.port === '') mapped.port = String(site.port);
    return inner(mapped.href, init, hints);
  };
}

const STORES = harnessStores(() => bridge, 'badge');

for (const [storeName, store] of STORES) {
  describe(`badges per tool, fed by real scans (${storeName})`, () => {
    let h: Harness;
    before(async () => {
      const scanFetch = createPinnedFetch({ ca: [site.cert] });
      atEnd(() => scanFetch.close());
      const scanners = createScanners(parseConfig(env), { scanFetch: toSitePort(scanFetch), fetch });
      h = await startHarness({ env, scanners, ...(store ? { store } : {}) });
    });

    /** Runs a scan through the API and waits until it is stored; returns the grade it answered with. */
    async function scan(path: string, target: string): Promise<string> {
      const res = await postJson(h, path, { target });
      const body = await res.json();
      assert.equal(res.status, 200, JSON.stringify(body).slice(0, 400));
      assert.match(body.grade, /^[A-F][+-]?$/);
      await h.settled();
      return body.grade;
    }

    async function badge(path: string): Promise<string> {
      const res = await h.request(path);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get('content-type'), SVG);
      return res.text();
    }

    test('? for every tool before any scan', async () => {
      for (const [tool, label] of [
        ['', 'security'],
        ['?tool=security-headers', 'security headers'],
        ['?tool=email-security', 'email security'],
      ] as const) {
        assert.equal(await badge(`/api/badge/never-scanned.test${tool}`), renderBadge(null, 'default', label));
      }
    });

    test("security-headers: only a scan of the site's start feeds the good.test badge", async () => {
      // A page and http:// are scanned and kept as usual, but their answers say they feed no badge.
      for (const target of ['https://www.good.test/page', 'http://www.good.test/']) {
        const res = await postJson(h, EXECUTE_SH, { target });
        const body = await res.json();
        assert.ok([200, 422].includes(res.status), target);
        assert.equal(body.badge.feeds, false, target);
        assert.match(body.badge.why, /feeds the badge of good\.test; this scan was of /);
        assert.match(body.badge.url, /\/api\/badge\/good\.test\?tool=security-headers$/);
        await h.settled();
        assert.equal(
          await badge('/api/badge/good.test?tool=security-headers'),
          renderBadge(null, 'default', 'security headers'),
          target,
        );
      }
      // good.test has no address here: its start is https://www.good.test/, which the badge stands for too.
      const grade = await scan(EXECUTE_SH, 'https://www.good.test/');
      assert.equal(grade, 'A+');
      for (const path of ['good.test', 'www.good.test', 'https://good.test/other']) {
        const svg = await badge(`/api/badge/${path}?tool=security-headers`);
        assert.equal(svg, renderBadge(grade, 'default', 'security headers'), path);
        assert.match(svg, /aria-label="security headers: A\+"/);
      }
      assert.equal(
        await badge('/api/badge/good.test?tool=email-security'),
        renderBadge(null, 'default', 'email security'),
      );
      assert.equal(
        await badge('/api/badge/good.test'),
        renderBadge(null, 'default'),
        'scans never set website-security',
      );
    });

    test('email-security: a scan of gworkspace.test shows its grade on the gworkspace.test badge', async () => {
      const grade = await scan(EXECUTE_ES, 'gworkspace.test');
      const svg = await badge('/api/badge/www.gworkspace.test?tool=email-security&style=compact');
      assert.equal(svg, renderBadge(grade, 'compact', 'email security'));
      assert.equal(
        await badge('/api/badge/gworkspace.test?tool=security-headers'),
        renderBadge(null, 'default', 'security headers'),
      );
    });

    test('the newest scan’s grade is the one shown', async () => {
      flipHasHeaders = true;
      const first = await scan(EXECUTE_SH, 'https://flip.test/');
      assert.equal(
        await badge('/api/badge/flip.test?tool=security-headers&style=mini'),
        renderBadge(first, 'mini', 'security headers'),
      );
      h.clock.advance(1000);
      flipHasHeaders = false;
      const second = await scan(EXECUTE_SH, 'https://flip.test/');
      assert.notEqual(second, first);
      assert.equal(
        await badge('/api/badge/flip.test?tool=security-headers&style=mini'),
        renderBadge(second, 'mini', 'security headers'),
      );
    });

    test('format=shields: the scanned grade as shields endpoint JSON', async () => {
      const res = await h.request('/api/badge/good.test?tool=security-headers&format=shields');
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/json');
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.match(res.headers.get('cache-control') ?? '', /^public, max-age=300/);
      assert.deepEqual(await res.json(), {
        schemaVersion: 1,
        label: 'security headers',
        message: 'A+',
        color: 'brightgreen',
        cacheSeconds: 300,
      });
      const none = await (await h.request('/api/badge/never-scanned.test?tool=email-security&format=shields')).json();
      assert.deepEqual([none.label, none.message, none.color], ['email security', '?', 'lightgrey']);
    });

    test('error badges for a bad domain, style or tool; the problem to clients that ask for JSON', async () => {
      const cases = [
        ['/api/badge/localhost?tool=email-security', renderErrorBadge('invalid domain', 'default', 'email security')],
        ['/api/badge/good.test?style=plastic', renderErrorBadge('invalid style', 'default')],
        ['/api/badge/good.test?tool=port-scan&style=mini', renderErrorBadge('invalid tool', 'mini')],
      ] as const;
      for (const [path, svg] of cases) {
        const res = await h.request(path);
        assert.equal(res.status, 400, path);
        assert.equal(res.headers.get('content-type'), SVG);
        assert.equal(
          res.headers.get('content-security-policy'),
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
        assert.equal(await res.text(), svg);
        for (const accept of ['application/problem+json', 'application/json']) {
          await expectProblem(await h.request(path, { headers: { accept } }), 'bad_request');
        }
      }
    });

    test('a scan’s grade leaves the badge after 30 days, with the scan', async () => {
      const grade = await scan(EXECUTE_ES, 'm365.test');
      h.clock.advance(SCAN_RECORD_TTL_MS - 60_000);
      assert.equal(
        await badge('/api/badge/m365.test?tool=email-security'),
        renderBadge(grade, 'default', 'email security'),
      );
      h.clock.advance(120_000);
      assert.equal(
        await badge('/api/badge/m365.test?tool=email-security'),
        renderBadge(null, 'default', 'email security'),
      );
    });
  });
}
