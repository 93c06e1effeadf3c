/**
 * JSON Schema validation for tests that also refuses undocumented members. The published schemas
 * leave objects open (clients must ignore members they do not know); here every object schema
 * that lists its `properties` gets `unevaluatedProperties: false`, so a member the service sends
 * but does not document fails the test.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = unknown;

/** A copy of `schema` where every object schema that names properties allows no others. */
export function closedObjects(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(closedObjects);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closedObjects(value)]));
  const named = 'properties' in copy && !('additionalProperties' in copy) && !('unevaluatedProperties' in copy);
  return named ? { ...copy, unevaluatedProperties: false } : copy;
}

export function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats.default(ajv);
  // OpenAPI keywords that may sit inside schemas.
  ajv.addKeyword({ keyword: 'example' });
  ajv.addKeyword({ keyword: 'discriminator' });
  return ajv;
}

/** Compiles `schema` closed; the returned function gives the errors as readable lines (none: valid). */
export function strictValidator(schema: Json): (value: unknown) => string[] {
  const validate: ValidateFunction = strictAjv().compile(closedObjects(schema) as object);
  return (value) => (validate(value) ? [] : describeErrors(validate.errors ?? []));
}

export function describeErrors(errors: ErrorObject[]): string[] {
  return errors.map((e) => {
    const extra =
      e.keyword === 'unevaluatedProperties' || e.keyword === 'additionalProperties'
        ? ` (${JSON.stringify(e.params)})`
        : '';
    return `${e.instancePath || '/'} ${e.message ?? e.keyword}${extra}`;
  });
}
