import * as tldts from 'tldts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { emailSecurityDefinition } from '../../src/tools/email-security/definition.ts';
import { securityHeadersDefinition } from '../../src/tools/security-headers/definition.ts';
import { targetTextProblem } from '../../src/tools/target-text.ts';

const sh = (raw: string) => securityHeadersDefinition.parseTarget(raw, tldts);
const es = (raw: string) => emailSecurityDefinition.parseTarget(raw, tldts);

test('security-headers assumes https:// and normalises the URL', () => {
  assert.deepEqual(sh('Example.COM'), {
    ok: true,
    target: 'https://example.com/',
    quotaKey: 'example.com',
    badge: { domain: 'example.com', feeds: true },
  });
  const page = sh('http://www.example.com/a?b=1#frag');
  assert.ok(page.ok);
  assert.equal(page.target, 'http://www.example.com/a?b=1');
  assert.equal(page.quotaKey, 'www.example.com');
  assert.equal(page.badge.domain, 'example.com');
});

test("only a scan of the site's start, https:// on the host the badge names, feeds its badge", () => {
  const feeds = (raw: string) => {
    const parsed = sh(raw);
    assert.ok(parsed.ok, raw);
    return parsed.badge.feeds;
  };
  for (const start of [
    'example.com',
    'https://EXAMPLE.com',
    'https://example.com:443/',
    'https://example.com/#top',
    'https://www.example.com/',
  ])
    assert.equal(feeds(start), true, start);
  for (const other of [
    'https://example.com/login',
    'https://example.com/?utm=1',
    'https://example.com/?',
    'http://example.com/',
    'https://www.example.com/a',
    'https://www.www.example.com/',
    'https://example.com./',
    'https://example.com:8443/',
  ])
    assert.equal(feeds(other), false, other);
  const weak = sh('https://example.com/old-page');
  assert.ok(weak.ok && !weak.badge.feeds);
  assert.equal(weak.badge.domain, 'example.com');
  assert.match(
    weak.badge.why,
    /Only a scan of https:\/\/example\.com\/ or https:\/\/www\.example\.com\/ feeds the badge of example\.com/,
  );
  // A subdomain is a badge of its own, fed by its own start.
  const blog = sh('https://blog.example.com/');
  assert.ok(blog.ok);
  assert.deepEqual(blog.badge, { domain: 'blog.example.com', feeds: true });
});

test('a host a badge URL would name as another has no badge: www.www.example.com', () => {
  const r = sh('https://www.www.example.com/');
  assert.ok(r.ok);
  assert.equal(r.badge.domain, null);
  assert.equal(r.badge.feeds, false);
});

test('security-headers feeds no badge from an IP address, and says why', () => {
  const r = sh('http://93.184.215.14/');
  assert.ok(r.ok);
  assert.deepEqual(r.badge, { domain: null, feeds: false, why: 'An IP address has no badge.' });
});

test('security-headers keys the quota by address, whichever way an IP address is written', () => {
  const key = (raw: string) => {
    const parsed = sh(raw);
    return parsed.ok ? parsed.quotaKey : parsed.detail;
  };
  assert.equal(key('http://93.184.215.14/'), '93.184.215.14');
  assert.equal(key('http://[::ffff:93.184.215.14]/'), '93.184.215.14');
  assert.equal(key('http://[::ffff:5db8:d70e]/'), '93.184.215.14');
  assert.equal(key('http://[2001:db8::1]/'), '2001:db8::1');
  assert.equal(key('http://[2001:DB8:0::1]/'), '2001:db8::1');
});

test('security-headers converts an IDN to punycode', () => {
  const r = sh('bücher.example');
  assert.ok(r.ok);
  assert.equal(r.target, 'https://xn--bcher-kva.example/');
});

test('security-headers refuses other schemes, credentials and broken hosts', () => {
  for (const bad of [
    'ftp://example.com',
    'javascript:alert(1)',
    'https://user:pw@example.com',
    'https://',
    'https://a..b',
    `https://${'a'.repeat(64)}.com`,
    'exa mple.com',
    'https://exa_mple.com',
  ]) {
    assert.equal(sh(bad).ok, false, bad);
  }
  const creds = sh('https://user@example.com/x');
  assert.ok(!creds.ok && /credentials/.test(creds.detail));
});

test('email-security accepts an apex domain, with a trailing dot or as an IDN', () => {
  assert.deepEqual(es('Example.com.'), {
    ok: true,
    target: 'example.com',
    quotaKey: 'example.com',
    badge: { domain: 'example.com', feeds: true },
  });
  assert.deepEqual((es('example.co.uk') as { badge: unknown }).badge, { domain: 'example.co.uk', feeds: true });
  assert.equal((es('bücher.de') as { target: string }).target, 'xn--bcher-kva.de');
});

test('email-security names the apex to use for a subdomain or URL', () => {
  for (const [raw, apex] of [
    ['www.example.com', 'example.com'],
    ['mail.corp.example.co.uk', 'example.co.uk'],
    ['https://www.example.com/path', 'example.com'],
    ['postmaster@example.com', 'example.com'],
  ]) {
    const r = es(raw!);
    assert.ok(!r.ok, raw);
    assert.equal(r.hint, `use ${apex}`, raw);
  }
});

test('email-security refuses IP addresses, public suffixes and non-domains', () => {
  for (const bad of ['192.0.2.1', 'co.uk', 'com', 'localhost', '..', 'exa mple.com', '[::1]'])
    assert.equal(es(bad).ok, false, bad);
});

test('every target is refused with whitespace, control characters or over 2,048 characters', () => {
  assert.equal(targetTextProblem('example.com'), null);
  assert.equal(targetTextProblem(`${'a'.repeat(2044)}.com`), null);
  assert.match(targetTextProblem(`${'a'.repeat(2045)}.com`)!, /2049 characters/);
  for (const bad of ['', 'exa\u0000mple.com', 'a\nb', 'a\tb', 'a b', 'a\u200bb', 'a\u202eb', 'a\ud800b'])
    assert.notEqual(targetTextProblem(bad), null, JSON.stringify(bad));
  assert.equal(targetTextProblem('😀'.repeat(2048)), null, 'characters are code points, not UTF-16 units');
});
