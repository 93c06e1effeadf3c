/**
 * The check every API test server runs on its answers (conforming-app.ts) refuses what the
 * document does not describe: so that the suite passing means something.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeApi } from '../../src/app.ts';
import { OpenApiConformance } from './openapi-conformance.ts';

const checker = new OpenApiConformance(await describeApi('https://scan.test', 'https://account.scan.test/keys'));

const COMMON = {
  'api-version': '1',
  'x-request-id': 'r-1',
  'cache-control': 'no-store',
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'API-Version',
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...COMMON, 'content-type': 'application/json', ...headers },
  });

describe('the OpenAPI check of an answer', () => {
  test('passes an answer the document describes', async () => {
    assert.deepEqual(await checker.check('GET', '/healthz', json(200, { status: 'ok' })), []);
    assert.deepEqual(await checker.check('GET', '/healthz/', json(200, { status: 'ok' })), [], 'a trailing slash');
  });

  test('refuses an undocumented member, status, content type or header, and a missing required header', async () => {
    const cases: [string, Promise<string[]>][] = [
      ['member', checker.check('GET', '/healthz', json(200, { status: 'ok', extra: 1 }))],
      ['enum value', checker.check('GET', '/healthz', json(200, { status: 'fine' }))],
      ['status', checker.check('GET', '/healthz', json(418, { status: 'ok' }))],
      [
        'content type',
        checker.check('GET', '/healthz', new Response('ok', { headers: { ...COMMON, 'content-type': 'text/plain' } })),
      ],
      ['header', checker.check('GET', '/healthz', json(200, { status: 'ok' }, { 'x-powered-by': 'us' }))],
      [
        'rate-limit header on a probe',
        checker.check('GET', '/healthz', json(200, { status: 'ok' }, { ratelimit: 'x' })),
      ],
      [
        'required header',
        checker.check(
          'GET',
          '/healthz',
          new Response('{"status":"ok"}', { headers: { 'content-type': 'application/json' } }),
        ),
      ],
      ['path', checker.check('GET', '/nowhere', json(200, { status: 'ok' }))],
    ];
    for (const [what, problems] of cases) assert.notDeepEqual(await problems, [], what);
  });

  test('any other path may answer a problem, and nothing else', async () => {
    const problem = {
      success: false,
      error: { code: 'not_found', message: 'There is nothing at GET /nowhere.', hint: 'See the catalog.' },
      type: 'https://scan.test/developers/errors/not-found',
      title: 'Not Found',
      status: 404,
      detail: 'There is nothing at GET /nowhere.',
      code: 'not_found',
      requestId: 'r-1',
    };
    const answer = (body: unknown) =>
      new Response(JSON.stringify(body), {
        status: 404,
        headers: { ...COMMON, 'content-type': 'application/problem+json' },
      });
    assert.deepEqual(await checker.check('GET', '/nowhere', answer(problem)), []);
    assert.deepEqual(await checker.check('POST', '/nowhere', answer(problem)), []);
    assert.deepEqual(await checker.check('GET', '/api/v1/nowhere', answer(problem)), []);
    assert.notDeepEqual(await checker.check('GET', '/nowhere', answer({ ...problem, secret: 'x' })), []);
  });

  test('outside the API, a 404 to a GET may be an HTML page (the shared PageNotFound); under it, never', async () => {
    const page = () =>
      new Response('<!doctype html><title>Page not found</title>', {
        status: 404,
        headers: { ...COMMON, 'content-type': 'text/html; charset=utf-8', vary: 'Accept' },
      });
    assert.deepEqual(await checker.check('GET', '/nowhere', page()), []);
    assert.deepEqual(await checker.check('HEAD', '/nowhere', new Response(null, page())), []);
    for (const path of ['/api/v1/nowhere', '/mcp/nowhere', '/healthz/nowhere'])
      assert.notDeepEqual(await checker.check('GET', path, page()), [], path);
    assert.notDeepEqual(await checker.check('POST', '/nowhere', page()), [], 'only a GET gets a page');
  });
});
