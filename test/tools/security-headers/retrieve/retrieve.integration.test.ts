/**
 * The retriever against a local site (HTTP and HTTPS on one port, a self-signed certificate the
 * test trusts, names answered by a local DoH server): what it records for the analyzer.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createPinnedFetch } from '../../../../deploy/node/pinned-fetch.ts';
import { createDohResolver } from '../../../../src/net/resolver.ts';
import { analyze } from '../../../../src/tools/security-headers/analyze.ts';
import { retrieve, type RetrieveDeps } from '../../../../src/tools/security-headers/retrieve/retrieve.ts';
import { atEnd } from '../../../support/cleanup.ts';
import { startDohServer } from '../../../support/doh-server.ts';
import { startSite, type Site, type SiteResponse } from '../../../support/site-server.ts';

const PAGE = '<!doctype html><html><head><title>no type</title></head><body>hello</body></html>';

const UTF16_PAGE = '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'">';

const routes: Record<string, SiteResponse> = {
  // No Content-Type at all: browsers sniff it as HTML, and so does the analyzer.
  'untyped.test': { headers: [], body: PAGE },
  'json.test': {
    headers: [['content-type', 'application/json']],
    body: '{"html": "<script src=//x.example/a.js></script>"}',
  },
  // A meta CSP in UTF-16: browsers decode it, the Observatory reads the bytes as UTF-8.
  'utf16.test': {
    headers: [['content-type', 'text/html; charset=utf-16le']],
    body: new Uint8Array(Buffer.from(UTF16_PAGE, 'utf16le')),
  },
  'latin1.test': {
    headers: [['content-type', 'text/html; charset=iso-8859-1']],
    body: new Uint8Array(Buffer.from('<meta name="referrer" content="no-referrer"><p>caf\u00e9</p>', 'latin1')),
  },
};

let site: Site;
let deps: RetrieveDeps;
const asked: string[] = [];

before(async () => {
  const names = Object.keys(routes);
  site = await startSite(names, (r) => routes[String(r.headers.host ?? '').split(':')[0]!] ?? { status: 404 });
  const doh = await startDohServer(Object.fromEntries(names.map((name) => [name, [{ type: 'A', data: '127.0.0.1' }]])));
  const scanFetch = createPinnedFetch({ ca: [site.cert] });
  atEnd(() => scanFetch.close());
  deps = {
    fetch: scanFetch,
    resolver: createDohResolver({ url: doh.url, fetch }),
    allowPrivate: true,
    userAgent: 'retrieve-test',
    preload: async (name) => {
      asked.push(name);
      return { preloaded: false, includeSubDomains: false };
    },
  };
});

describe('retrieve', () => {
  test('keeps the body of a page sent without Content-Type, which the analyzer then reads as HTML', async () => {
    const capture = await retrieve(`https://untyped.test:${site.port}/`, deps);
    assert.equal(capture.html, PAGE);
    const sri = analyze(capture).tests.find((t) => t.name === 'subresource-integrity');
    assert.equal(sri?.result, 'sri-not-implemented-but-no-scripts-loaded', 'not html-not-parseable');
  });

  test('drops the body of a response that is not HTML', async () => {
    const capture = await retrieve(`https://json.test:${site.port}/`, deps);
    assert.equal(capture.html, null);
    assert.equal(
      analyze(capture).tests.find((t) => t.name === 'subresource-integrity')?.result,
      'sri-not-implemented-response-not-html',
    );
  });

  test('reads every page as UTF-8, as the Observatory does, and says when browsers decode it otherwise', async () => {
    const utf16 = await retrieve(`https://utf16.test:${site.port}/`, deps);
    assert.equal(utf16.html, new TextDecoder('utf-8').decode(Buffer.from(UTF16_PAGE, 'utf16le')));
    const analysis = analyze(utf16);
    assert.equal(analysis.tests.find((t) => t.name === 'content-security-policy')?.result, 'csp-not-implemented');
    assert.deepEqual(analysis.findings.find((f) => f.id === 'page-encoding-misread')?.evidence, [
      'content-type: text/html; charset=utf-16le',
    ]);
    // An ASCII-compatible charset reads the markup alike; only other bytes become U+FFFD.
    const latin1 = await retrieve(`https://latin1.test:${site.port}/`, deps);
    assert.equal(latin1.html, '<meta name="referrer" content="no-referrer"><p>caf\ufffd</p>');
    const latin1Analysis = analyze(latin1);
    assert.equal(
      latin1Analysis.findings.find((f) => f.id === 'page-encoding-misread'),
      undefined,
    );
    assert.equal(latin1Analysis.tests.find((t) => t.name === 'referrer-policy')?.result, 'referrer-policy-private');
  });

  test('looks up and records the preload status of the host and every parent: names the analyzer reads', async () => {
    asked.length = 0;
    const capture = await retrieve(`https://untyped.test:${site.port}/`, deps);
    assert.deepEqual(asked.sort(), ['test', 'untyped.test']);
    assert.deepEqual(Object.keys(capture.preload ?? {}).sort(), ['test', 'untyped.test']);
  });
});
