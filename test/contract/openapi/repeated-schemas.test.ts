/**
 * Specification of the pass that puts back the references the converter loses: a described use
 * of a named schema is written out whole, and becomes `{ $ref, description }` again.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { referenceRepeatedSchemas } from '../../../src/contract/openapi/repeated-schemas.ts';

const ref = (name: string) => `#/components/schemas/${name}`;
const members = Object.fromEntries(
  ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'].map((name) => [
    name,
    { type: 'string', description: `The ${name} of the record, as published.` },
  ]),
);
const record = { type: 'object', properties: members, required: Object.keys(members) };

describe('repeated schemas become references', () => {
  test('a copy of a component, with its own description, becomes a described $ref', () => {
    const schemas = referenceRepeatedSchemas({
      Record: { ...record, title: 'Record' },
      Holder: { type: 'object', properties: { kept: { ...record, description: 'The record kept.' } } },
    });
    assert.deepEqual(schemas['Holder'], {
      type: 'object',
      properties: { kept: { $ref: ref('Record'), description: 'The record kept.' } },
    });
    assert.deepEqual(schemas['Record'], { ...record, title: 'Record' }, 'a component is never a reference to itself');
  });

  test('a copy whose inner descriptions differ is a different schema', () => {
    const changed = { ...record, properties: { ...members, alpha: { type: 'string', description: 'Another.' } } };
    const schemas = referenceRepeatedSchemas({ Record: record, Holder: { anyOf: [changed, { type: 'null' }] } });
    assert.deepEqual(schemas['Holder'], { anyOf: [changed, { type: 'null' }] });
  });

  test('a small component stays inline: a plain member never turns into a reference by coincidence', () => {
    const schemas = referenceRepeatedSchemas({
      Name: { type: 'string', description: 'A name.' },
      Holder: { type: 'object', properties: { name: { type: 'string', description: 'Its name.' } } },
    });
    assert.deepEqual(schemas['Holder'], {
      type: 'object',
      properties: { name: { type: 'string', description: 'Its name.' } },
    });
  });
});
