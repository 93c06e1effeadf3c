/**
 * What a site's hostile headers cost the grader, bounded by rules that keep ordinary sites graded
 * as before: CSP policies and directives beyond what any site sends, the source comparisons of an
 * intersection, and the Set-Cookie headers read per scan.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyze } from '../../../src/tools/security-headers/analyze.ts';
import { cookieJar, MAX_SET_COOKIES, setCookies } from '../../../src/tools/security-headers/cookies.ts';
import { intersectPolicies, parsePolicy, type ParsedPolicy } from '../../../src/tools/security-headers/csp-parse.ts';
import { MAX_DIRECTIVES, MAX_POLICIES } from '../../../src/tools/security-headers/csp.ts';
import { headersWith, siteCapture } from '../../support/observatory-cases.ts';

const cspTest = (csp: string, html: string | null = null) =>
  analyze(siteCapture({ headers: headersWith({ 'content-security-policy': csp }), html })).tests.find(
    (t) => t.name === 'content-security-policy',
  )!;

const policy = (text: string): ParsedPolicy => {
  const parsed = parsePolicy(text, 'header');
  assert.ok(parsed.ok);
  return parsed.policy;
};

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
  });

  test('policies that each set their own directive keep it as set; a directive all of them set is intersected', () => {
    const policies = Array.from({ length: 5_000 }, (_, i) =>
      policy(`default-src 'self' https://a.example; d${i}-src https://${i}.example`),
    );
    const merged = intersectPolicies([...policies, policy("default-src 'self'")]);
    assert.equal(merged.size, 5_001);
    assert.deepEqual(merged.get('d4321-src'), ['https://4321.example']);
    assert.deepEqual(merged.get('default-src'), ["'self'"]);
  });

  test('past the comparison budget, only sources listed verbatim by every policy survive', () => {
    const wide = policy(`script-src ${Array.from({ length: 300 }, (_, i) => `*.a${i}.example`).join(' ')} 'self'`);
    const narrow = policy(`script-src ${Array.from({ length: 300 }, (_, i) => `x.a${i}.example`).join(' ')} 'self'`);
    // Within the budget *.a1.example would allow x.a1.example; past it, only 'self' is in both lists.
    assert.deepEqual(intersectPolicies([wide, narrow]).get('script-src'), ["'self'"]);
    assert.deepEqual(
      intersectPolicies([policy('script-src *.a1.example'), policy('script-src x.a1.example')]).get('script-src'),
      ['x.a1.example'],
    );
  });
});

describe('cookies', () => {
  const withCookies = (count: number) =>
    siteCapture({
      headers: headersWith({ 'set-cookie': Array.from({ length: count }, (_, i) => `c${i}=1; Secure; HttpOnly`) }),
    });

  test(`the first ${MAX_SET_COOKIES} Set-Cookie headers of a scan are read, the rest ignored`, () => {
    const sent = setCookies(withCookies(MAX_SET_COOKIES + 500));
    assert.equal(sent.length, MAX_SET_COOKIES);
    assert.equal(sent.at(-1)!.cookie.name, `c${MAX_SET_COOKIES - 1}`);
  });

  test('the jar holds the last Set-Cookie of each name, domain and path, in the order they were last set', () => {
    const capture = siteCapture({
      headers: headersWith({ 'set-cookie': ['a=1', 'b=1', 'a=2', 'c=1', 'b=1; Max-Age=0', 'd=1; Path=/x', 'd=2'] }),
    });
    const jar = cookieJar(setCookies(capture));
    assert.deepEqual(
      jar.map((c) => c.raw),
      ['a=2', 'c=1', 'd=1; Path=/x', 'd=2'],
    );
  });
});
