/**
 * The published schema of a security-headers `result` (src/tools/security-headers/result-schema.ts)
 * describes exactly what `gradeCapture` sends: checked as JSON, with a validator that refuses any
 * member the schema does not document, on curated captures (every not-assessed reason, every
 * member that is sometimes absent) and on generated ones.
 */
import { SecurityHeadersStatusSchema } from '../../../src/tools/security-headers/status-schema.ts';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import * as v from 'valibot';
import { jsonSchemaOf } from '../../../src/contract/request-schemas.ts';
import type { RetrievalError, SecurityHeadersCapture } from '../../../src/tools/security-headers/capture.ts';
import {
  SecurityHeadersDetailsSchema,
  SecurityHeadersUnassessedDetailsSchema,
} from '../../../src/tools/security-headers/result-schema.ts';
import { gradeCapture } from '../../../src/tools/security-headers/scanner.ts';
import type { ScanOutcome, ScanResult } from '../../../src/tools/tool.ts';
import { securityHeadersCaptureArbitrary } from '../../support/fuzz-site-captures.ts';
import { FUZZ_SEED } from '../../support/fuzz.ts';
import {
  captureOfCase,
  headersWith,
  loadRealSites,
  loadUnitCases,
  siteCapture,
} from '../../support/observatory-cases.ts';
import { undescribedMembers } from '../../support/described-members.ts';
import { strictValidator } from '../../support/strict-schema.ts';

const SCHEMAS = {
  status: SecurityHeadersStatusSchema,
  details: SecurityHeadersDetailsSchema,
  unassessed: SecurityHeadersUnassessedDetailsSchema,
};
type SchemaName = keyof typeof SCHEMAS;
const JSON_SCHEMAS = {
  status: jsonSchemaOf(SCHEMAS.status),
  details: jsonSchemaOf(SCHEMAS.details),
  unassessed: jsonSchemaOf(SCHEMAS.unassessed),
};
const STRICT = {
  status: strictValidator(JSON_SCHEMAS.status),
  details: strictValidator(JSON_SCHEMAS.details),
  unassessed: strictValidator(JSON_SCHEMAS.unassessed),
};

/** Why `value` does not match schema `name`: as published (closed), and as valibot reads it. None: it does. */
function mismatches(name: SchemaName, value: unknown): string[] {
  const issues = v.safeParse(SCHEMAS[name], value).issues ?? [];
  return [...STRICT[name](value), ...issues.map((i) => `valibot: ${v.getDotPath(i) ?? '/'} ${i.message}`)];
}

/** The result as the API sends it: through JSON. */
const sent = (outcome: ScanOutcome): ScanResult => JSON.parse(JSON.stringify(outcome.result)) as ScanResult;

/** Why the result of `capture` does not match its schemas, whichever shape it has. None: it does. */
function schemaErrors(capture: SecurityHeadersCapture): string[] {
  const outcome = gradeCapture(capture);
  const result = sent(outcome);
  return outcome.assessed
    ? [...mismatches('status', result.status), ...mismatches('details', result.details)]
    : [...(result.status === 'error' ? [] : ['status is not error']), ...mismatches('unassessed', result.details)];
}

type Details = Record<string, unknown> & { tests: { name: string; data: Record<string, unknown> }[] };

/** The graded details of `capture`, after checking they are graded and match the schemas. */
function assessed(capture: SecurityHeadersCapture): Details {
  const outcome = gradeCapture(capture);
  assert.equal(outcome.assessed, true, outcome.result.message);
  assert.deepEqual(schemaErrors(capture), []);
  return sent(outcome).details as Details;
}

/** The details of a scan of `capture` that was not assessed, after checking they match the schema. */
function unassessed(capture: SecurityHeadersCapture): Record<string, unknown> {
  const outcome = gradeCapture(capture);
  assert.equal(outcome.assessed, false);
  assert.deepEqual(schemaErrors(capture), []);
  return sent(outcome).details;
}

const dataOf = (details: Details, name: string): Record<string, unknown> =>
  details.tests.find((t) => t.name === name)!.data;

/** Every member an object schema lists, anywhere in `schema`, by path. */
function members(schema: unknown, path = ''): [path: string, member: Record<string, unknown>][] {
  if (schema === null || typeof schema !== 'object') return [];
  const listed = Object.entries((schema as { properties?: object }).properties ?? {}).map(
    ([name, member]): [string, Record<string, unknown>] => [`${path}.${name}`, member as Record<string, unknown>],
  );
  return [...listed, ...Object.entries(schema).flatMap(([key, value]) => members(value, `${path}/${key}`))];
}

describe('the schemas as published', () => {
  test('convert to JSON Schema in one piece: no definitions to resolve', () => {
    for (const [name, schema] of Object.entries(JSON_SCHEMAS)) assert.ok(!('$defs' in schema), name);
  });

  test('describe every member whose name and type leave its meaning open', () => {
    for (const [name, schema] of Object.entries(JSON_SCHEMAS)) {
      assert.ok(name === 'status' || members(schema).length > 20, name);
      assert.deepEqual(undescribedMembers(schema), [], name);
    }
  });
});

const cspPage = (policies: number) =>
  `<!doctype html>${'<meta http-equiv="Content-Security-Policy" content="img-src \'self\'">'.repeat(policies)}`;
const tls: RetrievalError = { reason: 'tls', message: 'the certificate is expired', url: 'https://example.com/' };

/** Graded captures, each showing members that only some results carry. */
const GRADED: [what: string, capture: SecurityHeadersCapture, shows: (details: Details) => void][] = [
  ['an exemplary site', siteCapture(), (d) => assert.equal(d['grade'], 'A+')],
  [
    'a site without any security header',
    siteCapture({ headers: [['content-type', 'text/html']], html: '<p>hello</p>' }),
    (d) => assert.deepEqual(dataOf(d, 'cookies'), { cookies: {} }),
  ],
  [
    'a report-only CSP beside a CSP that repeats report-uri',
    siteCapture({
      headers: headersWith({
        'content-security-policy': "default-src 'none'; report-uri /a; report-uri /b",
        'content-security-policy-report-only': "script-src 'unsafe-inline'",
      }),
    }),
    (d) => {
      assert.deepEqual(dataOf(d, 'content-security-policy')['repeatedReportDirectives'], ['report-uri']);
      assert.ok(dataOf(d, 'content-security-policy')['reportOnly']);
    },
  ],
  [
    "an invalid CSP ('strict-dynamic' without a nonce)",
    siteCapture({ headers: headersWith({ 'content-security-policy': "script-src 'strict-dynamic'" }) }),
    (d) => assert.equal(typeof dataOf(d, 'content-security-policy')['problem'], 'string'),
  ],
  [
    'a page with more than 20 meta policies',
    siteCapture({ headers: headersWith({ 'content-security-policy': null }), html: cspPage(21) }),
    (d) => assert.equal(dataOf(d, 'content-security-policy')['metaPolicyCount'], 21),
  ],
  [
    'cookies with every attribute, and one browsers refuse',
    siteCapture({
      headers: headersWith({
        'set-cookie': [
          'sessionid=1; Secure; HttpOnly; SameSite=Strict; Max-Age=60',
          `csrftoken=2; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Max-Age=${'9'.repeat(400)}`,
          'other=3; Domain=example.org',
        ],
      }),
    }),
    (d) => assert.deepEqual(dataOf(d, 'cookies')['refused'], [{ name: 'other', reason: 'domain-mismatch' }]),
  ],
  [
    'a preflight that echoes the Origin with credentials',
    {
      ...siteCapture(),
      cors: {
        status: 200,
        headers: [
          ['access-control-allow-origin', 'https://a.example'],
          ['access-control-allow-credentials', 'true'],
        ],
      },
      corsOrigin: 'https://a.example',
    },
    (d) => assert.equal(dataOf(d, 'cross-origin-resource-sharing')['allowCredentials'], true),
  ],
  [
    'COOP sent twice',
    siteCapture({ headers: headersWith({ 'cross-origin-opener-policy': ['same-origin', 'unsafe-none'] }) }),
    (d) => assert.equal(typeof dataOf(d, 'cross-origin-opener-policy')['problem'], 'string'),
  ],
  [
    'external scripts with and without integrity',
    siteCapture({
      html:
        '<script src="https://cdn.example.org/a.js" integrity="sha384-x" crossorigin="anonymous"></script>' +
        '<script src="http://cdn.example.net/b.js"></script><script>inline()</script>',
    }),
    (d) => assert.equal(dataOf(d, 'subresource-integrity')['external'], 2),
  ],
  [
    'a body that is JSON, not HTML',
    siteCapture({ html: '{"a": 1}' }),
    (d) => assert.equal(typeof dataOf(d, 'subresource-integrity')['problem'], 'string'),
  ],
  [
    'a preloaded host',
    siteCapture({ preload: { 'example.com': { preloaded: true, includeSubDomains: true } } }),
    (d) => assert.ok(dataOf(d, 'strict-transport-security')['preloadEntry']),
  ],
  [
    'a host whose preload status is unknown',
    siteCapture({ preload: { 'example.com': 'unknown', com: 'unknown' } }),
    (d) => assert.equal(typeof dataOf(d, 'strict-transport-security')['preloadNote'], 'string'),
  ],
  [
    'an HSTS max-age that is not a number (NaN for browsers, null on the wire)',
    siteCapture({ headers: headersWith({ 'strict-transport-security': 'max-age=abc' }) }),
    (d) =>
      assert.deepEqual(dataOf(d, 'strict-transport-security')['browsers'], {
        maxAge: null,
        problem: 'max-age is not a number',
      }),
  ],
  [
    'a certificate that did not verify, graded after a retry',
    { ...siteCapture(), https: { ...siteCapture().https!, verified: false }, errors: { https: tls } },
    (d) => assert.deepEqual(d['retrievalErrors'], { https: tls }),
  ],
  [
    'a 401 answer',
    siteCapture({ status: 401 }),
    (d) => assert.equal((d['retrieval'] as { finalStatus: number }).finalStatus, 401),
  ],
  [
    'a site served over plain http only',
    {
      ...siteCapture(),
      https: null,
      http: { verified: true, chain: [{ url: 'http://example.com/', status: 200, headers: [] }] },
    },
    (d) => assert.equal(dataOf(d, 'redirection')['redirects'], false),
  ],
];

describe('a graded scan: result.status and result.details', () => {
  for (const [what, capture, shows] of GRADED) test(what, () => shows(assessed(capture)));
});

const unreachable = (errors: SecurityHeadersCapture['errors']): SecurityHeadersCapture => ({
  host: 'example.com',
  http: null,
  https: null,
  cors: null,
  html: null,
  ...(errors ? { errors } : {}),
});
const failure = (reason: RetrievalError['reason'], scheme = 'https'): RetrievalError => ({
  reason,
  message: `${reason} happened`,
  url: `${scheme}://example.com/`,
});

/** A capture for each reason, and the members its details carry. */
const NOT_ASSESSED: [reason: string, capture: SecurityHeadersCapture, members: string[]][] = [
  ['blocked-address', { ...siteCapture(), errors: { http: failure('blocked-address', 'http') } }, ['reason', 'errors']],
  [
    'bot-challenge',
    siteCapture({ status: 403, headers: [['cf-mitigated', 'challenge']] }),
    ['reason', 'vendor', 'evidence'],
  ],
  ...(['dns', 'refused', 'tls', 'timeout', 'too-many-redirects', 'invalid-redirect', 'network'] as const).map(
    (reason): [string, SecurityHeadersCapture, string[]] => [
      reason,
      unreachable({ https: failure(reason), http: failure('refused', 'http') }),
      ['reason', 'errors', 'retrieval'],
    ],
  ),
  ['no-response', unreachable(undefined), ['reason', 'errors', 'retrieval']],
  ['unexpected-status', siteCapture({ status: 500 }), ['reason', 'errors', 'retrieval']],
];

describe('a scan that was not assessed: result.details, one shape per reason', () => {
  for (const [reason, capture, expected] of NOT_ASSESSED)
    test(reason, () => {
      const details = unassessed(capture);
      assert.equal(details['reason'], reason);
      assert.deepEqual(Object.keys(details).sort(), [...expected].sort());
    });

  test('the schema lists exactly these reasons (the pipeline adds timeout and client-closed elsewhere)', () => {
    const options = (JSON_SCHEMAS.unassessed as { oneOf: { properties: { reason: Record<string, unknown> } }[] }).oneOf;
    const listed = options.flatMap(({ properties: { reason } }) => (reason['enum'] as string[]) ?? [reason['const']]);
    assert.deepEqual(listed.sort(), NOT_ASSESSED.map(([reason]) => reason).sort());
  });

  test('a timeout of the pipeline itself, without errors or retrieval, is not this shape', () => {
    assert.notDeepEqual(STRICT.unassessed({ reason: 'timeout' }), []);
    assert.notDeepEqual(STRICT.unassessed({ reason: 'client-closed' }), []);
  });
});

describe('every capture at hand, graded or not', () => {
  test("the Observatory's 209 conformance cases and its two real sites, graded or not", () => {
    for (const c of loadUnitCases()) assert.deepEqual(schemaErrors(captureOfCase(c)), [], `${c.file}:${c.line}`);
    for (const site of loadRealSites()) assert.deepEqual(schemaErrors(site), [], site.id);
  });

  test('any generated capture gives a result the schemas describe', () => {
    const captures = securityHeadersCaptureArbitrary({ maxLength: 300 });
    fc.assert(
      fc.property(captures, (capture) => assert.deepEqual(schemaErrors(capture), [])),
      { seed: FUZZ_SEED, numRuns: 300 },
    );
  });
});

describe('the check fails on what the schemas do not describe', () => {
  const details = (): Details => sent(gradeCapture(siteCapture())).details as Details;

  test('an undocumented member, at the top or inside a test', () => {
    assert.notDeepEqual(STRICT.details({ ...details(), extra: 1 }), []);
    const inner = details();
    inner.tests[0]!.data['extra'] = 1;
    assert.notDeepEqual(STRICT.details(inner), []);
  });

  test('a value outside its list: a grade, a status, a result id of another test, a finding id', () => {
    assert.notDeepEqual(STRICT.details({ ...details(), grade: 'E' }), []);
    assert.notDeepEqual(STRICT.status('error'), []);
    const swapped = details();
    (swapped.tests[0] as Record<string, unknown>)['result'] = 'cookies-not-found';
    assert.notDeepEqual(STRICT.details(swapped), []);
    const finding = { id: 'made-up', severity: 'low', title: 't', evidence: [], recommendation: 'r' };
    assert.notDeepEqual(STRICT.details({ ...details(), findings: [finding] }), []);
  });

  test('a missing member, or null where the scan always sends a value', () => {
    const withoutScore: Record<string, unknown> = details();
    delete withoutScore['score'];
    assert.notDeepEqual(STRICT.details(withoutScore), []);
    assert.notDeepEqual(STRICT.details({ ...details(), score: null }), []);
  });
});
