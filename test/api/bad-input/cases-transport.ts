/**
 * Bad-input cases about the HTTP exchange rather than the JSON: huge, chunked and lying bodies,
 * framing errors Node's parser refuses itself, wrong or malformed methods, and unknown paths.
 */
import { MAX_BODY_BYTES } from '../../../src/limits.ts';
import { CATALOG, EXECUTE_ES, EXECUTE_SH } from '../../support/harness.ts';
import { chunk, LAST_CHUNK, rawHead } from '../../support/raw-http.ts';
import { type Case, enc, KB, post, rawPost, rawPostWithMethod } from './case-kit.ts';

// --- Huge and lying bodies ------------------------------------------------------------------------

const bigBody = (size: number) => '{"target":"' + 'a'.repeat(size - '{"target":""}'.length) + '"}';

export const hugeBodies: Case[] = [
  { name: 'fetch: 9 KB body with a correct Content-Length', request: post(EXECUTE_SH, bigBody(9 * KB)), status: 413 },
  {
    name: 'raw: 8,193-byte body with a correct Content-Length',
    request: rawPost(EXECUTE_SH, bigBody(MAX_BODY_BYTES + 1)),
    status: 413,
  },
  { name: 'raw: 9 KB body with a correct Content-Length', request: rawPost(EXECUTE_SH, bigBody(9 * KB)), status: 413 },
  {
    name: 'raw: 100 KB body with a correct Content-Length',
    request: rawPost(EXECUTE_SH, bigBody(100 * KB)),
    status: 413,
  },
  {
    name: 'raw: 1 MB body with a correct Content-Length',
    request: rawPost(EXECUTE_SH, bigBody(1024 * KB)),
    status: 413,
  },
  { name: 'raw: 1 MB body to email-security', request: rawPost(EXECUTE_ES, bigBody(1024 * KB)), status: 413 },
  { name: 'raw: 1 MB of garbage (not JSON)', request: rawPost(EXECUTE_SH, Buffer.alloc(1024 * KB, 0xff)), status: 413 },
  {
    name: 'raw: 9 KB chunked, no Content-Length',
    request: {
      via: 'raw',
      pieces: [rawHead('POST', EXECUTE_SH, [['Transfer-Encoding', 'chunked']]), chunk(bigBody(9 * KB)), LAST_CHUNK],
    },
    status: 413,
  },
  {
    name: 'raw: 100 KB chunked in 1 KB chunks',
    request: {
      via: 'raw',
      pieces: [
        rawHead('POST', EXECUTE_SH, [['Transfer-Encoding', 'chunked']]),
        chunk('{"target":"'),
        ...Array.from({ length: 100 }, () => chunk('a'.repeat(KB))),
        chunk('"}'),
        LAST_CHUNK,
      ],
    },
    status: 413,
  },
  {
    name: 'raw: 1 MB chunked in one chunk',
    request: {
      via: 'raw',
      pieces: [rawHead('POST', EXECUTE_SH, [['Transfer-Encoding', 'chunked']]), chunk(bigBody(1024 * KB)), LAST_CHUNK],
    },
    status: 413,
  },
  {
    name: 'raw: 1 MB chunked to email-security',
    request: {
      via: 'raw',
      pieces: [rawHead('POST', EXECUTE_ES, [['Transfer-Encoding', 'chunked']]), chunk(bigBody(1024 * KB)), LAST_CHUNK],
    },
    status: 413,
  },
  {
    name: 'raw: chunked, 9 chunks of 1,000 bytes sent with pauses',
    request: {
      via: 'raw',
      pieces: [
        rawHead('POST', EXECUTE_SH, [['Transfer-Encoding', 'chunked']]),
        ...Array.from({ length: 9 }, () => chunk('a'.repeat(1000))),
        LAST_CHUNK,
      ],
      pauseMs: 5,
    },
    status: 413,
  },
  {
    name: 'raw: Expect 100-continue with a 1 MB Content-Length, body never sent',
    request: {
      via: 'raw',
      pieces: [
        rawHead('POST', EXECUTE_SH, [
          ['Content-Length', String(1024 * KB)],
          ['Expect', '100-continue'],
        ]),
      ],
    },
    status: 413,
  },
  // Lying lengths: declared larger than the limit but only a little sent — refused on the declaration.
  {
    name: 'raw: Content-Length 9000 declared, 20 bytes sent',
    request: {
      via: 'raw',
      pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '9000']]), '{"target":"example.c'],
    },
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
    request: {
      via: 'raw',
      pieces: [
        rawHead('POST', EXECUTE_SH, [['Content-Length', '20']]) + '{"target":"example.c',
        'a'.repeat(9 * KB) + '"}',
      ],
      pauseMs: 2000,
    },
    status: 400,
  },
  {
    name: 'raw: Content-Length 0 declared, a valid object sent after a pause',
    request: {
      via: 'raw',
      pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '0']]), '{"target":"example.com"}'],
      pauseMs: 2000,
    },
    status: 400,
  },
  // Oversized bodies on other paths: the path or method is refused without reading the body.
  { name: 'raw: 1 MB body POSTed to the catalog', request: rawPost(CATALOG, bigBody(1024 * KB)), status: 405 },
  {
    name: 'raw: 1 MB body POSTed to an unknown path',
    request: rawPost('/api/v1/nothing-here', bigBody(1024 * KB)),
    status: 404,
  },
  {
    name: 'raw: 1 MB body POSTed to an unknown tool',
    request: rawPost('/api/v1/agent/tools/nope/execute', bigBody(1024 * KB)),
    status: 404,
  },
  // Framing errors Node's HTTP parser refuses itself.
  {
    name: 'raw: Content-Length 20 declared, 9 KB sent at once (the excess is a malformed next request)',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '20']]) + bigBody(9 * KB)] },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: Content-Length 100 declared, 20 bytes sent, then the client half-closes',
    request: {
      via: 'raw',
      pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '100']]), '{"target":"example.c'],
      endAfterWrite: true,
    },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: chunked body cut off, then the client half-closes',
    request: {
      via: 'raw',
      pieces: [rawHead('POST', EXECUTE_SH, [['Transfer-Encoding', 'chunked']]), chunk('{"target":')],
      endAfterWrite: true,
    },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: both Content-Length and Transfer-Encoding',
    request: {
      via: 'raw',
      pieces: [
        rawHead('POST', EXECUTE_SH, [
          ['Content-Length', '5'],
          ['Transfer-Encoding', 'chunked'],
        ]),
        LAST_CHUNK,
      ],
    },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: two different Content-Length headers',
    request: {
      via: 'raw',
      pieces: [
        rawHead('POST', EXECUTE_SH, [
          ['Content-Length', '5'],
          ['Content-Length', '24'],
        ]),
        '{"target":"example.com"}',
      ],
    },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: Content-Length not a number',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', 'abc']]), '{}'] },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: negative Content-Length',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '-1']]), '{}'] },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: Content-Length beyond 2^64',
    request: {
      via: 'raw',
      pieces: [rawHead('POST', EXECUTE_SH, [['Content-Length', '99999999999999999999999']]), '{}'],
    },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: Transfer-Encoding gzip without chunked',
    request: { via: 'raw', pieces: [rawHead('POST', EXECUTE_SH, [['Transfer-Encoding', 'gzip']]), '{}'] },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: chunk size that is not hexadecimal',
    request: {
      via: 'raw',
      pieces: [
        rawHead('POST', EXECUTE_SH, [['Transfer-Encoding', 'chunked']]),
        'zz\r\n{"target":"example.com"}\r\n0\r\n\r\n',
      ],
    },
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

export const oddMethods: Case[] = [
  ...KNOWN_PATHS.flatMap(({ path, wrong }) =>
    wrong.map((method): Case => ({
      name: `${method} ${path}`,
      request: {
        via: 'fetch',
        method,
        path,
        ...(method === 'GET'
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: '{"target":"example.com"}' }),
      },
      status: 405,
    })),
  ),
  // fetch refuses to send TRACE; Node's parser knows it, so the app answers.
  ...[CATALOG, EXECUTE_SH, EXECUTE_ES, '/openapi.json'].map((path): Case => ({
    name: `raw: TRACE ${path}`,
    request: { via: 'raw', pieces: [rawHead('TRACE', path)] },
    status: 405,
  })),
  {
    name: 'raw: M-SEARCH on the execute path',
    request: { via: 'raw', pieces: [rawHead('M-SEARCH', EXECUTE_SH)] },
    status: 405,
  },
  {
    name: 'raw: QUERY with a body on the execute path',
    request: rawPostWithMethod('QUERY', EXECUTE_SH, '{"target":"example.com"}'),
    status: 405,
  },
  {
    name: 'raw: DELETE with a body on the execute path',
    request: rawPostWithMethod('DELETE', EXECUTE_SH, '{"target":"example.com"}'),
    status: 405,
  },
  // Wrong methods on paths that do not exist: 404, not 405.
  {
    name: 'PUT on an unknown path',
    request: { via: 'fetch', method: 'PUT', path: '/nothing-here', body: '{}' },
    status: 404,
  },
  {
    name: 'DELETE on an unknown tool',
    request: { via: 'fetch', method: 'DELETE', path: '/api/v1/agent/tools/nope/execute' },
    status: 404,
  },
  {
    name: 'GET on an unknown tool',
    request: { via: 'fetch', method: 'GET', path: '/api/v1/agent/tools/nope/execute' },
    status: 404,
  },
  {
    name: 'PUT on a tool that runs elsewhere',
    request: { via: 'fetch', method: 'PUT', path: '/api/v1/agent/tools/website-security/execute', body: '{}' },
    status: 404,
  },
  {
    name: 'PATCH on a future API version',
    request: { via: 'fetch', method: 'PATCH', path: '/api/v2/agent/tools', body: '{}' },
    status: 404,
  },
  // The landing page takes GET and HEAD only: another method is a 405 naming them, as on every page.
  { name: 'PROPFIND on the root', request: { via: 'fetch', method: 'PROPFIND', path: '/' }, status: 405 },
  {
    name: 'POST on a tool page',
    request: { via: 'fetch', method: 'POST', path: '/tools/security-headers' },
    status: 405,
  },
  {
    name: 'raw: TRACE on an unknown path',
    request: { via: 'raw', pieces: [rawHead('TRACE', '/nothing-here')] },
    status: 404,
  },
  // Method tokens Node's parser does not accept at all.
  {
    name: 'raw: lower-case get',
    request: { via: 'raw', pieces: [rawHead('get', CATALOG)] },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: lower-case post',
    request: rawPostWithMethod('post', EXECUTE_SH, '{"target":"example.com"}'),
    refusedByHttpParser: true,
  },
  {
    name: 'raw: mixed-case Get',
    request: { via: 'raw', pieces: [rawHead('Get', CATALOG)] },
    refusedByHttpParser: true,
  },
  {
    name: 'fetch: lower-case patch (fetch does not normalise it)',
    request: { via: 'fetch', method: 'patch', path: EXECUTE_SH, body: '{}' },
    refusedByHttpParser: true,
  },
  { name: 'raw: TRACK', request: { via: 'raw', pieces: [rawHead('TRACK', CATALOG)] }, refusedByHttpParser: true },
  {
    name: 'raw: unknown method FOO',
    request: { via: 'raw', pieces: [rawHead('FOO', CATALOG)] },
    refusedByHttpParser: true,
  },
  { name: 'raw: method GETS', request: { via: 'raw', pieces: [rawHead('GETS', CATALOG)] }, refusedByHttpParser: true },
  {
    name: 'raw: method with a bracket',
    request: { via: 'raw', pieces: [rawHead('G(ET', CATALOG)] },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: method of 300 letters',
    request: { via: 'raw', pieces: [rawHead('X'.repeat(300), CATALOG)] },
    refusedByHttpParser: true,
  },
];

// --- Unknown paths ----------------------------------------------------------------------------

export const unknownPaths: Case[] = [
  ...[
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
  ...[
    '/api/v1/agent/tools/nope/execute',
    '/api/v1/agent/tools/fortibleed-check/execute',
    `/api/v1/agent/tools/${'x'.repeat(5000)}/execute`,
  ].map((path): Case => ({
    name: `POST ${path.length > 80 ? `${path.slice(0, 60)}…(${path.length})` : path}`,
    request: post(path, '{"target":"example.com"}'),
    status: 404,
  })),
  {
    name: 'raw: dot segments climbing out of /api',
    request: { via: 'raw', pieces: [rawHead('GET', '/api/v1/agent/tools/../../../../etc/passwd')] },
    status: 404,
  },
  {
    name: 'raw: absolute-form request target',
    request: { via: 'raw', pieces: [rawHead('GET', 'http://elsewhere.example/api/v1/nothing')] },
    status: 404,
  },
  {
    name: 'raw: raw UTF-8 bytes in the path',
    request: {
      via: 'raw',
      pieces: [
        Buffer.concat([enc('GET /api/'), Buffer.from([0xc3, 0xa9]), enc(' HTTP/1.1\r\nHost: scan.test\r\n\r\n')]),
      ],
    },
    refusedByHttpParser: true,
  },
  {
    name: 'raw: space inside the path',
    request: { via: 'raw', pieces: ['GET /api/v1/agent tools HTTP/1.1\r\nHost: scan.test\r\n\r\n'] },
    refusedByHttpParser: true,
  },
];
