/**
 * How an agent connects to the MCP endpoint (src/mcp/): what the catalog, the skills and llms.txt
 * tell it. Kept outside src/mcp so the REST API and the pages can publish it without depending on
 * the MCP surface.
 */
import { PATHS } from '../paths.ts';
import type { Catalog } from './catalog-schema.ts';
import { ALLOWLISTED_TOOLS } from '../tools/registry.ts';

/**
 * The stateless revision, then the 2025-era (and older) revisions served statelessly: those the
 * official SDK serves, which test/contract/mcp-connection.test.ts holds the list to (the SDK is
 * the tests' oracle, not part of the service: docs/mcp.md).
 */
export const MCP_PROTOCOL_VERSIONS = [
  '2026-07-28',
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
];

/** A client configuration in the common `mcpServers` shape; the key header is optional. */
export function mcpClientConfig(baseUrl: string, keyPrefix: string) {
  return {
    mcpServers: {
      'agent-scan': {
        type: 'http' as const,
        url: `${baseUrl}${PATHS.mcp}`,
        headers: { Authorization: `Bearer ${keyPrefix}...` },
      },
    },
  };
}

export function mcpCatalogEntry(baseUrl: string, keyPrefix: string): Catalog['mcp'] {
  return {
    url: `${baseUrl}${PATHS.mcp}`,
    transport: 'streamable-http',
    stateless: true,
    protocolVersions: MCP_PROTOCOL_VERSIONS,
    tools: ALLOWLISTED_TOOLS.map((tool) => ({ name: tool.mcp.name, tool: tool.name })),
    readTools: [
      { name: 'get_scan', description: 'A kept scan by its scanId (30 days).' },
      { name: 'scan_history', description: "A tool and target's kept scans, newest first." },
    ],
    authentication: 'The same as REST: optional key in Authorization: Bearer or X-Api-Key.',
    limits:
      'Each tools/call counts against the per-minute limit, shared with REST. ' +
      'Messages that do no work (initialize, notifications, ping, tools/list) ' +
      'count against rateLimit.perMinute.mcpProtocol instead. ' +
      'A message that cannot be read, a batch, and a request with an invalid key count as tool calls. ' +
      'GET /mcp (answered 405) counts nothing. ' +
      'Every scan counts against the hourly scan quota, shared with REST. ' +
      'A result reused through maxAgeSec, get_scan and scan_history spend no scan quota.',
    results:
      'A scan tool or get_scan answers with a compact result by default: grade, score, ' +
      'the problems that matter with their fixes, scanId and permalink. ' +
      'The argument detail "full" returns the REST body instead. ' +
      'A call that carries a progress token gets a progress notification as each phase of the scan finishes.',
    errors:
      'A refused HTTP request (bad key, per-minute limit, body limit, Origin) keeps its REST status ' +
      'with a JSON-RPC error whose data is the problem document; ' +
      'a refused tool call is a tool result with isError true and the problem document as structuredContent.',
    clientConfig: mcpClientConfig(baseUrl, keyPrefix),
  };
}
