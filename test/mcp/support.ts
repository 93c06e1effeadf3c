/**
 * An API with real scanners (a local site over HTTPS, names from a local DoH server, the Node
 * pinned fetch) and the official MCP clients connected to its /mcp endpoint, through the fetch
 * they are given (the app in this process, or a server's socket).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import { parseConfig } from '../../src/config.ts';
import type { Limits } from '../../src/limits.ts';
import { createScanners } from '../../src/tools/scanners.ts';
import { atEnd } from '../support/cleanup.ts';
import { startDohServer } from '../support/doh-server.ts';
import { freshIp, startHarness, type Harness } from '../support/harness.ts';
import { mailZones } from '../support/mail-zones.ts';
import { startSite, type Site } from '../support/site-server.ts';

export const GOOD_HEADERS: [string, string][] = [
  ['strict-transport-security', 'max-age=63072000; includeSubDomains'],
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
  ['content-type', 'text/html; charset=utf-8'],
];

export interface McpWorld {
  h: Harness;
  site: Site;
  /** The security-headers target of the local site. */
  siteUrl(host: 'good.test' | 'bare.test'): string;
}

export async function startMcpWorld(
  options: { limits?: Limits; env?: Record<string, string>; socket?: boolean } = {},
): Promise<McpWorld> {
  const site = await startSite(['good.test', 'bare.test'], (r) => {
    const host = String(r.headers.host ?? '').split(':')[0];
    if (host === 'good.test')
      return r.secure
        ? { headers: GOOD_HEADERS, body: '<html></html>' }
        : { status: 301, headers: [['location', `https://good.test:${site.port}/`]] };
    return { headers: [['content-type', 'text/html']], body: '<html></html>' };
  });
  const doh = await startDohServer({
    ...mailZones(),
    'good.test': [{ type: 'A', data: '127.0.0.1' }],
    'bare.test': [{ type: 'A', data: '127.0.0.1' }],
  });
  const env = { DOH_URL: doh.url, HSTS_PRELOAD_STATUS_URL: 'none', SCAN_ALLOW_PRIVATE_TARGETS: '1', ...options.env };
  const scanFetch = createPinnedFetch({ ca: [site.cert] });
  atEnd(() => scanFetch.close());
  const h = await startHarness({
    socket: options.socket === true,
    env,
    ...(options.limits ? { limits: options.limits } : {}),
    scanners: createScanners(parseConfig(env), { scanFetch, fetch, mtaStsPort: site.port }),
  });
  return { h, site, siteUrl: (host) => `https://${host}:${site.port}/` };
}

export interface Caller {
  ip?: string;
  /** Sent as X-Api-Key. */
  key?: string;
  /** Sent as Authorization: Bearer. */
  bearer?: string;
}

function headersFor(caller: Caller): Record<string, string> {
  return {
    'x-forwarded-for': caller.ip ?? freshIp(),
    ...(caller.key ? { 'x-api-key': caller.key } : {}),
    ...(caller.bearer ? { authorization: `Bearer ${caller.bearer}` } : {}),
  };
}

/** The current client (`@modelcontextprotocol/client`), negotiating the 2026-07-28 revision. */
export async function connectClient(h: Harness, caller: Caller = {}): Promise<Client> {
  const client = new Client({ name: 'agent-scan-tests', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${h.origin}/mcp`), {
      fetch: h.fetch,
      requestInit: { headers: headersFor(caller) },
    }),
  );
  atEnd(() => client.close());
  return client;
}

/** A 2025-era client (`@modelcontextprotocol/sdk` 1.x): initialize handshake, no envelope. */
export async function connectLegacyClient(h: Harness, caller: Caller = {}): Promise<LegacyClient> {
  const client = new LegacyClient({ name: 'agent-scan-tests-2025', version: '1.0.0' });
  await client.connect(
    new LegacyTransport(new URL(`${h.origin}/mcp`), { fetch: h.fetch, requestInit: { headers: headersFor(caller) } }),
  );
  atEnd(() => client.close());
  return client;
}

/** A tool result as these tests read it. */
export interface ToolResult {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Calls `name` with `args` through either client. */
export async function callTool(
  client: Client | LegacyClient,
  name: string,
  args: Record<string, unknown>,
): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}
