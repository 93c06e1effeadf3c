/**
 * Real local servers for the network-layer tests: a scripted web site (plain HTTP or TLS with a
 * self-signed certificate), and a CANARY that must never be reached while the guard is on.
 * All of them are closed when the test file ends.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { generate } from 'selfsigned';
import { atEnd } from './cleanup.ts';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** The local address the request arrived on (which server, when several share a port). */
  localAddress: string;
}

export interface TargetServer {
  host: string;
  port: number;
  /** http(s)://host:port, with the host bracketed for IPv6. */
  origin: string;
  requests: SeenRequest[];
  /** Connections accepted, including ones that never made a valid HTTP request (a TLS hello to a plain server). */
  connections: number;
  close(): Promise<void>;
}

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface TargetOptions {
  host?: string;
  port?: number;
  tls?: { cert: string; key: string };
}

function track(server: Server, target: { requests: SeenRequest[]; connections: number }, route: Route): void {
  server.on('connection', (socket: Socket) => {
    target.connections++;
    socket.on('error', () => {});
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    target.requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      localAddress: request.socket.localAddress ?? '',
    });
    route(request, response);
  });
  server.on('clientError', (_error, socket: Socket) => socket.destroy());
}

export async function startTargetServer(route: Route, options: TargetOptions = {}): Promise<TargetServer> {
  const host = options.host ?? '127.0.0.1';
  const server = options.tls ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }) : createHttpServer();
  const state = { requests: [] as SeenRequest[], connections: 0 };
  track(server, state, route);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const target: TargetServer = {
    host,
    port,
    origin: `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`,
    requests: state.requests,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  atEnd(() => target.close());
  return target;
}

/** A self-signed certificate for the given DNS names (and 127.0.0.1). */
export async function selfSignedCertificate(names: string[]): Promise<{ cert: string; key: string }> {
  const pems = await generate([{ name: 'commonName', value: names[0] ?? 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 2 * 86_400_000),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [...names.map((value) => ({ type: 2 as const, value })), { type: 7 as const, ip: '127.0.0.1' }],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/**
 * The routes of the scripted site:
 *   /                    200 with repeated headers (Set-Cookie ×2, X-Dup ×2) in a fixed order
 *   /redirect?to=U&status=S   redirect to U (default 302)
 *   /no-location         302 without Location          /bad-location   302 with an unparsable Location
 *   /chain/N             N redirects, then 200          /loop           redirects to itself
 *   /see-other           303 to /echo                   /echo           JSON of the method and headers
 *   /big?bytes=N         a body of N bytes              /hang           never answers
 *   /stall-body          headers and a little body, then nothing
 */
export const siteRoutes: Route = (request, response) => {
  const url = new URL(request.url ?? '/', 'http://site.test');
  const path = url.pathname;
  if (path === '/') {
    response.writeHead(200, [
      'Content-Type',
      'text/html; charset=utf-8',
      'X-Dup',
      'first',
      'Set-Cookie',
      'a=1; Secure',
      'Strict-Transport-Security',
      'max-age=1',
      'X-Dup',
      'second',
      'Set-Cookie',
      'b=2; HttpOnly',
      'Strict-Transport-Security',
      'max-age=2',
    ]);
    return void response.end('<html><title>public site</title></html>');
  }
  if (path === '/redirect') {
    return void response
      .writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/' })
      .end();
  }
  if (path === '/no-location') return void response.writeHead(302).end();
  if (path === '/bad-location') return void response.writeHead(302, { location: 'http://[::1' }).end();
  if (path === '/loop') return void response.writeHead(302, { location: '/loop' }).end();
  if (path.startsWith('/chain/')) {
    const left = Number(path.slice('/chain/'.length));
    if (left <= 0) return void response.writeHead(200, { 'content-type': 'text/plain' }).end('end of chain');
    return void response.writeHead(301, { location: `/chain/${left - 1}` }).end();
  }
  if (path === '/see-other') return void response.writeHead(303, { location: '/echo' }).end();
  if (path === '/echo') {
    response.writeHead(200, { 'content-type': 'application/json' });
    return void response.end(JSON.stringify({ method: request.method, headers: request.headers }));
  }
  if (path === '/big') {
    const bytes = Number(url.searchParams.get('bytes') ?? 1024);
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': bytes });
    return void response.end('x'.repeat(bytes));
  }
  if (path === '/hang') return; // never answered; closeAllConnections() ends it
  if (path === '/stall-body') {
    response.writeHead(200, { 'content-type': 'text/plain' });
    return void response.write('partial ');
  }
  response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
};

export interface Canary {
  port: number;
  /** Every connection to any of its addresses, whether or not it became an HTTP request. */
  readonly connections: number;
  requests: SeenRequest[];
}

/**
 * The CANARY: listens on 127.0.0.1 and, when the host has it, [::1], on one port. Anything that
 * reaches it went somewhere a guarded scan must never go.
 */
export async function startCanary(): Promise<Canary> {
  const canaryRoute: Route = (_request, response) =>
    void response.writeHead(200, { 'content-type': 'text/plain' }).end('CANARY REACHED');
  for (let attempt = 0; attempt < 5; attempt++) {
    const v4 = await startTargetServer(canaryRoute);
    let v6: TargetServer | null = null;
    try {
      v6 = await startTargetServer(canaryRoute, { host: '::1', port: v4.port });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'EADDRINUSE') {
        await v4.close();
        continue;
      }
      // No IPv6 loopback on this host: the IPv4 listener alone.
    }
    const servers = v6 ? [v4, v6] : [v4];
    return {
      port: v4.port,
      get connections() {
        return servers.reduce((sum, s) => sum + s.connections, 0);
      },
      get requests() {
        return servers.flatMap((s) => s.requests);
      },
    };
  }
  throw new Error('could not find a port free on both 127.0.0.1 and ::1 for the canary');
}
