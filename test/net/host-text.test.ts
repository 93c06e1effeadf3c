import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { sourceFiles } from '../support/source-files.ts';
import {
  asciiHostname,
  endsInNumericLabel,
  hasInvisibleCharacters,
  isDottedQuad,
  isHostname,
  isIpLiteralHostname,
  MAX_DNS_LABEL_LENGTH,
  MAX_DNS_NAME_LENGTH,
  percentDecode,
  urlHostname,
  withoutTrailingDot,
} from '../../src/net/host-text.ts';

test('invisible characters: whitespace, controls and the Unicode ones that render as nothing', () => {
  for (const text of [
    'a b',
    'a\tb',
    'a\u0000',
    'a\u007f',
    'a\u00a0',
    'a\u00ad',
    'a\u200b',
    'a\u2028',
    'a\u2060',
    'a\u3000',
    '\ufeffa',
  ]) {
    assert.equal(hasInvisibleCharacters(text), true, JSON.stringify(text));
  }
  for (const text of ['example.com', 'bücher.de', 'münchen.例え.jp'])
    assert.equal(hasInvisibleCharacters(text), false, text);
});

test('percent-decoding never throws: null for a "%" that does not start valid UTF-8', () => {
  assert.equal(percentDecode('https%3A%2F%2Fexample.com%2F'), 'https://example.com/');
  assert.equal(percentDecode('b%C3%BCcher.de'), 'bücher.de');
  assert.equal(percentDecode('plain'), 'plain');
  assert.equal(percentDecode('100%'), null);
  assert.equal(percentDecode('%C3'), null);
  assert.equal(percentDecode('%zz'), null);
});

test('one trailing dot goes, nothing else', () => {
  assert.equal(withoutTrailingDot('example.com.'), 'example.com');
  assert.equal(withoutTrailingDot('example.com..'), 'example.com.');
  assert.equal(withoutTrailingDot('example.com'), 'example.com');
  assert.equal(withoutTrailingDot('.'), '');
});

test('IP literals as the URL parser serialises them, and numeric last labels', () => {
  assert.equal(isDottedQuad('127.0.0.1'), true);
  assert.equal(isDottedQuad('1.2.3'), false);
  assert.equal(isDottedQuad('1.2.3.4.5'), false);
  assert.equal(isIpLiteralHostname(new URL('http://0x7f.1/').hostname), true);
  assert.equal(isIpLiteralHostname(new URL('http://2130706433/').hostname), true);
  assert.equal(isIpLiteralHostname(new URL('http://[::1]/').hostname), true);
  assert.equal(isIpLiteralHostname('example.com'), false);
  assert.equal(isIpLiteralHostname('1.2.3.example'), false);
  for (const host of ['127.0.0.1', '2130706433', 'example.123']) assert.equal(endsInNumericLabel(host), true, host);
  for (const host of ['example.com', '0x7f', 'example.1a', '']) assert.equal(endsInNumericLabel(host), false, host);
});

test('host names: ASCII labels of letters, digits and inner hyphens, within the DNS lengths', () => {
  const label = 'a'.repeat(MAX_DNS_LABEL_LENGTH);
  assert.equal(isHostname(`${label}.com`), true);
  assert.equal(isHostname(`${label}a.com`), false);
  const longest = Array.from({ length: 4 }, () => 'a'.repeat(62)).join('.') + '.ab'; // 4 × 62 + 4 dots + 2 = 254
  assert.equal(isHostname(longest.slice(1)), true);
  assert.equal(longest.slice(1).length, MAX_DNS_NAME_LENGTH);
  assert.equal(isHostname(longest), false);
  for (const host of ['', 'a..b', '-a.com', 'a-.com', 'a_b.com', 'A.com', 'example.com.'])
    assert.equal(isHostname(host), false, host);
  for (const host of ['a', 'a-b.c0m', 'xn--bcher-kva.de']) assert.equal(isHostname(host), true, host);
});

test('the URL parser lower-cases and converts IDNs; asciiHostname refuses URL syntax', () => {
  assert.equal(urlHostname('Bücher.DE.'), 'xn--bcher-kva.de');
  assert.equal(urlHostname('exa mple.com'), null);
  assert.equal(asciiHostname('Bücher.de.'), 'xn--bcher-kva.de');
  for (const input of ['example.com/x', 'user@example.com', 'example.com:80', 'ex%41mple.com', '[::1]', 'a..b'])
    assert.equal(asciiHostname(input), null, input);
});

test('no other file under src/ spells out these rules again', () => {
  const copies = [
    { what: 'an invisible-character class', pattern: /\\u200[0-9a-f]-\\u200[0-9a-f]/i },
    { what: 'a dotted-quad pattern', pattern: /\\d\{1,3\}/ },
    { what: 'a numeric-last-label pattern', pattern: /\(\?:\^\|\\\.\)\\d\+\$/ },
    { what: 'percent-decoding', pattern: /decodeURI(?:Component)?\s*\(/ },
  ];
  const offences = sourceFiles('src')
    .filter((file) => file !== join('src', 'net', 'host-text.ts'))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => copies.filter((c) => c.pattern.test(line)).map((c) => `${file}:${i + 1}: ${c.what}`)),
    );
  assert.deepEqual(offences, []);
  const own = readFileSync(join('src', 'net', 'host-text.ts'), 'utf8');
  for (const c of copies) assert.ok(c.pattern.test(own), `the check for ${c.what} matches nothing`);
});
