import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gradeCapture } from '../../../src/tools/security-headers/scanner.ts';
import type { SecurityHeadersCapture } from '../../../src/tools/security-headers/capture.ts';

const unreachable = (errors: SecurityHeadersCapture['errors']): SecurityHeadersCapture =>
  ({ host: 'example.test', http: null, https: null, cors: null, errors }) as unknown as SecurityHeadersCapture;

test('a site reached by neither scheme names both failures, so an http:// site is not blamed on TLS', () => {
  const outcome = gradeCapture(
    unreachable({
      https: { reason: 'tls', message: 'the TLS handshake failed', url: 'https://example.test:9001/' },
      http: { reason: 'too-many-redirects', message: 'more than 10 redirects', url: 'http://example.test:9001/' },
    }),
  );
  assert.equal(outcome.assessed, false);
  assert.match(JSON.stringify(outcome), /over HTTPS, the TLS handshake failed; over HTTP, more than 10 redirects/);
});

test('one failure, or the same one twice, is named once', () => {
  const timeout = { reason: 'timeout', message: 'no answer within 5 s', url: 'https://example.test/' } as const;
  const once = JSON.stringify(
    gradeCapture(unreachable({ https: timeout, http: { ...timeout, url: 'http://example.test/' } })),
  );
  assert.match(once, /could not be reached: no answer within 5 s\./);
});

test('a blocked address is blamed on a redirect only when the site redirected to another host', () => {
  const blocked = (url: string) =>
    ({ reason: 'blocked-address', message: 'the address is in the loopback range', url }) as const;
  const messageOf = (url: string) => {
    const outcome = gradeCapture(unreachable({ https: blocked(url) }));
    assert.equal(outcome.assessed, false);
    return outcome.result.message;
  };
  assert.match(messageOf('https://example.test:8443/'), /^The site's address may not be scanned \(the address/);
  assert.match(
    messageOf('https://internal.example.test/'),
    /^The site redirects to an address that may not be scanned/,
  );
});
