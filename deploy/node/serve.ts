import { FastResponse, serve } from 'srvx';
import type { App } from '#agent-scan';

// srvx's Response is several times faster than Node's own; the app builds responses through the global.
globalThis.Response = FastResponse;

export interface RunningServer {
  url: string;
  /** Stops accepting connections and waits for requests in flight (at most `graceMs`). */
  close(graceMs?: number): Promise<void>;
}

/** Serves a portable app on Node with srvx. Port 0 picks a free port. */
export async function startServer(app: App, options: { port: number; hostname: string }): Promise<RunningServer> {
  const server = serve({
    port: options.port,
    hostname: options.hostname,
    silent: true,
    gracefulShutdown: false,
    fetch: (request) => {
      // srvx types waitUntil as possibly returning a promise; the app only hands work to it.
      const waitUntil = request.waitUntil?.bind(request);
      return app.fetch(request, {
        clientAddress: request.ip,
        waitUntil: waitUntil && ((promise) => void waitUntil(promise)),
      });
    },
  });
  await server.ready();
  const url = server.url!.replace(/\/$/, '');
  return {
    url,
    async close(graceMs = 10_000) {
      const forced = setTimeout(() => void server.close(true), graceMs);
      forced.unref();
      await server.close(false);
      clearTimeout(forced);
    },
  };
}
