/**
 * The recorded corpus: a fixed sequence of requests, each labelled `area: what` (labels are unique;
 * comparisons pair answers by label). Later requests use what earlier answers gave (scan ids,
 * entity tags), so the order is part of the corpus.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { REALISTIC_MAIL_DOMAINS } from '../../test/support/realistic-mail-domains.ts';
import type { AppName, World } from './world.ts';

export interface CorpusRequest {
  label: string;
  app?: AppName;
  method?: string;
  /** Path and query. */
  path: string;
  headers?: Record<string, string>;
  body?: string | StreamedBody;
  /** X-Forwarded-For (the apps trust it); by default a new address for every request. */
  ip?: string;
  /** Where the request is addressed (default https://scan.test). */
  origin?: string;
  /** A Host header no URL can be made of, as Node's server would pass it on. */
  unusableHost?: string;
  bodyDeadlineMs?: number;
}

export interface StreamedBody {
  describe: string;
  stream(): ReadableStream<Uint8Array>;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

type Send = (request: CorpusRequest) => Promise<Answer>;
type HeaderRecord = Record<string, string>;

const SH = '/api/v1/agent/tools/security-headers/execute';
const ES = '/api/v1/agent/tools/email-security/execute';
const CATALOG = '/api/v1/agent/tools';
const HISTORY = '/api/v1/agent/tools/email-security/scans?target=gworkspace.test';
const BADGE = '/api/badge/example.com';
const UNKNOWN_SCAN = 'AAAAAAAAAAAAAAAAAAAAAA';
const JSON_BODY = { 'content-type': 'application/json' };
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const MCP = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const ERROR_SLUGS = [
  ...['bad-request', 'unauthorized', 'forbidden', 'not-found', 'method-not-allowed', 'not-acceptable'],
  ...['request-timeout', 'gone', 'payload-too-large', 'unsupported-media-type', 'unprocessable-entity'],
  ...['rate-limit-exceeded', 'internal-error', 'service-unavailable'],
];

/** Every path of src/paths.ts, spelled with values, by the method its route answers. */
const GET_PATHS = [
  ...[CATALOG, HISTORY, `/api/v1/scans/${UNKNOWN_SCAN}`, '/api/agent/tools', BADGE, '/openapi.json', '/', '/llms.txt'],
  ...['/tools/security-headers', `/scans/${UNKNOWN_SCAN}`, '/agent-skills/email-security.md', '/developers/errors'],
  ...['/developers/errors/not-found', '/assets/tool-page.js', '/assets/site.css', '/healthz', '/readyz'],
];
const POST_PATHS = [SH, '/api/v1/developer/keys', '/api/agent/tools/email-security/execute', '/mcp'];

const json = (value: unknown) => JSON.stringify(value);
const rpc = (id: number | null, method: string, params?: unknown) =>
  json({ jsonrpc: '2.0', ...(id === null ? {} : { id }), method, ...(params === undefined ? {} : { params }) });
const callTool = (id: number, name: string, args: unknown) => rpc(id, 'tools/call', { name, arguments: args });
const INITIALIZE = rpc(1, 'initialize', {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'corpus', version: '1' },
});
const scanIdOf = (answer: Answer): string => (JSON.parse(answer.text) as { scanId: string }).scanId;
const portOf = (url: string) => new URL(url).port;

/** A body that arrives in pieces with no declared length, or never ends. */
function streamed(describe: string, pieces: (string | Uint8Array)[], ends = true): StreamedBody {
  const encoded = pieces.map((piece) => (typeof piece === 'string' ? new TextEncoder().encode(piece) : piece));
  const stream = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of encoded) controller.enqueue(piece);
        if (ends) controller.close();
      },
    });
  return { describe, stream };
}

/** The requests of one area, labelled `area: what`, with its defaults. */
function area(send: Send, name: string, defaults: Partial<CorpusRequest> = {}) {
  const go = (what: string, request: Omit<CorpusRequest, 'label'>) =>
    send({ ...defaults, ...request, label: `${name}: ${what}` });
  return {
    go,
    get: (what: string, path: string, headers?: HeaderRecord) => go(what, { path, ...(headers && { headers }) }),
    post: (what: string, path: string, body: string | StreamedBody, headers: HeaderRecord = JSON_BODY) =>
      go(what, { method: 'POST', path, headers, body }),
  };
}

async function routes(send: Send): Promise<void> {
  const { go, get, post } = area(send, 'routes');
  const preflight = (method: string) => ({
    origin: 'https://app.example',
    'access-control-request-method': method,
    'access-control-request-headers': 'authorization, content-type',
  });
  const endpoints = [...GET_PATHS.map((p) => [p, 'GET'] as const), ...POST_PATHS.map((p) => [p, 'POST'] as const)];
  for (const [path, method] of endpoints) {
    await get(method === 'GET' ? `GET ${path}` : `GET ${path} (405)`, path);
    await go(`HEAD ${path}`, { method: 'HEAD', path });
    await go(`OPTIONS ${path}`, { method: 'OPTIONS', path, headers: preflight(method) });
    await go(`DELETE ${path} (405)`, { method: 'DELETE', path });
  }
  await go('POST /api/v1/developer/keys', { method: 'POST', path: '/api/v1/developer/keys' });
  for (const path of [
    ...[`${CATALOG}/`, `${CATALOG}//`, '/api/agent/tools/', '/healthz/', '/readyz/', '/openapi.json/', '/llms.txt/'],
    ...[
      '/tools/email-security/',
      '/developers/errors/',
      '/developers/errors/gone/',
      '/agent-skills/security-headers.md/',
    ],
    ...['/assets/site.css/', `${BADGE}/`, `/api/v1/scans/${UNKNOWN_SCAN}/`, `/scans/${UNKNOWN_SCAN}/`],
    ...[`/${CATALOG}`, `${CATALOG}?page=2`, '/API/v1/agent/tools', '/api/v1/agent/./tools', '/api/v1/agent/tools/x/..'],
  ])
    await get(`GET ${path}`, path);
  for (const path of [`${SH}/`, `${SH}//`, '/api/v1/developer/keys/', '/mcp/'])
    await post(`POST ${path}`, path, INITIALIZE, MCP);
}

async function keysAndCatalog(w: World, send: Send): Promise<void> {
  const { get, post } = area(send, 'catalog');
  const key = await w.createKey('main', 'catalog');
  await get('with X-Api-Key', CATALOG, { 'x-api-key': key });
  await get('with Bearer', CATALOG, { authorization: `Bearer ${key}` });
  await get('legacy with key', '/api/agent/tools', { 'x-api-key': key });
  await get('browser Origin', CATALOG, { origin: 'https://app.example' });
  await get('browser Accept', CATALOG, BROWSER);
  await get('own request id', CATALOG, { 'x-request-id': 'corpus-trace-42' });
  await get('invalid request id', CATALOG, { 'x-request-id': 'has space' });
  await post('retired keys endpoint with a key', '/api/v1/developer/keys', '{"name":"x"}', {
    ...JSON_BODY,
    'x-api-key': key,
  });
  await post('retired keys endpoint with a wrong key', '/api/v1/developer/keys', '', { 'x-api-key': 'nonsense' });

  const problem = area(send, 'problems');
  const expiring = await w.createKey('main', 'expiring', { expiresAt: w.clock.now() + 2_000 });
  const revoked = await w.createKey('main', 'revoked');
  await w.revokeKey('main', revoked);
  const elsewhere = await w.createKey('no-scanners', 'unknown-here');
  const readOnly = await w.createKey('main', 'read-only', { scopes: ['tools:read'] });
  const executeOnly = await w.createKey('main', 'execute-only', { scopes: ['tools:execute'] });
  const noBadges = await w.createKey('main', 'no-badges', { scopes: ['tools:read', 'tools:execute'] });
  for (const [what, headers] of [
    ['malformed X-Api-Key', { 'x-api-key': 'nonsense' }],
    ['malformed Bearer', { authorization: 'Bearer nonsense' }],
    ['Basic credentials', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['empty Bearer', { authorization: 'Bearer ' }],
    ['unknown key', { 'x-api-key': elsewhere }],
    ['revoked key', { 'x-api-key': revoked }],
    ['expired key', { 'x-api-key': expiring }],
    ['two different keys', { 'x-api-key': readOnly, authorization: `Bearer ${key}` }],
  ] as const) {
    await problem.get(`401 ${what}`, CATALOG, headers);
    await problem.get(`401 ${what} on a badge`, BADGE, headers);
  }
  await problem.post('401 on MCP', '/mcp', INITIALIZE, { ...MCP, 'x-api-key': 'x' });
  const domain = '{"target":"gworkspace.test"}';
  await problem.post('403 execute without tools:execute', ES, domain, { ...JSON_BODY, 'x-api-key': readOnly });
  await problem.get('403 catalog without tools:read', CATALOG, { 'x-api-key': executeOnly });
  await problem.get('403 history without tools:read', HISTORY, { 'x-api-key': executeOnly });
  await problem.get('403 badge without badges:read', BADGE, { 'x-api-key': noBadges });
  await problem.get('403 badge without badges:read (JSON)', BADGE, {
    'x-api-key': noBadges,
    accept: 'application/json',
  });
  const scan = callTool(2, 'email_security_scan', { target: 'gworkspace.test' });
  await problem.post('403 MCP scan without tools:execute', '/mcp', scan, { ...MCP, 'x-api-key': readOnly });
}

async function securityHeadersScans(w: World, send: Send): Promise<Record<string, string>> {
  const { post } = area(send, 'security-headers');
  const ids: Record<string, string> = {};
  const scan = (what: string, body: unknown, headers?: HeaderRecord) => post(what, SH, json(body), headers);
  for (const host of ['exemplary.test', 'no-csp.test', 'weak.test', 'bare.test', 'hops.test'])
    ids[host] = scanIdOf(await scan(host, { target: w.site(host) }));
  for (const host of ['challenge.test', 'broken.test', 'refused.test'])
    ids[host] = scanIdOf(await scan(`${host} (422)`, { target: w.site(host) }));
  await scan('unknown name (422)', { target: 'https://nowhere.test/' });
  const exemplary = w.site('exemplary.test');
  await scan('host and port only', { target: `exemplary.test:${portOf(exemplary)}` });
  await scan('http URL with a path and query', { target: `http://Exemplary.test:${portOf(exemplary)}/a/b?q=1#f` });
  await scan('reuse within maxAgeSec', { target: exemplary, maxAgeSec: 3600 });
  await scan('maxAgeSec 0 scans again', { target: w.site('no-csp.test'), maxAgeSec: 0 });
  await scan('reuse with nothing kept', { target: w.site('weak.test').replace('weak', 'WEAK'), maxAgeSec: 1 });
  const key = await w.createKey('main', 'scanner');
  await scan('with a key', { target: w.site('bare.test') }, { ...JSON_BODY, 'x-api-key': key });
  await post('legacy path', '/api/agent/tools/security-headers/execute', json({ target: w.site('hops.test') }));
  const reused = { target: exemplary, maxAgeSec: 3600 };
  await scan('form content type', reused, { 'content-type': 'application/x-www-form-urlencoded' });
  await scan('no content type', reused, {});
  const kept = json(reused).slice(0, -1);
  await post('body with an unknown member', SH, `${kept},"verbose":true}`);
  await post('body with selectors', SH, `${kept},"selectors":["google"]}`);
  await post('body with a duplicate member', SH, `${kept},"target":"https://nowhere.test/"}`);
  const guarded = area(send, 'security-headers', { app: 'guarded' });
  for (const [what, target] of [
    ['a name on loopback', exemplary],
    ['https://127.0.0.1/', 'https://127.0.0.1/'],
    ['http://[::1]:8080/', 'http://[::1]:8080/'],
    ['https://10.0.0.1/', 'https://10.0.0.1/'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
  ])
    await guarded.post(`guarded, ${what}`, SH, json({ target }));
  return ids;
}

async function badRequests(send: Send): Promise<void> {
  const { get, post, go } = area(send, 'problems');
  for (const [what, body] of [
    ['empty body', ''],
    ['invalid JSON', '{"target":'],
    ['JSON array', '[]'],
    ['JSON string', '"exemplary.test"'],
    ['no target', '{}'],
    ['target a number', '{"target":5}'],
    ['empty target', '{"target":""}'],
    ['target with spaces', '{"target":"not a host name"}'],
    ['ftp scheme', '{"target":"ftp://exemplary.test/"}'],
    ['credentials in the URL', '{"target":"https://user:pass@exemplary.test/"}'],
    ['target too long', json({ target: `https://${'a'.repeat(2100)}.test/` })],
    ['negative maxAgeSec', '{"target":"exemplary.test","maxAgeSec":-1}'],
    ['maxAgeSec a string', '{"target":"exemplary.test","maxAgeSec":"60"}'],
    ['nested JSON', `${'['.repeat(2000)}${']'.repeat(2000)}`],
  ] as const)
    await post(`400 ${what}`, SH, body);
  await post('400 invalid UTF-8', SH, streamed('{"target":" 0xff "}', ['{"target":"', new Uint8Array([0xff]), '"}']));
  for (const [what, target, extra] of [
    ['subdomain', 'www.gworkspace.test', {}],
    ['an IP address', '192.0.2.1', {}],
    ['a URL', 'https://gworkspace.test/', {}],
    ['a public suffix', 'co.uk', {}],
    ['bad selector', 'gworkspace.test', { selectors: ['bad selector!'] }],
    ['too many selectors', 'gworkspace.test', { selectors: Array.from({ length: 30 }, (_, i) => `s${i}`) }],
    ['selectors not a list', 'gworkspace.test', { selectors: 'google' }],
  ] as const)
    await post(`400 email ${what}`, ES, json({ target, ...extra }));
  await post('413 9 KiB body', SH, `{"target":"${'a'.repeat(9 * 1024)}"}`);
  await post(
    '413 9 KiB streamed body',
    ES,
    streamed(
      '9 KiB in 9 pieces, no length',
      Array.from({ length: 9 }, () => 'a'.repeat(1024)),
    ),
  );
  const never = streamed('{"target": and nothing more, never ends', ['{"target":'], false);
  await go('408 body never ends', { method: 'POST', path: SH, headers: JSON_BODY, body: never, bodyDeadlineMs: 50 });
  for (const tool of ['react2shell', 'website-security', 'nope', 'Security-Headers'])
    await post(`404 execute ${tool}`, `/api/v1/agent/tools/${tool}/execute`, '{"target":"exemplary.test"}');
  await get('404 history of an unknown tool', '/api/v1/agent/tools/nope/scans?target=a.test');
  for (const [host, path] of [
    ['x:99999', CATALOG],
    ['256.0.0.1', '/'],
    ['xn--', '/mcp'],
  ] as const)
    await go(`400 unusable Host ${host} ${path}`, { path, unusableHost: host });
}

async function emailScans(send: Send): Promise<Record<string, string>> {
  const { post } = area(send, 'email-security');
  const ids: Record<string, string> = {};
  const scan = (what: string, body: unknown) => post(what, ES, json(body));
  const domains: { domain: string; selectors?: string[] | undefined }[] = [
    ...[
      'gworkspace.test',
      'parked.test',
      'toomany.test',
      'monitor.test',
      'nodmarc.test',
      'weakkey.test',
      'sts.test',
    ].map((domain) => ({ domain })),
    { domain: 'm365.test', selectors: ['selector1'] },
    ...REALISTIC_MAIL_DOMAINS,
  ];
  for (const { domain, selectors } of domains)
    ids[domain] = scanIdOf(await scan(domain, { target: domain, ...(selectors ? { selectors } : {}) }));
  ids['nowhere.test'] = scanIdOf(await scan('unknown domain', { target: 'nowhere.test' }));
  await scan('resolver failure (SERVFAIL)', { target: 'servfail.test' });
  await scan('reuse within maxAgeSec', { target: 'gworkspace.test', maxAgeSec: 3600 });
  await scan('reuse with other selectors', { target: 'gworkspace.test', maxAgeSec: 3600, selectors: ['google', 's1'] });
  await scan('upper case and trailing dot', { target: 'GWorkspace.TEST.' });
  await post('legacy path', '/api/agent/tools/email-security/execute', '{"target":"monitor.test","maxAgeSec":600}');
  return ids;
}

async function storedScans(w: World, send: Send, ids: Record<string, string>): Promise<void> {
  const { get, go } = area(send, 'stored');
  for (const name of ['exemplary.test', 'challenge.test', 'gworkspace.test', 'nowhere.test', 'parish-council.gov.uk']) {
    await get(`GET scan of ${name}`, `/api/v1/scans/${ids[name]}`);
    await get(`scan page of ${name}`, `/scans/${ids[name]}`, BROWSER);
  }
  await go('HEAD scan', { method: 'HEAD', path: `/api/v1/scans/${ids['weak.test']}` });
  for (const id of ['short', 'A'.repeat(23), '%00%ff', 'AAAAAAAAAAAAAAAAAAAAA!'])
    await get(`unknown id ${id}`, `/api/v1/scans/${id}`);
  const history = (tool: string, query: string) => `/api/v1/agent/tools/${tool}/scans${query}`;
  const site = w.site('exemplary.test');
  await get('history of a site', history('security-headers', `?target=${encodeURIComponent(site)}`));
  await get('history of a site by host', history('security-headers', `?target=exemplary.test:${portOf(site)}`));
  await get('history of a domain', HISTORY);
  await get('history of a domain never scanned', history('email-security', '?target=never.test'));
  await get('history without target', history('email-security', ''));
  await get('history with an invalid target', history('email-security', '?target=www.gworkspace.test'));
  await get('legacy history path', '/api/agent/tools/email-security/scans?target=gworkspace.test');
}

async function badges(w: World, send: Send): Promise<void> {
  const { get, go } = area(send, 'badge');
  await w.setWebsiteGrade('main', 'example.com', 'A+');
  const first = await get('website-security default', BADGE);
  for (const style of ['default', 'compact', 'mini', 'flat', 'flat-square'])
    await get(`style ${style}`, `${BADGE}?style=${style}`);
  for (const [tool, domain] of [
    ['security-headers', 'exemplary.test'],
    ['security-headers', 'challenge.test'],
    ['email-security', 'gworkspace.test'],
    ['email-security', 'plus-all.test'],
    ['website-security', 'example.com'],
  ]) {
    const path = `/api/badge/${domain}?tool=${tool}`;
    await get(`${tool} ${domain}`, path);
    await get(`${tool} ${domain} compact`, `${path}&style=compact`);
    await get(`${tool} ${domain} shields`, `${path}&format=shields`);
  }
  await get('never graded', '/api/badge/never.test');
  await get('never graded shields', '/api/badge/never.test?format=shields');
  await get('label', `${BADGE}?label=Security%20%F0%9F%94%92`);
  await get(
    'URL as domain',
    `/api/badge/https://Exemplary.test:${portOf(w.site('exemplary.test'))}/x?tool=security-headers`,
  );
  for (const query of [
    'style=bogus',
    'tool=bogus',
    'format=png',
    `label=${'x'.repeat(41)}`,
    'label=',
    'style=mini&style=compact',
  ]) {
    await get(`refused ${query}`, `${BADGE}?${query}`);
    await get(`refused ${query} (JSON)`, `${BADGE}?${query}`, { accept: 'application/json' });
  }
  await get('refused style, problem+json', `${BADGE}?style=bogus`, { accept: 'application/problem+json' });
  await get('refused style, shields', `${BADGE}?style=bogus&format=shields`);
  for (const domain of ['not_a_domain!', 'localhost', '127.0.0.1', 'a..b.test', `${'a'.repeat(70)}.test`])
    await get(`refused domain ${domain}`, `/api/badge/${encodeURIComponent(domain)}`);
  await get('If-None-Match matches (304)', BADGE, { 'if-none-match': first.headers.get('etag') ?? '' });
  await get('If-None-Match other (200)', BADGE, { 'if-none-match': '"other"' });
  await go('HEAD', { method: 'HEAD', path: `${BADGE}?style=mini` });
}

async function mcp(w: World, send: Send, ids: Record<string, string>): Promise<void> {
  const { post, go } = area(send, 'mcp');
  const message = (what: string, body: string, headers: HeaderRecord = MCP) => post(what, '/mcp', body, headers);
  await message('initialize', INITIALIZE);
  await message('notifications/initialized', rpc(null, 'notifications/initialized'));
  await message('ping', rpc(2, 'ping'));
  await message('tools/list', rpc(3, 'tools/list'));
  const exemplary = w.site('exemplary.test');
  await message('call security_headers_scan', callTool(4, 'security_headers_scan', { target: w.site('weak.test') }));
  const full = { target: exemplary, maxAgeSec: 3600, detail: 'full' };
  await message('call security_headers_scan full', callTool(5, 'security_headers_scan', full));
  await message(
    'call security_headers_scan 422',
    callTool(6, 'security_headers_scan', { target: w.site('broken.test') }),
  );
  await message('call email_security_scan', callTool(7, 'email_security_scan', { target: 'monitor.test' }));
  const reused = { target: 'gworkspace.test', maxAgeSec: 3600, detail: 'full' };
  await message('call email_security_scan full reused', callTool(8, 'email_security_scan', reused));
  await message('call get_scan', callTool(9, 'get_scan', { scanId: ids['exemplary.test'] }));
  await message('call get_scan full', callTool(10, 'get_scan', { scanId: ids['gworkspace.test'], detail: 'full' }));
  await message('call get_scan unknown', callTool(11, 'get_scan', { scanId: UNKNOWN_SCAN }));
  const history = { tool: 'email-security', target: 'gworkspace.test' };
  await message('call scan_history', callTool(12, 'scan_history', history));
  await message('call scan_history bad tool', callTool(13, 'scan_history', { ...history, tool: 'nope' }));
  await message('call with invalid arguments', callTool(14, 'email_security_scan', { target: 5 }));
  await message('call with an invalid target', callTool(15, 'email_security_scan', { target: 'www.gworkspace.test' }));
  await message('call an unknown tool', callTool(16, 'react2shell', { target: 'a.test' }));
  await message('unknown method', rpc(17, 'resources/list'));
  await message('malformed JSON', '{"jsonrpc":"2.0",');
  await message('empty body', '');
  await message('not JSON-RPC', '{"hello":"world"}');
  await message('batch', `[${INITIALIZE}]`);
  await message('subscriptions/listen', rpc(18, 'subscriptions/listen'));
  await message('protocol version unknown', rpc(19, 'tools/list'), { ...MCP, 'mcp-protocol-version': '1999-01-01' });
  await message('2026-07-28 without envelope', rpc(20, 'tools/list'), { ...MCP, 'mcp-protocol-version': '2026-07-28' });
  await message('Accept text/html (406)', INITIALIZE, { ...MCP, accept: 'text/html' });
  await message('Accept JSON only', INITIALIZE, { ...MCP, accept: 'application/json' });
  await message('Content-Type text/plain (415)', INITIALIZE, { ...MCP, 'content-type': 'text/plain' });
  await message('foreign Origin (403)', INITIALIZE, { ...MCP, origin: 'https://evil.example' });
  await message('own Origin', INITIALIZE, { ...MCP, origin: 'https://scan.test' });
  await message('9 KiB message (413)', rpc(1, 'ping', { pad: 'a'.repeat(9 * 1024) }));
  const never = streamed('{"jsonrpc": and nothing more, never ends', ['{"jsonrpc":'], false);
  await go('body never ends (408)', { method: 'POST', path: '/mcp', headers: MCP, body: never, bodyDeadlineMs: 50 });

  // The current client (2026-07-28), as it speaks: each HTTP exchange is one recorded request.
  let exchange = 0;
  const clientFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = request.method === 'POST' ? await request.text() : undefined;
    const method = body ? ((JSON.parse(body) as { method?: string }).method ?? 'reply') : request.method;
    const answer = await go(`client exchange ${++exchange} ${method}`, {
      method: request.method,
      path: new URL(request.url).pathname,
      headers: Object.fromEntries(request.headers),
      ip: '198.18.0.7',
      ...(body === undefined ? {} : { body }),
    });
    const { status, headers, text } = answer;
    return new Response(status === 202 || status === 204 || status === 304 ? null : text, { status, headers });
  };
  const client = new Client({ name: 'corpus', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL('https://scan.test/mcp'), { fetch: clientFetch }));
  await client.listTools();
  await client.callTool({ name: 'security_headers_scan', arguments: { target: w.site('hops.test'), maxAgeSec: 3600 } });
  await client.callTool({ name: 'email_security_scan', arguments: { target: 'sts.test', maxAgeSec: 3600 } });
  await client.callTool({ name: 'scan_history', arguments: { tool: 'security-headers', target: exemplary } });
  await client.close();
}

async function pages(w: World, send: Send, ids: Record<string, string>): Promise<void> {
  const { get } = area(send, 'pages');
  const page = (what: string, path: string, headers: HeaderRecord = BROWSER) => get(what, path, headers);
  const landing = await page('landing', '/');
  await page('landing for an agent', '/', { accept: '*/*' });
  await page('llms.txt', '/llms.txt');
  for (const tool of ['security-headers', 'email-security']) {
    await page(`tool page ${tool}`, `/tools/${tool}`);
    await page(`skill ${tool}`, `/agent-skills/${tool}.md`);
  }
  const target = (host: string) => encodeURIComponent(w.site(host));
  await page('tool page with a scanned site', `/tools/security-headers?target=${target('exemplary.test')}`);
  await page('tool page with a site not assessed', `/tools/security-headers?target=${target('challenge.test')}`);
  await page('tool page with a scanned domain', '/tools/email-security?target=gworkspace.test');
  await page('tool page with selectors', '/tools/email-security?target=m365.test&selectors=selector1');
  await page('tool page with a target never scanned', '/tools/email-security?target=never.test');
  await page('tool page with an invalid target', '/tools/email-security?target=www.gworkspace.test');
  await page('tool page with an empty target', '/tools/security-headers?target=');
  for (const [what, path] of [
    ['tool page react2shell', '/tools/react2shell'],
    ['tool page nope', '/tools/nope'],
    ['skill nope', '/agent-skills/nope.md'],
    ['skill without .md', '/agent-skills/security-headers'],
    ['error page nope', '/developers/errors/nope'],
    ['unknown page', '/nowhere'],
    ['unknown scan page', `/scans/${UNKNOWN_SCAN}`],
  ] as const) {
    await page(`${what} (browser)`, path);
    await page(`${what} (JSON)`, path, { accept: 'application/json' });
  }
  await page('scan page of a security-headers scan', `/scans/${ids['weak.test']}`);
  await page('scan page of an email scan', `/scans/${ids['sts.test']}`);
  await page('error index', '/developers/errors');
  for (const slug of ERROR_SLUGS) await page(`error page ${slug}`, `/developers/errors/${slug}`);
  for (const asset of ['tool-page.js', 'site.css']) {
    const version = landing.text.split(`/assets/${asset}?v=`)[1]?.split('"')[0] ?? 'none';
    const plain = await page(`asset ${asset}`, `/assets/${asset}`, { accept: '*/*' });
    await page(`asset ${asset} versioned`, `/assets/${asset}?v=${version}`, { accept: '*/*' });
    await page(`asset ${asset} other version`, `/assets/${asset}?v=0`, { accept: '*/*' });
    await page(`asset ${asset} If-None-Match (304)`, `/assets/${asset}`, {
      'if-none-match': plain.headers.get('etag') ?? '',
    });
  }
  const etag = landing.headers.get('etag') ?? '';
  await page('landing If-None-Match (304)', '/', { ...BROWSER, 'if-none-match': etag });
  await page('landing If-None-Match weak and listed', '/', { ...BROWSER, 'if-none-match': `"x", W/${etag}` });
  await page('machine path unknown (browser)', '/api/v1/nowhere');
  await page('health path unknown (browser)', '/healthz/deeper');
  await page('favicon', '/favicon.ico', { accept: 'image/*' });
}

async function documentAndProbes(send: Send): Promise<void> {
  const { get } = area(send, 'document');
  const document = await get('openapi.json', '/openapi.json');
  await get('openapi.json If-None-Match', '/openapi.json', {
    'if-none-match': document.headers.get('etag') ?? '"none"',
  });
  await get('healthz', '/healthz');
  await get('readyz', '/readyz');
  const other = area(send, 'no-base-url', { app: 'no-base-url', origin: 'http://127.0.0.1:8787' });
  for (const path of [CATALOG, '/', '/openapi.json', '/llms.txt', BADGE, '/tools/email-security'])
    await other.get(`GET ${path}`, path, BROWSER);
  await other.post('POST execute 400', SH, '{}');
}

async function outages(w: World, send: Send): Promise<void> {
  const key = await w.createKey('store-down', 'store-down');
  const requests = async (app: AppName, name: string) => {
    const { get, post } = area(send, name, { app });
    await get('catalog', CATALOG);
    await get('catalog with a key', CATALOG, { 'x-api-key': key });
    await post('execute', ES, '{"target":"gworkspace.test"}');
    await post('execute security-headers', SH, json({ target: w.site('exemplary.test') }));
    await get('history', HISTORY);
    await get('stored scan', `/api/v1/scans/${UNKNOWN_SCAN}`);
    await get('badge', BADGE);
    await get('badge shields', `${BADGE}?format=shields`);
    await get('badge JSON', BADGE, { accept: 'application/json' });
    await get('tool page with target', '/tools/email-security?target=gworkspace.test', BROWSER);
    await get('scan page', `/scans/${UNKNOWN_SCAN}`, BROWSER);
    await get('landing', '/', BROWSER);
    await post('MCP initialize', '/mcp', INITIALIZE, MCP);
    await post('MCP get_scan', '/mcp', callTool(2, 'get_scan', { scanId: UNKNOWN_SCAN }), MCP);
    await get('healthz', '/healthz');
    await get('readyz', '/readyz');
  };
  w.apps['store-down'].setStoreDown(true);
  await requests('store-down', 'store down');
  w.apps['store-down'].setStoreDown(false);
  w.clock.advance(10_000);
  await area(send, 'store down', { app: 'store-down' }).get('readyz once back', '/readyz');
  await requests('store-broken', 'store broken');
  const none = area(send, 'no scanners', { app: 'no-scanners' });
  await none.post('security-headers', SH, json({ target: w.site('exemplary.test') }));
  await none.post('email-security', ES, '{"target":"gworkspace.test"}');
}

/** 429s of every policy, against the app with tiny limits (world.ts, SMALL_LIMITS). */
async function limits(w: World, send: Send): Promise<void> {
  const { go } = area(send, 'limits', { app: 'small-limits' });
  const key = await w.createKey('small-limits', 'limited');
  const get = (what: string, path: string, ip: string, headers: HeaderRecord = {}) => go(what, { path, ip, headers });
  const post = (what: string, path: string, ip: string, body: string, headers: HeaderRecord = JSON_BODY) =>
    go(what, { method: 'POST', path, ip, headers, body });
  const scan = (what: string, ip: string, path: string, target: string) => post(what, path, ip, json({ target }));
  for (let i = 1; i <= 5; i++) await get(`per-minute anonymous ${i}`, CATALOG, '203.0.113.10');
  await get('per-minute anonymous, a page', '/', '203.0.113.10', BROWSER);
  await get('per-minute anonymous, a probe', '/healthz', '203.0.113.10');
  await get('per-minute anonymous, MCP', '/mcp', '203.0.113.10');
  for (let i = 1; i <= 5; i++) await get(`per-minute key ${i}`, CATALOG, '203.0.113.11', { 'x-api-key': key });
  w.clock.advance(61_000);
  await get('per-minute anonymous after a minute', CATALOG, '203.0.113.10');
  await get('per-minute key after a minute', CATALOG, '203.0.113.11', { 'x-api-key': key });
  await scan('scans per client 1', '203.0.114.1', ES, 'gworkspace.test');
  await scan('scans per client 2', '203.0.114.1', ES, 'm365.test');
  for (let i = 1; i <= 3; i++) await scan(`scans per target ${i}`, `203.0.${114 + i}.1`, SH, w.site('weak.test'));
  for (const [i, domain] of ['parked', 'monitor', 'nodmarc', 'weakkey'].entries())
    await scan(`scans per network ${i + 1}`, `203.0.118.${i + 1}`, ES, `${domain}.test`);
  for (const [i, domain] of ['toomany', 'sts', 'northwind-gws'].entries())
    await scan(`scans overall ${i + 1}`, `198.19.${i + 1}.1`, ES, `${domain}.test`);
  const overQuota = callTool(1, 'email_security_scan', { target: 'plus-all.test' });
  await post('scans overall, MCP', '/mcp', '198.19.9.1', overQuota, MCP);
  for (let i = 1; i <= 3; i++) await get(`badge per-minute ${i}`, BADGE, '203.0.119.1');
  await get('badge per-minute, JSON', BADGE, '203.0.119.1', { accept: 'application/json' });
  for (let i = 1; i <= 3; i++) await post(`MCP protocol per-minute ${i}`, '/mcp', '203.0.120.1', INITIALIZE, MCP);
  for (let i = 1; i <= 3; i++) await get(`MCP tool call after REST ${i}`, CATALOG, '203.0.121.1');
  const call = callTool(2, 'get_scan', { scanId: UNKNOWN_SCAN });
  await post('MCP tool call over the REST budget', '/mcp', '203.0.121.1', call, MCP);
  for (let i = 1; i <= 4; i++) await get(`wrong key ${i}`, CATALOG, '203.0.122.1', { 'x-api-key': 'nonsense' });
}

export async function runCorpus(w: World, send: Send): Promise<void> {
  await routes(send);
  await keysAndCatalog(w, send);
  const ids = { ...(await securityHeadersScans(w, send)) };
  await badRequests(send);
  Object.assign(ids, await emailScans(send));
  await storedScans(w, send, ids);
  await badges(w, send);
  await mcp(w, send, ids);
  await pages(w, send, ids);
  await documentAndProbes(send);
  await outages(w, send);
  await limits(w, send);
}
