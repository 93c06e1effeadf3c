/**
 * What a site's hostile headers cost the grader, bounded by rules that keep ordinary sites graded
 * as before: CSP policies and directives beyond what any site sends, the sources one merge of
 * several policies may place, and the Set-Cookie headers read per scan.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyze } from '../../../../src/tools/security-headers/analyze.ts';
import { observatoryCookieJar } from '../../../../src/tools/security-headers/parse/cookie-jar.ts';
import { MAX_SET_COOKIES, setCookies } from '../../../../src/tools/security-headers/parse/set-cookie.ts';
import {
  MAX_DIRECTIVES,
  MAX_MERGED_CHARACTERS,
  MAX_MERGED_SOURCES,
  MAX_POLICIES,
  parseModelCsp,
} from '../../../../src/tools/security-headers/parse/csp-directives.ts';
import { headersWith, siteCapture } from '../../../support/observatory-cases.ts';

const cspTest = (csp: string, html: string | null = null) =>
  analyze(siteCapture({ headers: headersWith({ 'content-security-policy': csp }), html })).tests.find(
    (t) => t.name === 'content-security-policy',
  )!;

/** `count` copies of one policy listing `sources` distinct hosts in default-src. */
const identicalPolicies = (count: number, sources: number) =>
  Array.from(
    { length: count },
    () => `default-src ${Array.from({ length: sources }, (_, i) => `https://s${i}.example`).join(' ')}`,
  );

describe('Content Security Policy', () => {
  test(`${MAX_POLICIES} policies are graded; one more, in the header or in <meta>, is invalid`, () => {
    const policies = (count: number) => Array.from({ length: count }, () => "default-src 'none'").join(', ');
    assert.equal(cspTest(policies(MAX_POLICIES)).result, 'csp-implemented-with-no-unsafe-default-src-none');
    assert.equal(cspTest(policies(MAX_POLICIES + 1)).result, 'csp-header-invalid');
    const meta = `<meta http-equiv="content-security-policy" content="${policies(MAX_POLICIES)}">`;
    const invalid = cspTest("default-src 'none'", meta);
    assert.equal(invalid.result, 'csp-header-invalid');
    assert.equal(invalid.data['problem'], `more than ${MAX_POLICIES} policies`);
  });

  test(`more than ${MAX_DIRECTIVES} directives across the policies is invalid`, () => {
    const directives = (count: number) =>
      ["default-src 'none'", ...Array.from({ length: count - 1 }, (_, i) => `x${i}-src 'none'`)].join('; ');
    assert.equal(cspTest(directives(MAX_DIRECTIVES)).result, 'csp-implemented-with-no-unsafe-default-src-none');
    assert.equal(cspTest(directives(MAX_DIRECTIVES + 1)).data['problem'], `more than ${MAX_DIRECTIVES} directives`);
    // Every ";"-separated entry counts, empty ones included, across header and meta policies.
    const entries = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => `${prefix}${i}-src 'none'`).join('; ');
    const header = `default-src 'none'; ${entries('x', MAX_DIRECTIVES / 2 - 1)}`;
    const meta = (content: string) => `<meta http-equiv="content-security-policy" content="${content}">`;
    const full = entries('y', MAX_DIRECTIVES / 2);
    assert.equal(cspTest(header, meta(full)).result, 'csp-implemented-with-no-unsafe-default-src-none');
    assert.equal(cspTest(header, meta(`${full};`)).data['problem'], `more than ${MAX_DIRECTIVES} directives`);
  });

  test('the most policies, each setting its own directive, merge in one pass; one more is refused', () => {
    const policies = Array.from({ length: MAX_POLICIES - 1 }, (_, i) => `d${i}-src https://${i}.example`);
    const merged = parseModelCsp([...policies, "default-src 'self'"]);
    assert.ok(merged.ok);
    assert.equal(merged.directives.size, MAX_POLICIES);
    // Only the first policy's own directive keeps its sources; those set later are 'none'.
    assert.deepEqual(merged.directives.get('d0-src'), ['https://0.example']);
    assert.deepEqual(merged.directives.get('d42-src'), ["'none'"]);
    assert.deepEqual(parseModelCsp([...policies, "default-src 'self'", "img-src 'self'"]), {
      ok: false,
      problem: `more than ${MAX_POLICIES} policies`,
    });
  });

  test(`identical policies whose merge would place more than ${MAX_MERGED_SOURCES} sources are invalid`, () => {
    // The model keeps every copy a later policy matches, so each policy adds its sources again:
    // n copies of s sources place about s·n²/2.
    assert.ok(parseModelCsp(identicalPolicies(MAX_POLICIES, 1)).ok);
    assert.ok(parseModelCsp(identicalPolicies(60, 5)).ok);
    const started = performance.now();
    assert.deepEqual(parseModelCsp(identicalPolicies(MAX_POLICIES, 5)), {
      ok: false,
      problem: `more than ${MAX_MERGED_SOURCES} sources to merge across the policies`,
    });
    assert.ok(performance.now() - started < 1500, 'took too long');
    const graded = cspTest(identicalPolicies(MAX_POLICIES, 5).join(', '));
    assert.equal(graded.result, 'csp-header-invalid');
    assert.equal(graded.data['problem'], `more than ${MAX_MERGED_SOURCES} sources to merge across the policies`);
    assert.equal(cspTest(identicalPolicies(60, 5).join(', ')).result, 'csp-implemented-with-no-unsafe');
  });
  test('the test data echoes at most 20 meta policies of at most 2,048 characters', () => {
    const long = `default-src 'self' ${'https://a.example/p '.repeat(200)}`;
    const html = Array.from({ length: 30 }, () => `<meta http-equiv="content-security-policy" content="${long}">`);
    const { data } = cspTest("default-src 'self'", html.join(''));
    assert.deepEqual(
      data['metaPolicies'],
      Array.from({ length: 20 }, () => long.slice(0, 2048)),
    );
    assert.equal(data['metaPolicyCount'], 30);
  });

  test(`policies whose merge would place more than ${MAX_MERGED_CHARACTERS} characters of sources are invalid`, () => {
    // Long percent-encoded paths cost a comparison per piece each time a later policy merges.
    const path = '%41/'.repeat(625);
    const policies = (count: number) => Array.from({ length: count }, () => `script-src https://a.example/${path}`);
    assert.ok(parseModelCsp(policies(20)).ok);
    const problem = `more than ${MAX_MERGED_CHARACTERS} characters of sources to merge across the policies`;
    assert.deepEqual(parseModelCsp(policies(MAX_POLICIES)), { ok: false, problem });
    const graded = cspTest(policies(MAX_POLICIES).join(', '));
    assert.deepEqual([graded.result, graded.data['problem']], ['csp-header-invalid', problem]);
  });
});

describe('cookies', () => {
  const withCookies = (cookies: string[]) => siteCapture({ headers: headersWith({ 'set-cookie': cookies }) });
  const numbered = (count: number) => Array.from({ length: count }, (_, i) => `c${i}=1; Secure; HttpOnly`);

  test(`the first ${MAX_SET_COOKIES} Set-Cookie headers of a scan are read, the rest ignored`, () => {
    const sent = setCookies(withCookies(numbered(MAX_SET_COOKIES + 500)));
    assert.equal(sent.length, MAX_SET_COOKIES);
    assert.equal(sent.at(-1)!.cookie.name, `c${MAX_SET_COOKIES - 1}`);
    const started = performance.now();
    const jar = observatoryCookieJar(withCookies(numbered(MAX_SET_COOKIES + 500))).cookies;
    assert.ok(performance.now() - started < 1500, 'took too long');
    assert.equal(jar.length, MAX_SET_COOKIES);
    assert.equal(jar.at(-1)!.name, `c${MAX_SET_COOKIES - 1}`);
  });

  test('the jar holds the last Set-Cookie of each name, domain and path, where the first one was set', () => {
    const capture = withCookies(['a=1', 'b=1', 'a=2', 'c=1', 'b=1; Max-Age=0', 'd=1; Path=/x', 'd=2']);
    assert.deepEqual(
      observatoryCookieJar(capture).cookies.map((c) => c.raw),
      // b expired, but no later request of the session would have sent it: it stays.
      ['a=2', 'b=1; Max-Age=0', 'c=1', 'd=1; Path=/x', 'd=2'],
    );
    const redirected = siteCapture({
      headers: headersWith({ 'set-cookie': ['a=3', 'e=1'] }),
      httpsChainBefore: [
        {
          url: 'https://example.com/start',
          status: 302,
          headers: [
            ['location', 'https://example.com/'],
            ['set-cookie', 'e=0'],
            ['set-cookie', 'a=1'],
            ['set-cookie', 'b=1; Max-Age=0'],
          ],
        },
      ],
    });
    // The request that followed the redirect carried b, expired: it was removed before a and e were replaced.
    assert.deepEqual(
      observatoryCookieJar(redirected).cookies.map((c) => c.raw),
      ['e=1', 'a=3'],
    );
  });
});
