/**
 * Bad-input cases about headers: malformed, unknown, expired, revoked or doubled API keys in
 * Authorization and X-Api-Key, raw bytes Node's parser refuses, and other odd headers that must not
 * change the refusal of a bad body. The cases need keys created in the harness, so the table is
 * built by `headerCases(keys)`.
 */
import { CATALOG, EXECUTE_ES, EXECUTE_SH, type Harness } from '../../support/harness.ts';
import { rawHead } from '../../support/raw-http.ts';
import { type Case, KB, post, rawPost } from './case-kit.ts';

export const PREFIX = 'asc_live_';

type IssuedKey = Awaited<ReturnType<Harness['createKey']>>;

/** Keys created in the harness, plus a well-formed key that is not in the store and a variant of it. */
export interface HeaderKeys {
  valid: IssuedKey;
  other: IssuedKey;
  expired: IssuedKey;
  revoked: IssuedKey;
  /** Well-formed, correct checksum, never stored. */
  unknownKey: string;
  /** `unknownKey` without its prefix. */
  keyBody: string;
  /** `unknownKey` with its last character changed. */
  badChecksumKey: string;
}

export function headerCases({
  valid,
  other,
  expired,
  revoked,
  unknownKey,
  keyBody,
  badChecksumKey,
}: HeaderKeys): Case[] {
  const badAuthHeaders: [string, Record<string, string>][] = [
    ['Authorization: Basic credentials', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['Authorization: Bearer with nothing after it', { authorization: 'Bearer' }],
    ['Authorization: Bearer followed by spaces only', { authorization: 'Bearer    ' }],
    [
      'Authorization: Bearer with a space inside the key',
      { authorization: `Bearer ${unknownKey.slice(0, 20)} ${unknownKey.slice(20)}` },
    ],
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
    [
      'X-Api-Key with the UTF-8 bytes of an emoji',
      [['X-Api-Key', PREFIX + Buffer.from('😀', 'utf8').toString('latin1') + keyBody.slice(4)]],
    ],
    ['Authorization Bearer with Latin-1 bytes', [['Authorization', `Bearer ${PREFIX}\u00fc${keyBody.slice(1)}`]]],
    [
      'Authorization Bearer with a non-breaking space (0xA0) before the key',
      [['Authorization', `Bearer\u00a0${valid.key}`]],
    ],
    [
      'two Authorization headers with different unknown keys',
      [
        ['Authorization', `Bearer ${unknownKey}`],
        ['Authorization', `Bearer ${badChecksumKey}`],
      ],
    ],
    [
      'two X-Api-Key headers (joined with a comma)',
      [
        ['X-Api-Key', valid.key],
        ['X-Api-Key', other.key],
      ],
    ],
  ];

  const rawParserHeaders: [string, string | Buffer][] = [
    [
      'X-Api-Key with a control character',
      rawHead('GET', CATALOG, [['X-Api-Key', `${PREFIX}\u0001${keyBody.slice(1)}`]]),
    ],
    [
      'Authorization with a NUL byte',
      rawHead('GET', CATALOG, [['Authorization', `Bearer ${PREFIX}\u0000${keyBody.slice(1)}`]]),
    ],
    ['header name with a space', rawHead('GET', CATALOG, [['X Api-Key', valid.key]])],
    ['header line without a colon', `GET ${CATALOG} HTTP/1.1\r\nHost: scan.test\r\nX-Api-Key ${valid.key}\r\n\r\n`],
    [
      'obsolete line folding in X-Api-Key',
      `GET ${CATALOG} HTTP/1.1\r\nHost: scan.test\r\nX-Api-Key: ${PREFIX}\r\n ${keyBody}\r\n\r\n`,
    ],
    ['20 KB header (beyond Node’s header limit)', rawHead('GET', CATALOG, [['X-Padding', 'a'.repeat(20 * KB)]])],
    ['misspelt protocol name', `GET ${CATALOG} HTPT/1.1\r\nHost: scan.test\r\n\r\n`],
    ['HTTP/9.9', `GET ${CATALOG} HTTP/9.9\r\nHost: scan.test\r\n\r\n`],
    ['not HTTP at all', 'hello there\r\n\r\n'],
    [
      'TLS-looking bytes on the plain port',
      Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03, 0x0d, 0x0a, 0x0d, 0x0a]),
    ],
    // Node's HTTP server answers 417 itself (no checkExpectation listener).
    [
      'Expect with an unknown expectation',
      rawHead('POST', EXECUTE_SH, [
        ['Content-Length', '24'],
        ['Expect', 'teapot'],
      ]),
    ],
  ];

  return [
    ...badAuthHeaders.flatMap(([name, headers]): Case[] => [
      { name: `GET catalog, ${name}`, request: { via: 'fetch', method: 'GET', path: CATALOG, headers }, status: 401 },
      {
        name: `POST security-headers, ${name}`,
        request: post(EXECUTE_SH, '{"target":"example.com"}', headers),
        status: 401,
      },
    ]),
    ...badAuthHeaders
      .filter((_, i) => i % 3 === 0)
      .map(([name, headers]): Case => ({
        name: `POST email-security, ${name}`,
        request: post(EXECUTE_ES, '{"target":"example.com"}', headers),
        status: 401,
      })),
    ...rawAuthHeaders.flatMap(([name, headers]): Case[] => [
      {
        name: `raw: GET catalog, ${name}`,
        request: { via: 'raw', pieces: [rawHead('GET', CATALOG, headers)] },
        status: 401,
      },
      {
        name: `raw: POST security-headers, ${name}`,
        request: rawPost(EXECUTE_SH, '{"target":"example.com"}', headers),
        status: 401,
      },
    ]),
    // A bad key is refused before the path or the method is looked at.
    {
      name: 'unknown key on an unknown path',
      request: { via: 'fetch', method: 'GET', path: '/nothing-here', headers: { 'x-api-key': unknownKey } },
      status: 401,
    },
    {
      name: 'malformed key with a wrong method',
      request: { via: 'fetch', method: 'DELETE', path: EXECUTE_SH, headers: { authorization: 'Bearer' } },
      status: 401,
    },
    {
      name: 'malformed key with a broken body',
      request: post(EXECUTE_SH, '{"target":', { 'x-api-key': 'nope' }),
      status: 401,
    },
    // Other odd headers do not change the refusal of a bad body.
    {
      name: 'form content type with a broken body',
      request: post(EXECUTE_SH, '{"target":', { 'content-type': 'application/x-www-form-urlencoded' }),
      status: 400,
    },
    {
      name: 'UTF-16 charset declared, wrong-type body',
      request: post(EXECUTE_SH, '[]', { 'content-type': 'application/json; charset=utf-16' }),
      status: 400,
    },
    {
      name: 'Content-Encoding gzip on a plain body',
      request: post(EXECUTE_SH, '{"target":42}', { 'content-encoding': 'gzip' }),
      status: 400,
    },
    {
      name: 'garbage X-Forwarded-For with a broken body',
      request: {
        via: 'raw',
        pieces: [
          rawHead('POST', EXECUTE_SH, [
            ['X-Forwarded-For', 'not-an-address, [::1'],
            ['Content-Length', '1'],
          ]),
          '{',
        ],
      },
      status: 400,
    },
    {
      name: 'raw: valid key, body of a NUL byte',
      request: rawPost(EXECUTE_SH, Buffer.from([0]), [['X-Api-Key', valid.key]]),
      status: 400,
    },
    ...rawParserHeaders.map(([name, head]): Case => ({
      name: `raw: ${name}`,
      request: { via: 'raw', pieces: [head] },
      refusedByHttpParser: true,
    })),
  ];
}
