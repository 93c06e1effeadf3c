/**
 * Kept scans over MCP, on both stores: a scan tool reusing a fresh enough result (`maxAgeSec`),
 * `get_scan` reading one back by id, `scan_history` listing a target's scans, each answering what
 * the REST API answers.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import * as v from 'valibot';
import { CompactScanSchema } from '../../src/mcp/compact-schemas.ts';
import { ScanHistorySchema, StoredScanSchema } from '../../src/mcp/stored-scan-schemas.ts';
import { AnyProblemSchema } from '../../src/contract/problem-schemas.ts';
import { UnassessedScanSchema } from '../../src/contract/response-schemas.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { switchableStore } from '../support/failing-store.ts';
import { EXECUTE_ES, postJson, startHarness, type Harness } from '../support/harness.ts';
import { startRedis } from '../support/redis-server.ts';
import { CHALLENGED, GRADED } from '../support/scanners.ts';
import { startUpstashBridge } from '../support/upstash-bridge.ts';
import { callTool, connectClient, connectLegacyClient } from './support.ts';

const STORES: { name: string; start: () => Promise<Harness> }[] = [
  { name: 'the memory store', start: () => startHarness() },
  {
    name: 'the Upstash store',
    async start() {
      const bridge = await startUpstashBridge((await startRedis()).port);
      return startHarness({
        store: (clock) => new UpstashStore({ url: bridge.url, token: bridge.token, now: clock.now }),
      });
    },
  },
];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What get_scan tells an agent that sent arguments it cannot read. */
const GET_SCAN_HINT_TEXT =
  'Give "scanId": the scanId of a scan result, a string of 22 characters. ' +
  '"detail" is "compact" (the default) or "full".';

for (const { name, start } of STORES) {
  describe(`kept scans over MCP, with ${name}`, () => {
    let h: Harness;
    before(async () => {
      h = await start();
    });

    /** Runs a scan through MCP and waits until it is kept (the store write happens after the answer). */
    async function scan(tool: string, args: Record<string, unknown>) {
      const result = await callTool(await connectClient(h), tool, args);
      await h.settled();
      return result;
    }

    test('maxAgeSec answers with the kept scan and its age, scanning no more; an older one is rescanned', async () => {
      const calls = h.scanners['email-security'].calls;
      const first = await scan('email_security_scan', { target: 'reuse.test' });
      const { scanId, permalink } = first.structuredContent as { scanId: string; permalink: string };
      assert.equal(first.structuredContent?.cached, false);
      assert.match(first.content[0]!.text, new RegExp(`Scan id ${scanId}, scanned `));
      assert.match(first.content[0]!.text, new RegExp(`Permalink: ${escaped(permalink)}`));
      assert.equal(calls.length, 1);

      h.clock.advance(90_000);
      const reused = await scan('email_security_scan', { target: 'Reuse.TEST', maxAgeSec: 3600 });
      assert.notEqual(reused.isError, true);
      assert.equal(calls.length, 1, 'no second scan ran');
      assert.equal(reused.structuredContent?.cached, true);
      assert.equal(reused.structuredContent?.scanId, scanId);
      assert.equal(reused.structuredContent?.scannedAt, first.structuredContent?.scannedAt);
      const text = reused.content[0]!.text;
      assert.match(text, /^email-security scan of reuse\.test: grade D, score 39 \(failed\)\./);
      assert.match(text, new RegExp(`Cached: reused stored scan ${scanId} from \\S+ \\(90 s old, within maxAgeSec\\)`));
      assert.match(text, /no quota was spent/);
      assert.match(text, new RegExp(`Permalink: ${escaped(permalink)}`));

      const rescanned = await scan('email_security_scan', { target: 'reuse.test', maxAgeSec: 60 });
      assert.equal(calls.length, 2, 'a kept scan older than maxAgeSec is not reused');
      assert.equal(rescanned.structuredContent?.cached, false);
      assert.notEqual(rescanned.structuredContent?.scanId, scanId);
    });

    test('an invalid maxAgeSec is refused with the REST message before anything runs', async () => {
      const client = await connectClient(h);
      const result = await callTool(client, 'email_security_scan', { target: 'reuse.test', maxAgeSec: 90_000 });
      const rest = await (await postJson(h, EXECUTE_ES, { target: 'reuse.test', maxAgeSec: 90_000 })).json();
      assert.equal(result.isError, true);
      assert.equal(v.parse(AnyProblemSchema, result.structuredContent).detail, rest.detail);
    });

    test('get_scan reads back an assessed scan: compact by default, the REST body with detail "full"', async () => {
      h.scanners['security-headers'].outcome = GRADED;
      const scanned = await scan('security_headers_scan', { target: 'kept.test', detail: 'full' });
      const { scanId } = scanned.structuredContent as { scanId: string };
      h.clock.advance(5 * 60_000);
      const compact = await callTool(await connectClient(h), 'get_scan', { scanId });
      assert.notEqual(compact.isError, true);
      assert.deepEqual(v.parse(CompactScanSchema, compact.structuredContent), {
        ...v.parse(
          CompactScanSchema,
          (await scan('security_headers_scan', { target: 'kept.test', maxAgeSec: 3600 })).structuredContent,
        ),
        cached: true,
      });
      const read = await callTool(await connectClient(h), 'get_scan', { scanId, detail: 'full' });
      const body = v.parse(StoredScanSchema, read.structuredContent);
      assert.deepEqual(read.structuredContent, { ...scanned.structuredContent, cached: true });
      assert.deepEqual(read.structuredContent, await (await h.request(`/api/v1/scans/${scanId}`)).json());
      assert.deepEqual(JSON.parse(read.content[1]!.text), read.structuredContent);
      const text = read.content[0]!.text;
      assert.match(text, /^security-headers scan of https:\/\/kept\.test\/: grade B, score 75 \(warnings\)\./);
      assert.match(text, new RegExp(`Stored scan ${scanId} from ${escaped(body.scannedAt)} \\(5 min old\\)`));
      assert.match(text, new RegExp(`Permalink: https://scan\\.test/scans/${scanId}`));
    });

    test('get_scan reads back a scan that could not assess its target as a result, not an error', async () => {
      h.scanners['security-headers'].outcome = CHALLENGED;
      const scanned = await scan('security_headers_scan', { target: 'challenged.test' });
      h.scanners['security-headers'].outcome = GRADED;
      assert.equal(scanned.isError, true);
      const { scanId, reason } = v.parse(CompactScanSchema, scanned.structuredContent);
      assert.equal(reason, 'bot-challenge');
      const read = await callTool(await connectClient(h), 'get_scan', { scanId, detail: 'full' });
      assert.notEqual(read.isError, true, 'reading the scan succeeded; the scan itself was not assessed');
      const body = v.parse(StoredScanSchema, read.structuredContent);
      assert.equal(body.assessed, false);
      assert.equal(body.grade, null);
      assert.equal(body.result.status, 'error');
      const full = await scan('security_headers_scan', { target: 'challenged.test', maxAgeSec: 3600, detail: 'full' });
      assert.equal(v.parse(UnassessedScanSchema, full.structuredContent).code, 'unprocessable_entity');
      assert.match(read.content[0]!.text, /: not assessed\. The site answered with a bot or WAF challenge/);
      assert.match(read.content[0]!.text, new RegExp(`Stored scan ${scanId} `));
    });

    test('get_scan of an unknown or malformed id is a not_found tool error, as REST answers 404', async () => {
      const client = await connectClient(h);
      for (const scanId of ['A'.repeat(22), 'not-a-scan-id']) {
        const result = await callTool(client, 'get_scan', { scanId });
        assert.equal(result.isError, true);
        const problem = v.parse(AnyProblemSchema, result.structuredContent);
        assert.equal(problem.code, 'not_found');
        const rest = await (await h.request(`/api/v1/scans/${scanId}`)).json();
        assert.equal(problem.detail, rest.detail);
        assert.match(result.content[0]!.text, /^not_found \(404\): There is no scan with the id/);
      }
      const missing = await callTool(client, 'get_scan', {});
      assert.equal(missing.structuredContent?.code, 'bad_request');
      assert.match(String(missing.structuredContent?.detail), /no "scanId"/);
      const number = await callTool(client, 'get_scan', { scanId: 7 });
      assert.equal(number.structuredContent?.detail, '"scanId" must be a string.');
    });

    test('scan_history lists a target newest first, however the target was written', async () => {
      const ids: string[] = [];
      for (const target of ['example.com', 'Example.COM', 'EXAMPLE.com']) {
        const result = await scan('email_security_scan', { target });
        ids.push(String(result.structuredContent?.scanId));
        h.clock.advance(60_000);
      }
      const result = await callTool(await connectClient(h), 'scan_history', {
        tool: 'email-security',
        target: 'Example.COM',
      });
      assert.notEqual(result.isError, true);
      const body = v.parse(ScanHistorySchema, result.structuredContent);
      assert.equal(body.target, 'example.com');
      assert.deepEqual(
        body.scans.map((s) => s.scanId),
        ids.toReversed(),
      );
      assert.ok(body.scans.every((s, i) => i === 0 || s.scannedAt < body.scans[i - 1]!.scannedAt));
      const rest = await h.request('/api/v1/agent/tools/email-security/scans?target=example.com');
      assert.deepEqual(result.structuredContent, await rest.json());
      const lines = result.content[0]!.text.split('\n');
      assert.equal(lines[0], '3 kept email-security scans of example.com, newest first:');
      assert.match(lines[1]!, new RegExp(`grade D, score 39 \\(failed\\), scan id ${ids[2]}$`));
    });

    test('scan_history of a target never scanned is empty; an invalid target or tool is refused', async () => {
      const client = await connectClient(h);
      const none = await callTool(client, 'scan_history', { tool: 'security-headers', target: 'never.test' });
      assert.deepEqual(v.parse(ScanHistorySchema, none.structuredContent).scans, []);
      assert.equal(none.structuredContent?.target, 'https://never.test/');
      assert.match(none.content[0]!.text, /^No kept security-headers scans of https:\/\/never\.test\//);

      const invalid = await callTool(client, 'scan_history', { tool: 'email-security', target: 'www.example.com' });
      const rest = await (await postJson(h, EXECUTE_ES, { target: 'www.example.com' })).json();
      assert.equal(invalid.isError, true);
      const problem = v.parse(AnyProblemSchema, invalid.structuredContent);
      assert.equal(problem.code, 'bad_request');
      assert.equal(problem.detail, rest.detail, 'the target is judged as execute judges it');
      assert.equal(problem.error.hint, 'Call the tool again with the target "example.com".');

      const tool = await callTool(client, 'scan_history', { tool: 'website-security', target: 'example.com' });
      assert.equal(tool.structuredContent?.detail, '"tool" must be one of security-headers, email-security.');
      const missing = await callTool(client, 'scan_history', { tool: 'email-security' });
      assert.match(String(missing.structuredContent?.detail), /no "target"/);
      assert.match(v.parse(AnyProblemSchema, missing.structuredContent).error.hint, /^Give "tool" .* and "target"/);
      const numeric = await callTool(client, 'get_scan', { scanId: 12345 });
      assert.equal(v.parse(AnyProblemSchema, numeric.structuredContent).error.hint, GET_SCAN_HINT_TEXT);
    });

    test('a 2025-era client, which checks results against the output schemas, reads kept scans too', async () => {
      const client = await connectLegacyClient(h);
      await client.listTools();
      const history = await callTool(client, 'scan_history', { tool: 'email-security', target: 'example.com' });
      const [newest] = v.parse(ScanHistorySchema, history.structuredContent).scans;
      assert.ok(newest);
      const read = await callTool(client, 'get_scan', { scanId: newest.scanId });
      assert.equal(v.parse(CompactScanSchema, read.structuredContent).scanId, newest.scanId);
      const full = await callTool(client, 'get_scan', { scanId: newest.scanId, detail: 'full' });
      assert.equal(v.parse(StoredScanSchema, full.structuredContent).scanId, newest.scanId);
      const wrong = await callTool(client, 'get_scan', { scanId: newest.scanId, detail: 'everything' });
      assert.equal(wrong.structuredContent?.detail, '"detail" must be "compact" or "full".');
      const unknown = await callTool(client, 'get_scan', { scanId: 'B'.repeat(22) });
      assert.equal(unknown.structuredContent?.code, 'not_found');
    });

    test('reading kept scans needs the tools:read scope of a key, as the REST routes do', async () => {
      const { key } = await h.createKey(['tools:execute']);
      const client = await connectClient(h, { key });
      const result = await callTool(client, 'scan_history', { tool: 'email-security', target: 'example.com' });
      assert.equal(result.isError, true);
      assert.equal(result.structuredContent?.code, 'forbidden');
      assert.match(String(result.structuredContent?.detail), /"tools:read"/);
    });
  });
}

test('when the store does not answer, reading kept scans is a 503 refusal with a retry time', async () => {
  let switchable: ReturnType<typeof switchableStore> | undefined;
  const h = await startHarness({
    store: (clock) => {
      switchable = switchableStore(new MemoryStore({ now: clock.now }));
      return switchable.store;
    },
  });
  const client = await connectClient(h);
  switchable?.setDown(true);
  for (const [tool, args] of [
    ['get_scan', { scanId: 'B'.repeat(22) }],
    ['scan_history', { tool: 'email-security', target: 'example.com' }],
  ] as const) {
    const result = await callTool(client, tool, args);
    assert.equal(result.isError, true, tool);
    const problem = v.parse(AnyProblemSchema, result.structuredContent);
    assert.equal(problem.code, 'service_unavailable', tool);
    assert.equal(problem.status, 503, tool);
    assert.ok((problem.retryAfterSec ?? 0) > 0, tool);
  }
  assert.deepEqual(h.errors, [], 'nothing is logged as a bug');
});
