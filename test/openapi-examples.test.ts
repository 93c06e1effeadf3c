/**
 * Every example the OpenAPI document gives is an answer the document allows: schema `examples`
 * and the `example` of request bodies and parameters, checked with every object closed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeApi } from '../src/app.ts';
import { closedObjects, describeErrors, strictAjv } from './support/strict-schema.ts';

type Json = Record<string, unknown>;
const document = (await describeApi('https://scan.example', 'https://account.scan.example/keys')) as unknown as Json;

/** Every object in the document holding an example, with the schema the example is of. */
function examplesIn(node: unknown, path: string): { path: string; schema: Json; example: unknown }[] {
  if (node === null || typeof node !== 'object') return [];
  const object = node as Json;
  const own: { path: string; schema: Json; example: unknown }[] = [];
  if (Array.isArray(object['examples']) && ('type' in object || 'properties' in object || 'anyOf' in object))
    for (const example of object['examples'] as unknown[]) own.push({ path, schema: object, example });
  if ('example' in object && typeof object['schema'] === 'object')
    own.push({ path, schema: object['schema'] as Json, example: object['example'] });
  return [...own, ...Object.entries(object).flatMap(([key, value]) => examplesIn(value, `${path}/${key}`))];
}

test('every example in the document fits its schema, with no undocumented member', () => {
  const ajv = strictAjv();
  ajv.addSchema(closedObjects(document) as object, 'openapi');
  const found = examplesIn(document, '#');
  assert.ok(found.length >= 10, `${found.length} examples`);
  for (const { path, schema, example } of found) {
    const closed = JSON.stringify(closedObjects(schema)).replaceAll('"$ref":"#/', '"$ref":"openapi#/');
    const checked = JSON.parse(closed) as Json;
    delete checked['examples'];
    const validate = ajv.compile(checked);
    assert.ok(validate(example), `${path}: ${describeErrors(validate.errors ?? []).join('; ')}`);
  }
});

test('the problem document has an example, as a client generator shows it', () => {
  const problem = (document['components'] as { schemas: Record<string, Json> }).schemas['Problem'];
  assert.equal((problem?.['examples'] as Json[] | undefined)?.[0]?.['code'], 'bad_request');
});
