/**
 * Progress notifications: a tool call whose request carries a progress token hears of each phase
 * of the scan as the real scanners finish it (the record families of email-security, the fetches
 * and grading of security-headers); a call without one gets the answer alone.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { connectClient, connectLegacyClient, startMcpWorld, type McpWorld } from './support.ts';

type Progress = { progress: number; total?: number | undefined; message?: string | undefined };

let world: McpWorld;
before(async () => {
  world = await startMcpWorld();
});

function assertRising(seen: Progress[], total: number, phases: RegExp): void {
  assert.ok(seen.length > 0, 'progress arrived');
  assert.ok(
    seen.every((p, i) => i === 0 || p.progress > seen[i - 1]!.progress),
    JSON.stringify(seen),
  );
  assert.ok(
    seen.every((p) => p.total === total && phases.test(p.message ?? '')),
    JSON.stringify(seen),
  );
  assert.equal(seen.at(-1)?.progress, total, 'the last phase completes the count');
}

describe('progress of a scan over MCP', () => {
  test('email-security reports each record family as it is looked up, then the grading', async () => {
    const client = await connectClient(world.h);
    const seen: Progress[] = [];
    const result = await client.callTool(
      { name: 'email_security_scan', arguments: { target: 'gworkspace.test' } },
      { onprogress: (p) => seen.push(p) },
    );
    assert.notEqual(result.isError, true);
    assertRising(seen, 9, /^(Looked up (DMARC|SPF|DKIM|MX|MTA-STS|TLS-RPT|BIMI|DNSSEC)|Graded the records)$/);
    for (const family of ['DMARC', 'SPF', 'DKIM', 'MX', 'MTA-STS', 'TLS-RPT', 'BIMI', 'DNSSEC'])
      assert.ok(
        seen.some((p) => p.message === `Looked up ${family}`),
        family,
      );
  });

  test('security-headers reports the https:// and http:// fetches, the CORS preflight and the grading', async () => {
    const client = await connectLegacyClient(world.h);
    const seen: Progress[] = [];
    const target = world.siteUrl('good.test');
    await client.callTool({ name: 'security_headers_scan', arguments: { target } }, undefined, {
      onprogress: (p) => seen.push(p),
    });
    assertRising(seen, 4, /^(Tried https?:\/\/good\.test:\d+\/|Sent the CORS preflight|Graded the headers)$/);
    assert.equal(seen.at(-1)?.message, 'Graded the headers');
  });

  test('without a progress token the answer comes alone', async () => {
    const res = await world.h.request('/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'email_security_scan', arguments: { target: 'parked.test' } },
      }),
    });
    const text = await res.text();
    assert.equal(res.status, 200);
    assert.doesNotMatch(text, /notifications\/progress/);
    assert.match(text, /"grade":"A\+"/);
  });
});
