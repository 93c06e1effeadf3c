/**
 * The Node entry point: reads process.env, serves the app with srvx, writes one JSON access-log
 * line per request to stdout, and shuts down gracefully on SIGTERM and SIGINT.
 */
import { createApp } from '../../src/app.ts';
import { ConfigError } from '../../src/config.ts';
import { nodeScanners, parseConfig, registerDevKey, selectStore } from './environment.ts';
import { startServer } from './serve.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const store = selectStore(config);
const scanning = nodeScanners(config);
const app = createApp({
  config,
  store,
  scanners: scanning.scanners,
  onRequestComplete: (entry) => process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`),
  onError: (error, request) =>
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'error', path: new URL(request.url).pathname, error: String((error as Error)?.stack ?? error) })}\n`),
});

const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number; got ${process.env.PORT}`);
const dev = config.upstash ? null : await registerDevKey(config, store);
const server = await startServer(app, { port, hostname: process.env.HOST || '127.0.0.1' });

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${signal}: finishing requests in flight, then exiting\n`);
    void server
      .close(10_000)
      .then(() => scanning.close())
      .then(() => process.exit(0));
  });
}

process.stderr.write(`Agent Scan API listening on ${server.url}\n`);
if (dev === null) process.stderr.write('Shared store: Upstash Redis (create keys with npm run admin -- keys create).\n');
else if (dev.generated) process.stderr.write(`Development API key (embedded store, shown once): ${dev.key}\n`);
else process.stderr.write('Development API key from DEV_API_KEY registered.\n');

