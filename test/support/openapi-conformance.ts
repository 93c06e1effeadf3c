/**
 * Checks a response the service sent against its OpenAPI document: the path and method are
 * documented, the status is one the operation lists, the content type is one it names, the body
 * matches its schema with no undocumented member (test/support/strict-schema.ts), and every
 * header of the API's own vocabulary that was sent is documented for that response and valid.
 */
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { isMachinePath, PATHS, openApiPath, successorOf } from '../../src/paths.ts';
import { closedObjects, describeErrors, strictAjv } from './strict-schema.ts';

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, ResponseObject>;
}
interface ResponseObject {
  headers?: Record<string, Json>;
  content?: Record<string, { schema?: Json }>;
}

/** Headers any response may carry without being documented: transport, CORS and security headers. */
const UNDOCUMENTED_ALLOWED = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'content-security-policy',
  'permissions-policy',
  'vary',
]);

const PATTERNS = Object.values(PATHS).map((pattern) => ({
  key: openApiPath(pattern),
  literal: !pattern.includes(':'),
  regex: new RegExp(
    `^${pattern
      .replace(/[.]/g, '\\.')
      .replace(/:\w+\+/g, '.+')
      .replace(/:\w+/g, '[^/]+')}/*$`,
  ),
}));

export class OpenApiConformance {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<Json, ValidateFunction>();

  constructor(private readonly document: Json) {
    this.ajv = strictAjv();
    this.ajv.addSchema(closedObjects(document) as object, 'openapi');
    // Compiled now: compiling the scan schemas takes long enough, on first use, to hold up the
    // event loop of a test server under load (its store calls then time out).
    const paths = document['paths'] as Record<string, Record<string, Operation>>;
    for (const item of Object.values(paths))
      for (const operation of Object.values(item))
        for (const listed of Object.values(operation.responses ?? {}))
          for (const content of Object.values(this.resolved(listed).content ?? {}))
            if (content.schema) this.validatorOf(content.schema);
  }

  /** Every way `response` departs from the document, as readable lines (none: it conforms). */
  async check(method: string, path: string, response: Response): Promise<string[]> {
    const where = `${method} ${path} → ${response.status}`;
    const paths = this.document['paths'] as Record<string, Record<string, Operation>>;
    const item = this.pathItem(paths, path);
    if (item === undefined) return this.checkOtherPath(method, path, response, where);
    const operation = this.operationFor(item, method, response.status);
    // Another method, refused before the router looked at it (the key) or by the catch-all route.
    if (operation === undefined) return this.checkOtherPath(method, path, response, where);
    const listed = operation.responses[String(response.status)] ?? operation.responses['default'];
    if (listed === undefined) return [`${where}: status not documented`];
    const documented = this.resolved(listed);
    const problems = this.checkHeaders(documented, response, path).concat(
      await this.checkBody(method, documented, response),
    );
    return problems.map((p) => `${where}: ${p}`);
  }

  /**
   * A path or method the document does not list (an unknown tool, any other path): the preflight
   * (`x-cors-preflight`), or a problem (404, or a refusal of the key that was checked first), as info.description says;
   * the retired keys endpoint, described in the `deprecated` tag, always answers 410. A 404 of a
   * GET outside the API's paths is the shared PageNotFound answer, an HTML page or the problem.
   */
  private async checkOtherPath(method: string, path: string, response: Response, where: string): Promise<string[]> {
    if (method === 'OPTIONS' && response.status === 204) {
      const preflight = this.document['x-cors-preflight'] as ResponseObject;
      return this.checkHeaders(preflight, response, path).map((p) => `${where}: ${p}`);
    }
    if (response.status === 404 && (method === 'GET' || method === 'HEAD') && !isMachinePath(path)) {
      const documented = this.resolved({ $ref: '#/components/responses/PageNotFound' });
      const problems = this.checkHeaders(documented, response, path).concat(
        await this.checkBody(method, documented, response),
      );
      return problems.map((p) => `${where}: ${p}`);
    }
    const retired = path === PATHS.developerKeys && response.status === 410;
    if (![400, 401, 404, 405, 429, 503].includes(response.status) && !retired) {
      return [`${where}: neither the path nor the method is in the document`];
    }
    const anyProblem = ['Problem', 'RateLimitProblem', 'UnavailableProblem'].map((name) => ({
      $ref: `#/components/schemas/${name}`,
    }));
    const problem = { content: { 'application/problem+json': { schema: { anyOf: anyProblem } } } };
    return (await this.checkBody(method, problem, response)).map((p) => `${where}: ${p}`);
  }

  private resolved(response: ResponseObject & { $ref?: string }): ResponseObject {
    if (response.$ref === undefined) return response;
    const responses = (this.document['components'] as Json)['responses'] as Record<string, ResponseObject>;
    return responses[response.$ref.split('/').pop()!]!;
  }

  private pathItem(paths: Record<string, Record<string, Operation>>, path: string) {
    const matching = PATTERNS.filter((p) => p.regex.test(path));
    // A concrete path (an execute path per tool) wins over the template it also matches.
    const bare = path.replace(/(.)\/+$/, '$1');
    const concrete = Object.keys(paths).find((key) => key === bare);
    const key = concrete ?? matching.find((p) => p.literal)?.key ?? matching[0]?.key;
    return key === undefined ? undefined : paths[key];
  }

  private operationFor(item: Record<string, Operation>, method: string, status: number): Operation | undefined {
    const own = item[method.toLowerCase()];
    if (own) return own;
    if (method === 'HEAD' && item['get']) return item['get'];
    // Any other method on a documented path: the 405 an operation of the path documents, or the
    // problem of any other status every operation documents (`default`).
    if (status === 405)
      return (
        Object.values(item).find((op) => op.responses?.['405'] !== undefined) ??
        Object.values(item).find((op) => op.responses?.['default'] !== undefined)
      );
    return undefined;
  }

  private checkHeaders(documented: ResponseObject, response: Response, path: string): string[] {
    const problems: string[] = [];
    const headers = new Map([...this.headersEverywhere(path), ...this.resolvedHeaders(documented)]);
    for (const [name, header] of headers) {
      const value = response.headers.get(name);
      if (value === null) {
        if (header['required'] === true) problems.push(`required header ${name} missing`);
        continue;
      }
      const schema = header['schema'] as Json | undefined;
      if (schema?.['type'] === 'integer' && !/^\d+$/.test(value))
        problems.push(`header ${name}: "${value}" not integer`);
    }
    for (const [name] of response.headers) {
      if (!headers.has(name) && !UNDOCUMENTED_ALLOWED.has(name)) problems.push(`header ${name} not documented`);
    }
    return problems;
  }

  /** The headers documented once for every answer of `path` (the document's x-response-headers). */
  private headersEverywhere(path: string): Map<string, Json> {
    const groups = this.document['x-response-headers'] as Record<string, Record<string, Json>>;
    const bare = path.replace(/(.)\/+$/, '$1');
    const probe = bare === PATHS.health || bare === PATHS.readiness;
    return new Map(
      Object.entries({
        ...groups['everyAnswer'],
        ...(probe ? {} : groups['everyAnswerExceptProbes']),
        ...(successorOf(bare) === null ? {} : groups['underTheDeprecatedPrefix']),
      }).map(([name, header]) => [name.toLowerCase(), header]),
    );
  }

  private resolvedHeaders(documented: ResponseObject): Map<string, Json> {
    const components = (this.document['components'] as Json)['headers'] as Record<string, Json>;
    return new Map(
      Object.entries(documented.headers ?? {}).map(([name, header]) => {
        const ref = header['$ref'] as string | undefined;
        return [name.toLowerCase(), ref ? components[ref.split('/').pop()!]! : header];
      }),
    );
  }

  private async checkBody(method: string, documented: ResponseObject, response: Response): Promise<string[]> {
    // HEAD and 304 name the content type of what GET would send, without the body.
    if (method === 'HEAD' || response.status === 304) return [];
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const bodyless = response.status === 204 || response.status === 304;
    const text = bodyless || mediaType === 'text/event-stream' ? '' : await response.text();
    if (mediaType === '') return text === '' ? [] : ['a body without a content type'];
    const content = documented.content?.[mediaType];
    if (content === undefined) {
      const listed = Object.keys(documented.content ?? {}).join(', ') || 'none';
      return [`content type ${mediaType} not documented (documented: ${listed})`];
    }
    if (bodyless || !/json/.test(mediaType) || content.schema === undefined) return [];
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [`the ${mediaType} body is not JSON`];
    }
    const validate = this.validatorOf(content.schema);
    return validate(body) ? [] : describeErrors(validate.errors ?? []).slice(0, 8);
  }

  private validatorOf(schema: Json): ValidateFunction {
    let validate = this.validators.get(schema);
    if (validate === undefined) {
      const resolved = JSON.parse(JSON.stringify(closedObjects(schema)).replaceAll('"$ref":"#/', '"$ref":"openapi#/'));
      validate = this.ajv.compile(resolved as object);
      this.validators.set(schema, validate);
    }
    return validate;
  }
}
