/**
 * The bad-input suite: hundreds of malformed requests (broken JSON, wrong types, huge and lying
 * bodies, odd methods, odd headers, Unicode and control characters in `target`, in JSON keys and
 * in API keys). Each must get a 4xx problem+json, no scan may run, and afterwards the server must
 * still serve ordinary requests without having logged an unexpected error.
 *
 * The cases are data: every entry names the request and the status it must get. Requests that
 * fetch cannot send (forbidden or malformed methods, raw bytes in headers, chunked or lying
 * bodies) go over a raw socket. A few of those are garbage that Node's own HTTP parser answers
 * with a bare 4xx (400, 417 or 431) before the app sees them; they are marked `refusedByHttpParser` and only the
 * status and the server's health are asserted for them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as v from 'valibot';
import { ERRORS } from '../../src/http/errors.ts';
import { generateKey } from '../../src/keys/key-format.ts';
import { MAX_BODY_BYTES, MAX_TARGET_LENGTH } from '../../src/limits.ts';
import { ProblemSchema } from '../../src/schemas.ts';
import { CATALOG, EXECUTE_ES, EXECUTE_SH, postJson, startHarness } from '../support/harness.ts';
import { chunk, LAST_CHUNK, rawHead, rawRequest } from '../support/raw-http.ts';

// One server for the whole suite. Every limit is raised out of reach: the suite sends hundreds of
// requests, many from one address (the raw-socket ones all come from 127.0.0.1), and a 429 would
// hide the status each case is about; rate limiting is not what this suite tests.
const h = await startHarness({
  limits: { anonymousPerMinute: 1e6, keyPerMinute: 1e6, scansPerHourPerClient: 1e6, scansPerHourPerTarget: 1e6, scansPerHourOverall: 1e6 },
});

const PREFIX = 'asc_live_';
const valid = await h.createKey();
const other = await h.createKey();
const expired = await h.createKey(undefined, { expiresAt: h.clock.time - 1 });
const revoked = await h.createKey();
await h.store.revokeKey(revoked.id, h.clock.time - 1);
const unknownKey = generateKey(PREFIX);
const keyBody = unknownKey.slice(PREFIX.length);
const lastChar = keyBody.at(-1)!;
const badChecksumKey = PREFIX + keyBody.slice(0, -1) + (lastChar === 'a' ? 'b' : 'a');

// ---------------------------------------------------------------------------------------------
// The case table
// ---------------------------------------------------------------------------------------------

type ProblemStatus = 400 | 401 | 404 | 405 | 413;
const CODE_OF = { 400: 'bad_request', 401: 'unauthorized', 404: 'not_found', 405: 'method_not_allowed', 413: 'payload_too_large' } as const;

type Outgoing =
  /** Through fetch (via the harness, which adds a fresh X-Forwarded-For). */
  | { via: 'fetch'; method: string; path: string; headers?: Record<string, string>; body?: string | Uint8Array }
  /** Raw bytes over a socket; see rawRequest for the options. */
  | { via: 'raw'; pieces: (string | Buffer)[]; endAfterWrite?: boolean; pauseMs?: number };

type Case = { name: string; request: Outgoing } & (
  | { status: ProblemStatus }
  /** Node's HTTP parser (or its HTTP server) answers before the app: any 4xx, no problem body. */
  | { refusedByHttpParser: true }
);

const enc = (s: string) => Buffer.from(s, 'utf8');
const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? enc(p) : Buffer.from(p))));

function post(path: string, body: string | Uint8Array, headers: Record<string, string> = {}): Outgoing {
  return { via: 'fetch', method: 'POST', path, headers: { 'content-type': 'application/json', ...headers }, body };
}

/** A raw POST with a correct Content-Length. */
function rawPost(path: string, body: Buffer | string, headers: [string, string][] = []): Outgoing {
  const b = typeof body === 'string' ? enc(body) : body;
  return { via: 'raw', pieces: [rawHead('POST', path, [['Content-Type', 'application/json'], ['Content-Length', String(b.length)], ...headers]), b] };
}

const TOOLS = [
  { tool: 'security-headers', path: EXECUTE_SH },
  { tool: 'email-security', path: EXECUTE_ES },
] as const;

/** The same target sent to both execute endpoints. */
function forBothTools(name: string, target: unknown, status: ProblemStatus = 400): Case[] {
  return TOOLS.map(({ tool, path }) => ({ name: `${tool}: ${name}`, request: post(path, JSON.stringify({ target })), status }));
}

// --- Broken JSON ------------------------------------------------------------------------------

const brokenJsonBodies: [string, string | Buffer][] = [
  ['empty body', ''],
  ['whitespace only', '   '],
  ['CR LF tab only', '\r\n\t \r\n'],
  ['lone opening brace', '{'],
  ['lone closing brace', '}'],
  ['truncated after key', '{"target"'],
  ['truncated after colon', '{"target":'],
  ['truncated inside the string', '{"target":"example.c'],
  ['missing closing brace', '{"target":"example.com"'],
  ['unterminated string and object', '{"target":"example.com'],
  ['bare unterminated string', '"example.com'],
  ['trailing comma in object', '{"target":"example.com",}'],
  ['double comma', '{"target":"example.com",,"x":1}'],
  ['leading comma', '{,"target":"example.com"}'],
  ['trailing comma in array', '[{"target":"example.com"},]'],
  ['single-quoted key and value', "{'target':'example.com'}"],
  ['single-quoted value', `{"target":'example.com'}`],
  ['unquoted key', '{target:"example.com"}'],
  ['missing colon', '{"target" "example.com"}'],
  ['NaN value', '{"target":NaN}'],
  ['Infinity value', '{"target":Infinity}'],
  ['-Infinity value', '{"target":-Infinity}'],
  ['undefined value', '{"target":undefined}'],
  ['capitalised True', '{"target":True}'],
  ['misspelt null', '{"target":nul}'],
  ['leading zero', '{"target":01}'],
  ['hex number', '{"target":0x10}'],
  ['explicit plus sign', '{"target":+1}'],
  ['leading decimal point', '{"target":.5}'],
  ['line comment after the object', '{"target":"example.com"} // scan this'],
  ['block comment before the object', '/* scan */ {"target":"example.com"}'],
  ['block comment inside the object', '{"target": /* c */ "example.com"}'],
  ['hash comment', '# scan\n{"target":"example.com"}'],
  ['two objects back to back', '{"target":"example.com"}{"target":"example.org"}'],
  ['garbage after the object', '{"target":"example.com"} please'],
  ['extra closing brace', '{"target":"example.com"}}'],
  ['NUL after the object', '{"target":"example.com"}\u0000'],
  ['invalid escape \\x', '{"target":"exa\\x6dple.com"}'],
  ['short unicode escape', '{"target":"\\u12"}'],
  ['escape cut off at the end', '{"target":"example.com\\'],
  ['raw newline inside the string', '{"target":"exa\nmple.com"}'],
  ['raw tab inside the string', '{"target":"exa\tmple.com"}'],
  ['raw CR inside the string', '{"target":"exa\rmple.com"}'],
  ['raw NUL byte inside the string', '{"target":"exa\u0000mple.com"}'],
  ['raw ESC byte inside the string', '{"target":"exa\u001bmple.com"}'],
  ['raw US (0x1f) byte inside the string', '{"target":"exa\u001fmple.com"}'],
  ['form-encoded body', 'target=example.com'],
  ['XML body', '<target>example.com</target>'],
  ['BOM only', Buffer.from([0xef, 0xbb, 0xbf])],
  ['two BOMs before a valid object', bytes([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], '{"target":"example.com"}')],
  ['UTF-16LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"target":"example.com"}', 'utf16le')])],
  ['UTF-16BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('{"target":"example.com"}', 'utf16le').swap16()])],
  ['UTF-16LE without BOM', Buffer.from('{"target":"example.com"}', 'utf16le')],
  ['deeply nested arrays, never closed', '['.repeat(8000)],
  ['deeply nested arrays closed with braces', '['.repeat(3000) + '}'.repeat(3000)],
  ['deeply nested target value, never closed', '{"target":' + '['.repeat(5000)],
  ['deeply nested objects, never closed', '{"a":'.repeat(1500)],
  ['invalid UTF-8: 0xFF in the string', bytes('{"target":"exa', [0xff], 'mple.com"}')],
  ['invalid UTF-8: 0xC3 0x28', bytes('{"target":"exa', [0xc3, 0x28], 'mple.com"}')],
  ['invalid UTF-8: overlong slash C0 AF', bytes('{"target":"exa', [0xc0, 0xaf], 'mple.com"}')],
  ['invalid UTF-8: three-byte sequence cut short', bytes('{"target":"exa', [0xe2, 0x82], 'mple.com"}')],
  ['invalid UTF-8: bare continuation byte', bytes('{"target":"exa', [0x80], 'mple.com"}')],
  ['invalid UTF-8: F5 lead byte', bytes('{"target":"exa', [0xf5, 0x80, 0x80, 0x80], 'mple.com"}')],
  ['invalid UTF-8: code point above U+10FFFF', bytes('{"target":"exa', [0xf4, 0x90, 0x80, 0x80], 'mple.com"}')],
  ['invalid UTF-8: Latin-1 é', bytes('{"target":"caf', [0xe9], '.fr"}')],
  ['invalid UTF-8: CESU-8 surrogate pair', bytes('{"target":"', [0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80], '.com"}')],
  ['invalid UTF-8: FE FF bytes', bytes('{"target":"exa', [0xfe, 0xff], 'mple.com"}')],
  ['invalid UTF-8 before the object', bytes([0xff], '{"target":"example.com"}')],
  ['invalid UTF-8 in a key', bytes('{"tar', [0xff], 'get":"example.com"}')],
];

const brokenJson: Case[] = [
  ...brokenJsonBodies.map(([name, body]): Case => ({ name: `security-headers: ${name}`, request: post(EXECUTE_SH, body), status: 400 })),
  // A sample against the other tool: the body is read the same way for every tool.
  ...brokenJsonBodies
    .filter((_, i) => i % 4 === 0)
    .map(([name, body]): Case => ({ name: `email-security: ${name}`, request: post(EXECUTE_ES, body), status: 400 })),
  // A body with nothing at all and no Content-Length (raw: fetch always sends a length).
  { name: 'POST without Content-Length or Transfer-Encoding', request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Type', 'application/json']])] }, status: 400 },
  { name: 'nesting deeper than the body limit allows', request: post(EXECUTE_SH, '['.repeat(5000) + ']'.repeat(5000)), status: 413 },
];

// --- Wrong types ------------------------------------------------------------------------------

const wrongBodyTypes: Case[] = (
  [
    ['number', '42'],
    ['zero', '0'],
    ['negative number', '-1'],
    ['overflowing number (Infinity)', '1e400'],
    ['string', '"example.com"'],
    ['empty string', '""'],
    ['empty array', '[]'],
    ['array holding the object', '[{"target":"example.com"}]'],
    ['array of strings', '["example.com"]'],
    ['null', 'null'],
    ['true', 'true'],
    ['false', 'false'],
    ['empty object', '{}'],
    ['deeply nested arrays (4,000 levels)', '['.repeat(4000) + ']'.repeat(4000)],
    ['deeply nested objects without target', '{"a":'.repeat(1000) + '1' + '}'.repeat(1000)],
    ['target only inside __proto__', '{"__proto__":{"target":"example.com"}}'],
    ['target only inside constructor.prototype', '{"constructor":{"prototype":{"target":"example.com"}}}'],
  ] as const
).flatMap(([name, body]) => TOOLS.map(({ tool, path }): Case => ({ name: `${tool}: body is ${name}`, request: post(path, body), status: 400 })));

const wrongTargetTypes: Case[] = [
  ...(
    [
      ['a number', 42],
      ['zero', 0],
      ['a negative float', -1.5],
      ['an empty object', {}],
      ['an object with a host', { host: 'example.com' }],
      ['an empty array', []],
      ['an array of strings', ['example.com']],
      ['null', null],
      ['true', true],
      ['false', false],
      ['an empty string', ''],
    ] as const
  ).flatMap(([name, target]) => forBothTools(`target is ${name}`, target)),
  ...(
    [
      ['target missing (other members only)', '{"url":"https://example.com"}'],
      ['Target with a capital T', '{"Target":"example.com"}'],
      ['targets (plural) array', '{"targets":["example.com"]}'],
      ['target is Infinity (1e400)', '{"target":1e400}'],
      ['duplicate target, last one a number', '{"target":"example.com","target":42}'],
      ['target is nested arrays', '{"target":' + '['.repeat(2000) + ']'.repeat(2000) + '}'],
    ] as const
  ).flatMap(([name, body]) => TOOLS.map(({ tool, path }): Case => ({ name: `${tool}: ${name}`, request: post(path, body), status: 400 }))),
];

// --- Targets that are too long -------------------------------------------------------------------

const over = MAX_TARGET_LENGTH + 1;
const longTargets: Case[] = [
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

const targetCharacters: Case[] = [
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
  { name: 'security-headers: URL with an emoji and a space in the path', request: post(EXECUTE_SH, JSON.stringify({ target: 'https://example.com/😀 x' })), status: 400 },
  { name: 'email-security: a lone emoji (a public suffix once in punycode)', request: post(EXECUTE_ES, JSON.stringify({ target: '😀' })), status: 400 },
  { name: 'email-security: emoji scheme', request: post(EXECUTE_ES, JSON.stringify({ target: '😀://example.com' })), status: 400 },
  // Raw bytes JSON.stringify would never produce.
  ...TOOLS.flatMap(({ tool, path }): Case[] => [
    { name: `${tool}: raw UTF-8-encoded lone high surrogate (ED A0 80)`, request: post(path, bytes('{"target":"exa', [0xed, 0xa0, 0x80], 'mple.com"}')), status: 400 },
    { name: `${tool}: raw UTF-8-encoded lone low surrogate (ED BF BF)`, request: post(path, bytes('{"target":"exa', [0xed, 0xbf, 0xbf], 'mple.com"}')), status: 400 },
    { name: `${tool}: hand-written escape \\u200b`, request: post(path, '{"target":"exa\\u200bmple.com"}'), status: 400 },
    { name: `${tool}: hand-written escape \\u202e`, request: post(path, '{"target":"exa\\u202emple.com"}'), status: 400 },
    { name: `${tool}: hand-written escape \\u0000`, request: post(path, '{"target":"example.com\\u0000"}'), status: 400 },
    { name: `${tool}: hand-written escape \\udbff at the end`, request: post(path, '{"target":"example.com\\udbff"}'), status: 400 },
    { name: `${tool}: raw DEL byte (valid JSON, forbidden in a target)`, request: post(path, bytes('{"target":"exa', [0x7f], 'mple.com"}')), status: 400 },
    { name: `${tool}: raw C1 control U+0085 as UTF-8`, request: post(path, bytes('{"target":"exa', [0xc2, 0x85], 'mple.com"}')), status: 400 },
  ]),
];

// --- Unicode and control characters in JSON keys ---------------------------------------------------

const jsonKeys: Case[] = (
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
).flatMap(([name, body]) => TOOLS.map(({ tool, path }): Case => ({ name: `${tool}: ${name}`, request: post(path, body), status: 400 })));

// --- Targets each tool refuses ------------------------------------------------------------------

const invalidTargets: Case[] = [
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
  ).map((target): Case => ({ name: `security-headers: ${JSON.stringify(target.length > 70 ? `${target.slice(0, 60)}…(${target.length})` : target)}`, request: post(EXECUTE_SH, JSON.stringify({ target })), status: 400 })),
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
  ).map((target): Case => ({ name: `email-security: ${JSON.stringify(target.length > 70 ? `${target.slice(0, 60)}…(${target.length})` : target)}`, request: post(EXECUTE_ES, JSON.stringify({ target })), status: 400 })),
];

// --- Huge and lying bodies ------------------------------------------------------------------------

const bigBody = (size: number) => '{"target":"' + 'a'.repeat(size - '{"target":""}'.length) + '"}';
const KB = 1024;

const hugeBodies: Case[] = [
  { name: 'fetch: 9 KB body with a correct Content-Length', request: post(EXECUTE_SH, bigBody(9 * KB)), status: 413 },
  { name: 'raw: 8,193-byte body with a correct Content-Length', request: rawPost(EXECUTE_SH, bigBody(MAX_BODY_BYTES + 1)), status: 413 },
  { name: 'raw: 9 KB body with a correct Content-Length', request: rawPost(EXECUTE_SH, bigBody(9 * KB)), status: 413 },
  { name: 'raw: 100 KB body with a correct Content-Length', request: rawPost(EXECUTE_SH, bigBody(100 * KB)), status: 413 },
  { name: 'raw: 1 MB body with a correct Content-Length', request: rawPost(EXECUTE_SH, bigBody(1024 * KB)), status: 413 },
  { name: 'raw: 1 MB body to email-security', request: rawPost(EXECUTE_ES, bigBody(1024 * KB)), status: 413 },
  { name: 'raw: 1 MB of garbage (not JSON)', request: rawPost(EXECUTE_SH, Buffer.alloc(1024 * KB, 0xff)), status: 413 },
  {
    name: 'raw: 9 KB chunked, no Content-Length',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Transfer-Encoding', 'chunked']]), chunk(bigBody(9 * KB)), LAST_CHUNK] },
    status: 413,
  },
  {
    name: 'raw: 100 KB chunked in 1 KB chunks',
    request: {
      via: 'raw',
      pieces: [rawHead('POST', EXECUTE_SH, [['Transfer-Encoding', 'chunked']]), chunk('{"target":"'), ...Array.from({ length: 100 }, () => chunk('a'.repeat(KB))), chunk('"}'), LAST_CHUNK],
    },
    status: 413,
  },
  {
    name: 'raw: 1 MB chunked in one chunk',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Transfer-Encoding', 'chunked']]), chunk(bigBody(1024 * KB)), LAST_CHUNK] },
    status: 413,
  },
  {
    name: 'raw: 1 MB chunked to email-security',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_ES, [['Transfer-Encoding', 'chunked']]), chunk(bigBody(1024 * KB)), LAST_CHUNK] },
    status: 413,
  },
  {
    name: 'raw: chunked, 9 chunks of 1,000 bytes sent with pauses',
    request: {
      via: 'raw',
      pieces: [rawHead('POST', EXECUTE_SH, [['Transfer-Encoding', 'chunked']]), ...Array.from({ length: 9 }, () => chunk('a'.repeat(1000))), LAST_CHUNK],
      pauseMs: 5,
    },
    status: 413,
  },
  {
    name: 'raw: Expect 100-continue with a 1 MB Content-Length, body never sent',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', String(1024 * KB)], ['Expect', '100-continue']])] },
    status: 413,
  },
  // Lying lengths: declared larger than the limit but only a little sent — refused on the declaration.
  {
    name: 'raw: Content-Length 9000 declared, 20 bytes sent',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '9000']]), '{"target":"example.c'] },
    status: 413,
  },
  {
    name: 'raw: Content-Length 1000000 declared, 10 bytes sent',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '1000000']]), '{"target":'] },
    status: 413,
  },
  // Declared smaller than sent: the app reads the declared bytes (broken JSON) and answers before
  // the rest arrives; the rest would be parsed as the next request on the connection.
  {
    name: 'raw: Content-Length 20 declared, 9 KB sent after a pause',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '20']]) + '{"target":"example.c', 'a'.repeat(9 * KB) + '"}'], pauseMs: 2000 },
    status: 400,
  },
  {
    name: 'raw: Content-Length 0 declared, a valid object sent after a pause',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '0']]), '{"target":"example.com"}'], pauseMs: 2000 },
    status: 400,
  },
  // Oversized bodies on other paths: the path or method is refused without reading the body.
  { name: 'raw: 1 MB body POSTed to the catalog', request: rawPost(CATALOG, bigBody(1024 * KB)), status: 405 },
  { name: 'raw: 1 MB body POSTed to an unknown path', request: rawPost('/api/v1/nothing-here', bigBody(1024 * KB)), status: 404 },
  { name: 'raw: 1 MB body POSTed to an unknown tool', request: rawPost('/api/v1/agent/tools/nope/execute', bigBody(1024 * KB)), status: 404 },
  // Framing errors Node's HTTP parser refuses itself.
  {
    name: 'raw: Content-Length 20 declared, 9 KB sent at once (the excess is a malformed next request)',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '20']]) + bigBody(9 * KB)] },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: Content-Length 100 declared, 20 bytes sent, then the client half-closes',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '100']]), '{"target":"example.c'], endAfterWrite: true },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: chunked body cut off, then the client half-closes',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Transfer-Encoding', 'chunked']]), chunk('{"target":')], endAfterWrite: true },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: both Content-Length and Transfer-Encoding',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '5'], ['Transfer-Encoding', 'chunked']]), LAST_CHUNK] },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: two different Content-Length headers',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '5'], ['Content-Length', '24']]), '{"target":"example.com"}'] },
    refusedByHttpParser: true,
  },
  { name: 'raw: Content-Length not a number', request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', 'abc']]), '{}'] }, refusedByHttpParser: true },
  { name: 'raw: negative Content-Length', request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '-1']]), '{}'] }, refusedByHttpParser: true },
  {
    name: 'raw: Content-Length beyond 2^64',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '99999999999999999999999']]), '{}'] },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: Transfer-Encoding gzip without chunked',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Transfer-Encoding', 'gzip']]), '{}'] },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: chunk size that is not hexadecimal',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Transfer-Encoding', 'chunked']]), 'zz\r\n{"target":"example.com"}\r\n0\r\n\r\n'] },
    refusedByHttpParser: true,
  },
];

// --- Odd methods ------------------------------------------------------------------------------

const KNOWN_PATHS = [
  { path: CATALOG, wrong: ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'PURGE', 'MKCOL'] },
  { path: EXECUTE_SH, wrong: ['GET', 'PUT', 'PATCH', 'DELETE', 'LOCK', 'SEARCH'] },
  { path: EXECUTE_ES, wrong: ['GET', 'PUT', 'DELETE', 'REPORT'] },
  { path: '/api/v1/developer/keys', wrong: ['GET', 'PUT', 'PATCH', 'DELETE'] },
  { path: '/api/agent/tools', wrong: ['POST', 'PUT', 'DELETE'] },
  { path: '/openapi.json', wrong: ['POST', 'PUT', 'DELETE'] },
];

const oddMethods: Case[] = [
  ...KNOWN_PATHS.flatMap(({ path, wrong }) =>
    wrong.map((method): Case => ({
      name: `${method} ${path}`,
      request: { via: 'fetch', method, path, ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{"target":"example.com"}' }) },
      status: 405,
    })),
  ),
  // fetch refuses to send TRACE; Node's parser knows it, so the app answers.
  ...[CATALOG, EXECUTE_SH, EXECUTE_ES, '/openapi.json'].map((path): Case => ({ name: `raw: TRACE ${path}`, request: { via: 'raw', pieces: [rawHead('TRACE', path)] }, status: 405 })),
  { name: 'raw: M-SEARCH on the execute path', request: { via: 'raw', pieces: [rawHead('M-SEARCH', EXECUTE_SH)] }, status: 405 },
  { name: 'raw: QUERY with a body on the execute path', request: rawPostWithMethod('QUERY', EXECUTE_SH, '{"target":"example.com"}'), status: 405 },
  { name: 'raw: DELETE with a body on the execute path', request: rawPostWithMethod('DELETE', EXECUTE_SH, '{"target":"example.com"}'), status: 405 },
  // Wrong methods on paths that do not exist: 404, not 405.
  { name: 'PUT on an unknown path', request: { via: 'fetch', method: 'PUT', path: '/nothing-here', body: '{}' }, status: 404 },
  { name: 'DELETE on an unknown tool', request: { via: 'fetch', method: 'DELETE', path: '/api/v1/agent/tools/nope/execute' }, status: 404 },
  { name: 'GET on an unknown tool', request: { via: 'fetch', method: 'GET', path: '/api/v1/agent/tools/nope/execute' }, status: 404 },
  { name: 'PUT on a tool that runs elsewhere', request: { via: 'fetch', method: 'PUT', path: '/api/v1/agent/tools/website-security/execute', body: '{}' }, status: 404 },
  { name: 'PATCH on a future API version', request: { via: 'fetch', method: 'PATCH', path: '/api/v2/agent/tools', body: '{}' }, status: 404 },
  { name: 'PROPFIND on the root', request: { via: 'fetch', method: 'PROPFIND', path: '/' }, status: 404 },
  { name: 'raw: TRACE on an unknown path', request: { via: 'raw', pieces: [rawHead('TRACE', '/nothing-here')] }, status: 404 },
  // Method tokens Node's parser does not accept at all.
  { name: 'raw: lower-case get', request: { via: 'raw', pieces: [rawHead('get', CATALOG)] }, refusedByHttpParser: true },
  { name: 'raw: lower-case post', request: rawPostWithMethod('post', EXECUTE_SH, '{"target":"example.com"}'), refusedByHttpParser: true },
  { name: 'raw: mixed-case Get', request: { via: 'raw', pieces: [rawHead('Get', CATALOG)] }, refusedByHttpParser: true },
  { name: 'fetch: lower-case patch (fetch does not normalise it)', request: { via: 'fetch', method: 'patch', path: EXECUTE_SH, body: '{}' }, refusedByHttpParser: true },
  { name: 'raw: TRACK', request: { via: 'raw', pieces: [rawHead('TRACK', CATALOG)] }, refusedByHttpParser: true },
  { name: 'raw: unknown method FOO', request: { via: 'raw', pieces: [rawHead('FOO', CATALOG)] }, refusedByHttpParser: true },
  { name: 'raw: method GETS', request: { via: 'raw', pieces: [rawHead('GETS', CATALOG)] }, refusedByHttpParser: true },
  { name: 'raw: method with a bracket', request: { via: 'raw', pieces: [rawHead('G(ET', CATALOG)] }, refusedByHttpParser: true },
  { name: 'raw: method of 300 letters', request: { via: 'raw', pieces: [rawHead('X'.repeat(300), CATALOG)] }, refusedByHttpParser: true },
];

function rawPostWithMethod(method: string, path: string, body: string): Outgoing {
  return { via: 'raw', pieces: [rawHead(method, path, [['Content-Type', 'application/json'], ['Content-Length', String(enc(body).length)]]), body] };
}

// --- Unknown paths ----------------------------------------------------------------------------

const unknownPaths: Case[] = [
  ...[
    '/',
    '/api',
    '/api/v1',
    '/api/v1/agent',
    '/api/v1/agent/tools/security-headers',
    '/api/v1/agent/tools/security-headers/execute/again',
    '/api/v1/agent/tools/SECURITY-HEADERS/execute',
    '/API/V1/AGENT/TOOLS',
    '/api/v1/agent/tools/security-headers%2Fexecute',
    '/api/v1/agent/tools/%ff/execute',
    '/api/v1/agent/tools/%00/execute',
    '/api/v1/agent/tools/%E2%80%AEsredaeh-ytiruces/execute',
    '/.env',
    '/wp-login.php',
    '/api/v1/agent/tools/website-security/execute',
    '/api/v1/agent/tools/react2shell/execute',
  ].map((path): Case => ({ name: `GET ${path}`, request: { via: 'fetch', method: 'GET', path }, status: 404 })),
  ...['/api/v1/agent/tools/nope/execute', '/api/v1/agent/tools/fortibleed-check/execute', `/api/v1/agent/tools/${'x'.repeat(5000)}/execute`].map(
    (path): Case => ({ name: `POST ${path.length > 80 ? `${path.slice(0, 60)}…(${path.length})` : path}`, request: post(path, '{"target":"example.com"}'), status: 404 }),
  ),
  { name: 'raw: dot segments climbing out of /api', request: { via: 'raw', pieces: [rawHead('GET', '/api/v1/agent/tools/../../../../etc/passwd')] }, status: 404 },
  { name: 'raw: absolute-form request target', request: { via: 'raw', pieces: [rawHead('GET', 'http://elsewhere.example/api/v1/nothing')] }, status: 404 },
  { name: 'raw: raw UTF-8 bytes in the path', request: { via: 'raw', pieces: [Buffer.concat([enc('GET /api/'), Buffer.from([0xc3, 0xa9]), enc(' HTTP/1.1\r\nHost: scan.test\r\n\r\n')])] }, refusedByHttpParser: true },
  { name: 'raw: space inside the path', request: { via: 'raw', pieces: ['GET /api/v1/agent tools HTTP/1.1\r\nHost: scan.test\r\n\r\n'] }, refusedByHttpParser: true },
];

// --- Odd headers: keys and other headers ----------------------------------------------------------

const badAuthHeaders: [string, Record<string, string>][] = [
  ['Authorization: Basic credentials', { authorization: 'Basic dXNlcjpwYXNz' }],
  ['Authorization: Bearer with nothing after it', { authorization: 'Bearer' }],
  ['Authorization: Bearer followed by spaces only', { authorization: 'Bearer    ' }],
  ['Authorization: Bearer with a space inside the key', { authorization: `Bearer ${unknownKey.slice(0, 20)} ${unknownKey.slice(20)}` }],
  ['Authorization: Bearer with two keys', { authorization: `Bearer ${valid.key} ${other.key}` }],
  ['Authorization: key without the Bearer scheme', { authorization: valid.key }],
  ['Authorization: Token scheme', { authorization: `Token ${valid.key}` }],
  ['Authorization: Bearer glued to the key', { authorization: `Bearer${valid.key}` }],
  ['Authorization: Bearer with a comma', { authorization: `Bearer, ${valid.key}` }],
  ['Authorization: empty', { authorization: '' }],
  ['Authorization: well-formed key not in the store', { authorization: `Bearer ${unknownKey}` }],
  ['Authorization: lower-case bearer, unknown key', { authorization: `bearer ${unknownKey}` }],
  ['Authorization: wrong prefix', { authorization: `Bearer asc_test_${keyBody}` }],
  ['X-Api-Key: empty', { 'x-api-key': '' }],
  ['X-Api-Key: spaces only', { 'x-api-key': '   ' }],
  ['X-Api-Key: well-formed key not in the store', { 'x-api-key': unknownKey }],
  ['X-Api-Key: wrong prefix', { 'x-api-key': `asc_test_${keyBody}` }],
  ['X-Api-Key: upper-case prefix', { 'x-api-key': `ASC_LIVE_${keyBody}` }],
  ['X-Api-Key: another service prefix', { 'x-api-key': `sk_live_${keyBody}` }],
  ['X-Api-Key: no prefix', { 'x-api-key': keyBody }],
  ['X-Api-Key: prefix only', { 'x-api-key': PREFIX }],
  ['X-Api-Key: one character short', { 'x-api-key': unknownKey.slice(0, -1) }],
  ['X-Api-Key: one character long', { 'x-api-key': `${unknownKey}0` }],
  ['X-Api-Key: 2,000 characters', { 'x-api-key': PREFIX + 'a'.repeat(2000) }],
  ['X-Api-Key: bad checksum', { 'x-api-key': badChecksumKey }],
  ['X-Api-Key: hyphen in the body', { 'x-api-key': PREFIX + keyBody.slice(0, 10) + '-' + keyBody.slice(11) }],
  ['X-Api-Key: base64 characters', { 'x-api-key': PREFIX + keyBody.slice(0, 34) + '+/' }],
  ['X-Api-Key: valid key with Bearer in front', { 'x-api-key': `Bearer ${valid.key}` }],
  ['X-Api-Key: expired key', { 'x-api-key': expired.key }],
  ['X-Api-Key: revoked key', { 'x-api-key': revoked.key }],
  ['both headers with different valid keys', { authorization: `Bearer ${valid.key}`, 'x-api-key': other.key }],
  ['both headers, valid key and unknown key', { authorization: `Bearer ${valid.key}`, 'x-api-key': unknownKey }],
  ['both headers, valid Bearer and an empty X-Api-Key', { authorization: `Bearer ${valid.key}`, 'x-api-key': '' }],
];

const rawAuthHeaders: [string, [string, string][]][] = [
  ['X-Api-Key with Latin-1 bytes (é)', [['X-Api-Key', PREFIX + '\u00e9'.repeat(36)]]],
  ['X-Api-Key with the UTF-8 bytes of an emoji', [['X-Api-Key', PREFIX + Buffer.from('😀', 'utf8').toString('latin1') + keyBody.slice(4)]]],
  ['Authorization Bearer with Latin-1 bytes', [['Authorization', `Bearer ${PREFIX}\u00fc${keyBody.slice(1)}`]]],
  ['Authorization Bearer with a non-breaking space (0xA0) before the key', [['Authorization', `Bearer\u00a0${valid.key}`]]],
  ['two Authorization headers with different unknown keys', [['Authorization', `Bearer ${unknownKey}`], ['Authorization', `Bearer ${badChecksumKey}`]]],
  ['two X-Api-Key headers (joined with a comma)', [['X-Api-Key', valid.key], ['X-Api-Key', other.key]]],
];

const rawParserHeaders: [string, string | Buffer][] = [
  ['X-Api-Key with a control character', rawHead('GET', CATALOG, [['X-Api-Key', `${PREFIX}\u0001${keyBody.slice(1)}`]])],
  ['Authorization with a NUL byte', rawHead('GET', CATALOG, [['Authorization', `Bearer ${PREFIX}\u0000${keyBody.slice(1)}`]])],
  ['header name with a space', rawHead('GET', CATALOG, [['X Api-Key', valid.key]])],
  ['header line without a colon', `GET ${CATALOG} HTTP/1.1\r\nHost: scan.test\r\nX-Api-Key ${valid.key}\r\n\r\n`],
  ['obsolete line folding in X-Api-Key', `GET ${CATALOG} HTTP/1.1\r\nHost: scan.test\r\nX-Api-Key: ${PREFIX}\r\n ${keyBody}\r\n\r\n`],
  ['20 KB header (beyond Node’s header limit)', rawHead('GET', CATALOG, [['X-Padding', 'a'.repeat(20 * KB)]])],
  ['misspelt protocol name', `GET ${CATALOG} HTPT/1.1\r\nHost: scan.test\r\n\r\n`],
  ['HTTP/9.9', `GET ${CATALOG} HTTP/9.9\r\nHost: scan.test\r\n\r\n`],
  ['not HTTP at all', 'hello there\r\n\r\n'],
  ['TLS-looking bytes on the plain port', Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03, 0x0d, 0x0a, 0x0d, 0x0a])],
  // Node's HTTP server answers 417 itself (no checkExpectation listener).
  ['Expect with an unknown expectation', rawHead('POST', EXECUTE_SH, [['Content-Length', '24'], ['Expect', 'teapot']])],
];

const oddHeaders: Case[] = [
  ...badAuthHeaders.flatMap(([name, headers]): Case[] => [
    { name: `GET catalog, ${name}`, request: { via: 'fetch', method: 'GET', path: CATALOG, headers }, status: 401 },
    { name: `POST security-headers, ${name}`, request: post(EXECUTE_SH, '{"target":"example.com"}', headers), status: 401 },
  ]),
  ...badAuthHeaders
    .filter((_, i) => i % 3 === 0)
    .map(([name, headers]): Case => ({ name: `POST email-security, ${name}`, request: post(EXECUTE_ES, '{"target":"example.com"}', headers), status: 401 })),
  ...rawAuthHeaders.flatMap(([name, headers]): Case[] => [
    { name: `raw: GET catalog, ${name}`, request: { via: 'raw', pieces: [rawHead('GET', CATALOG, headers)] }, status: 401 },
    { name: `raw: POST security-headers, ${name}`, request: rawPost(EXECUTE_SH, '{"target":"example.com"}', headers), status: 401 },
  ]),
  // A bad key is refused before the path or the method is looked at.
  { name: 'unknown key on an unknown path', request: { via: 'fetch', method: 'GET', path: '/nothing-here', headers: { 'x-api-key': unknownKey } }, status: 401 },
  { name: 'malformed key with a wrong method', request: { via: 'fetch', method: 'DELETE', path: EXECUTE_SH, headers: { authorization: 'Bearer' } }, status: 401 },
  { name: 'malformed key with a broken body', request: post(EXECUTE_SH, '{"target":', { 'x-api-key': 'nope' }), status: 401 },
  // Other odd headers do not change the refusal of a bad body.
  { name: 'form content type with a broken body', request: post(EXECUTE_SH, '{"target":', { 'content-type': 'application/x-www-form-urlencoded' }), status: 400 },
  { name: 'UTF-16 charset declared, wrong-type body', request: post(EXECUTE_SH, '[]', { 'content-type': 'application/json; charset=utf-16' }), status: 400 },
  { name: 'Content-Encoding gzip on a plain body', request: post(EXECUTE_SH, '{"target":42}', { 'content-encoding': 'gzip' }), status: 400 },
  { name: 'garbage X-Forwarded-For with a broken body', request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['X-Forwarded-For', 'not-an-address, [::1'], ['Content-Length', '1']]), '{'] }, status: 400 },
  { name: 'raw: valid key, body of a NUL byte', request: rawPost(EXECUTE_SH, Buffer.from([0]), [['X-Api-Key', valid.key]]), status: 400 },
  ...rawParserHeaders.map(([name, head]): Case => ({ name: `raw: ${name}`, request: { via: 'raw', pieces: [head] }, refusedByHttpParser: true })),
];

const CATEGORIES: [string, Case[]][] = [
  ['broken JSON', brokenJson],
  ['wrong types for the body', wrongBodyTypes],
  ['wrong types for target', wrongTargetTypes],
  [`targets over ${MAX_TARGET_LENGTH} characters`, longTargets],
  ['control, invisible, bidi and unpaired-surrogate characters in target', targetCharacters],
  ['Unicode and control characters in JSON keys', jsonKeys],
  ['targets each tool refuses', invalidTargets],
  ['huge and lying bodies', hugeBodies],
  ['odd methods', oddMethods],
  ['unknown paths', unknownPaths],
  ['odd headers and bad keys', oddHeaders],
];
const ALL_CASES = CATEGORIES.flatMap(([, cases]) => cases);

// ---------------------------------------------------------------------------------------------
// Sending and checking
// ---------------------------------------------------------------------------------------------

interface Observed {
  status: number;
  headers: Record<string, string>;
  text: string;
}

async function send(request: Outgoing): Promise<Observed> {
  if (request.via === 'raw') {
    const r = await rawRequest(h.url, request.pieces, { endAfterWrite: request.endAfterWrite, pauseMs: request.pauseMs, timeoutMs: 8000 });
    return { status: r.status, headers: r.headers, text: r.text };
  }
  // A copy, so Buffers (Uint8Array<ArrayBufferLike>) are accepted as a BodyInit.
  const body = request.body === undefined || typeof request.body === 'string' ? request.body : new Uint8Array(request.body);
  const res = await h.request(request.path, { method: request.method, headers: request.headers, body, signal: AbortSignal.timeout(8000) });
  return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
}

function assertProblem(observed: Observed, status: ProblemStatus): void {
  const context = `${observed.status} ${observed.text.slice(0, 300)}`;
  assert.equal(observed.status, status, context);
  assert.match(observed.headers['content-type'] ?? '', /^application\/problem\+json/, context);
  const body = JSON.parse(observed.text);
  v.parse(ProblemSchema, body);
  const code = CODE_OF[status];
  assert.equal(body.success, false);
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(body.title, ERRORS[code].title);
  assert.ok(typeof body.detail === 'string' && body.detail.length > 0, 'detail');
  assert.ok(body.type.endsWith(`/developers/errors/${code.replaceAll('_', '-')}`), body.type);
  assert.equal(body.error.code, code);
  assert.equal(body.error.message, body.detail);
  assert.ok(typeof body.error.hint === 'string' && body.error.hint.length > 0, 'hint');
  if (status === 405) assert.ok(observed.headers['allow'], 'a 405 names the allowed methods');
  if (status === 401) assert.match(observed.headers['www-authenticate'] ?? '', /^Bearer /);
}

const scans = () => h.scanners['security-headers'].calls.length + h.scanners['email-security'].calls.length;

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe('bad input', () => {
  test(`the suite sends at least 200 malformed requests (${ALL_CASES.length}), each named once`, () => {
    assert.ok(ALL_CASES.length >= 200, `only ${ALL_CASES.length} cases`);
    const names = ALL_CASES.map((c) => c.name);
    assert.deepEqual(names.filter((n, i) => names.indexOf(n) !== i), []);
  });

  for (const [category, cases] of CATEGORIES) {
    describe(`${category} (${cases.length})`, () => {
      for (const c of cases) {
        const expectation = 'status' in c ? `${c.status}` : '4xx from the HTTP parser';
        test(`${c.name} → ${expectation}`, async () => {
          const scansBefore = scans();
          const observed = await send(c.request);
          if ('status' in c) {
            assertProblem(observed, c.status);
          } else {
            assert.ok(observed.status >= 400 && observed.status < 500, `expected a 4xx, got ${observed.status} ${observed.text.slice(0, 200)}`);
            const health = await h.request(CATALOG);
            assert.equal(health.status, 200, 'the server still answers after the parser refused the request');
            await health.body?.cancel();
          }
          assert.equal(scans(), scansBefore, 'no scan ran');
        });
      }
    });
  }

  describe('afterwards', () => {
    test('no scan ran for any of the malformed requests', () => {
      assert.deepEqual(h.scanners['security-headers'].calls.map((c) => c.target), []);
      assert.deepEqual(h.scanners['email-security'].calls.map((c) => c.target), []);
    });

    test('the server still serves the catalog', async () => {
      const res = await h.request(CATALOG);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      await res.json();
    });

    test('a valid scan request still runs and gets the scanner’s grade', async () => {
      const before = h.scanners['security-headers'].calls.length;
      const res = await postJson(h, EXECUTE_SH, { target: 'example.com' });
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.equal(body.success, true);
      assert.equal(body.grade, 'B');
      assert.equal(h.scanners['security-headers'].calls.length, before + 1);
    });

    test('the app logged no unexpected error (a 500 would be a bug)', () => {
      assert.deepEqual(h.errors, []);
    });
  });
});
