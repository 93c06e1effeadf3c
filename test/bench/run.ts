/**
 * Throughput of the anonymous tool catalog against bare node:http servers on the same machine.
 * The headline baseline writes the very bytes the catalog answers with (same JSON document, same
 * headers) and does nothing else, so the ratio is the cost of srvx, routing and the middleware.
 * A second baseline answers {"ok":true}, for scale. Target: catalog_vs_node_http_ratio ≥ 0.6.
 * Informational: nothing here fails on timing, only on responses that are not 2xx, on
 * connection errors, or on a parser throwing an error it does not document (adversarial.ts).
 *
 *   npm run bench [-- --duration 5] [-- --json]
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { startServer } from '../../deploy/node/serve.ts';
import { endTestFile } from '../support/cleanup.ts';
import { UNLIMITED } from './unlimited.ts';
import { createApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import { measureAdversarial } from './adversarial.ts';
import { measureClientFlood } from './client-flood.ts';
import { measureStoreFloods } from './store-floods.ts';
import { measureLimiterFlood } from './limiter-flood.ts';
import { measureColdStart } from './cold-start.ts';
import { measureEmailLatency } from './email-latency.ts';
import { measureMcpAnswerSizes } from './mcp-answer-sizes.ts';
import { measureMcpOverhead } from './mcp-overhead.ts';
import { measureOpenApiClient } from './openapi-client.ts';
import { measureWorkerdStart } from './workerd-start.ts';
import { measureProductionSize } from './production-size.ts';
import { measureScanOverhead } from './scan-overhead.ts';
import { measureScanReuse } from './scan-reuse.ts';
import { measureStoreRoundTrips } from './store-round-trips.ts';

const TARGET_RATIO = 0.6;
const CONNECTIONS = 50;
const WARMUP_SECONDS = 1;
const ROUNDS = 3;

const { values: args } = parseArgs({
  options: { duration: { type: 'string', default: '5' }, json: { type: 'boolean', default: false } },
});
const durationSeconds = Number(args.duration);
if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
  console.error(`--duration must be a positive number of seconds, got ${args.duration}`);
  process.exit(1);
}

async function startBareServer(
  body: string,
  headers: Record<string, string>,
  status = 200,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

// The limits are raised only so that every request gets a 200; the full middleware chain
// (key identification, per-minute limiting in the memory store, standard headers) still runs.
const app = createApp({
  config: parseConfig({}),
  store: new MemoryStore(),
  limits: UNLIMITED,
});
const appServer = await startServer(app, { port: 0, hostname: '127.0.0.1' });
const catalogUrl = `${appServer.url}/api/v1/agent/tools`;
const sample = await fetch(catalogUrl);
const sampleHeaders = Object.fromEntries(
  [...sample.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)),
);
const bareServer = await startBareServer(await sample.text(), sampleHeaders);

// The refused path: the contract's limits, one client (the load generator) over its minute; the
// bare server answers the same 429 with the same headers.
const limitedApp = createApp({ config: parseConfig({}), store: new MemoryStore() });
const limitedServer = await startServer(limitedApp, { port: 0, hostname: '127.0.0.1' });
const refusedUrl = `${limitedServer.url}/api/v1/agent/tools`;
let refusedSample = await fetch(refusedUrl);
while (refusedSample.status !== 429) refusedSample = await fetch(refusedUrl);
const refusedHeaders = Object.fromEntries(
  [...refusedSample.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)),
);
const bareRefusalServer = await startBareServer(await refusedSample.text(), refusedHeaders, 429);
const tinyServer = await startBareServer(JSON.stringify({ ok: true }), { 'content-type': 'application/json' });

// The load generator runs in a worker thread so it does not share the servers' event loop.
function load(url: string, duration: number): Promise<Result> {
  return autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration, workers: 1 });
}

function assertAllSucceeded(name: string, result: Result): void {
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${name}: ${result.non2xx} non-2xx responses, ${result.errors} errors, ${result.timeouts} timeouts ` +
        `out of ${result.requests.total} requests`,
    );
  }
}

function assertAllRefused(name: string, result: Result): void {
  // Nearly every answer a 429: the sliding window lets the client in again now and then as the
  // minute turns during a long run (the sample above was a 429; nothing else is answered here).
  const refused = result['4xx'];
  if (refused < result.requests.total * 0.99 || result.errors > 0 || result.timeouts > 0)
    throw new Error(`${name}: ${refused} of ${result.requests.total} requests refused, ${result.errors} errors`);
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function measure(): Promise<Record<string, number>> {
  assertAllSucceeded('baseline warm-up', await load(bareServer.url, WARMUP_SECONDS));
  assertAllSucceeded('tiny baseline warm-up', await load(tinyServer.url, WARMUP_SECONDS));
  assertAllSucceeded('catalog warm-up', await load(catalogUrl, WARMUP_SECONDS));

  // Alternating rounds spread background noise on a shared machine over both sides evenly.
  const baselineRps: number[] = [];
  const catalogRps: number[] = [];
  const catalogP99: number[] = [];
  const tinyRps: number[] = [];
  const refusedRps: number[] = [];
  const bareRefusalRps: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const baseline = await load(bareServer.url, durationSeconds);
    assertAllSucceeded(`baseline round ${round}`, baseline);
    baselineRps.push(baseline.requests.average);

    const catalog = await load(catalogUrl, durationSeconds);
    assertAllSucceeded(`catalog round ${round}`, catalog);
    catalogRps.push(catalog.requests.average);
    catalogP99.push(catalog.latency.p99);

    const tiny = await load(tinyServer.url, durationSeconds);
    assertAllSucceeded(`tiny baseline round ${round}`, tiny);
    tinyRps.push(tiny.requests.average);

    const bareRefusal = await load(bareRefusalServer.url, durationSeconds);
    assertAllRefused(`bare 429 round ${round}`, bareRefusal);
    bareRefusalRps.push(bareRefusal.requests.average);

    const refused = await load(refusedUrl, durationSeconds);
    assertAllRefused(`refused round ${round}`, refused);
    refusedRps.push(refused.requests.average);
  }

  const baseline = median(baselineRps);
  const catalog = median(catalogRps);
  const tinyBaseline = median(tinyRps);
  return {
    baseline_node_http_rps: Math.round(baseline),
    baseline_tiny_json_rps: Math.round(tinyBaseline),
    catalog_anonymous_rps: Math.round(catalog),
    catalog_vs_node_http_ratio: Math.round((catalog / baseline) * 100) / 100,
    catalog_vs_node_http_ratio_target: TARGET_RATIO,
    catalog_vs_tiny_json_ratio: Math.round((catalog / tinyBaseline) * 100) / 100,
    catalog_latency_p99: median(catalogP99),
    baseline_node_http_429_rps: Math.round(median(bareRefusalRps)),
    refused_anonymous_rps: Math.round(median(refusedRps)),
    refused_vs_node_http_ratio: Math.round((median(refusedRps) / median(bareRefusalRps)) * 100) / 100,
  };
}

const UNITS: Record<string, string> = {
  baseline_node_http_rps: 'req/s',
  baseline_tiny_json_rps: 'req/s',
  catalog_vs_tiny_json_ratio: 'x',
  catalog_anonymous_rps: 'req/s',
  catalog_vs_node_http_ratio: 'x',
  catalog_vs_node_http_ratio_target: 'x',
  catalog_latency_p99: 'ms',
  baseline_node_http_429_rps: 'req/s',
  refused_anonymous_rps: 'req/s',
  refused_vs_node_http_ratio: 'x',
  store_calls_per_second_refused_api_catalog: 'calls/s',
  refused_requests_per_second_api_catalog: 'req/s',
  store_calls_per_second_refused_api_stored_scan: 'calls/s',
  refused_requests_per_second_api_stored_scan: 'req/s',
  store_calls_per_second_refused_page_scan: 'calls/s',
  refused_requests_per_second_page_scan: 'req/s',
  store_calls_per_second_refused_page_target: 'calls/s',
  refused_requests_per_second_page_target: 'req/s',
  store_calls_per_second_refused_page_home: 'calls/s',
  refused_requests_per_second_page_home: 'req/s',
  store_calls_per_second_refused_document_openapi: 'calls/s',
  refused_requests_per_second_document_openapi: 'req/s',
  store_calls_per_second_refused_badge: 'calls/s',
  refused_requests_per_second_badge: 'req/s',
  store_calls_per_second_refused_mcp_tools_list: 'calls/s',
  refused_requests_per_second_mcp_tools_list: 'req/s',
  store_round_trips_catalog_anonymous: 'requests',
  store_round_trips_execute_cached_key: 'requests',
  store_round_trips_mcp_notification_anonymous: 'requests',
  store_round_trips_scan_lookup: 'requests',
  store_round_trips_scan_history: 'requests',
  store_round_trips_scan_reuse_lookup: 'requests',
  store_round_trips_execute_anonymous: 'requests',
  store_round_trips_execute_reused: 'requests',
  execute_cached_ms: 'ms',
  execute_scan_ms: 'ms',
  execute_cached_vs_scan_ratio: 'x',
  scan_local_target_ms: 'ms',
  target_plain_get_ms: 'ms',
  scan_overhead_ms: 'ms',
  scan_vs_plain_get_ratio: 'x',
  email_scan_ms_with_20ms_dns: 'ms',
  email_scan_queries: 'queries',
  email_queries_one_by_one_ms: 'ms',
  email_scan_in_dns_delays: 'delays',
  email_scan_vs_one_by_one_ratio: 'x',
  rest_execute_call_ms: 'ms',
  mcp_tool_call_ms: 'ms',
  mcp_vs_rest_call_ratio: 'x',
  adversarial_longest_block_ms: 'ms',
  adversarial_longest_block_target_ms: 'ms',
  adversarial_event_loop_delay_max_ms: 'ms',
  adversarial_inputs: 'inputs',
  adversarial_untyped_errors: 'errors',
  flood_clients: 'clients',
  flood_requests_per_second: 'req/s',
  flood_heap_growth_mb: 'MB',
  flood_heap_after_second_wave_growth_mb: 'MB',
  flood_tracked_buckets: 'buckets',
  flood_tracked_buckets_max: 'buckets',
  flood_slowest_request_ms: 'ms',
  flood_requests_over_10ms: 'requests',
  flood_longest_gc_pause_ms: 'ms',
  limiter_flood_clients: 'clients',
  limiter_call_fresh_us: 'us',
  limiter_call_after_flood_us: 'us',
  limiter_call_after_flood_ratio: 'x',
  cache_set_fresh_us: 'us',
  cache_set_after_flood_us: 'us',
  cache_set_after_flood_ratio: 'x',
  production_node_modules_bytes: 'bytes',
  production_node_modules_mb: 'MB',
  production_node_modules_target_mb: 'MB',
  production_packages: 'packages',
};

/** Units of the families of figures: one figure per parser, endpoint or dependency. */
const UNIT_PATTERNS: [RegExp, string][] = [
  [/^adversarial_longest_block_ms\.|^(?:first_call|steady)_cpu_ms\./, 'ms'],
  [/^(?:cold_start|readme_client_typecheck|workerd_start)_\w*ms$/, 'ms'],
  [/^(?:mcp|openapi)_\w*_bytes$|^bundle_bytes_by_dependency\./, 'bytes'],
  [/_ratio$/, 'x'],
];
const unitOf = (name: string): string =>
  UNITS[name] ?? UNIT_PATTERNS.find(([pattern]) => pattern.test(name))?.[1] ?? '';

let exitCode = 0;
try {
  const figures = {
    ...(await measure()),
    ...(await measureStoreRoundTrips()),
    ...(await measureStoreFloods()),
    ...(await measureScanReuse()),
    ...(await measureScanOverhead()),
    ...(await measureEmailLatency()),
    ...(await measureMcpOverhead()),
    ...(await measureMcpAnswerSizes()),
    ...(await measureAdversarial()),
    ...(await measureClientFlood()),
    ...(await measureLimiterFlood()),
    ...(await measureProductionSize()),
    ...measureColdStart(),
    ...(await measureWorkerdStart()),
    ...(await measureOpenApiClient()),
  };
  if (args.json) console.log(JSON.stringify(figures));
  else for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value} ${unitOf(name)}`);
  // Timing is informational; a parser throwing an error it does not document is a defect.
  if (figures.adversarial_untyped_errors! > 0) exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await Promise.all([
    appServer.close(1000),
    limitedServer.close(1000),
    bareServer.close(),
    bareRefusalServer.close(),
    tinyServer.close(),
    endTestFile(),
  ]);
}
process.exitCode = exitCode;
