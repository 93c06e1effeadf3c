import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HeaderPairs, SecurityHeadersCapture } from '../../../../src/tools/security-headers/capture.ts';
import { detectChallenge } from '../../../../src/tools/security-headers/retrieve/challenge.ts';

function capture(status: number, headers: HeaderPairs, html: string | null = null): SecurityHeadersCapture {
  const hop = { url: 'https://example.com/', status, headers };
  return {
    host: 'example.com',
    http: {
      verified: true,
      chain: [{ url: 'http://example.com/', status: 301, headers: [['location', 'https://example.com/']] }, hop],
    },
    https: { verified: true, chain: [hop] },
    cors: null,
    html,
  };
}

const CF_PAGE =
  '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>' +
  '<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script></body></html>';

const CHALLENGES: [string, SecurityHeadersCapture, string][] = [
  [
    'Cloudflare cf-mitigated on 403',
    capture(
      403,
      [
        ['server', 'cloudflare'],
        ['cf-mitigated', 'challenge'],
      ],
      CF_PAGE,
    ),
    'cloudflare',
  ],
  ['Cloudflare cf-mitigated on 429', capture(429, [['cf-mitigated', 'challenge']]), 'cloudflare'],
  ['Cloudflare cf-mitigated even on 200', capture(200, [['cf-mitigated', 'challenge']]), 'cloudflare'],
  ['Cloudflare page on 503 without the header', capture(503, [['server', 'cloudflare']], CF_PAGE), 'cloudflare'],
  [
    'Vercel checkpoint header',
    capture(403, [
      ['x-vercel-mitigated', 'challenge'],
      ['x-vercel-challenge-token', 'abc'],
    ]),
    'vercel',
  ],
  [
    'Vercel checkpoint page',
    capture(429, [['server', 'Vercel']], '<html><head><title>Vercel Security Checkpoint</title></head></html>'),
    'vercel',
  ],
  ['AWS WAF challenge 202', capture(202, [['x-amzn-waf-action', 'challenge']]), 'aws-waf'],
  ['AWS WAF captcha 405', capture(405, [['x-amzn-waf-action', 'captcha']]), 'aws-waf'],
  [
    'Akamai access denied',
    capture(
      403,
      [['server', 'AkamaiGHost']],
      '<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY>' +
        'You don\'t have permission to access "http://example.com/" on this server.' +
        '<P>Reference #18.6a3e1002.1700000000.1a2b3c4d</BODY></HTML>',
    ),
    'akamai',
  ],
  [
    'Imperva incident',
    capture(403, [['x-cdn', 'Imperva']], '<html>Request unsuccessful. Incapsula incident ID: 123-456</html>'),
    'imperva',
  ],
  [
    'DataDome captcha',
    capture(
      403,
      [['x-datadome', 'protected']],
      '<html><script src="https://ct.captcha-delivery.com/c.js"></script></html>',
    ),
    'datadome',
  ],
  [
    'PerimeterX press and hold',
    capture(403, [], '<html><div id="px-captcha"></div>Press &amp; Hold</html>'),
    'perimeterx',
  ],
  ['Sucuri block header', capture(403, [['x-sucuri-block', 'BL001']]), 'sucuri'],
  [
    'DDoS-Guard page',
    capture(403, [['server', 'ddos-guard']], '<html><a id="link-ddg" href="https://ddos-guard.net"></a></html>'),
    'ddos-guard',
  ],
  [
    'F5 ASM rejection',
    capture(403, [], 'The requested URL was rejected. Please consult with your administrator.'),
    'f5',
  ],
  [
    'Anubis proof of work',
    capture(503, [], '<html><script id="anubis_challenge" type="application/json">{}</script></html>'),
    'anubis',
  ],
  [
    'Cloudflare block page, 403',
    capture(
      403,
      [
        ['server', 'cloudflare'],
        ['cf-ray', '8a1b2c3d4e5f-AMS'],
      ],
      '<html><body>Sorry, you have been blocked</body></html>',
    ),
    'cloudflare',
  ],
];

for (const [name, c, vendor] of CHALLENGES) {
  test(`detects: ${name}`, () => {
    const verdict = detectChallenge(c);
    assert.ok(verdict, 'expected a challenge');
    assert.equal(verdict.vendor, vendor);
    assert.ok(verdict.evidence.length >= 2);
  });
}

test("a page marker's verdict keeps the vendor's presence as evidence", () => {
  const verdict = detectChallenge(
    capture(403, [['server', 'cloudflare']], '<html><title>Just a moment...</title></html>'),
  );
  assert.deepEqual(verdict?.evidence.at(-1), 'server: cloudflare');
});

const NOT_CHALLENGES: [string, SecurityHeadersCapture][] = [
  [
    'a normal page served by Cloudflare',
    capture(
      200,
      [
        ['server', 'cloudflare'],
        ['cf-ray', '8a1b'],
        ['set-cookie', '__cf_bm=x; Secure'],
      ],
      '<html><title>Shop</title></html>',
    ),
  ],
  [
    'a CSP that lists challenges.cloudflare.com',
    capture(200, [['content-security-policy', "script-src 'self' https://challenges.cloudflare.com"]], '<html></html>'),
  ],
  [
    'a 403 page with a marker-like CSP but no vendor page',
    capture(403, [['content-security-policy', 'script-src /cdn-cgi/challenge-platform/']], '<html>Forbidden</html>'),
  ],
  ['a big 403 page behind a CDN', capture(403, [['server', 'cloudflare']], `<html>${'content '.repeat(2000)}</html>`)],
  [
    // The site's own 403 behind a CDN: a presence, a refusing status and a small page are no
    // evidence of a challenge (the Observatory grades such a page).
    "a CDN's 403 with a small page of the site's own, no challenge marker",
    capture(
      403,
      [
        ['server', 'cloudflare'],
        ['cf-ray', '8a1b2c3d4e5f-AMS'],
        ['content-security-policy', "default-src 'self'"],
      ],
      '<html><title>Members only</title><p>Please sign in.</p></html>',
    ),
  ],
  ['a 404 with a vendor presence', capture(404, [['server', 'cloudflare']], '<html>Not found</html>')],
  ['a 202 without the AWS header', capture(202, [], 'awswaf.com')],
  ['a plain 503 from the origin', capture(503, [['server', 'nginx']], '<html>Maintenance</html>')],
];

for (const [name, c] of NOT_CHALLENGES) {
  test(`does not flag: ${name}`, () => {
    assert.equal(detectChallenge(c), null);
  });
}
