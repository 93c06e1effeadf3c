/**
 * A scripted web site for scanner tests: HTTP and HTTPS on the same loopback port (the first
 * byte of a connection tells TLS from plain HTTP), with a self-signed certificate for the names
 * the test uses. Each request is answered by the test's `respond` function and logged.
 */
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import { atEnd } from './cleanup.ts';
import { selfSignedCertificate } from './net-targets.ts';

export interface SiteRequest {
  method: string;
  url: string;
  secure: boolean;
  headers: IncomingMessage['headers'];
}

export interface SiteResponse {
  status?: number;
  headers?: [string, string][];
  body?: string | Uint8Array;
}

export interface Site {
  port: number;
  /** The self-signed certificate (PEM) to trust. */
  cert: string;
  requests: SiteRequest[];
  close(): Promise<void>;
}

const certificates = new Map<string, Promise<{ cert: string; key: string }>>();

/** One certificate per set of names per process (key generation is slow). */
export function certificateFor(names: string[]): Promise<{ cert: string; key: string }> {
  const id = [...names].sort().join(',');
  let pending = certificates.get(id);
  if (!pending) {
    pending = selfSignedCertificate(names);
    certificates.set(id, pending);
  }
  return pending;
}

export async function startSite(names: string[], respond: (request: SiteRequest) => SiteResponse): Promise<Site> {
  const { cert, key } = await certificateFor(names);
  const requests: SiteRequest[] = [];
  const handler = (secure: boolean) => (req: IncomingMessage, res: import('node:http').ServerResponse) => {
    const request = { method: req.method ?? 'GET', url: req.url ?? '/', secure, headers: req.headers };
    requests.push(request);
    const answer = respond(request);
    const headers = answer.headers ?? [];
    res.writeHead(answer.status ?? 200, headers.flat());
    res.end(request.method === 'HEAD' ? undefined : (answer.body ?? ''));
  };
  const plain = createHttpServer(handler(false));
  const tls = createHttpsServer({ cert, key }, handler(true));
  const front = createNetServer((socket) => {
    socket.once('data', (first) => {
      socket.pause();
      socket.unshift(first);
      (first[0] === 0x16 ? tls : plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const port = (front.address() as { port: number }).port;
  const site: Site = {
    port,
    cert,
    requests,
    async close() {
      plain.closeAllConnections();
      tls.closeAllConnections();
      await new Promise((r) => front.close(r));
    },
  };
  atEnd(() => site.close());
  return site;
}
