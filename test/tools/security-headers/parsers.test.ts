/** The small parsers under the analyzer: HTML facts, structured fields, CSP, cookies, HSTS, lists. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseSetCookie } from '../../../src/tools/security-headers/cookies.ts';
import {
  covers,
  intersectPolicies,
  parsePolicy,
  splitPolicies,
  type ParsedPolicy,
} from '../../../src/tools/security-headers/csp-parse.ts';
import { splitList } from '../../../src/tools/security-headers/headers.ts';
import { parseHsts } from '../../../src/tools/security-headers/hsts.ts';
import { decodeEntities, extractHtmlFacts } from '../../../src/tools/security-headers/html.ts';
import { parseDictionary, parseItem } from '../../../src/tools/security-headers/structured-fields.ts';

describe('HTML facts', () => {
  test('meta http-equiv, meta referrer and scripts, attributes in any case and quoting', () => {
    const facts = extractHtmlFacts(`<!doctype html><HTML><head>
      <META HTTP-EQUIV="Content-Security-Policy" CONTENT="default-src 'none'">
      <meta content=no-referrer name=referrer>
      <meta http-equiv='referrer-policy' content='same-origin'>
      <script src = "https://cdn.example/a.js" integrity="sha384-x" crossorigin></script>
      <script>document.write('<script src="evil.js"><\\/script>')</script>
      <!-- <script src="commented.js"></script> -->
      <style>p::before { content: "<script src=x>" }</style>
      <script src="/b.js?a=1&amp;b=2"></script>`);
    assert.deepEqual(facts.httpEquiv.get('content-security-policy'), ["default-src 'none'"]);
    assert.deepEqual(facts.httpEquiv.get('referrer-policy'), ['same-origin']);
    assert.deepEqual(facts.metaReferrer, ['no-referrer']);
    assert.deepEqual(facts.scripts, [
      { src: 'https://cdn.example/a.js', integrity: 'sha384-x', crossorigin: '' },
      { src: null, integrity: null, crossorigin: null },
      { src: '/b.js?a=1&b=2', integrity: null, crossorigin: null },
    ]);
  });

  test('unterminated markup ends the scan instead of failing', () => {
    for (const html of ['<script src="a.js"', '<!-- open', '<meta http-equiv="x" content="y', '<', '<a <b <c', '</']) {
      assert.doesNotThrow(() => extractHtmlFacts(html), html);
    }
    assert.deepEqual(extractHtmlFacts('<script src="a.js"').scripts, [
      { src: 'a.js', integrity: null, crossorigin: null },
    ]);
  });

  test('linear time on hostile input', () => {
    const hostile = [
      '<'.repeat(200_000),
      '<a '.repeat(100_000),
      `<a ${'x='.repeat(100_000)}`,
      `<a b="${'"'.repeat(1)}${'<!--'.repeat(50_000)}`,
      '<script>'.repeat(50_000),
      'İ<meta content=x http-equiv=y>'.repeat(20_000),
    ];
    for (const html of hostile) {
      const started = performance.now();
      extractHtmlFacts(html);
      assert.ok(performance.now() - started < 1500, `${html.slice(0, 20)}… took too long`);
    }
    // Non-ASCII case mapping must not shift positions.
    assert.equal(extractHtmlFacts('İ<meta content=x http-equiv=y>').httpEquiv.get('y')?.[0], 'x');
  });

  test('character references', () => {
    assert.equal(decodeEntities('a&amp;b&lt;&#39;&#x27;&quot;&unknown;'), `a&b<''"&unknown;`);
  });
});

describe('structured fields (RFC 8941)', () => {
  test('items: tokens, strings, numbers, booleans, byte sequences, parameters', () => {
    assert.deepEqual(parseItem('same-origin; report-to="coop"')?.value, { type: 'token', value: 'same-origin' });
    assert.deepEqual(parseItem('"same-origin"')?.value, { type: 'string', value: 'same-origin' });
    assert.deepEqual(parseItem('-12.5')?.value, { type: 'decimal', value: -12.5 });
    assert.deepEqual(parseItem('?0')?.value, { type: 'boolean', value: false });
    assert.deepEqual(parseItem(':aGk=:')?.value, { type: 'binary', value: 'aGk=' });
    assert.equal(parseItem('require-corp; report-to')?.params.get('report-to')?.value, true);
    for (const bad of ['require-corp; report-to=coop endpoint', 'a, b', '"open', 'UPPER; Key=1', '', '1.2345'])
      assert.equal(parseItem(bad), null, bad);
  });

  test('dictionaries', () => {
    assert.equal(parseDictionary('a,'), null, 'a trailing comma');
    const dict = parseDictionary('camera=(), geolocation=(self "https://a.example"), fullscreen, usb=*');
    assert.deepEqual([...dict!.keys()], ['camera', 'geolocation', 'fullscreen', 'usb']);
    assert.equal(parseDictionary('camera=(self'), null);
    assert.equal(parseDictionary('Camera=()'), null);
  });
});

describe('CSP parsing', () => {
  const policy = (text: string, from: 'header' | 'meta' = 'header'): ParsedPolicy => {
    const parsed = parsePolicy(text, from);
    assert.ok(parsed.ok, text);
    return parsed.policy;
  };

  test('directives and sources are lower-cased; an empty -src is none; repeats are invalid except reports', () => {
    assert.deepEqual(
      [...policy("Default-Src 'SELF' HTTPS://A.example; img-src").directives],
      [
        ['default-src', ["'self'", 'https://a.example']],
        ['img-src', ["'none'"]],
      ],
    );
    assert.deepEqual(parsePolicy("script-src 'self'; script-src 'none'", 'header'), {
      ok: false,
      problem: 'the directive script-src is repeated',
    });
    assert.deepEqual(policy("default-src 'none'; report-to a; report-to b").repeatedReports, ['report-to']);
    assert.equal(parsePolicy('  ', 'header').ok, false);
    assert.equal(parsePolicy('defa', 'header').ok, false);
  });

  test('a <meta> policy cannot carry frame-ancestors, report-uri or sandbox', () => {
    const meta = policy("default-src 'self'; frame-ancestors 'none'; sandbox; report-uri /r", 'meta');
    assert.deepEqual([...meta.directives.keys()], ['default-src']);
    assert.deepEqual(meta.dropped, ['frame-ancestors', 'sandbox', 'report-uri']);
  });

  test('header values are split into policies on commas; empty list elements are ignored', () => {
    assert.deepEqual(splitPolicies(["default-src 'none', script-src 'self'", "img-src 'self',"]), [
      "default-src 'none'",
      " script-src 'self'",
      "img-src 'self'",
    ]);
    assert.deepEqual(splitPolicies(['']), ['']);
  });

  test('source coverage', () => {
    assert.ok(covers('*', 'https://a.example'));
    assert.ok(!covers('*', 'data:'));
    assert.ok(covers('https:', 'https://a.example/x'));
    assert.ok(!covers('https:', 'http:'));
    assert.ok(!covers('http:', 'https:'));
    assert.ok(covers('*.example.com', 'https://a.example.com'));
    assert.ok(!covers('*.example.com', 'example.com'));
    assert.ok(covers('https://a.example/js/', 'https://a.example/js/app.js'));
    assert.ok(!covers('https://a.example/js', 'https://a.example/js/app.js'));
    assert.ok(!covers("'self'", 'https://a.example'));
  });

  test('several policies allow only what all of them allow, following the fallback order', () => {
    const merged = intersectPolicies([
      policy("default-src 'none'"),
      policy("script-src 'self' 'unsafe-inline'; img-src https:"),
    ]);
    assert.deepEqual(merged.get('script-src'), ["'none'"]);
    assert.deepEqual(merged.get('img-src'), ["'none'"]);
    const narrowed = intersectPolicies([
      policy("default-src https:; style-src 'self' 'unsafe-inline'"),
      policy("default-src https://cdn.example; style-src 'self'"),
    ]);
    assert.deepEqual(narrowed.get('default-src'), ['https://cdn.example']);
    assert.deepEqual(narrowed.get('style-src'), ["'self'"]);
  });
});

describe('cookies, HSTS and lists', () => {
  test('Set-Cookie attributes', () => {
    assert.deepEqual(
      parseSetCookie(
        'SID=1; Path=/; Domain=.Example.com; Secure; HttpOnly; SameSite=LAX; Max-Age=60; Partitioned',
        'example.com',
      ),
      {
        name: 'SID',
        secure: true,
        httpOnly: true,
        sameSite: 'lax',
        sameSiteInvalid: false,
        domain: 'example.com',
        path: '/',
        maxAge: 60,
        expires: null,
        partitioned: true,
        setBy: 'example.com',
        raw: 'SID=1; Path=/; Domain=.Example.com; Secure; HttpOnly; SameSite=LAX; Max-Age=60; Partitioned',
      },
    );
    assert.equal(parseSetCookie('a=1; SameSite', 'h')?.sameSiteInvalid, true);
    assert.equal(parseSetCookie('a=1; SameSite=Yes', 'h')?.sameSite, null);
    assert.equal(parseSetCookie('novalue', 'h'), null);
  });

  test('Strict-Transport-Security', () => {
    assert.deepEqual(parseHsts('max-age="31536000"; includeSubDomains; preload'), {
      value: 'max-age="31536000"; includeSubDomains; preload',
      maxAge: 31536000,
      includeSubDomains: true,
      preload: true,
      problem: null,
    });
    assert.equal(parseHsts('includeSubDomains').problem, 'max-age is missing');
    assert.equal(parseHsts('max-age=1, max-age=1').problem, 'the header is sent more than once');
    assert.equal(parseHsts('max-age=soon').problem, 'max-age is not a number');
  });

  test('header lists split on commas outside quoted strings', () => {
    assert.deepEqual(splitList('a, "b, c", , d'), ['a', '"b, c"', 'd']);
  });
});
