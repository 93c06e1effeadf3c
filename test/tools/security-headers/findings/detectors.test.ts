/** Every finding kind, with the data that triggers it and the data that must not. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  analyze,
  type Finding,
  type FindingId,
  type SecurityHeadersAnalysis,
} from '../../../../src/tools/security-headers/analyze.ts';
import { FINDING_CATALOGUE } from '../../../../src/tools/security-headers/findings/catalogue.ts';
import {
  CORS_PROBE_ORIGIN,
  type HeaderPairs,
  type SecurityHeadersCapture,
} from '../../../../src/tools/security-headers/capture.ts';
import { EXEMPLARY_HEADERS, headersWith, siteCapture } from '../../../support/observatory-cases.ts';

const seen = new Set<FindingId>();

function run(headers: HeaderPairs, extra: Parameters<typeof siteCapture>[0] = {}): SecurityHeadersAnalysis {
  const analysis = analyze(siteCapture({ ...extra, headers }));
  for (const f of analysis.findings) seen.add(f.id);
  return analysis;
}

function findingOf(analysis: SecurityHeadersAnalysis, id: FindingId): Finding | undefined {
  return analysis.findings.find((f) => f.id === id);
}

const testOf = (analysis: SecurityHeadersAnalysis, name: string) => analysis.tests.find((t) => t.name === name)!;
const csp = (policy: string): HeaderPairs => headersWith({ 'content-security-policy': policy });

describe('CSP findings', () => {
  test("script-src-elem/script-src-attr are honoured: 'unsafe-inline' there is high, though the model gives +5", () => {
    const analysis = run(
      csp(
        "default-src 'self'; object-src 'none'; script-src 'self'; " +
          "script-src-elem 'self' 'unsafe-inline'; script-src-attr 'unsafe-inline'",
      ),
    );
    assert.equal(testOf(analysis, 'content-security-policy').result, 'csp-implemented-with-no-unsafe');
    const found = findingOf(analysis, 'csp3-script-directive-unsafe')!;
    assert.equal(found.severity, 'high');
    assert.deepEqual(found.evidence, ["script-src-elem 'self' 'unsafe-inline'", "script-src-attr 'unsafe-inline'"]);
    assert.equal(analysis.status, 'warnings');
    // A nonce neutralises 'unsafe-inline' in script-src-elem as it does in script-src.
    assert.equal(
      findingOf(
        run(csp("default-src 'none'; script-src 'self'; script-src-elem 'nonce-abc' 'unsafe-inline'")),
        'csp3-script-directive-unsafe',
      ),
      undefined,
    );
  });

  test('style-src-elem / style-src-attr: unsafe styles are low', () => {
    const analysis = run(csp("default-src 'none'; style-src 'self'; style-src-attr 'unsafe-inline'"));
    assert.equal(testOf(analysis, 'content-security-policy').result, 'csp-implemented-with-no-unsafe-default-src-none');
    assert.deepEqual(findingOf(analysis, 'csp3-style-directive-unsafe'), {
      id: 'csp3-style-directive-unsafe',
      ...FINDING_CATALOGUE['csp3-style-directive-unsafe'],
      evidence: ["style-src-attr 'unsafe-inline'"],
    });
  });

  test('stricter CSP3 script directives than the graded script-src are reported as info', () => {
    const analysis = run(
      csp(
        "default-src 'none'; object-src 'none'; script-src 'self' 'unsafe-inline'; " +
          "script-src-elem 'self'; script-src-attr 'none'",
      ),
    );
    assert.equal(testOf(analysis, 'content-security-policy').result, 'csp-implemented-with-unsafe-inline');
    assert.equal(findingOf(analysis, 'csp3-directives-stricter')?.severity, 'info');
  });

  test('frame-ancestors * or https: gives no clickjacking protection, though X-Frame-Options is credited', () => {
    for (const sources of ['*', 'https:', "'self' https:"]) {
      const analysis = run(
        headersWith({
          'content-security-policy': `default-src 'none'; frame-ancestors ${sources}`,
          'x-frame-options': null,
        }),
      );
      assert.equal(testOf(analysis, 'x-frame-options').result, 'x-frame-options-implemented-via-csp');
      assert.deepEqual(findingOf(analysis, 'csp-frame-ancestors-permissive')?.evidence, [`frame-ancestors ${sources}`]);
      assert.equal(analysis.status, 'warnings');
    }
    assert.equal(findingOf(run(EXEMPLARY_HEADERS), 'csp-frame-ancestors-permissive'), undefined);
  });

  test("'strict-dynamic' without a nonce or hash blocks every script", () => {
    const analysis = run(csp("default-src 'none'; script-src 'strict-dynamic' https:"));
    assert.equal(testOf(analysis, 'content-security-policy').result, 'csp-header-invalid');
    assert.equal(findingOf(analysis, 'csp-strict-dynamic-without-nonce')?.severity, 'medium');
    assert.equal(
      findingOf(
        run(csp("default-src 'none'; script-src 'strict-dynamic' 'nonce-r4nd0m'")),
        'csp-strict-dynamic-without-nonce',
      ),
      undefined,
    );
  });

  test('a repeated report directive costs the bonus in the model, and is reported as info', () => {
    const analysis = run(csp("default-src 'none'; report-uri /a; report-uri /b"));
    const test = testOf(analysis, 'content-security-policy');
    assert.equal(test.result, 'csp-implemented-but-duplicate-directives');
    assert.equal(test.scoreModifier, 0);
    assert.equal(test.pass, true);
    assert.deepEqual(findingOf(analysis, 'csp-duplicate-report-directive')?.evidence, ['report-uri repeated']);
  });

  test('an unrestricted base-uri is low', () => {
    assert.deepEqual(findingOf(run(csp("default-src 'none'")), 'csp-base-uri-unrestricted')?.evidence, [
      'no base-uri directive',
    ]);
    assert.equal(findingOf(run(EXEMPLARY_HEADERS), 'csp-base-uri-unrestricted'), undefined);
  });

  test('a report-only policy is analysed as if enforced', () => {
    const analysis = run(
      headersWith({
        'content-security-policy': null,
        'content-security-policy-report-only': "default-src 'none'; report-to csp",
      }),
    );
    const test = testOf(analysis, 'content-security-policy');
    assert.equal(test.result, 'csp-not-implemented-but-reporting-enabled');
    assert.deepEqual(
      test.data.reportOnly && (test.data.reportOnly as { result: string }).result,
      'csp-implemented-with-no-unsafe-default-src-none',
    );
    assert.equal(
      findingOf(analysis, 'csp-report-only')?.evidence[0],
      'if enforced: csp-implemented-with-no-unsafe-default-src-none',
    );
  });
});

describe('HSTS findings', () => {
  test('max-age=0 means HSTS is switched off: high, even when the score stays A+', () => {
    const analysis = run(headersWith({ 'strict-transport-security': 'max-age=0' }));
    assert.equal(testOf(analysis, 'strict-transport-security').result, 'hsts-implemented-max-age-less-than-six-months');
    assert.equal(analysis.grade, 'A+'); // the model's blind spot: -10 leaves 90, so every bonus still counts
    assert.deepEqual(findingOf(analysis, 'hsts-disabled'), {
      id: 'hsts-disabled',
      ...FINDING_CATALOGUE['hsts-disabled'],
      evidence: ['strict-transport-security: max-age=0'],
    });
  });

  test('no HSTS on the first HTTPS response before a redirect is low', () => {
    const analysis = run(EXEMPLARY_HEADERS, {
      httpsChainBefore: [
        { url: 'https://example.com/', status: 301, headers: [['location', 'https://example.com/home']] },
      ],
    });
    assert.deepEqual(findingOf(analysis, 'hsts-missing-on-first-https-response')?.evidence, [
      'https://example.com/ (301) sends no Strict-Transport-Security',
    ]);
    const covered = run(EXEMPLARY_HEADERS, {
      httpsChainBefore: [
        { url: 'https://example.com/', status: 301, headers: [['strict-transport-security', 'max-age=63072000']] },
      ],
    });
    assert.equal(findingOf(covered, 'hsts-missing-on-first-https-response'), undefined);
  });
});

describe('duplicated singleton headers', () => {
  test('the same value twice is low; the model calls X-Frame-Options invalid', () => {
    for (const xfo of [['SAMEORIGIN', 'SAMEORIGIN'], ['SAMEORIGIN, SAMEORIGIN']]) {
      const analysis = run(headersWith({ 'x-frame-options': xfo, 'content-security-policy': "default-src 'none'" }));
      assert.equal(testOf(analysis, 'x-frame-options').result, 'x-frame-options-header-invalid');
      assert.deepEqual(findingOf(analysis, 'duplicate-header-identical')?.evidence, [
        'x-frame-options sent as "SAMEORIGIN", "SAMEORIGIN"',
      ]);
    }
  });

  test('different values are medium; every singleton header is checked', () => {
    const analysis = run(
      headersWith({
        'x-frame-options': ['DENY', 'SAMEORIGIN'],
        'x-content-type-options': ['nosniff', 'nosniff'],
        'strict-transport-security': ['max-age=31536000', 'max-age=0'],
        'cross-origin-opener-policy': ['same-origin', 'unsafe-none'],
        'cross-origin-embedder-policy': ['require-corp', 'require-corp'],
        'cross-origin-resource-policy': ['same-origin', 'cross-origin'],
      }),
    );
    assert.deepEqual(findingOf(analysis, 'duplicate-header-conflicting')?.evidence, [
      'x-frame-options sent as "DENY", "SAMEORIGIN"',
      'strict-transport-security sent as "max-age=31536000", "max-age=0"',
      'cross-origin-opener-policy sent as "same-origin", "unsafe-none"',
      'cross-origin-resource-policy sent as "same-origin", "cross-origin"',
    ]);
    assert.deepEqual(findingOf(analysis, 'duplicate-header-identical')?.evidence, [
      'x-content-type-options sent as "nosniff", "nosniff"',
      'cross-origin-embedder-policy sent as "require-corp", "require-corp"',
    ]);
    assert.equal(findingOf(run(EXEMPLARY_HEADERS), 'duplicate-header-identical'), undefined);
  });
});

describe('Permissions-Policy', () => {
  test('absent: low', () => {
    assert.equal(
      findingOf(run(headersWith({ 'permissions-policy': null })), 'permissions-policy-missing')?.severity,
      'low',
    );
  });

  test('not a structured-field dictionary: low', () => {
    for (const value of ['camera=(self', 'Camera=()', 'geolocation=(self), ', 'camera=self "x"']) {
      assert.ok(findingOf(run(headersWith({ 'permissions-policy': value })), 'permissions-policy-invalid'), value);
    }
  });

  test('parsed: a summary, and powerful features open to every origin', () => {
    const analysis = run(
      headersWith({
        'permissions-policy':
          'camera=*, microphone=(), geolocation=(self "https://maps.example"), fullscreen=(self), payment=(*)',
      }),
    );
    assert.deepEqual(findingOf(analysis, 'permissions-policy-broad')?.evidence, ['camera=*', 'payment=*']);
    assert.deepEqual(findingOf(analysis, 'permissions-policy-set')?.evidence, [
      '5 features: 1 disabled, 1 limited to the site, 1 allowed to named origins, 2 allowed to every origin',
    ]);
    const split = run(headersWith({ 'permissions-policy': ['camera=()', 'usb=()'] }));
    assert.match(findingOf(split, 'permissions-policy-set')!.evidence[0]!, /^2 features: 2 disabled/);
  });
});

describe('information leaks and deprecated headers', () => {
  test('Server with a version, X-Powered-By, X-AspNet-Version and friends', () => {
    const analysis = run(
      headersWith({
        server: 'Apache/2.4.62 (Debian)',
        'x-powered-by': 'PHP/8.3.1',
        'x-aspnet-version': '4.0.30319',
        'x-nextjs-cache': 'HIT',
      }),
    );
    assert.deepEqual(findingOf(analysis, 'information-leak')?.evidence, [
      'server: Apache/2.4.62 (Debian)',
      'x-powered-by: PHP/8.3.1',
      'x-aspnet-version: 4.0.30319',
      'x-nextjs-cache: HIT',
    ]);
    assert.equal(findingOf(run(headersWith({ server: 'nginx' })), 'information-leak'), undefined);
    assert.ok(findingOf(run(headersWith({ server: 'nginx/1.25.3' })), 'information-leak'));
  });

  test('X-XSS-Protection other than 0, Expect-CT, Public-Key-Pins, Feature-Policy', () => {
    const analysis = run(
      headersWith({
        'x-xss-protection': '1; mode=block',
        'expect-ct': 'max-age=86400',
        'public-key-pins': 'pin-sha256="x"; max-age=1',
        'feature-policy': "camera 'none'",
      }),
    );
    const evidence = findingOf(analysis, 'deprecated-header')!.evidence;
    assert.deepEqual(
      evidence.map((e) => e.split(':')[0]),
      ['x-xss-protection', 'expect-ct', 'public-key-pins', 'feature-policy'],
    );
    assert.equal(findingOf(run(headersWith({ 'x-xss-protection': '0' })), 'deprecated-header'), undefined);
  });

  test('the advice names only the deprecated headers the response sends', () => {
    const finding = findingOf(run(headersWith({ 'feature-policy': "camera 'none'" })), 'deprecated-header')!;
    assert.equal(finding.recommendation, 'Replace Feature-Policy with Permissions-Policy.');
    const both = findingOf(
      run(headersWith({ 'x-xss-protection': '1', 'expect-ct': 'max-age=1' })),
      'deprecated-header',
    )!;
    assert.equal(both.recommendation, 'Set X-XSS-Protection: 0 (or drop it) and rely on CSP; drop Expect-CT.');
  });
});

describe('cookie prefixes', () => {
  test('__Host- needs Secure, Path=/ and no Domain; __Secure- needs Secure', () => {
    const analysis = run(
      headersWith({
        'set-cookie': [
          '__Host-a=1; Secure; Path=/; Domain=example.com; HttpOnly; SameSite=Lax',
          '__Host-b=1; Path=/app; HttpOnly; SameSite=Lax',
          '__Secure-c=1; HttpOnly; SameSite=Lax',
          '__Secure-d=1; Secure; HttpOnly; SameSite=Lax',
          '__Host-e=1; Secure; Path=/; SameSite=Lax',
        ],
      }),
    );
    assert.deepEqual(findingOf(analysis, 'cookie-prefix-violation')?.evidence, [
      '__Host-a: requires no Domain attribute',
      '__Host-b: requires Secure and Path=/',
      '__Secure-c: requires Secure',
    ]);
    assert.equal(findingOf(run(EXEMPLARY_HEADERS), 'cookie-prefix-violation'), undefined);
  });
});

test('a graded 401/403 error page is medium', () => {
  const analysis = run(EXEMPLARY_HEADERS, { status: 403 });
  assert.deepEqual(findingOf(analysis, 'error-status-graded')?.evidence, ['https://example.com/ answered 403']);
});

test('findings never change the score, and are sorted most severe first', () => {
  const noisy = headersWith({
    server: 'nginx/1.2.3',
    'x-xss-protection': '1',
    'permissions-policy': null,
    'content-security-policy':
      "default-src 'none'; frame-ancestors *; script-src 'self'; script-src-attr 'unsafe-inline'",
  });
  const analysis = run(noisy);
  const quiet = run(
    headersWith({ 'content-security-policy': "default-src 'none'; frame-ancestors 'none'; script-src 'self'" }),
  );
  assert.equal(analysis.score, quiet.score);
  const ranks = analysis.findings.map((f) => ['high', 'medium', 'low', 'info'].indexOf(f.severity));
  assert.deepEqual(
    ranks,
    [...ranks].sort((a, b) => a - b),
  );
  for (const f of analysis.findings)
    assert.deepEqual(
      { ...f, evidence: [], recommendation: '' },
      { id: f.id, ...FINDING_CATALOGUE[f.id], evidence: [], recommendation: '' },
    );
});

describe('where the model and browsers disagree, the grade follows the model and a finding says so', () => {
  const runCapture = (capture: SecurityHeadersCapture) => {
    const analysis = analyze(capture);
    for (const f of analysis.findings) seen.add(f.id);
    return analysis;
  };

  test('an echoed Origin with credentials: restricted access for the model, high for browsers', () => {
    const capture = siteCapture();
    capture.cors = {
      status: 204,
      headers: [
        ['access-control-allow-origin', CORS_PROBE_ORIGIN],
        ['access-control-allow-credentials', 'true'],
      ],
    };
    const analysis = runCapture(capture);
    assert.equal(
      testOf(analysis, 'cross-origin-resource-sharing').result,
      'cross-origin-resource-sharing-implemented-with-restricted-access',
    );
    assert.equal(findingOf(analysis, 'cors-origin-reflected-with-credentials')?.severity, 'high');
    capture.cors = { status: 403, headers: capture.cors.headers };
    assert.equal(findingOf(runCapture(capture), 'cors-origin-reflected-with-credentials'), undefined);
  });

  test('a max-age that is not a number: six months or more for the model, ignored by browsers', () => {
    // A repeated directive makes browsers ignore the header (RFC 6797 §6.1).
    for (const value of ['max-age=abc', 'max-age="300"', 'max-age=', 'max-age=300abc', 'max-age=63072000; max-age=0']) {
      const analysis = run(headersWith({ 'strict-transport-security': value }));
      assert.match(testOf(analysis, 'strict-transport-security').result, /^hsts-implemented-/, value);
      assert.ok(findingOf(analysis, 'hsts-max-age-misread'), value);
    }
    // Quoted digits are valid for browsers too, and long enough for both.
    assert.equal(
      findingOf(run(headersWith({ 'strict-transport-security': 'max-age="31536000"' })), 'hsts-max-age-misread'),
      undefined,
    );
    assert.equal(
      testOf(run(headersWith({ 'strict-transport-security': 'max-age=300abc' })), 'strict-transport-security').result,
      'hsts-implemented-max-age-less-than-six-months',
    );
    assert.equal(
      findingOf(run(headersWith({ 'strict-transport-security': 'max-age=31536000' })), 'hsts-max-age-misread'),
      undefined,
    );
  });

  test('an HTML type in odd case or spacing: no meta policies for the model', () => {
    const html = '<html><head><meta http-equiv="Content-Security-Policy" content="default-src \'none\'"></head></html>';
    const odd = run(headersWith({ 'content-type': 'Text/HTML', 'content-security-policy': null }), { html });
    assert.equal(testOf(odd, 'content-security-policy').result, 'csp-not-implemented');
    assert.deepEqual(findingOf(odd, 'content-type-not-recognised')?.evidence, ['content-type: Text/HTML']);
    const plain = run(headersWith({ 'content-type': 'text/html', 'content-security-policy': null }), { html });
    assert.equal(testOf(plain, 'content-security-policy').result, 'csp-implemented-with-no-unsafe-default-src-none');
    assert.equal(findingOf(plain, 'content-type-not-recognised'), undefined);
  });

  test('a page declared in UTF-16 or a refused encoding: browsers and the model read different markup', () => {
    const html = '<p>hello</p>';
    const page = (contentType: string) => run(headersWith({ 'content-type': contentType }), { html });
    for (const charset of ['utf-16', 'UTF-16BE', '"unicodeFFFE"', 'iso-2022-kr']) {
      const evidence = [`content-type: text/html; charset=${charset}`];
      assert.deepEqual(findingOf(page(evidence[0]!.slice(14)), 'page-encoding-misread')?.evidence, evidence, charset);
    }
    for (const charset of ['utf-8', 'iso-8859-1', 'shift_jis', 'no-such-charset']) {
      assert.equal(findingOf(page(`text/html; charset=${charset}`), 'page-encoding-misread'), undefined, charset);
    }
    // A body the SRI test does not read is not a page.
    assert.equal(findingOf(page('application/json; charset=utf-16'), 'page-encoding-misread'), undefined);
  });

  test('a script URL with a capitalised scheme: same-origin for the model, another site for browsers', () => {
    const analysis = run(EXEMPLARY_HEADERS, { html: '<script src="HTTP://cdn.other.net/a.js"></script>' });
    assert.equal(
      testOf(analysis, 'subresource-integrity').result,
      'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    );
    assert.deepEqual(findingOf(analysis, 'script-url-misread')?.evidence, ['<script src="HTTP://cdn.other.net/a.js">']);

    const misread = (src: string) =>
      findingOf(run(EXEMPLARY_HEADERS, { html: `<script src="${src}"></script>` }), 'script-url-misread');
    for (const src of [
      ' https://cdn.other.net/a.js',
      '///cdn.other.net/a.js',
      '\\\\cdn.other.net\\a.js',
      'http:cdn.other.net/a.js',
    ]) {
      assert.deepEqual(misread(src)?.evidence, [`<script src="${src}">`], src);
    }
    // Paths browsers also resolve on this site: a non-breaking space is not white space to them.
    for (const src of ['\u00a0https://cdn.other.net/a.js', 'HTTPS://www.example.com/a.js', 'a.js', '/x/a.js', '?q']) {
      assert.equal(misread(src), undefined, src);
    }
    // Each URL once, ten at most.
    const many = Array.from({ length: 30 }, (_, i) => `<script src="HTTP://c${i % 12}.other.net/a.js"></script>`);
    const evidence = findingOf(run(EXEMPLARY_HEADERS, { html: many.join('') }), 'script-url-misread')?.evidence;
    assert.equal(new Set(evidence).size, 10);
  });

  test('frame-ancestors in a meta policy: X-Frame-Options via CSP for the model, nothing for browsers', () => {
    const html = '<meta http-equiv="content-security-policy" content="default-src \'none\'; frame-ancestors \'none\'">';
    const analysis = run(headersWith({ 'content-security-policy': null, 'x-frame-options': null }), { html });
    assert.equal(testOf(analysis, 'x-frame-options').result, 'x-frame-options-implemented-via-csp');
    assert.ok(findingOf(analysis, 'csp-frame-ancestors-in-meta'));
  });
});

// Tests in a file run in order: this one comes last.
test('every finding kind of the catalogue is exercised above', () => {
  assert.deepEqual([...seen].sort(), Object.keys(FINDING_CATALOGUE).sort());
});
