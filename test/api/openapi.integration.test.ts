import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { compileErrors, validate } from '@readme/openapi-parser';
import * as v from 'valibot';
import { ERRORS } from '../../src/http/errors.ts';
import { ScanHistoryResponseSchema } from '../../src/contract/scan-envelope.ts';
import { ScanResponseSchema, StoredScanResponseSchema } from '../../src/contract/response-schemas.ts';
import { undescribedMembers } from '../support/described-members.ts';
import { CHALLENGED } from '../support/scanners.ts';
import { EXECUTE_SH, postJson, startHarness, type Harness } from '../support/harness.ts';

/** The parts of the OpenAPI document these tests read. */
interface OpenApiDocument {
  openapi: string;
  info: { description: string };
  'x-cors-preflight': { headers: Record<string, unknown> };
  'x-response-headers': Record<
    'everyAnswer' | 'everyAnswerExceptProbes' | 'underTheDeprecatedPrefix',
    Record<string, { description: string; required?: boolean }>
  >;
  servers: { url: string }[];
  paths: Record<string, Partial<Record<'get' | 'post' | 'head' | 'options', OpenApiOperation>> & PathParameters>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
    securitySchemes: Record<string, { name?: string }>;
    headers: Record<string, { description: string }>;
  };
}

interface PathParameters {
  parameters?: { name: string; in: string; required?: boolean; schema: { enum?: string[] } }[];
}

interface JsonSchema {
  required?: string[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema & { maxLength?: number; maximum?: number; enum?: string[] }>;
  items?: JsonSchema;
}

interface OpenApiOperation {
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: { enum?: string[] } }[];
  requestBody?: { content: Record<string, { example?: Record<string, unknown> }> };
  responses: Record<
    string,
    { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: { $ref?: string } }> }
  >;
}

describe('GET /openapi.json', () => {
  let h: Harness;
  /** A listed answer, or the shared answer it refers to. */
  const resolved = (listed: OpenApiOperation['responses'][string]) =>
    listed.$ref ? doc.components.responses[listed.$ref.split('/').pop()!]! : listed;
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

  test('describes every member whose name and type leave its meaning open, in every schema', () => {
    assert.deepEqual(undescribedMembers(doc.components.schemas), []);
  });

  test('is a valid OpenAPI 3.1 document', async () => {
    assert.equal(doc.openapi, '3.1.0');
    const result = await validate(JSON.parse(text)); // a copy: validate() dereferences in place
    assert.ok(result.valid, result.valid ? '' : compileErrors(result));
    assert.deepEqual(
      doc.servers.map((s) => s.url),
      ['https://scan.test'],
    );
  });

  test('documents what it answers a request carrying a bad key', async () => {
    const res = await h.request('/openapi.json', { headers: { authorization: 'Bearer not-a-key' } });
    assert.equal(res.status, 401);
    await res.arrayBuffer();
    const responses = doc.paths['/openapi.json']?.get?.responses ?? {};
    for (const status of ['200', '401', '429', '503']) assert.ok(responses[status], status);
  });

  test('covers every endpoint of the API', () => {
    assert.deepEqual(
      Object.keys(doc.paths).sort(),
      [
        '/api/agent/tools',
        '/api/agent/tools/{tool}/execute',
        '/api/badge/{domain}',
        '/api/v1/agent/tools',
        '/api/v1/agent/tools/email-security/execute',
        '/api/v1/agent/tools/security-headers/execute',
        '/api/v1/agent/tools/{tool}/scans',
        '/api/v1/scans/{scanId}',
        '/healthz',
        '/mcp',
        '/openapi.json',
        '/readyz',
        ...['/', '/agent-skills/{skill}', '/assets/site.css', '/assets/tool-page.js', '/developers/errors'],
        ...['/developers/errors/{slug}', '/llms.txt', '/scans/{scanId}', '/tools/{tool}'],
      ].sort(),
    );
  });

  test('describes HEAD and the preflight once, not as operations, and any other status on every path', () => {
    assert.match(doc.info.description, /Every GET path also answers HEAD/);
    assert.ok(doc['x-cors-preflight'].headers['Access-Control-Allow-Headers']);
    for (const [path, item] of Object.entries(doc.paths)) {
      assert.equal(item.head ?? item.options, undefined, path);
      // `default`: the problem of an unusable Host (400), another method (405) or a bug (500).
      for (const op of [item.get, item.post]) if (op) assert.ok(op.responses['default'], path);
    }
  });

  test('documents once the headers nearly every answer carries', () => {
    const groups = doc['x-response-headers'];
    assert.deepEqual(Object.keys(groups.everyAnswer).sort(), [
      'API-Version',
      'Access-Control-Allow-Origin',
      'Access-Control-Expose-Headers',
      'Cache-Control',
      'X-Request-Id',
    ]);
    assert.ok(Object.values(groups.everyAnswer).every((header) => header.required === true));
    assert.ok(groups.everyAnswerExceptProbes['RateLimit'] && groups.everyAnswerExceptProbes['X-RateLimit-Reset']);
    assert.deepEqual(Object.keys(groups.underTheDeprecatedPrefix), ['Deprecation', 'Sunset', 'Link']);
    assert.match(doc.info.description, /x-response-headers/);
  });

  test('lists every status of the execute endpoints, with their own headers and problem bodies', () => {
    for (const tool of ['security-headers', 'email-security']) {
      const responses = doc.paths[`/api/v1/agent/tools/${tool}/execute`]?.post?.responses ?? {};
      assert.deepEqual(Object.keys(responses).sort(), [
        '200',
        '400',
        '401',
        '403',
        '408',
        '413',
        // No 415: any Content-Type is read as JSON (docs/api-behaviour.md).
        '422',
        '429',
        '503',
        'default',
      ]);
      for (const [status, listed] of Object.entries(responses)) {
        const response = resolved(listed);
        const type = status === '200' ? 'application/json' : 'application/problem+json';
        assert.ok(response.content?.[type], `${status} ${type}`);
      }
      assert.ok(resolved(responses['429']!).headers?.['Retry-After']);
      for (const status of ['200', '422']) assert.ok(responses[status]?.headers?.['Age'], `${status} Age`);
    }
  });

  test('documents maxAgeSec, the stored-scan members of the envelope and the quota policies', () => {
    const { ExecuteRequest, SecurityHeadersScan, EmailSecurityUnassessedScan } = doc.components.schemas;
    assert.equal(ExecuteRequest?.properties?.maxAgeSec?.maximum, 86400);
    assert.ok(!ExecuteRequest?.required?.includes('maxAgeSec'));
    const stored = ['scanId', 'scannedAt', 'assessed', 'cached', 'scanUrl', 'permalink'];
    for (const schema of [SecurityHeadersScan, EmailSecurityUnassessedScan])
      for (const member of stored) assert.ok(schema?.required?.includes(member), member);
    assert.match(doc.components.headers['Age']?.description ?? '', /maxAgeSec/);
    const headers = doc['x-response-headers'].everyAnswerExceptProbes;
    for (const name of ['RateLimit', 'RateLimit-Policy']) {
      assert.match(headers[name]?.description ?? '', /scans-per-hour-per-client/, name);
      assert.match(headers[name]?.description ?? '', /closest to running out/, name);
    }
    assert.match(headers['RateLimit-Reset']?.description ?? '', /scan-quota 429/);
  });

  test("documents reading a stored scan and a target's history", () => {
    const stored = doc.paths['/api/v1/scans/{scanId}']?.get;
    const common = ['default'];
    assert.deepEqual(
      Object.keys(stored?.responses ?? {}).sort(),
      ['200', '401', '403', '404', '429', '503', ...common].sort(),
    );
    assert.equal(
      stored?.responses['200']?.content?.['application/json']?.schema?.$ref,
      '#/components/schemas/StoredScan',
    );
    assert.deepEqual(
      doc.paths['/api/v1/scans/{scanId}']?.parameters?.map((p) => [p.name, p.in, p.required]),
      [['scanId', 'path', true]],
    );
    const historyItem = doc.paths['/api/v1/agent/tools/{tool}/scans'];
    const history = historyItem?.get;
    assert.deepEqual(
      Object.keys(history?.responses ?? {}).sort(),
      ['200', '400', '401', '403', '404', '429', '503', 'default'].sort(),
    );
    assert.equal(
      history?.responses['200']?.content?.['application/json']?.schema?.$ref,
      '#/components/schemas/ScanHistory',
    );
    assert.deepEqual(
      [...(historyItem?.parameters ?? []), ...(history?.parameters ?? [])].map((p) => [p.name, p.in, p.required]),
      [
        ['tool', 'path', true],
        ['target', 'query', true],
      ],
    );
    assert.deepEqual(historyItem?.parameters?.[0]?.schema.enum, ['security-headers', 'email-security']);
    for (const op of [stored, history]) assert.ok(op?.responses['200'] && op.responses['404'] && op.responses['429']);
    const { SecurityHeadersStoredScan, ScanHistory } = doc.components.schemas;
    const storedShapes = SecurityHeadersStoredScan?.anyOf ?? [];
    assert.equal(storedShapes.length, 2, 'assessed, and not assessed');
    for (const shape of storedShapes)
      for (const member of ['scanId', 'scannedAt', 'assessed', 'cached', 'scanUrl', 'permalink', 'grade'])
        assert.ok(shape.required?.includes(member), member);
    assert.deepEqual(ScanHistory?.properties?.scans?.items?.required, [
      'scanId',
      'scannedAt',
      'grade',
      'gradeScore',
      'status',
      'scanUrl',
      'permalink',
    ]);
  });

  test('documents the badge parameters and its error badge', () => {
    const badge = doc.paths['/api/badge/{domain}']?.get;
    const parameters = [...(doc.paths['/api/badge/{domain}']?.parameters ?? []), ...(badge?.parameters ?? [])];
    const byName = Object.fromEntries(parameters.map((p) => [p.name, p]));
    assert.deepEqual(Object.keys(byName).sort(), ['domain', 'format', 'label', 'style', 'tool']);
    assert.deepEqual(byName['tool']?.schema.enum, ['website-security', 'security-headers', 'email-security']);
    assert.deepEqual(byName['format']?.schema.enum, ['shields']);
    assert.deepEqual(byName['style']?.schema.enum, ['default', 'compact', 'mini', 'flat', 'flat-square']);
    assert.ok(badge?.responses['200']?.content?.['application/json'], 'shields endpoint JSON');
    assert.ok(badge?.responses['400']?.content?.['image/svg+xml'], 'error badge');
    assert.ok(badge?.responses['400']?.content?.['application/problem+json'], 'problem on request');
  });

  test('takes the request body schema from the same schema the server validates with', () => {
    const schema = doc.components.schemas.ExecuteRequest;
    assert.deepEqual(schema?.required, ['target']);
    assert.equal(schema?.properties?.target?.maxLength, 2048);
    // The problem's `error` member is named once (ProblemError) and referred to.
    const errorMember = doc.components.schemas.Problem?.properties?.['error'] as { $ref?: string } | undefined;
    assert.equal(errorMember?.$ref, '#/components/schemas/ProblemError');
    assert.deepEqual(doc.components.schemas.ProblemError?.properties?.['code']?.enum, Object.keys(ERRORS));
  });

  test('documents the deprecated paths and the legacy headers', () => {
    assert.equal(doc.paths['/api/agent/tools']?.get?.deprecated, true);
    assert.equal(doc.paths['/api/agent/tools/{tool}/execute']?.post?.deprecated, true);
    const deprecatedHeaders = doc['x-response-headers'].underTheDeprecatedPrefix;
    assert.ok(['Deprecation', 'Sunset', 'Link'].every((name) => deprecatedHeaders[name]?.required === true));
  });

  test('documents both ways of sending a key, and anonymous use', () => {
    assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), ['bearerKey', 'headerKey']);
    assert.equal(doc.components.securitySchemes.headerKey?.name, 'X-Api-Key');
    assert.deepEqual(doc.paths['/api/v1/agent/tools']?.get?.security?.[0], {});
  });

  test('the stored-scan schemas describe what the server answers, assessed or not, fresh or cached', async () => {
    const fresh = v.parse(ScanResponseSchema, await (await postJson(h, EXECUTE_SH, { target: 'example.com' })).json());
    assert.equal(fresh.cached, false);
    await h.settled();
    const cached = await postJson(h, EXECUTE_SH, { target: 'example.com', maxAgeSec: 3600 });
    assert.equal(v.parse(ScanResponseSchema, await cached.json()).cached, true);
    assert.match(cached.headers.get('age') ?? '', /^\d+$/);
    h.scanners['security-headers'].outcome = CHALLENGED;
    h.clock.advance(1000);
    const unassessed = (await (await postJson(h, EXECUTE_SH, { target: 'example.com' })).json()) as { scanId: string };
    await h.settled();
    for (const scanId of [fresh.scanId, unassessed.scanId]) {
      const res = await h.request(`/api/v1/scans/${scanId}`);
      assert.equal(res.status, 200);
      const body = v.parse(StoredScanResponseSchema, await res.json());
      assert.equal(body.assessed, scanId === fresh.scanId);
    }
    const history = await h.request('/api/v1/agent/tools/security-headers/scans?target=example.com');
    assert.equal(history.status, 200);
    const { scans } = v.parse(ScanHistoryResponseSchema, await history.json());
    assert.deepEqual(
      scans.map((s) => s.scanId),
      [unassessed.scanId, fresh.scanId],
    );
  });
});
