import assert from 'node:assert/strict';
import * as v from 'valibot';
import { ERRORS, type ErrorCode } from '../../src/http/errors.ts';
import { AnyProblemSchema } from '../../src/contract/problem-schemas.ts';

/** Asserts a response is the SPEC's problem+json for `code`, and returns its body. */
export async function expectProblem(
  response: Response,
  code: ErrorCode,
  baseUrl = 'https://scan.test',
  // Callers read members beyond AnyProblemSchema (result.details.*, grade) and assert on them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body, as Response.json gives it
): Promise<Record<string, any>> {
  const text = await response.text();
  assert.equal(response.status, ERRORS[code].status, `status for ${code}: ${text.slice(0, 300)}`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/);
  const body = JSON.parse(text);
  v.parse(AnyProblemSchema, body);
  assert.equal(body.success, false);
  assert.equal(body.status, response.status);
  assert.equal(body.code, code);
  assert.equal(body.error.code, code);
  assert.equal(body.title, ERRORS[code].title);
  assert.equal(body.type, `${baseUrl}/developers/errors/${code.replaceAll('_', '-')}`);
  assert.equal(body.error.message, body.detail);
  assert.ok(body.detail.length > 10 && body.error.hint.length > 10);
  assert.ok(!/\bat .+\.ts:\d+/.test(text), 'no stack trace');
  return body;
}
