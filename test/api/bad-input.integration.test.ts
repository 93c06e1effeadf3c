/**
 * The bad-input suite: hundreds of malformed requests (broken JSON, wrong types, huge and lying
 * bodies, odd methods, odd headers, Unicode and control characters in `target`, in JSON keys and
 * in API keys). Each must get a 4xx problem+json, no scan may run, and afterwards the server must
 * still serve ordinary requests without having logged an unexpected error.
 *
 * The cases are data: every entry names the request and the status it must get. Requests that
 * fetch cannot send (forbidden or malformed methods, raw bytes in headers, chunked or lying
 * bodies) go over a raw socket. A few of those are garbage that Node's own HTTP parser answers
 * with a bare 4xx (400, 417 or 431) before the app sees them; they are marked `refusedByHttpParser` and only the
 * status and the server's health are asserted for them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as v from 'valibot';
import { ERRORS } from '../../src/http/errors.ts';
import { generateKey } from '../../src/keys/key-format.ts';
import { MAX_TARGET_LENGTH } from '../../src/limits.ts';
import { AnyProblemSchema } from '../../src/contract/problem-schemas.ts';
import { CATALOG, EXECUTE_SH, postJson, startHarness } from '../support/harness.ts';
import { rawRequest } from '../support/raw-http.ts';
import { type Case, CODE_OF, type Outgoing, type ProblemStatus } from './bad-input/case-kit.ts';
import { headerCases, PREFIX } from './bad-input/cases-headers.ts';
import { brokenJson, wrongBodyTypes, wrongTargetTypes } from './bad-input/cases-json.ts';
import { invalidTargets, jsonKeys, longTargets, targetCharacters } from './bad-input/cases-targets.ts';
import { hugeBodies, oddMethods, unknownPaths } from './bad-input/cases-transport.ts';

// One server for the whole suite. Every limit is raised out of reach: the suite sends hundreds of
// requests, many from one address (the raw-socket ones all come from 127.0.0.1), and a 429 would
// hide the status each case is about; rate limiting is not what this suite tests.
const h = await startHarness({
  socket: true,
  limits: {
    anonymousPerMinute: 1e6,
    keyPerMinute: 1e6,
    scansPerHourPerClient: 1e6,
    scansPerHourPerTarget: 1e6,
    scansPerHourPerClientPerTarget: 1e6,
    scansPerHourPerNetwork: 1e6,
    scansPerHourOverall: 1e6,
    badgePerMinute: 1e6,
    pagesPerMinute: 1e6,
    mcpProtocolPerMinute: 1e6,
  },
});

const valid = await h.createKey();
const other = await h.createKey();
const expired = await h.createKey(undefined, { expiresAt: h.clock.time - 1 });
const revoked = await h.createKey();
await h.store.revokeKey(revoked.id, h.clock.time - 1);
const unknownKey = generateKey(PREFIX);
const keyBody = unknownKey.slice(PREFIX.length);
const lastChar = keyBody.at(-1)!;
const badChecksumKey = PREFIX + keyBody.slice(0, -1) + (lastChar === 'a' ? 'b' : 'a');

// ---------------------------------------------------------------------------------------------
// The case table: one module per category under ./bad-input/
// ---------------------------------------------------------------------------------------------

const CATEGORIES: [string, Case[]][] = [
  ['broken JSON', brokenJson],
  ['wrong types for the body', wrongBodyTypes],
  ['wrong types for target', wrongTargetTypes],
  [`targets over ${MAX_TARGET_LENGTH} characters`, longTargets],
  ['control, invisible, bidi and unpaired-surrogate characters in target', targetCharacters],
  ['Unicode and control characters in JSON keys', jsonKeys],
  ['targets each tool refuses', invalidTargets],
  ['huge and lying bodies', hugeBodies],
  ['odd methods', oddMethods],
  ['unknown paths', unknownPaths],
  ['odd headers and bad keys', headerCases({ valid, other, expired, revoked, unknownKey, keyBody, badChecksumKey })],
];
const ALL_CASES = CATEGORIES.flatMap(([, cases]) => cases);

// ---------------------------------------------------------------------------------------------
// Sending and checking
// ---------------------------------------------------------------------------------------------

interface Observed {
  status: number;
  headers: Record<string, string>;
  text: string;
}

async function send(request: Outgoing): Promise<Observed> {
  if (request.via === 'raw') {
    const r = await rawRequest(h.url, request.pieces, {
      endAfterWrite: request.endAfterWrite,
      pauseMs: request.pauseMs,
      timeoutMs: 8000,
    });
    return { status: r.status, headers: r.headers, text: r.text };
  }
  // A copy, so Buffers (Uint8Array<ArrayBufferLike>) are accepted as a BodyInit.
  const body =
    request.body === undefined ? null : typeof request.body === 'string' ? request.body : new Uint8Array(request.body);
  const res = await h.request(request.path, {
    method: request.method,
    headers: request.headers ?? {},
    body,
    signal: AbortSignal.timeout(8000),
  });
  return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
}

function assertProblem(observed: Observed, status: ProblemStatus): void {
  const context = `${observed.status} ${observed.text.slice(0, 300)}`;
  assert.equal(observed.status, status, context);
  assert.match(observed.headers['content-type'] ?? '', /^application\/problem\+json/, context);
  const body = JSON.parse(observed.text);
  v.parse(AnyProblemSchema, body);
  const code = CODE_OF[status];
  assert.equal(body.success, false);
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(body.title, ERRORS[code].title);
  assert.ok(typeof body.detail === 'string' && body.detail.length > 0, 'detail');
  assert.ok(body.type.endsWith(`/developers/errors/${code.replaceAll('_', '-')}`), body.type);
  assert.equal(body.error.code, code);
  assert.equal(body.error.message, body.detail);
  assert.ok(typeof body.error.hint === 'string' && body.error.hint.length > 0, 'hint');
  if (status === 405) assert.ok(observed.headers['allow'], 'a 405 names the allowed methods');
  if (status === 401) assert.match(observed.headers['www-authenticate'] ?? '', /^Bearer /);
}

const scans = () => h.scanners['security-headers'].calls.length + h.scanners['email-security'].calls.length;

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe('bad input', () => {
  test(`the suite sends at least 200 malformed requests (${ALL_CASES.length}), each named once`, () => {
    assert.ok(ALL_CASES.length >= 200, `only ${ALL_CASES.length} cases`);
    const names = ALL_CASES.map((c) => c.name);
    assert.deepEqual(
      names.filter((n, i) => names.indexOf(n) !== i),
      [],
    );
  });

  for (const [category, cases] of CATEGORIES) {
    describe(`${category} (${cases.length})`, () => {
      for (const c of cases) {
        const expectation = 'status' in c ? `${c.status}` : '4xx from the HTTP parser';
        test(`${c.name} → ${expectation}`, async () => {
          const scansBefore = scans();
          const observed = await send(c.request);
          if ('status' in c) {
            assertProblem(observed, c.status);
          } else {
            assert.ok(
              observed.status >= 400 && observed.status < 500,
              `expected a 4xx, got ${observed.status} ${observed.text.slice(0, 200)}`,
            );
            const health = await h.request(CATALOG);
            assert.equal(health.status, 200, 'the server still answers after the parser refused the request');
            await health.body?.cancel();
          }
          assert.equal(scans(), scansBefore, 'no scan ran');
        });
      }
    });
  }

  describe('afterwards', () => {
    test('no scan ran for any of the malformed requests', () => {
      assert.deepEqual(
        h.scanners['security-headers'].calls.map((c) => c.target),
        [],
      );
      assert.deepEqual(
        h.scanners['email-security'].calls.map((c) => c.target),
        [],
      );
    });

    test('the server still serves the catalog', async () => {
      const res = await h.request(CATALOG);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      await res.json();
    });

    test('a valid scan request still runs and gets the scanner’s grade', async () => {
      const before = h.scanners['security-headers'].calls.length;
      const res = await postJson(h, EXECUTE_SH, { target: 'example.com' });
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.equal(body.success, true);
      assert.equal(body.grade, 'B');
      assert.equal(h.scanners['security-headers'].calls.length, before + 1);
    });

    test('the app logged no unexpected error (a 500 would be a bug)', () => {
      assert.deepEqual(h.errors, []);
    });
  });
});
