import { Server as HttpServer } from 'node:http';
import { FastResponse, serve } from 'srvx';
import type { App } from '#agent-scan';
import { answerClientErrors } from './client-errors.ts';

// srvx's Response is several times faster than Node's own; the app builds responses through the global.
globalThis.Response = FastResponse;

export interface RunningServer {
  url: string;
  /** Stops accepting connections and waits for requests in flight (at most `graceMs`). */
  close(graceMs?: number): Promise<void>;
}

/** How long a client may take to send a request (docs/limits.md, "Request deadlines"). */
export interface RequestDeadlines {
  /** From the start of a request to the end of its headers; Node answers 408 past it. */
  headersMs: number;
  /** For the body once the app starts reading it; handed to the app with every request. */
  bodyMs: number;
  /** Between the two: the key check and the per-minute limit, which may wait on the store. */
  slackMs: number;
}

/**
 * A request line and a few headers need no more than 10 s on any working link; the body gets the
 * app's own deadline (BODY_DEADLINE_MS in src/limits.ts). Node's whole-request timeout is the sum
 * with the slack, 25 s, so the app answers a slow body first and Node's 300 s default never applies.
 */
export const NODE_DEADLINES: RequestDeadlines = Object.freeze({ headersMs: 10_000, bodyMs: 10_000, slackMs: 5_000 });

export interface ServerOptions {
  port: number;
  hostname: string;
  /** BASE_URL, for the problem `type` of the 408s Node sends itself; else the server's own address. */
  baseUrl?: string | null | undefined;
  deadlines?: RequestDeadlines;
}

/** Serves a portable app on Node with srvx. Port 0 picks a free port. */
export async function startServer(app: App, options: ServerOptions): Promise<RunningServer> {
  const deadlines = options.deadlines ?? NODE_DEADLINES;
  const requestMs = deadlines.headersMs + deadlines.bodyMs + deadlines.slackMs;
  const server = serve({
    port: options.port,
    hostname: options.hostname,
    silent: true,
    gracefulShutdown: false,
    node: {
      headersTimeout: deadlines.headersMs,
      requestTimeout: requestMs,
      // Node looks for expired requests only this often (every 30 s by default, which would stretch
      // a 10 s deadline to 40 s).
      connectionsCheckingInterval: Math.ceil(Math.min(1_000, deadlines.headersMs / 10)),
    },
    fetch: (request) => {
      // srvx types waitUntil as possibly returning a promise; the app only hands work to it.
      const waitUntil = request.waitUntil?.bind(request);
      return app.fetch(request, {
        clientAddress: request.ip,
        waitUntil: waitUntil && ((promise) => void waitUntil(promise)),
        bodyDeadlineMs: deadlines.bodyMs,
      });
    },
  });
  const nodeServer = server.node?.server;
  if (!(nodeServer instanceof HttpServer)) throw new Error('srvx did not create a node:http server');
  await server.ready();
  const url = server.url!.replace(/\/$/, '');
  answerClientErrors(nodeServer, { baseUrl: options.baseUrl ?? url, headersMs: deadlines.headersMs, requestMs });
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
