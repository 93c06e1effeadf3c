import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyFetchError } from '../../src/net/fetch-failure.ts';

const withCode = (code: string, message = `boom ${code}`) => Object.assign(new Error(message), { code });
const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });

const CASES: [string, unknown, string, string | null][] = [
  [
    'connection refused',
    fetchFailed(withCode('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.1:80')),
    'refused',
    'ECONNREFUSED',
  ],
  [
    'refused on every address (happy eyeballs)',
    fetchFailed(
      Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), { code: 'ECONNREFUSED' }),
    ),
    'refused',
    'ECONNREFUSED',
  ],
  [
    'refused inside an AggregateError without a code',
    fetchFailed(new AggregateError([withCode('ENETUNREACH'), withCode('ECONNREFUSED')])),
    'refused',
    'ECONNREFUSED',
  ],
  ['self-signed leaf', fetchFailed(withCode('DEPTH_ZERO_SELF_SIGNED_CERT')), 'tls', 'DEPTH_ZERO_SELF_SIGNED_CERT'],
  ['self-signed in chain', fetchFailed(withCode('SELF_SIGNED_CERT_IN_CHAIN')), 'tls', 'SELF_SIGNED_CERT_IN_CHAIN'],
  [
    'unknown issuer',
    fetchFailed(withCode('UNABLE_TO_VERIFY_LEAF_SIGNATURE')),
    'tls',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  ],
  ['wrong name', fetchFailed(withCode('ERR_TLS_CERT_ALTNAME_INVALID')), 'tls', 'ERR_TLS_CERT_ALTNAME_INVALID'],
  ['expired', fetchFailed(withCode('CERT_HAS_EXPIRED')), 'tls', 'CERT_HAS_EXPIRED'],
  [
    'TLS to a plain HTTP port',
    fetchFailed(withCode('ERR_SSL_WRONG_VERSION_NUMBER')),
    'tls',
    'ERR_SSL_WRONG_VERSION_NUMBER',
  ],
  ['name not found', fetchFailed(withCode('ENOTFOUND')), 'dns', 'ENOTFOUND'],
  ['temporary DNS failure', fetchFailed(withCode('EAI_AGAIN')), 'dns', 'EAI_AGAIN'],
  ['connect timeout', fetchFailed(withCode('UND_ERR_CONNECT_TIMEOUT')), 'timeout', 'UND_ERR_CONNECT_TIMEOUT'],
  ['headers timeout', fetchFailed(withCode('UND_ERR_HEADERS_TIMEOUT')), 'timeout', 'UND_ERR_HEADERS_TIMEOUT'],
  ['aborted', new DOMException('This operation was aborted', 'AbortError'), 'timeout', null],
  ['timed out', new DOMException('The operation timed out.', 'TimeoutError'), 'timeout', null],
  ['abort wrapped', fetchFailed(new DOMException('x', 'AbortError')), 'timeout', null],
  ['reset', fetchFailed(withCode('ECONNRESET')), 'network', 'ECONNRESET'],
  ['socket closed', fetchFailed(withCode('UND_ERR_SOCKET')), 'network', 'UND_ERR_SOCKET'],
  ['host unreachable', fetchFailed(withCode('EHOSTUNREACH')), 'network', 'EHOSTUNREACH'],
  ['address not vetted', fetchFailed(withCode('ERR_ADDRESS_NOT_VETTED')), 'blocked-address', 'ERR_ADDRESS_NOT_VETTED'],
  ['nothing known', new Error('mystery'), 'network', null],
  ['not even an error', 'a string', 'network', null],
  ['null', null, 'network', null],
];

test('fetch errors are classified by walking cause and AggregateError.errors', () => {
  for (const [name, error, reason, code] of CASES) {
    const failure = classifyFetchError(error);
    assert.equal(failure.reason, reason, name);
    assert.equal(failure.code, code, name);
  }
});

test('a TLS cause wins over the generic network error around it', () => {
  const error = fetchFailed(Object.assign(withCode('ECONNRESET'), { cause: withCode('CERT_HAS_EXPIRED') }));
  assert.equal(classifyFetchError(error).reason, 'tls');
});

test('messages are built from codes, never from the runtime message (which can hold an address)', () => {
  const failure = classifyFetchError(fetchFailed(withCode('ECONNREFUSED', 'connect ECONNREFUSED 10.1.2.3:8080')));
  assert.doesNotMatch(failure.message, /10\.1\.2\.3/);
  const odd = classifyFetchError(fetchFailed(withCode('connect to 10.1.2.3 failed')));
  assert.equal(odd.code, null);
  assert.doesNotMatch(odd.message, /10\.1\.2\.3/);
});

test('a cause that points back at itself does not hang', () => {
  const a: Error & { cause?: unknown } = new Error('a');
  const b: Error & { cause?: unknown } = new Error('b', { cause: a });
  a.cause = b;
  assert.equal(classifyFetchError(a).reason, 'network');
});
