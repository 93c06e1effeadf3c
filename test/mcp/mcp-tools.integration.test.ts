/**
 * The MCP endpoint through the official clients: discovery, the two tools on local targets, and
 * the same envelope as REST, for the current client (2026-07-28) and a 2025-era client.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import * as v from 'valibot';
import { CompactScanSchema } from '../../src/mcp/compact-schemas.ts';
import { AnyProblemSchema } from '../../src/contract/problem-schemas.ts';
import { UnassessedScanSchema } from '../../src/contract/response-schemas.ts';
import { postJson, EXECUTE_ES } from '../support/harness.ts';
import { connectClient, connectLegacyClient, startMcpWorld, type McpWorld } from './support.ts';

type ToolResult = {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/** The parts of a listed tool's JSON Schemas these tests read. */
type Property = {
  type?: string;
  description?: string;
  enum?: string[];
  maxLength?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
};
type ListedTool = {
  inputSchema: { required?: string[]; properties?: Record<string, Property> };
  outputSchema?: { type?: string; anyOf?: { title?: string }[] };
};

const SCAN_TOOLS = ['security_headers_scan', 'email_security_scan'];

let world: McpWorld;
before(async () => {
  world = await startMcpWorld();
});

describe('the MCP endpoint with the current client', () => {
  test('negotiates the 2026-07-28 revision and names the server', async () => {
    const client = await connectClient(world.h);
    assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
    assert.equal(client.getServerVersion()?.name, 'agent-scan');
    assert.equal(
      client.getServerCapabilities()?.tools?.listChanged,
      false,
      'a stateless server never announces list changes',
    );
  });

  test('lists the scan tools with input schemas from the REST schemas, output schemas and hints', async () => {
    const { tools } = await (await connectClient(world.h)).listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      [...SCAN_TOOLS, 'get_scan', 'scan_history'],
    );
    const [headers, email] = tools as ListedTool[];
    assert.ok(headers && email);
    assert.deepEqual(headers.inputSchema.required, ['target']);
    assert.equal(headers.inputSchema.properties?.target?.maxLength, 2048);
    assert.equal(headers.inputSchema.properties?.selectors, undefined, 'selectors belong to email-security only');
    assert.equal(email.inputSchema.properties?.selectors?.maxItems, 10);
    assert.equal(email.outputSchema?.type, 'object');
    assert.deepEqual(
      email.outputSchema?.anyOf?.map((s) => s.title),
      ['CompactScan', 'ScanResponse', 'UnassessedScan', 'Problem'],
    );
    assert.deepEqual(email.inputSchema.properties?.detail?.enum, ['compact', 'full'], 'detail: MCP only');
    for (const t of tools.filter((t) => SCAN_TOOLS.includes(t.name))) {
      assert.equal(t.annotations?.readOnlyHint, true);
      assert.equal(t.annotations?.destructiveHint, false);
      assert.equal(t.annotations?.openWorldHint, true, 'scans reach out to the target');
      assert.match(t.description ?? '', /Use it when/);
      const maxAge = (t as ListedTool).inputSchema.properties?.maxAgeSec;
      assert.deepEqual([maxAge?.type, maxAge?.minimum, maxAge?.maximum], ['integer', 0, 86400]);
      assert.match(maxAge?.description ?? '', /^Reuse a stored result .* spends no scan quota\.$/);
    }
  });

  test('lists get_scan and scan_history as read-only, idempotent tools of this service alone', async () => {
    const { tools, instructions } = await (async () => {
      const client = await connectClient(world.h);
      return { tools: (await client.listTools()).tools, instructions: client.getInstructions() };
    })();
    const byName = new Map(tools.map((t) => [t.name, t as ListedTool & (typeof tools)[number]]));
    for (const [name, required, output] of [
      ['get_scan', ['scanId'], ['CompactScan', 'StoredScan']],
      ['scan_history', ['tool', 'target'], ['ScanHistory']],
    ] as const) {
      const tool = byName.get(name);
      assert.ok(tool, name);
      assert.deepEqual(tool.annotations, {
        title: tool.title,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
      assert.deepEqual(tool.inputSchema.required, required);
      assert.deepEqual(
        tool.outputSchema?.anyOf?.map((s) => s.title),
        [...output, 'Problem'],
      );
      assert.match(tool.description ?? '', /spends no scan quota/);
    }
    assert.deepEqual(byName.get('scan_history')?.inputSchema.properties?.tool?.enum, [
      'security-headers',
      'email-security',
    ]);
    assert.match(instructions ?? '', /detail "full".*get_scan.*scan_history.*maxAgeSec/);
  });

  test('refuses an invalid target with the REST message and the apex as a call to make', async () => {
    const client = await connectClient(world.h);
    const result = (await client.callTool({
      name: 'email_security_scan',
      arguments: { target: 'https://www.gworkspace.test/x' },
    })) as ToolResult;
    const rest = await (await postJson(world.h, EXECUTE_ES, { target: 'https://www.gworkspace.test/x' })).json();
    assert.equal(result.isError, true);
    const problem = v.parse(AnyProblemSchema, result.structuredContent);
    assert.equal(problem.code, 'bad_request');
    assert.equal(problem.detail, rest.detail);
    assert.equal(rest.error.hint, 'use gworkspace.test');
    assert.equal(problem.error.hint, 'Call the tool again with the target "gworkspace.test".');
    assert.match(result.content[0]!.text, /^bad_request \(400\): /);
    const missing = (await client.callTool({ name: 'security_headers_scan', arguments: {} })) as ToolResult;
    assert.equal(missing.structuredContent?.code, 'bad_request');
  });

  test('refuses a key without the tools:execute scope', async () => {
    const { key } = await world.h.createKey(['tools:read']);
    const client = await connectClient(world.h, { key });
    const result = (await client.callTool({
      name: 'email_security_scan',
      arguments: { target: 'parked.test' },
    })) as ToolResult;
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent?.code, 'forbidden');
  });

  test('an unknown tool is a protocol error', async () => {
    const client = await connectClient(world.h);
    await assert.rejects(client.callTool({ name: 'website_security_scan', arguments: {} }), /not found/i);
  });
});

describe('the MCP endpoint with a 2025-era client (@modelcontextprotocol/sdk 1.x)', () => {
  test('connects statelessly, lists the tools and scans', async () => {
    const client = await connectLegacyClient(world.h);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      [...SCAN_TOOLS, 'get_scan', 'scan_history'],
    );
    const result = (await client.callTool({
      name: 'email_security_scan',
      arguments: { target: 'parked.test' },
    })) as ToolResult;
    assert.equal(v.parse(CompactScanSchema, result.structuredContent).grade, 'A+');
    assert.match(result.content[0]!.text, /^email-security scan of parked\.test: grade A\+/);
  });

  test('gets refusals and unassessable scans as tool errors carrying the problem, not as exceptions', async () => {
    const client = await connectLegacyClient(world.h);
    await client.listTools(); // the 2025-era client then checks results against the output schemas
    const invalid = (await client.callTool({
      name: 'email_security_scan',
      arguments: { target: 'www.gworkspace.test' },
    })) as ToolResult;
    assert.equal(invalid.isError, true);
    const problem = v.parse(AnyProblemSchema, invalid.structuredContent);
    assert.equal(problem.code, 'bad_request');
    assert.match(problem.detail, /apex/);
    const unassessed = (await client.callTool({
      name: 'security_headers_scan',
      arguments: { target: 'https://unresolvable.test/' },
    })) as ToolResult;
    assert.equal(unassessed.isError, true);
    assert.equal(v.parse(CompactScanSchema, unassessed.structuredContent).assessed, false);
    const full = (await client.callTool({
      name: 'security_headers_scan',
      arguments: { target: 'https://unresolvable.test/', detail: 'full' },
    })) as ToolResult;
    assert.equal(v.parse(UnassessedScanSchema, full.structuredContent).code, 'unprocessable_entity');
  });

  test('works with a key in Authorization: Bearer', async () => {
    const { key } = await world.h.createKey();
    const client = await connectLegacyClient(world.h, { bearer: key });
    const result = (await client.callTool({
      name: 'security_headers_scan',
      arguments: { target: world.siteUrl('good.test') },
    })) as ToolResult;
    assert.equal(result.structuredContent?.grade, 'A+');
    const entry = world.h.log.findLast((e) => e.path === '/mcp');
    assert.match(entry?.keyId ?? '', /^key_/);
  });
});

describe('how agents learn to connect', () => {
  test('the catalog, llms.txt and the skills name the endpoint and the tools the server lists', async () => {
    const { tools } = await (await connectClient(world.h)).listTools();
    const catalog = await (await world.h.request('/api/v1/agent/tools')).json();
    assert.equal(catalog.mcp.url, 'https://scan.test/mcp');
    assert.equal(catalog.mcp.clientConfig.mcpServers['agent-scan'].url, 'https://scan.test/mcp');
    assert.deepEqual(
      catalog.tools.map((t: { mcpToolName: string }) => t.mcpToolName),
      tools.map((t) => t.name).filter((name) => SCAN_TOOLS.includes(name)),
    );
    const llms = await (await world.h.request('/llms.txt')).text();
    assert.match(llms, /\[MCP endpoint\]\(https:\/\/scan\.test\/mcp\)/);
    for (const [tool, name] of [
      ['security-headers', 'security_headers_scan'],
      ['email-security', 'email_security_scan'],
    ]) {
      const skill = await (await world.h.request(`/agent-skills/${tool}.md`)).text();
      assert.match(skill, new RegExp(`MCP tool \`${name}\` at \`https://scan\\.test/mcp\``));
    }
  });
});
