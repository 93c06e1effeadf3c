/**
 * The catalog's published schema (src/contract/catalog-schema.ts) against catalogs built as the API builds
 * them (src/api/catalog.ts): every member the service sends is documented, described where its
 * name and type leave its meaning open, and the document is one self-contained JSON Schema.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as v from 'valibot';
import { buildCatalog } from '../src/contract/catalog-document.ts';
import { CatalogSchema } from '../src/contract/catalog-schema.ts';
import { parseConfig } from '../src/config.ts';
import { SPEC_LIMITS } from '../src/limits.ts';
import { jsonSchemaOf } from '../src/contract/request-schemas.ts';
import { ALLOWLISTED_TOOLS } from '../src/tools/registry.ts';
import { undescribedMembers } from './support/described-members.ts';
import { strictValidator } from './support/strict-schema.ts';

const validate = strictValidator(jsonSchemaOf(CatalogSchema));

/** A catalog as `GET /api/v1/agent/tools` sends it: the limits as src/service.ts sets them, through JSON. */
function servedCatalog(baseUrl: string, env: Record<string, string>, available: (tool: string) => boolean) {
  const config = parseConfig(env);
  const limits = { ...SPEC_LIMITS, ...config.scanQuota };
  return JSON.parse(JSON.stringify(buildCatalog(baseUrl, config, limits, available))) as Record<string, unknown>;
}

const CUSTOM_ENV = {
  API_KEY_PREFIX: 'acme_test_',
  ACCOUNT_URL: 'https://account.example.org/developer/keys',
  SCANS_PER_HOUR_PER_CLIENT: '5',
  SCANS_PER_HOUR_OVERALL: '250000',
};

const CASES = [
  {
    name: 'the default key prefix, every scanner available',
    base: 'https://scan.test',
    env: {},
    available: () => true,
  },
  {
    name: 'a configured key prefix, account URL and quota',
    base: 'https://scan.test',
    env: CUSTOM_ENV,
    available: () => true,
  },
  { name: 'no scanner available', base: 'https://scan.test', env: {}, available: () => false },
  {
    name: 'one scanner available, under a base path',
    base: 'https://example.com/scan',
    env: CUSTOM_ENV,
    available: (tool: string) => tool === 'email-security',
  },
];

describe('the catalog schema documents every member the catalog sends', () => {
  for (const { name, base, env, available } of CASES) {
    test(name, () => {
      const catalog = servedCatalog(base, env, available);
      assert.deepEqual(validate(catalog), []);
      assert.ok(v.is(CatalogSchema, catalog), 'valibot accepts it too');
    });
  }

  test('the configured prefix and availability are what the schema sees', () => {
    const parsed = v.parse(
      CatalogSchema,
      servedCatalog('https://scan.test', CUSTOM_ENV, () => false),
    );
    assert.equal(parsed.authentication.apiKey.prefix, 'acme_test_');
    assert.equal(parsed.mcp.clientConfig.mcpServers['agent-scan'].headers.Authorization, 'Bearer acme_test_...');
    assert.equal(parsed.rateLimit.scanQuota.perClient, 5);
    assert.deepEqual(
      parsed.tools.map((t) => [t.name, t.available]),
      ALLOWLISTED_TOOLS.map((t) => [t.name, false]),
    );
  });
});

describe('the published JSON Schema', () => {
  const schema = jsonSchemaOf(CatalogSchema);

  test('is one document titled Catalog, without $defs', () => {
    assert.equal(schema['title'], 'Catalog');
    assert.equal(schema['$defs'], undefined);
    assert.doesNotMatch(JSON.stringify(schema), /"\$ref"/);
  });

  test('describes every member whose name and type leave its meaning open', () => {
    assert.deepEqual(undescribedMembers(schema), []);
  });
});

/** A served catalog with the member at `path` set to `value`, or removed when `value` is undefined. */
function changed(path: (string | number)[], value: unknown): unknown {
  const catalog = servedCatalog('https://scan.test', {}, () => true);
  let parent = catalog as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return catalog;
}

/** What the strict validator says about a changed catalog, one line per error. */
const refusal = (path: (string | number)[], value: unknown) => validate(changed(path, value)).join('\n');

describe('a catalog that strays from the schema is refused', () => {
  test('an undocumented member, at the top or nested', () => {
    assert.match(refusal(['extra'], 1), /^\/ must NOT have unevaluated properties .*"extra"/m);
    assert.match(refusal(['tools', 0, 'grade', 'extra'], 'x'), /^\/tools\/0\/grade .*"extra"/m);
  });

  test('a wrong literal, an unknown tool or error code, a missing member', () => {
    assert.match(refusal(['tools', 0, 'method'], 'GET'), /^\/tools\/0\/method /m);
    assert.match(refusal(['tools', 1, 'name'], 'port-scan'), /^\/tools\/1\/name /m);
    assert.match(refusal(['errors', 0, 'code'], 'teapot'), /^\/errors\/0\/code /m);
    assert.match(refusal(['authentication', 'apiKey', 'scopes', 0], 'admin'), /^\/authentication\/apiKey\/scopes\/0 /m);
    assert.match(refusal(['rateLimit', 'scanQuota', 'perClient'], undefined), /^\/rateLimit\/scanQuota .*perClient/m);
  });
});
