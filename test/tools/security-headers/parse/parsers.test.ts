/**
 * The small parsers under the analyzer: HTML facts, structured fields, CSP, cookies and the
 * Observatory's cookie jar, HSTS, lists. (When the body is read at all: page-facts.test.ts.)
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Hop, SecurityHeadersCapture } from '../../../../src/tools/security-headers/capture.ts';
import { observatoryCookieJar } from '../../../../src/tools/security-headers/parse/cookie-jar.ts';
import { hasInvalidSameSite, parseSetCookie } from '../../../../src/tools/security-headers/parse/set-cookie.ts';
import {
  DISALLOWED_IN_META,
  effectiveSources,
  parseModelCsp,
  splitPolicies,
} from '../../../../src/tools/security-headers/parse/csp-directives.ts';
import { splitList } from '../../../../src/tools/security-headers/parse/headers.ts';
import { parseHsts } from '../../../../src/tools/security-headers/parse/hsts.ts';
import { decodeEntities, extractHtmlFacts } from '../../../../src/tools/security-headers/parse/html-facts.ts';
import { parseDictionary, parseItem } from '../../../../src/tools/security-headers/parse/structured-fields.ts';

describe('HTML facts', () => {
  test('meta CSP, meta referrer and scripts, attributes in any case and quoting', () => {
    const facts = extractHtmlFacts(`<!doctype html><HTML><head>
      <META HTTP-EQUIV=" Content-Security-Policy " CONTENT="default-src 'none'">
      <meta http-equiv="content-security-policy" content="">
      <meta http-equiv="content-security-policy">
      <meta content=no-referrer name=referrer>
      <meta http-equiv='referrer-policy' content='same-origin'>
      <script src = "https://cdn.example/a.js" integrity="sha384-x" crossorigin></script>
      <script>document.write('<script src="evil.js"><\\/script>')</script>
      <!-- <script src="commented.js"></script> -->
      <style>p::before { content: "<script src=x>" }</style>
      <script src="/b.js?a=1&amp;b=2"></script>
      <script src=" /c.js "></script><script src=""></script>`);
    // Only the non-empty contents of http-equiv=content-security-policy; other http-equiv values are not read.
    assert.deepEqual(facts.metaCsp, ["default-src 'none'"]);
    assert.equal(facts.metaReferrer, 'no-referrer');
    assert.deepEqual(facts.scripts, [
      { src: 'https://cdn.example/a.js', integrity: 'sha384-x', crossorigin: '' },
      { src: null, integrity: null, crossorigin: null },
      { src: '/b.js?a=1&b=2', integrity: null, crossorigin: null },
      // Attribute values as written: not trimmed, and an empty src is still a src.
      { src: ' /c.js ', integrity: null, crossorigin: null },
      { src: '', integrity: null, crossorigin: null },
    ]);
  });

  test('every meta CSP counts, in order; the last meta referrer with a content wins', () => {
    const facts = extractHtmlFacts(`
      <meta http-equiv="Content-Security-Policy" content="default-src 'self'">
      <meta name=" Referrer " content="origin">
      <meta name="referrer" content="">
      <meta name="referrer">
      <meta http-equiv="content-security-policy" content="img-src 'none', script-src 'none'">
      <meta name="referrer" content="same-origin">
      <meta name="referrer" http-equiv="x-ua-compatible" content="unsafe-url">
      <meta name="referrer" http-equiv="content-security-policy" content="object-src 'none'">`);
    assert.deepEqual(facts.metaCsp, ["default-src 'self'", "img-src 'none', script-src 'none'", "object-src 'none'"]);
    // An empty content does not count; a meta with both http-equiv and content is only an http-equiv.
    assert.equal(facts.metaReferrer, 'same-origin');
    assert.equal(extractHtmlFacts('<meta name=referrer content="">').metaReferrer, null);
    assert.deepEqual(extractHtmlFacts('<p>no meta</p>'), { metaCsp: [], metaReferrer: null, scripts: [] });
  });

  test('raw-text elements hide their content; plaintext ends the scan', () => {
    for (const element of ['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']) {
      const facts = extractHtmlFacts(
        `<${element}><meta name=referrer content=hidden><script src="hidden.js"></script></${element}>` +
          '<script src="seen.js"></script>',
      );
      assert.deepEqual(
        facts.scripts.map((s) => s.src),
        element === 'script' ? [null, 'seen.js'] : ['seen.js'],
        element,
      );
      assert.equal(facts.metaReferrer, null, element);
    }
    const plaintext = extractHtmlFacts(
      '<script src="before.js"></script><plaintext><script src="after.js"></script></plaintext>' +
        '<meta name=referrer content=after>',
    );
    assert.deepEqual(
      plaintext.scripts.map((s) => s.src),
      ['before.js'],
    );
    assert.equal(plaintext.metaReferrer, null);
  });

  test('unterminated markup ends the scan instead of failing; a tag the end cuts off is not read', () => {
    for (const html of ['<script src="a.js"', '<!-- open', '<meta http-equiv="x" content="y', '<', '<a <b <c', '</']) {
      assert.doesNotThrow(() => extractHtmlFacts(html), html);
    }
    assert.deepEqual(extractHtmlFacts('<script src="a.js"').scripts, []);
    const cut = extractHtmlFacts('<script src="a.js"></script><meta name=referrer content="origin');
    assert.deepEqual([cut.scripts.map((s) => s.src), cut.metaReferrer], [['a.js'], null]);
  });

  test('inside SVG and MathML no element hides its content, except in their HTML integration points', () => {
    const srcs = (html: string) => extractHtmlFacts(html).scripts.map((s) => s.src);
    assert.deepEqual(srcs('<svg><style><script src="in-svg.js"></script></style></svg>'), ['in-svg.js']);
    assert.deepEqual(srcs('<svg><title><script src="in-title.js"></script></title></svg>'), ['in-title.js']);
    // mi is an integration point: a style inside it is raw text again.
    assert.deepEqual(srcs('<math><mi><style><script src="hidden.js"></script></style></mi></math>'), []);
    // Closing the svg (or self-closing it) goes back to HTML.
    assert.deepEqual(srcs('<svg><style></svg><style><script src="hidden.js"></script></style>'), []);
    assert.deepEqual(srcs('<svg/><style><script src="hidden.js"></script></style>'), []);
    // template and noscript contents are read like any markup.
    const wrapped = extractHtmlFacts(
      '<template><meta name=referrer content=origin></template><noscript><script src="n.js"></script></noscript>',
    );
    assert.deepEqual([wrapped.metaReferrer, wrapped.scripts.map((s) => s.src)], ['origin', ['n.js']]);
  });

  test('comments end at --> or --!>; <!--> and <!---> are empty; CDATA hides its content', () => {
    const srcs = (html: string) => extractHtmlFacts(html).scripts.map((s) => s.src);
    assert.deepEqual(srcs('<!--><script src="a.js"></script>'), ['a.js']);
    assert.deepEqual(srcs('<!---><script src="b.js"></script>'), ['b.js']);
    assert.deepEqual(srcs('<!-- <script src="hidden.js"> --!><script src="c.js"></script>'), ['c.js']);
    assert.deepEqual(srcs('<![CDATA[<script src="hidden.js">]]><script src="d.js"></script>'), ['d.js']);
  });

  test('linear time on hostile input', () => {
    const hostile = [
      '<'.repeat(200_000),
      '<a '.repeat(100_000),
      `<a ${'x='.repeat(100_000)}`,
      `<a b="${'"'.repeat(1)}${'<!--'.repeat(50_000)}`,
      '<script>'.repeat(50_000),
      'İ<meta content=x http-equiv=content-security-policy>'.repeat(20_000),
      '<iframe>'.repeat(50_000),
    ];
    for (const html of hostile) {
      const started = performance.now();
      extractHtmlFacts(html);
      assert.ok(performance.now() - started < 1500, `${html.slice(0, 20)}… took too long`);
    }
    // Non-ASCII case mapping must not shift positions.
    assert.deepEqual(extractHtmlFacts('İ<meta content=x http-equiv=Content-Security-Policy>').metaCsp, ['x']);
  });

  test('character references', () => {
    assert.equal(decodeEntities('a&amp;b&lt;&#39;&#x27;&quot;&unknown;'), `a&b<''"&unknown;`);
    // NUL, surrogates and code points past U+10FFFF become U+FFFD, as in HTML.
    assert.equal(decodeEntities('&#0;&#xD800;&#x110000;&#65;&#x1F600;'), '\ufffd\ufffd\ufffdA\u{1f600}');
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
  const directives = (policies: string[], meta = false): [string, string[]][] => {
    const parsed = parseModelCsp(policies, meta);
    assert.ok(parsed.ok, policies.join(' | '));
    return [...parsed.directives];
  };
  const sourcesOf = (policies: string[], directive: string) => new Map(directives(policies)).get(directive);

  test('names and sources are lower-cased, sources sorted; an empty -src is none; only reports may repeat', () => {
    assert.deepEqual(directives(["Default-Src HTTPS://A.example 'SELF'; img-src; upgrade-insecure-requests"]), [
      ['default-src', ["'self'", 'https://a.example']],
      ['img-src', ["'none'"]],
      ['upgrade-insecure-requests', ["'none'"]],
    ]);
    assert.deepEqual(parseModelCsp(["script-src 'self'; script-src 'none'"]), {
      ok: false,
      problem: 'the directive script-src is repeated',
    });
    // A repeated report directive only warns; in the first policy its last instance is the one kept.
    const reports = parseModelCsp(["default-src 'none'; report-to a; report-to b; report-uri /r"]);
    assert.ok(reports.ok);
    assert.deepEqual(reports.duplicateReports, ['report-to']);
    assert.deepEqual(reports.directives.get('report-to'), ['b']);
    assert.deepEqual(directives(["default-src\r\n 'self'"]), [['default-src', ["'self'"]]]);
  });

  test('a policy that is empty or shorter than "img-src" makes the whole CSP invalid', () => {
    assert.deepEqual(parseModelCsp(['  ']), { ok: false, problem: 'an empty policy' });
    assert.deepEqual(parseModelCsp(['defa']), { ok: false, problem: 'a policy too short to mean anything: "defa"' });
    assert.deepEqual(parseModelCsp(["default-src 'none'", '']), { ok: false, problem: 'an empty policy' });
    assert.ok(parseModelCsp(['img-sr']).ok, 'six characters are enough');
    assert.deepEqual(parseModelCsp([]), { ok: true, directives: new Map(), duplicateReports: [] });
  });

  test('a <meta> policy cannot carry frame-ancestors, report-uri or sandbox; repeating them is still invalid', () => {
    assert.deepEqual(DISALLOWED_IN_META, ['frame-ancestors', 'report-uri', 'sandbox']);
    const meta = directives(["default-src 'self'; frame-ancestors 'none'; sandbox; report-uri /r"], true);
    assert.deepEqual(meta, [['default-src', ["'self'"]]]);
    assert.equal(parseModelCsp(["frame-ancestors 'none'; frame-ancestors 'self'"], true).ok, false);
  });

  test('header values and meta contents are split into policies on every comma, empty ones kept', () => {
    assert.deepEqual(splitPolicies(["default-src 'none', script-src 'self'", "img-src 'self',"]), [
      "default-src 'none'",
      "script-src 'self'",
      "img-src 'self'",
      '',
    ]);
    assert.deepEqual(splitPolicies(['']), ['']);
    assert.deepEqual(splitPolicies([]), []);
  });

  test('in one policy, a source that starts with the source sorted just before it is dropped', () => {
    assert.deepEqual(sourcesOf(["script-src https://a.example/js/ https://a.example 'self'"], 'script-src'), [
      "'self'",
      'https://a.example',
    ]);
    // Only the neighbour counts: https://a.example.evil.com sorts between the two.
    assert.deepEqual(
      sourcesOf(['script-src https://a.example https://a.example/js/ https://a.example.evil.com'], 'script-src'),
      ['https://a.example', 'https://a.example/js/'],
    );
  });

  test("several policies keep a source only where another policy's neighbouring source covers it by path", () => {
    assert.deepEqual(sourcesOf(["script-src 'self' https://a.example", "script-src 'self'"], 'script-src'), ["'self'"]);
    for (const order of [
      ['script-src https://a.example/js/', 'script-src https://a.example/js/app.js'],
      ['script-src https://a.example/js/app.js', 'script-src https://a.example/js/'],
    ])
      assert.deepEqual(sourcesOf(order, 'script-src'), ['https://a.example/js/app.js'], order.join(' | '));
    // Pieces compare percent-decoded (after lower-casing).
    assert.deepEqual(
      sourcesOf(['script-src https://a.example/%61/', 'script-src https://a.example/a/x.js'], 'script-src'),
      ['https://a.example/a/x.js'],
    );
    // No path-prefix without a trailing "/", no host wildcards, no schemes: nothing left is 'none'.
    for (const [first, second] of [
      ['https://a.example/js', 'https://a.example/js/app.js'],
      ['*.example.com', 'https://a.example.com'],
      ['https:', 'https://cdn.example'],
      ["'none'", "'self'"],
    ])
      assert.deepEqual(sourcesOf([`script-src ${first}`, `script-src ${second}`], 'script-src'), ["'none'"], first);
    assert.deepEqual(parseModelCsp(['script-src https://a.example/%zz/', 'script-src https://a.example/%zz/x']), {
      ok: false,
      problem: 'a source with a malformed percent-encoding: "%zz"',
    });
  });

  test('a directive only a later policy sets is none; one only the first sets keeps its sources', () => {
    assert.deepEqual(directives(["default-src 'none'", "script-src 'self' 'unsafe-inline'; img-src https:"]), [
      ['default-src', ["'none'"]],
      ['script-src', ["'none'"]],
      ['img-src', ["'none'"]],
    ]);
    assert.deepEqual(
      directives(["default-src https:; style-src 'self' 'unsafe-inline'", 'default-src https://cdn.example']),
      [
        ['default-src', ["'none'"]],
        ['style-src', ["'self'", "'unsafe-inline'"]],
      ],
    );
    // Not an intersection: what the first two policies share survives a third that lacks it.
    assert.deepEqual(
      sourcesOf(["script-src 'self'", "script-src 'self'", 'script-src https://a.example'], 'script-src'),
      ["'self'"],
    );
  });

  test('effective sources follow the CSP3 fallback order', () => {
    const map = new Map([
      ['default-src', ["'none'"]],
      ['script-src', ["'self'"]],
      ['child-src', ['https://frames.example']],
    ]);
    assert.deepEqual(effectiveSources(map, 'script-src-elem'), ["'self'"]);
    assert.deepEqual(effectiveSources(map, 'worker-src'), ['https://frames.example']);
    assert.deepEqual(effectiveSources(map, 'fenced-frame-src'), ['https://frames.example']);
    assert.deepEqual(effectiveSources(map, 'style-src-attr'), ["'none'"]);
    assert.equal(effectiveSources(map, 'base-uri'), undefined);
    assert.equal(effectiveSources(new Map(), 'img-src'), undefined);
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
        expiresAt: null,
        partitioned: true,
        setBy: 'example.com',
        raw: 'SID=1; Path=/; Domain=.Example.com; Secure; HttpOnly; SameSite=LAX; Max-Age=60; Partitioned',
      },
    );
    assert.equal(parseSetCookie('a=1; SameSite', 'h')?.sameSiteInvalid, true);
    assert.equal(parseSetCookie('a=1; SameSite=Yes', 'h')?.sameSite, null);
    // Secure and HttpOnly count whatever their value.
    assert.deepEqual(
      [parseSetCookie('a=1; Secure=no', 'h')?.secure, parseSetCookie('a=1; HttpOnly=false', 'h')?.httpOnly],
      [true, true],
    );
  });

  test('a Set-Cookie needs a name free of control characters', () => {
    for (const raw of ['novalue', '=1', ' =1', '; a=1', 'a\tb=1', 'a=1\u0001', 'a\u007f=1'.replace('\u007f', '\u0000')])
      assert.equal(parseSetCookie(raw, 'h'), null, JSON.stringify(raw));
    assert.equal(parseSetCookie('  a = 1 ; Secure', 'h')?.name, 'a');
    assert.equal(parseSetCookie('a=', 'h')?.name, 'a');
    assert.equal(parseSetCookie('a=1\u007f', 'h')?.name, 'a', 'DEL is not a control character here');
  });

  test('the last instance of each attribute wins; an invalid one undoes an earlier valid one', () => {
    const parse = (raw: string) => parseSetCookie(raw, 'h')!;
    assert.equal(parse('a=1; Path=/x; Path=/y').path, '/y');
    assert.equal(parse('a=1; Path=/x; Path=y').path, null);
    assert.equal(parse('a=1; Path=/x; Path').path, null);
    assert.deepEqual(
      [parse('a=1; SameSite=Lax; SameSite=bogus').sameSite, parse('a=1; SameSite=Lax; SameSite=bogus').sameSiteInvalid],
      [null, true],
    );
    assert.deepEqual(
      [
        parse('a=1; SameSite=bogus; SameSite=Strict').sameSite,
        parse('a=1; SameSite=bogus; SameSite=Strict').sameSiteInvalid,
      ],
      ['strict', false],
    );
    // An empty Domain and a non-numeric Max-Age are ignored, not undone.
    assert.equal(parse('a=1; Domain=.A.example; Domain=; Domain=.').domain, 'a.example');
    assert.equal(parse('a=1; Max-Age=60; Max-Age=soon').maxAge, 60);
    assert.equal(parse('a=1; Max-Age=60; Max-Age=-1').maxAge, -1);
  });

  test('an invalid SameSite in the raw header, read as the Observatory reads it', () => {
    for (const raw of ['a=1; SameSite', 'a=1; SameSite=', 'a=1; samesite=Bogus', 'a=1; SameSite=Lax; SameSite=x'])
      assert.equal(hasInvalidSameSite(raw), true, raw);
    for (const raw of ['a=1', 'a=1; SameSite=LAX', 'a=1; SameSite = strict ', 'a=1; SameSite=None=1'])
      assert.equal(hasInvalidSameSite(raw), false, raw);
    // The name=value pair is read too: a cookie named SameSite with an odd value counts.
    assert.equal(hasInvalidSameSite('SameSite=bogus'), true);
    assert.equal(parseSetCookie('SameSite=bogus', 'h')?.sameSiteInvalid, false);
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
    assert.equal(parseHsts('max-age=1; max-age=31536000').problem, 'the max-age directive is repeated');
    assert.equal(
      parseHsts('max-age=1; includeSubDomains; INCLUDESUBDOMAINS').problem,
      'the includeSubDomains directive is repeated',
    );
    assert.equal(parseHsts('max-age=1; preload; preload').problem, null);
    assert.deepEqual(
      [parseHsts(`max-age=${'9'.repeat(40)}`).maxAge, parseHsts(`max-age=${'9'.repeat(40)}`).problem],
      [Number.MAX_SAFE_INTEGER, null],
    );
  });

  test('header lists split on commas outside quoted strings', () => {
    assert.deepEqual(splitList('a, "b, c", , d'), ['a', '"b, c"', 'd']);
  });
});

describe('the cookie jar the Observatory grades', () => {
  const hop = (url: string, setCookies: string[], date?: string): Hop => ({
    url,
    status: 200,
    headers: [
      ...(date === undefined ? [] : [['date', date] as [string, string]]),
      ...setCookies.map((raw): [string, string] => ['set-cookie', raw]),
    ],
  });
  const capture = (https: Hop[] | null, http: Hop[] | null = null): SecurityHeadersCapture => ({
    host: 'example.com',
    http: http && { verified: true, chain: http },
    https: https && { verified: true, chain: https },
    cors: null,
    html: null,
  });
  const stored = (c: SecurityHeadersCapture) =>
    observatoryCookieJar(c).cookies.map(
      (k) => `${k.name}@${k.storedDomain}${k.storedPath}${k.hostOnly ? '' : ' (domain)'}`,
    );

  test('only the graded session fills it: https when it answered, else http', () => {
    const http = [hop('http://example.com/', ['h=1'])];
    assert.deepEqual(stored(capture([hop('https://example.com/', ['s=1'])], http)), ['s@example.com/']);
    assert.deepEqual(stored(capture(null, http)), ['h@example.com/']);
    assert.deepEqual(stored(capture(null, null)), []);
  });

  test('a Domain must domain-match the host that set it and must not be a public suffix', () => {
    const jar = observatoryCookieJar(
      capture([
        hop('https://www.example.com/', [
          'parent=1; Domain=.Example.COM',
          'self=1; Domain=www.example.com',
          'suffix=1; Domain=com',
          'private-suffix=1; Domain=github.io',
          'other=1; Domain=other.example',
          'child=1; Domain=a.www.example.com',
        ]),
      ]),
    );
    assert.deepEqual(
      jar.cookies.map((c) => [c.name, c.storedDomain, c.hostOnly]),
      [
        ['parent', 'example.com', false],
        ['self', 'www.example.com', false],
      ],
    );
    assert.deepEqual(
      jar.rejected.map((r) => [r.cookie.name, r.reason]),
      [
        ['suffix', 'public-suffix'],
        ['private-suffix', 'public-suffix'],
        ['other', 'domain-mismatch'],
        ['child', 'domain-mismatch'],
      ],
    );
  });

  test('without a valid Path the cookie takes the default path of the request (a query stays in it)', () => {
    assert.deepEqual(
      stored(
        capture([
          hop('https://example.com/app/page', ['a=1', 'b=1; Path=relative', 'c=1; Path=/x/y']),
          hop('https://example.com/top', ['d=1']),
          hop('https://example.com/a/b?x=/y', ['e=1']),
        ]),
      ),
      ['a@example.com/app', 'b@example.com/app', 'c@example.com/x/y', 'd@example.com/', 'e@example.com/a/b%3Fx='],
    );
  });

  test('__Secure- and __Host- cookies that break their prefix are refused (names compared case-sensitively)', () => {
    const jar = observatoryCookieJar(
      capture([
        hop('https://example.com/app/page', [
          '__Secure-ok=1; Secure',
          '__Secure-no=1',
          '__secure-lower=1',
          '__Host-ok=1; Secure; Path=/',
          '__Host-insecure=1; Path=/',
          '__Host-domain=1; Secure; Path=/; Domain=example.com',
          '__Host-default-path=1; Secure',
        ]),
      ]),
    );
    assert.deepEqual(
      jar.cookies.map((c) => c.name),
      ['__Secure-ok', '__secure-lower', '__Host-ok'],
    );
    assert.deepEqual(
      jar.rejected.map((r) => [r.cookie.name, r.reason]),
      [
        ['__Secure-no', 'prefix'],
        ['__Host-insecure', 'prefix'],
        ['__Host-domain', 'prefix'],
        // Its default path, from /app/page, is /app.
        ['__Host-default-path', 'prefix'],
      ],
    );
    assert.deepEqual(stored(capture([hop('https://example.com/', ['__Host-root=1; Secure'])])), [
      '__Host-root@example.com/',
    ]);
  });

  test('an expired cookie stays until a later request of the session would send it', () => {
    const date = 'Thu, 01 Jan 2015 00:00:00 GMT';
    const setting = hop(
      'https://example.com/',
      [
        'gone=1; Max-Age=0',
        'other-path=1; Max-Age=0; Path=/elsewhere',
        'past=1; Expires=Wed, 31 Dec 2014 23:00:00 GMT',
        // Expiry is judged against the response's Date, not the grader's clock.
        'an-hour-left=1; Expires=Thu, 01 Jan 2015 01:00:00 GMT',
        'max-age-wins=1; Max-Age=60; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
        'unparsed=1; Expires=not a date',
      ],
      date,
    );
    const all = ['gone', 'other-path', 'past', 'an-hour-left', 'max-age-wins', 'unparsed'];
    const names = (c: SecurityHeadersCapture) => observatoryCookieJar(c).cookies.map((k) => k.name);
    assert.deepEqual(names(capture([setting])), all);
    assert.deepEqual(names(capture([setting, hop('https://example.com/next', [])])), [
      'other-path',
      'an-hour-left',
      'max-age-wins',
      'unparsed',
    ]);
    // A request to another host does not carry the host-only cookies.
    assert.deepEqual(names(capture([setting, hop('https://www.example.com/', [])])), all);
    // A Secure cookie is not sent over http, so an http request leaves it in place.
    assert.deepEqual(
      names(
        capture(null, [
          hop('http://example.com/', ['secure=1; Secure; Max-Age=0', 'plain=1; Max-Age=0']),
          hop('http://example.com/next', []),
        ]),
      ),
      ['secure'],
    );
    // The last response's own Set-Cookie headers are followed by no request.
    assert.deepEqual(
      names(capture([hop('https://example.com/', []), hop('https://example.com/', ['late=1; Max-Age=0'])])),
      ['late'],
    );
  });

  test('after a certificate failure, the https robots.txt fetch and preflight fill the jar too', () => {
    const unverified: SecurityHeadersCapture = {
      ...capture([hop('https://example.com/', ['page=1'])]),
      robots: [
        hop('http://example.com/robots.txt', ['plain-robots=1']),
        hop('https://example.com/robots.txt', ['robots=1']),
      ],
      cors: { status: 204, headers: [['set-cookie', 'preflight=1']] },
    };
    assert.deepEqual(stored(unverified), ['page@example.com/']);
    unverified.https!.verified = false;
    assert.deepEqual(stored(unverified), ['page@example.com/', 'robots@example.com/', 'preflight@example.com/']);
  });
});
