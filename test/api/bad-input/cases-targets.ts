/**
 * Bad-input cases about `target` itself: too long, holding control, invisible, bidi or
 * unpaired-surrogate characters, odd Unicode in the JSON keys, and well-formed strings that each
 * tool refuses as a target.
 */
import { MAX_BODY_BYTES, MAX_TARGET_LENGTH } from '../../../src/limits.ts';
import { EXECUTE_ES, EXECUTE_SH } from '../../support/harness.ts';
import { bytes, type Case, forBothTools, post, TOOLS } from './case-kit.ts';

// --- Targets that are too long -------------------------------------------------------------------

const over = MAX_TARGET_LENGTH + 1;
export const longTargets: Case[] = [
  ...forBothTools(`${over} letters`, 'a'.repeat(over)),
  ...forBothTools(`${over} characters ending in .com`, 'a'.repeat(over - 4) + '.com'),
  ...forBothTools('8,000 letters (body still under 8 KiB)', 'a'.repeat(8000)),
  ...forBothTools(`${over} code points mixing ASCII and emoji`, 'a'.repeat(over - 600) + '😀'.repeat(600)),
  {
    name: `security-headers: URL of ${over} characters`,
    request: post(EXECUTE_SH, JSON.stringify({ target: 'https://example.com/' + 'a'.repeat(over - 20) })),
    status: 400,
  },
  {
    name: `security-headers: URL of ${over} code points with two-byte path characters`,
    request: post(EXECUTE_SH, JSON.stringify({ target: 'https://example.com/' + 'é'.repeat(over - 20) })),
    status: 400,
  },
  // Long enough that the body passes the 8 KiB limit: refused before it is parsed.
  ...forBothTools('target making the body 8,193 bytes', 'a'.repeat(MAX_BODY_BYTES + 1 - '{"target":""}'.length), 413),
  ...forBothTools(`${over} emoji (more than 8 KiB of UTF-8)`, '😀'.repeat(over), 413),
];

// --- Unicode and control characters in target -----------------------------------------------------

const oddCharacters: [string, string][] = [
  ['NUL', '\u0000'],
  ['SOH', '\u0001'],
  ['backspace', '\b'],
  ['tab', '\t'],
  ['newline', '\n'],
  ['vertical tab', '\u000b'],
  ['form feed', '\f'],
  ['carriage return', '\r'],
  ['CR LF', '\r\n'],
  ['ESC', '\u001b'],
  ['unit separator', '\u001f'],
  ['space', ' '],
  ['DEL', '\u007f'],
  ['NEL (U+0085)', '\u0085'],
  ['no-break space', '\u00a0'],
  ['soft hyphen', '\u00ad'],
  ['Ogham space mark', '\u1680'],
  ['Mongolian vowel separator', '\u180e'],
  ['en quad', '\u2000'],
  ['zero-width space', '\u200b'],
  ['zero-width non-joiner', '\u200c'],
  ['zero-width joiner', '\u200d'],
  ['left-to-right mark', '\u200e'],
  ['right-to-left mark', '\u200f'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
  ['left-to-right embedding', '\u202a'],
  ['right-to-left embedding', '\u202b'],
  ['pop directional formatting', '\u202c'],
  ['left-to-right override', '\u202d'],
  ['right-to-left override', '\u202e'],
  ['narrow no-break space', '\u202f'],
  ['word joiner', '\u2060'],
  ['left-to-right isolate', '\u2066'],
  ['right-to-left isolate', '\u2067'],
  ['first strong isolate', '\u2068'],
  ['pop directional isolate', '\u2069'],
  ['Arabic letter mark', '\u061c'],
  ['ideographic space', '\u3000'],
  ['BOM / zero-width no-break space', '\ufeff'],
  // JSON.stringify writes these as \ud800-style escapes; JSON.parse gives the lone surrogate back.
  ['escaped lone high surrogate', '\ud800'],
  ['escaped lone low surrogate', '\udfff'],
  ['escaped surrogate pair in the wrong order', '\ude00\ud83d'],
];

export const targetCharacters: Case[] = [
  // JSON.stringify escapes the C0 controls and lone surrogates, and writes the rest as UTF-8.
  ...oddCharacters.flatMap(([name, c]) => forBothTools(`${name} inside the target`, `exa${c}mple.com`)),
  ...(
    [
      ['leading space', ' example.com'],
      ['trailing space', 'example.com '],
      ['only spaces', '   '],
      ['leading tab', '\texample.com'],
      ['trailing newline', 'example.com\n'],
      ['trailing NUL', 'example.com\u0000'],
      ['leading zero-width space', '\u200bexample.com'],
      ['leading BOM', '\ufeffexample.com'],
      ['right-to-left override spoofing the TLD', 'example\u202emoc.'],
      ['trailing lone high surrogate', 'example.com\ud83d'],
      ['emoji joined by zero-width joiners', '👨\u200d👩\u200d👧.com'],
      ['emoji followed by a space', '😀 .com'],
      ['emoji at a user-info position', '😀@😀'],
    ] as const
  ).flatMap(([name, target]) => forBothTools(name, target)),
  {
    name: 'security-headers: URL with an emoji and a space in the path',
    request: post(EXECUTE_SH, JSON.stringify({ target: 'https://example.com/😀 x' })),
    status: 400,
  },
  {
    name: 'email-security: a lone emoji (a public suffix once in punycode)',
    request: post(EXECUTE_ES, JSON.stringify({ target: '😀' })),
    status: 400,
  },
  {
    name: 'email-security: emoji scheme',
    request: post(EXECUTE_ES, JSON.stringify({ target: '😀://example.com' })),
    status: 400,
  },
  // Raw bytes JSON.stringify would never produce.
  ...TOOLS.flatMap(({ tool, path }): Case[] => [
    {
      name: `${tool}: raw UTF-8-encoded lone high surrogate (ED A0 80)`,
      request: post(path, bytes('{"target":"exa', [0xed, 0xa0, 0x80], 'mple.com"}')),
      status: 400,
    },
    {
      name: `${tool}: raw UTF-8-encoded lone low surrogate (ED BF BF)`,
      request: post(path, bytes('{"target":"exa', [0xed, 0xbf, 0xbf], 'mple.com"}')),
      status: 400,
    },
    {
      name: `${tool}: hand-written escape \\u200b`,
      request: post(path, '{"target":"exa\\u200bmple.com"}'),
      status: 400,
    },
    {
      name: `${tool}: hand-written escape \\u202e`,
      request: post(path, '{"target":"exa\\u202emple.com"}'),
      status: 400,
    },
    {
      name: `${tool}: hand-written escape \\u0000`,
      request: post(path, '{"target":"example.com\\u0000"}'),
      status: 400,
    },
    {
      name: `${tool}: hand-written escape \\udbff at the end`,
      request: post(path, '{"target":"example.com\\udbff"}'),
      status: 400,
    },
    {
      name: `${tool}: raw DEL byte (valid JSON, forbidden in a target)`,
      request: post(path, bytes('{"target":"exa', [0x7f], 'mple.com"}')),
      status: 400,
    },
    {
      name: `${tool}: raw C1 control U+0085 as UTF-8`,
      request: post(path, bytes('{"target":"exa', [0xc2, 0x85], 'mple.com"}')),
      status: 400,
    },
  ]),
];

// --- Unicode and control characters in JSON keys ---------------------------------------------------

export const jsonKeys: Case[] = (
  [
    ['NUL inside the key', '{"tar\\u0000get":"example.com"}'],
    ['zero-width space after the key', '{"target\\u200b":"example.com"}'],
    ['BOM before the key', '{"\\ufefftarget":"example.com"}'],
    ['right-to-left override in the key', '{"\\u202etegrat":"example.com"}'],
    ['lone surrogate as the key', '{"\\ud800":"example.com"}'],
    ['accented key', '{"tárget":"example.com"}'],
    ['Cyrillic lookalike key', '{"tаrget":"example.com"}'],
    ['fullwidth key', '{"ｔａｒｇｅｔ":"example.com"}'],
    ['emoji key', '{"😀":"example.com"}'],
    ['empty key', '{"":"example.com"}'],
    ['trailing space in the key', '{"target ":"example.com"}'],
    ['upper-case key', '{"TARGET":"example.com"}'],
    ['raw newline in the key (invalid JSON)', '{"tar\nget":"example.com"}'],
  ] as const
).flatMap(([name, body]) =>
  TOOLS.map(({ tool, path }): Case => ({ name: `${tool}: ${name}`, request: post(path, body), status: 400 })),
);

// --- Targets each tool refuses ------------------------------------------------------------------

/** A target as a test name shows it: quoted, and cut short when long. */
const shown = (target: string): string =>
  JSON.stringify(target.length > 70 ? `${target.slice(0, 60)}…(${target.length})` : target);

export const invalidTargets: Case[] = [
  ...(
    [
      'ftp://example.com',
      'FTP://example.com/file',
      'javascript:alert(1)',
      'javascript://example.com/%0aalert(1)',
      'file:///etc/passwd',
      'ws://example.com',
      'data:text/html,hi',
      'mailto:someone@example.com',
      'user:pass@example.com',
      'https://user:pass@example.com/',
      'https://user@example.com',
      'http://',
      'https://',
      'HTTPS://',
      '.',
      '..',
      '...',
      '.com',
      'a..b',
      'example..com',
      'https://a..b/',
      'https://.example.com',
      '-example.com',
      'example-.com',
      'exa_mple.com',
      'a'.repeat(64) + '.com',
      'https://' + 'b'.repeat(64) + '.example.com/',
      ('a'.repeat(60) + '.').repeat(5) + 'com',
      'http://[::1',
      'https://example.com:99999',
      'https:example.com',
      'https://exa%20mple.com',
      'https://%00.com',
      '2001:db8::1',
    ] as const
  ).map((target): Case => ({
    name: `security-headers: ${shown(target)}`,
    request: post(EXECUTE_SH, JSON.stringify({ target })),
    status: 400,
  })),
  ...(
    [
      'www.example.com',
      'mail.example.co.uk',
      'https://example.com/',
      'http://example.com',
      'example.com/path',
      'someone@example.com',
      '192.0.2.1',
      '0.0.0.0',
      '[2001:db8::1]',
      '2001:db8::1',
      'co.uk',
      'com',
      'uk',
      'localhost',
      'example.com:25',
      'ftp://example.com',
      'javascript:alert(1)',
      'user:pass@example.com',
      'http://',
      '.',
      '..',
      '.com',
      'a..b',
      '-example.com',
      'exa_mple.com',
      'a'.repeat(64) + '.com',
    ] as const
  ).map((target): Case => ({
    name: `email-security: ${shown(target)}`,
    request: post(EXECUTE_ES, JSON.stringify({ target })),
    status: 400,
  })),
];
