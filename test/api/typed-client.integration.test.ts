/**
 * A client generated from the served OpenAPI document works without casts: the document of a live
 * server (real scanners, a local site and mail zones answered by a local DoH server) is turned into
 * schema.d.ts by openapi-typescript, test/fixtures/typed-client/client.ts (openapi-fetch, no `as`,
 * `!`, `any` or `@ts-` comments) is type-checked against it with strict settings, then run against
 * the server: the catalog, both scans, the stored scans read back by id, and a 429.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import { parseConfig } from '../../src/config.ts';
import { createScanners } from '../../src/tools/scanners.ts';
import { ALLOWLISTED_TOOLS } from '../../src/tools/registry.ts';
import { atEnd } from '../support/cleanup.ts';
import { startDohServer } from '../support/doh-server.ts';
import { startHarness } from '../support/harness.ts';
import { mailZones } from '../support/mail-zones.ts';
import { startSite } from '../support/site-server.ts';
import { escapeHatches, readmeClientExample, typeErrors } from '../support/typed-client.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT = join(ROOT, 'test/fixtures/typed-client/client.ts');
const MAIL_DOMAIN = 'm365.test';

describe('a client generated from /openapi.json', () => {
  let dir: string;
  let baseUrl: string;
  let siteTarget: string;

  before(async () => {
    // A site with some headers right and some wrong, reached over HTTP and HTTPS.
    const site = await startSite(['shop.test'], (r) =>
      r.secure
        ? {
            headers: [
              ['content-type', 'text/html; charset=utf-8'],
              ['x-frame-options', 'DENY'],
              ['x-content-type-options', 'nosniff'],
              ['set-cookie', 'sid=1; Path=/'],
            ],
            body: '<html><head><title>shop</title></head></html>',
          }
        : { status: 301, headers: [['location', `https://shop.test:${site.port}/`]] },
    );
    siteTarget = `https://shop.test:${site.port}/`;
    const doh = await startDohServer({ ...mailZones(), 'shop.test': [{ type: 'A', data: '127.0.0.1' }] });
    const env = { DOH_URL: doh.url, SCAN_ALLOW_PRIVATE_TARGETS: '1', HSTS_PRELOAD_STATUS_URL: 'none' };
    const scanFetch = createPinnedFetch({ ca: [site.cert] });
    atEnd(() => scanFetch.close());
    const h = await startHarness({
      socket: true,
      env,
      scanners: createScanners(parseConfig(env), { scanFetch, fetch }),
    });
    baseUrl = h.url;

    // What a user does: download the document, generate the types, write the program beside them.
    dir = await mkdtemp(join(tmpdir(), 'typed-client-'));
    atEnd(() => rm(dir, { recursive: true, force: true }));
    const res = await fetch(`${baseUrl}/openapi.json`);
    assert.equal(res.status, 200);
    await writeFile(join(dir, 'openapi.json'), await res.text());
    const ast = await openapiTS(pathToFileURL(join(dir, 'openapi.json')));
    await writeFile(join(dir, 'schema.d.ts'), astToString(ast));
    await copyFile(CLIENT, join(dir, 'client.ts'));
    await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    // The project's packages (openapi-fetch, tsx, @types/node) as the user's project would have them.
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  });

  test('the client has no casts, non-null assertions, any or @ts- comments', async () => {
    assert.deepEqual(escapeHatches(CLIENT, await readFile(CLIENT, 'utf8')), []);
  });

  test("the README's example has no casts and type-checks too", async () => {
    const example = readmeClientExample();
    assert.ok(example, 'the README shows a TypeScript example');
    assert.deepEqual(escapeHatches('readme-example.ts', example), []);
    await writeFile(join(dir, 'readme-example.ts'), `${example}export {};\n`);
    const errors = typeErrors(dir, 'readme-example.ts');
    if (errors !== '') assert.fail(`the README example does not type-check against the served document:\n${errors}`);
  });

  test('the client type-checks against the generated schema.d.ts (strict, exact optional properties)', () => {
    const errors = typeErrors(dir, 'client.ts');
    if (errors !== '') assert.fail(`the client does not type-check against the served document:\n${errors}`);
  });

  test('the client runs against the live server and prints what it read', async () => {
    // Run as a user runs it: not as part of this test runner.
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    delete env.NODE_OPTIONS;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'client.ts', baseUrl, siteTarget, MAIL_DOMAIN],
      { cwd: dir, env, timeout: 60_000 },
    );
    const lines = stdout.trim().split('\n');

    for (const tool of ALLOWLISTED_TOOLS) {
      assert.ok(lines.includes(`tool ${tool.name}: ${tool.gradeScale.join(' ')}`), stdout);
    }

    const headersGrade = /^security-headers grade: ([A-F][+-]?) \(\d+\)$/m.exec(stdout)?.[1];
    assert.ok(headersGrade, stdout);
    const tests = lines.filter((line) => line.startsWith('test '));
    assert.equal(tests.length, 12, stdout);
    assert.ok(tests.includes('test x-frame-options: pass'), stdout);
    assert.ok(tests.includes('test content-security-policy: fail'), stdout);
    assert.ok(tests.includes('test cookies: fail'), stdout);
    assert.ok(lines.includes('finding permissions-policy-missing: low'), stdout);

    const emailGrade = /^email-security grade: ([A-F][+-]?) \(\d+\)$/m.exec(stdout)?.[1];
    assert.ok(emailGrade, stdout);
    assert.ok(lines.includes('dmarc: pass'), stdout);
    assert.ok(lines.includes('spf: pass'), stdout);
    assert.ok(lines.includes('finding low: Move to p=reject when reports show no legitimate mail failing.'), stdout);

    // Read back by scanId: the same grades.
    const passed = tests.filter((line) => line.endsWith(': pass')).length;
    assert.ok(lines.includes(`stored security-headers: ${headersGrade}, ${passed} of 12 tests passed`), stdout);
    assert.ok(lines.includes(`stored email-security: ${emailGrade}, dmarc pass`), stdout);

    const refused = /^refused: (\S+), retry after (\d+) s$/m.exec(stdout);
    assert.ok(refused, stdout);
    assert.equal(refused[1], 'rate_limit_exceeded');
    const retryAfterSec = Number(refused[2]);
    assert.ok(retryAfterSec >= 1 && retryAfterSec <= 61, String(retryAfterSec));
  });
});
