/**
 * The Node entry point: reads process.env, serves the app with srvx, writes one JSON access-log
 * line per request to stdout, and shuts down gracefully on SIGTERM and SIGINT. Scan connections
 * go through the pinned fetch (docs/ssrf.md).
 */
import { createServiceOrExit } from '#agent-scan';
import { createPinnedFetch } from './pinned-fetch.ts';
import { startServer } from './serve.ts';

const stamp = () => new Date().toISOString();

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number; got ${process.env.PORT}`);

const scanFetch = createPinnedFetch();
const service = createServiceOrExit(
  process.env,
  {
    scanFetch,
    notice: (message) => process.stderr.write(`${message}\n`),
    onRequestComplete: (entry) => process.stdout.write(`${JSON.stringify({ time: stamp(), ...entry })}\n`),
    onError: (error, request) => {
      const entry = {
        time: stamp(),
        level: 'error',
        path: new URL(request.url).pathname,
        error: String((error as Error)?.stack ?? error),
      };
      process.stderr.write(`${JSON.stringify(entry)}\n`);
    },
  },
  (code) => process.exit(code),
);

await service.ready;
const server = await startServer(service, {
  port,
  hostname: process.env.HOST || '127.0.0.1',
  baseUrl: service.config.baseUrl,
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${signal}: finishing requests in flight, then exiting\n`);
    void server
      .close(10_000)
      .then(() => scanFetch.close())
      .then(() => process.exit(0));
  });
}

if (service.config.upstash)
  process.stderr.write('Shared store: Upstash Redis (create keys with npm run admin -- keys create).\n');
process.stderr.write(`Agent Scan API listening on ${server.url}\n`);
