/**
 * Serves deploy/vercel under Vercel's `edge-runtime` (the Edge runtime's sandbox on Node), the
 * way Vercel would: the entry and the bundle it imports become one script in the sandbox, the
 * environment is `process.env`, each request goes to the handler exported for its method, and
 * the FetchEvent's `waitUntil` is passed on as the context's.
 * Prints the URL on stdout. Usage: node --import tsx test/runtimes/edge-runtime-host.ts
 */
import { build } from 'esbuild';
import { EdgeRuntime, runServer } from 'edge-runtime';

const bundled = await build({
  entryPoints: ['deploy/vercel/api/index.ts'],
  bundle: true,
  write: false,
  format: 'iife',
  globalName: 'vercelEntry',
  platform: 'neutral',
  logLevel: 'warning',
});
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => /^[A-Z_]+$/.test(name)));

const runtime = new EdgeRuntime({
  extend: (context) => Object.assign(context, { process: { env } }),
  initialCode: `${bundled.outputFiles[0]!.text}
addEventListener('fetch', (event) => {
  const handler = vercelEntry[event.request.method];
  event.respondWith(
    handler
      ? handler(event.request, { waitUntil: (promise) => event.waitUntil(promise) })
      : new Response(null, { status: 405 }),
  );
});`,
});
const server = await runServer({ runtime, port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`Agent Scan API listening on ${server.url.replace(/\/$/, '')}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
