/**
 * The generated browser-script modules (src/pages/assets/) are current with their sources in
 * src/pages/browser/. An integration test: esbuild compiles in its own process, which the unit
 * layer forbids (its sync API only hides that process in a worker thread).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { TOOL_PAGE_JS } from '../../src/pages/assets/tool-page-js.ts';
import { BROWSER_SCRIPTS, compileScript, generateModule, ROOT } from '../../scripts/build-browser-scripts.ts';

for (const script of BROWSER_SCRIPTS) {
  test(`${script.module} is current with ${script.entry}`, async () => {
    const committed = readFileSync(join(ROOT, script.module), 'utf8');
    assert.ok(
      committed === (await generateModule(script)),
      `${script.module} is stale or edited by hand: run npm run build:browser`,
    );
  });
}

test('the served tool-page script is exactly what esbuild compiled (the string escaping round-trips)', async () => {
  const script = BROWSER_SCRIPTS.find((s) => s.exportName === 'TOOL_PAGE_JS');
  assert.ok(script);
  assert.equal(TOOL_PAGE_JS, await compileScript(script));
});
