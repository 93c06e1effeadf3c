/**
 * Bad-input cases: bodies that are not JSON at all (broken syntax, comments, bad escapes, raw
 * control bytes, BOMs, UTF-16, invalid UTF-8, runaway nesting) and JSON of the wrong shape, for the
 * body as a whole and for `target`.
 */
import { EXECUTE_ES, EXECUTE_SH } from '../../support/harness.ts';
import { rawHead } from '../../support/raw-http.ts';
import { bytes, type Case, forBothTools, post, TOOLS } from './case-kit.ts';

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
  [
    'UTF-16BE with BOM',
    Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('{"target":"example.com"}', 'utf16le').swap16()]),
  ],
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

export const brokenJson: Case[] = [
  ...brokenJsonBodies.map(([name, body]): Case => ({
    name: `security-headers: ${name}`,
    request: post(EXECUTE_SH, body),
    status: 400,
  })),
  // A sample against the other tool: the body is read the same way for every tool.
  ...brokenJsonBodies
    .filter((_, i) => i % 4 === 0)
    .map(([name, body]): Case => ({ name: `email-security: ${name}`, request: post(EXECUTE_ES, body), status: 400 })),
  // A body with nothing at all and no Content-Length (raw: fetch always sends a length).
  {
    name: 'POST without Content-Length or Transfer-Encoding',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Type', 'application/json']])] },
    status: 400,
  },
  {
    name: 'nesting deeper than the body limit allows',
    request: post(EXECUTE_SH, '['.repeat(5000) + ']'.repeat(5000)),
    status: 413,
  },
];

// --- Wrong types ------------------------------------------------------------------------------

export const wrongBodyTypes: Case[] = (
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
).flatMap(([name, body]) =>
  TOOLS.map(({ tool, path }): Case => ({ name: `${tool}: body is ${name}`, request: post(path, body), status: 400 })),
);

export const wrongTargetTypes: Case[] = [
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
  ).flatMap(([name, body]) =>
    TOOLS.map(({ tool, path }): Case => ({ name: `${tool}: ${name}`, request: post(path, body), status: 400 })),
  ),
];
