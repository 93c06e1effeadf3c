/** Bun entry: `bun deploy/bun/server.ts` serves on PORT (default 8787) and HOST (default 127.0.0.1). */
import { createServiceOrExit } from '../../dist/agent-scan.js';

interface BunServer {
  url: URL;
  requestIP(request: Request): { address: string } | null;
}

declare const process: { exit(code: number): never };

declare const Bun: {
  env: Record<string, string | undefined>;
  serve(options: {
    port: number;
    hostname: string;
    idleTimeout: number;
    fetch(request: Request, server: BunServer): Promise<Response>;
  }): BunServer;
};

const service = createServiceOrExit(Bun.env, { notice: (message) => console.error(message) }, (code) =>
  process.exit(code),
);
await service.ready;

const server = Bun.serve({
  port: Number(Bun.env.PORT ?? 8787),
  hostname: Bun.env.HOST || '127.0.0.1',
  // Bun closes a connection idle for 10 s by default, shorter than a scan may take (up to 30 s).
  idleTimeout: 60,
  fetch: (request, server) => service.fetch(request, { clientAddress: server.requestIP(request)?.address }),
});
console.error(`Agent Scan API listening on ${server.url.href.replace(/\/$/, '')}`);
