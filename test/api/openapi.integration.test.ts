import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { compileErrors, validate } from '@readme/openapi-parser';
import { ERRORS } from '../../src/http/errors.ts';
import { startHarness, type Harness } from '../support/harness.ts';

/** The parts of the OpenAPI document these tests read. */
interface OpenApiDocument {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Partial<Record<'get' | 'post', OpenApiOperation>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, { name?: string }> };
}

interface JsonSchema {
  required?: string[];
  properties?: Record<string, { maxLength?: number; enum?: string[] }>;
}

interface OpenApiOperation {
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
}

describe('GET /openapi.json', () => {
  let h: Harness;
  let text: string;
  let doc: OpenApiDocument;
  before(async () => {
    h = await startHarness();
    const res = await h.request('/openapi.json');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json');
    text = await res.text();
    doc = JSON.parse(text) as OpenApiDocument;
  });

  test('is a valid OpenAPI 3.1 document', async () => {
    assert.equal(doc.openapi, '3.1.0');
    const result = await validate(JSON.parse(text)); // a copy: validate() dereferences in place
    assert.ok(result.valid, result.valid ? '' : compileErrors(result));
    assert.deepEqual(doc.servers, [{ url: 'https://scan.test' }]);
  });

  test('documents what it answers a request carrying a bad key', async () => {
    const res = await h.request('/openapi.json', { headers: { authorization: 'Bearer not-a-key' } });
    assert.equal(res.status, 401);
    await res.arrayBuffer();
    const responses = doc.paths['/openapi.json']?.get?.responses ?? {};
    for (const status of ['200', '401', '429', '503']) assert.ok(responses[status], status);
  });

  test('covers every endpoint of the API', () => {
    assert.deepEqual(Object.keys(doc.paths).sort(), [
      '/api/agent/tools',
      '/api/badge/{domain}',
      '/api/v1/agent/tools',
      '/api/v1/agent/tools/email-security/execute',
      '/api/v1/agent/tools/security-headers/execute',
      '/api/v1/agent/tools/{tool}/execute',
      '/api/v1/developer/keys',
      '/mcp',
      '/openapi.json',
    ]);
  });

  test('lists every status of the execute endpoints, with rate-limit headers and problem bodies', () => {
    for (const tool of ['security-headers', 'email-security']) {
      const responses = doc.paths[`/api/v1/agent/tools/${tool}/execute`]?.post?.responses ?? {};
      assert.deepEqual(Object.keys(responses).sort(), [
        '200',
        '400',
        '401',
        '403',
        '404',
        '408',
        '413',
        '422',
        '429',
        '503',
      ]);
      for (const [status, response] of Object.entries(responses)) {
        assert.ok(response.headers?.['RateLimit'] && response.headers['API-Version'], status);
        const type = status === '200' ? 'application/json' : 'application/problem+json';
        assert.ok(response.content?.[type], `${status} ${type}`);
      }
      assert.ok(responses['429']?.headers?.['Retry-After']);
    }
  });

  test('takes the request body schema from the same schema the server validates with', () => {
    const schema = doc.components.schemas.ExecuteRequest;
    assert.deepEqual(schema?.required, ['target']);
    assert.equal(schema?.properties?.target?.maxLength, 2048);
    assert.deepEqual(doc.components.schemas.Problem?.properties?.code?.enum, Object.keys(ERRORS));
  });

  test('documents the deprecated paths and the legacy headers', () => {
    assert.equal(doc.paths['/api/agent/tools']?.get?.deprecated, true);
    assert.ok(doc.paths['/api/agent/tools']?.get?.responses['200']?.headers?.Sunset);
    assert.equal(doc.paths['/api/v1/developer/keys']?.post?.deprecated, true);
    assert.ok(doc.paths['/api/v1/developer/keys']?.post?.responses['410']);
  });

  test('documents both ways of sending a key, and anonymous use', () => {
    assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), ['bearerKey', 'headerKey']);
    assert.equal(doc.components.securitySchemes.headerKey?.name, 'X-Api-Key');
    assert.deepEqual(doc.paths['/api/v1/agent/tools']?.get?.security?.[0], {});
  });
});
