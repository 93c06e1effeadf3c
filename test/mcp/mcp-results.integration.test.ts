/**
 * What a scan tool answers through the current client: a compact result by default (the summary,
 * the grade and the problems with their fixes, under 4 KB), the REST envelope with detail "full",
 * on local targets graded by the real scanners.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import * as v from 'valibot';
import { CompactScanSchema } from '../../src/mcp/compact-schemas.ts';
import { ScanResponseSchema, UnassessedScanSchema } from '../../src/contract/response-schemas.ts';
import { EXECUTE_ES, postJson } from '../support/harness.ts';
import { connectClient, startMcpWorld, type McpWorld, type ToolResult } from './support.ts';

let world: McpWorld;
before(async () => {
  world = await startMcpWorld();
});

describe('scan results over MCP', () => {
  test('grades a local site: a compact result with the failing tests and their fixes, a summary first', async () => {
    const client = await connectClient(world.h);
    const result = (await client.callTool({
      name: 'security_headers_scan',
      arguments: { target: world.siteUrl('bare.test') },
    })) as ToolResult;
    assert.notEqual(result.isError, true);
    const compact = v.parse(CompactScanSchema, result.structuredContent);
    assert.equal(compact.toolName, 'security-headers');
    assert.equal(compact.grade, 'F');
    assert.equal(compact.uiUrl, 'https://scan.test/tools/security-headers');
    assert.equal(compact.permalink, `https://scan.test/scans/${compact.scanId}`);
    assert.ok(compact.findings.length > 0 && compact.findings.length <= compact.findingsTotal);
    const [worst] = compact.findings;
    assert.match(worst?.title ?? '', /Content Security Policy/);
    assert.ok((worst?.scoreImpact ?? 0) < 0 && worst?.fix, 'the worst failing test, with what it cost and its fix');
    const summary = result.content[0]!.text;
    assert.match(summary, /grade F, score \d+ \(failed\)\./);
    assert.match(summary, new RegExp(`^Scan id ${compact.scanId}, scanned \\d{4}-\\d\\d-\\d\\dT`, 'm'));
    assert.match(summary, new RegExp(`Permalink: https://scan\\.test/scans/${compact.scanId} `));
    assert.match(summary, /Top problems \(3 of \d+; the structured result has the fixes\):\n- /);
    assert.match(summary, /get_scan with this scanId and detail "full"/);
    assert.deepEqual(
      JSON.parse(result.content[1]!.text),
      result.structuredContent,
      'the serialized result for clients without structured content',
    );
    assert.ok(Buffer.byteLength(JSON.stringify(result)) < 4_000, 'the whole answer stays under 4 KB');
  });

  test('answers with the REST envelope when asked for detail "full"', async () => {
    const client = await connectClient(world.h);
    const result = (await client.callTool({
      name: 'security_headers_scan',
      arguments: { target: world.siteUrl('bare.test'), detail: 'full' },
    })) as ToolResult;
    const body = v.parse(ScanResponseSchema, result.structuredContent);
    assert.equal(body.grade, 'F');
    assert.match(result.content[0]!.text, /The structured result is the complete result\./);
    assert.deepEqual(JSON.parse(result.content[1]!.text), result.structuredContent);
    const wrong = (await client.callTool({
      name: 'security_headers_scan',
      arguments: { target: world.siteUrl('bare.test'), detail: 'everything' },
    })) as ToolResult;
    assert.equal(wrong.isError, true);
    assert.equal(wrong.structuredContent?.detail, '"detail" must be "compact" or "full".');
  });

  test('grades a domain from the local DoH server like the REST API does', async () => {
    const client = await connectClient(world.h);
    const result = (await client.callTool({
      name: 'email_security_scan',
      arguments: { target: 'nodmarc.test' },
    })) as ToolResult;
    const rest = await (await postJson(world.h, EXECUTE_ES, { target: 'nodmarc.test' })).json();
    const mcp = v.parse(CompactScanSchema, result.structuredContent);
    assert.equal(mcp.grade, rest.grade);
    assert.equal(mcp.gradeScore, rest.gradeScore);
    assert.deepEqual(mcp.findings[0], {
      title: rest.result.details.findings[0].title,
      severity: 'high',
      fix: rest.result.details.findings[0].recommendation,
    });
    assert.match(result.content[0]!.text, /\[high\] No DMARC record/);
    assert.ok(Buffer.byteLength(JSON.stringify(result)) < 4_000, 'the whole answer stays under 4 KB');
    const full = (await client.callTool({
      name: 'email_security_scan',
      arguments: { target: 'nodmarc.test', detail: 'full' },
    })) as ToolResult;
    assert.deepEqual(Object.keys(full.structuredContent ?? {}).sort(), Object.keys(rest).sort());
  });

  test('passes selectors through to the DKIM check', async () => {
    const client = await connectClient(world.h);
    const result = (await client.callTool({
      name: 'email_security_scan',
      arguments: { target: 'gworkspace.test', selectors: ['Google'], detail: 'full' },
    })) as ToolResult;
    const body = v.parse(ScanResponseSchema, result.structuredContent);
    assert.match(JSON.stringify(body.result.details), /google\._domainkey\.gworkspace\.test/);
  });

  test('answers a scan that ran but could not assess the target as a compact tool error with the reason', async () => {
    const client = await connectClient(world.h);
    const result = (await client.callTool({
      name: 'security_headers_scan',
      arguments: { target: 'https://unresolvable.test/' },
    })) as ToolResult;
    assert.equal(result.isError, true);
    const compact = v.parse(CompactScanSchema, result.structuredContent);
    assert.deepEqual([compact.assessed, compact.grade, compact.reason], [false, null, 'dns']);
    // The cause's own step, as the tool page and the REST hint give it.
    assert.match(compact.next, /^Check the address and that the site is up, then scan again\. /);
    const full = (await client.callTool({
      name: 'security_headers_scan',
      arguments: { target: 'https://unresolvable.test/', detail: 'full' },
    })) as ToolResult;
    assert.equal(v.parse(UnassessedScanSchema, full.structuredContent).code, 'unprocessable_entity');
    assert.match(result.content[0]!.text, /not assessed/);
    assert.match(result.content[0]!.text, new RegExp(`^Scan id ${String(result.structuredContent?.scanId)}, `, 'm'));
  });
});
