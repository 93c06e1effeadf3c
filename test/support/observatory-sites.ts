/**
 * Real web sites on the standard ports for the retrieval-agreement test: each site has its own
 * loopback address (127.0.0.N) with plain HTTP on port 80 and HTTPS on port 443 (either may be
 * absent), so the Observatory's `scan(hostname)`, which takes no port, and our scanner reach the
 * same servers. Certificates: one test CA signing a leaf for every scenario name (trusted by both
 * scanners), and a self-signed certificate trusted by neither. Binding port 80/443 needs root.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import { generate } from 'selfsigned';
import { atEnd } from './cleanup.ts';
import type { SiteRequest, SiteResponse } from './site-server.ts';

export type { SiteRequest, SiteResponse } from './site-server.ts';
export type Respond = (request: SiteRequest) => SiteResponse;

export interface Certificates {
  /** The test CA (PEM): give it to both scanners. */
  ca: string;
  /** A leaf for every scenario name, signed by the CA. */
  valid: { cert: string; key: string };
  /** Self-signed for the same names: trusted by no one. */
  selfSigned: { cert: string; key: string };
}

const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000);
const dnsNames = (names: string[]) => ({
  name: 'subjectAltName' as const,
  altNames: names.map((value) => ({ type: 2 as const, value })),
});

export async function makeCertificates(names: string[]): Promise<Certificates> {
  const common = { keyType: 'ec' as const, algorithm: 'sha256', notAfterDate: inTwoDays() };
  const ca = await generate([{ name: 'commonName', value: 'Observatory retrieval test CA' }], {
    ...common,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const leafExtensions = [
    { name: 'basicConstraints' as const, cA: false },
    { name: 'keyUsage' as const, digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage' as const, serverAuth: true },
    dnsNames(names),
  ];
  const subject = [{ name: 'commonName', value: names[0] ?? 'oracle.test' }];
  const leaf = await generate(subject, {
    ...common,
    extensions: leafExtensions,
    ca: { key: ca.private, cert: ca.cert },
  });
  const self = await generate(subject, { ...common, extensions: leafExtensions });
  return {
    ca: ca.cert,
    valid: { cert: leaf.cert, key: leaf.private },
    selfSigned: { cert: self.cert, key: self.private },
  };
}

/** Whether this process can bind port 80 on a loopback address other than 127.0.0.1; the reason when not. */
export async function loopbackPortsUnavailable(): Promise<string | undefined> {
  if (process.getuid?.() !== 0) return 'binding ports 80 and 443 needs root (id -u is not 0)';
  const probe = createNetServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(80, '127.0.0.254', resolve);
    });
  } catch (error) {
    return `cannot bind 127.0.0.254:80 (${(error as { code?: string }).code ?? String(error)})`;
  } finally {
    await new Promise((resolve) => probe.close(resolve));
  }
  return undefined;
}

function handler(secure: boolean, respond: Respond) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const request: SiteRequest = { method: req.method ?? 'GET', url: req.url ?? '/', secure, headers: req.headers };
    const answer = respond(request);
    res.writeHead(answer.status ?? 200, (answer.headers ?? []).flat());
    res.end(request.method === 'HEAD' ? undefined : (answer.body ?? ''));
  };
}

async function listen(server: Server, port: number, address: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, resolve);
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  atEnd(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
}

/** Starts http://address:80 and https://address:443 as given (null: nothing listens there). */
export async function startLoopbackSite(
  address: string,
  site: { http: Respond | null; https: Respond | null; tls: { cert: string; key: string } },
): Promise<void> {
  if (site.http) await listen(createHttpServer(handler(false, site.http)), 80, address);
  if (site.https) await listen(createHttpsServer(site.tls, handler(true, site.https)), 443, address);
}
