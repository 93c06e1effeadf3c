import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as tldts from 'tldts';
import { badgeDomainForm, normalizeBadgeDomain, normalizeBadgeDomainWith } from '../../src/net/site-domain.ts';

const normalize = (raw: string) => normalizeBadgeDomainWith(tldts, raw);

// The path parameter as the router hands it over: still percent-encoded, as the URL parser left it.
const ACCEPTED: [raw: string, domain: string, what: string][] = [
  ['example.com', 'example.com', 'a bare domain'],
  ['docs.example.com', 'docs.example.com', 'a subdomain is kept'],
  ['https://example.com', 'example.com', 'https scheme'],
  ['http://example.com', 'example.com', 'http scheme'],
  ['HTTPS://EXAMPLE.COM', 'example.com', 'scheme and host in upper case'],
  ['https:/example.com', 'example.com', 'scheme after a proxy merged the double slash'],
  ['https:example.com', 'example.com', 'scheme without slashes'],
  ['https%3A%2F%2Fexample.com', 'example.com', 'a percent-encoded URL'],
  ['https%3A%2F%2Fwww.example.com%2Fpath%3Fq%3D1', 'example.com', 'percent-encoded URL with www, path and query'],
  ['www.example.com', 'example.com', 'www prefix'],
  ['WWW.Example.COM', 'example.com', 'www prefix in upper case'],
  ['https://www.example.com/some/page', 'example.com', 'scheme, www and path'],
  ['example.com/', 'example.com', 'trailing slash'],
  ['example.com/a/b/c.html', 'example.com', 'path'],
  ['example.com%3Fa%3D1', 'example.com', 'query (encoded, as a raw ? never reaches the parameter)'],
  ['example.com%23top', 'example.com', 'fragment (encoded)'],
  ['example.com:8443', 'example.com', 'port'],
  ['https://example.com:443/x', 'example.com', 'scheme, port and path'],
  ['example.com:', 'example.com', 'empty port'],
  ['example.com.', 'example.com', 'one trailing dot'],
  ['b%C3%BCcher.de', 'xn--bcher-kva.de', 'IDN, percent-encoded UTF-8 as browsers send it'],
  ['bücher.de', 'xn--bcher-kva.de', 'IDN, raw'],
  ['BÜCHER.DE', 'xn--bcher-kva.de', 'IDN in upper case'],
  ['www.bücher.de', 'xn--bcher-kva.de', 'IDN with www'],
  ['xn--bcher-kva.de', 'xn--bcher-kva.de', 'punycode as is'],
  ['%E2%98%83.net', 'xn--n3h.net', 'emoji-like IDN'],
  ['example%E3%80%82com', 'example.com', 'ideographic full stop as a dot'],
  ['example.xn--p1ai', 'example.xn--p1ai', 'punycode TLD'],
  ['www.com', 'www.com', 'www is kept when nothing but a TLD would remain'],
  ['https://www.gov.uk/', 'www.gov.uk', 'www is kept when a public suffix would remain'],
  ['WWW.co.uk', 'www.co.uk', 'www is kept when a public suffix would remain, in any case'],
  ['foo.github.io', 'foo.github.io', 'under a private suffix'],
  ['a-b.example.co.uk', 'a-b.example.co.uk', 'hyphen inside a label, two-level suffix'],
  [`${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`, 'label of 63 characters'],
];

const REFUSED: [raw: string, reason: RegExp, what: string][] = [
  ['', /empty/, 'empty'],
  ['https://', /empty/, 'scheme only'],
  ['localhost', /no dot/, 'single label'],
  ['com', /no dot/, 'a TLD alone'],
  ['co.uk', /public suffix/, 'a public suffix'],
  ['127.0.0.1', /IP address/, 'IPv4'],
  ['0x7f.1', /IP address/, 'IPv4 in hex shorthand'],
  ['2130706433', /IP address/, 'IPv4 as one number'],
  ['%5B%3A%3A1%5D', /IP address/, 'IPv6 literal'],
  ['https://[2001:db8::1]:443/', /IP address/, 'IPv6 URL'],
  ['example.123', /numeric/, 'numeric TLD'],
  ['a..com', /empty label/, 'two dots'],
  ['.example.com', /empty label/, 'leading dot'],
  ['example.com..', /empty label/, 'two trailing dots'],
  [`${'a'.repeat(64)}.com`, /longer than 63/, 'label of 64 characters'],
  [`${Array(5).fill('a'.repeat(60)).join('.')}.com`, /at most 253/, 'over 253 characters'],
  ['a_b.example.com', /other than letters/, 'underscore'],
  ['-a.example.com', /hyphen/, 'leading hyphen'],
  ['exa%20mple.com', /whitespace/, 'space'],
  ['example.com%00', /whitespace or control/, 'NUL'],
  ['%E2%80%8Bexample.com', /whitespace or control/, 'zero-width space'],
  ['%ZZexample.com', /percent/, 'malformed percent-encoding'],
  ['%C3%28.com', /percent/, 'percent-encoded invalid UTF-8'],
  ['ex%2541mple.com', /twice/, 'double percent-encoding'],
  ['javascript:alert(1)', /other URL schemes/, 'javascript: URL'],
  ['ftp://example.com', /other URL schemes/, 'ftp URL'],
  ['mailto:a@example.com', /other URL schemes/, 'mailto URL'],
  ['https://user:pw@example.com', /credentials/, 'credentials'],
  ['user:pw@example.com', /scheme/, 'credentials without a scheme read as one'],
  ['https://user@example.com/', /credentials/, 'user in a URL'],
  ['example.com:99999', /port/, 'port out of range'],
  ['example.com:80:80', /":"|scheme/, 'two ports'],
  ['example.com:8a', /scheme|":"/, 'a port that is not a number'],
  ['xn--zz.com', /not allowed|punycode/, 'invalid punycode'],
  ['%3Cscript%3Ealert(1)%3C/script%3E.com', /not allowed/, 'script tag'],
  ['%22onload=%22x.com', /other than letters/, 'quote and onload'],
  ['x'.repeat(2049), /at most 2048/, 'very long parameter'],
];

describe('normalizeBadgeDomain: accepted forms', () => {
  for (const [raw, domain, what] of ACCEPTED) {
    test(`${what}: ${JSON.stringify(raw.slice(0, 60))} → ${domain.slice(0, 60)}`, () => {
      assert.deepEqual(normalize(raw), { ok: true, domain });
    });
  }

  test('a 253-character name is the longest accepted', () => {
    const name = `${Array(3).fill('a'.repeat(63)).join('.')}.${'b'.repeat(57)}.com`;
    assert.equal(name.length, 253);
    assert.deepEqual(normalize(name), { ok: true, domain: name });
    assert.equal(normalize(`a${name}`).ok, false);
  });

  test('every accepted result is already normal: normalising it again changes nothing', () => {
    for (const [raw] of ACCEPTED) {
      const first = normalize(raw);
      if (!first.ok) continue;
      assert.deepEqual(normalize(first.domain), first, raw);
    }
  });
});

describe('normalizeBadgeDomain: refused forms say why', () => {
  for (const [raw, reason, what] of REFUSED) {
    test(`${what}: ${JSON.stringify(raw.slice(0, 60))}`, () => {
      const result = normalize(raw);
      assert.equal(result.ok, false, JSON.stringify(result));
      if (!result.ok) {
        assert.match(result.reason, reason);
        assert.ok(
          !result.reason.includes('<') && !result.reason.includes('onload'),
          'the reason does not echo the input',
        );
      }
    });
  }
});

describe('normalizeBadgeDomain: the public-suffix list loads on first use', () => {
  test('loaded by the call, it answers as the list at hand does', async () => {
    for (const [raw] of [...ACCEPTED, ...REFUSED].slice(0, 40))
      assert.deepEqual(await normalizeBadgeDomain(raw), normalize(raw), raw);
  });

  test('without the list, only the public-suffix check is left out (DEV_WEBSITE_GRADES at start-up)', () => {
    assert.deepEqual(badgeDomainForm('www.gov.uk'), { ok: true, domain: 'gov.uk' });
    assert.equal(normalize('gov.uk').ok, false);
    assert.deepEqual(badgeDomainForm('docs.example.com'), normalize('docs.example.com'));
  });
});
