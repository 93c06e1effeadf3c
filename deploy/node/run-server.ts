/**
 * What both Node entries do: check the listen address and the configuration, serve the app with
 * srvx, write JSON log lines to stdout (docs/operations.md), and shut down gracefully on SIGTERM
 * and SIGINT. Human messages (start-up notices, warnings, shutdown) go to stderr, and only once
 * the server listens: a server that cannot start prints why and no key. Scan connections go
 * through the pinned fetch (docs/ssrf.md).
 */
import { isIP } from 'node:net';
import { ConfigError, createService, type Service } from '#agent-scan';
import { createPinnedFetch } from './pinned-fetch.ts';
import { startServer, type RunningServer } from './serve.ts';

type Mode = 'development' | 'production';

const say = (message: string) => process.stderr.write(`${message}\n`);

function fail(message: string): never {
  say(message);
  process.exit(1);
}

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** PORT and HOST, which only the Node entry reads; problems are listed with the configuration's. */
function listenAddress(env: NodeJS.ProcessEnv): { port: number; hostname: string; problems: string[] } {
  const problems: string[] = [];
  const portText = env.PORT?.trim() || '8787';
  const port = /^[0-9]{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65535)) problems.push(`- PORT: must be a port number from 0 to 65535; got "${portText}"`);
  const hostname = env.HOST?.trim() || '127.0.0.1';
  if (isIP(hostname.replace(/^\[|\]$/g, '')) === 0 && !HOSTNAME.test(hostname))
    problems.push(
      `- HOST: must be an IP address or a host name of this machine to listen on ` +
        `(0.0.0.0 for every IPv4 interface, :: for every interface); got "${hostname.slice(0, 80)}"`,
    );
  return { port, hostname: hostname.replace(/^\[|\]$/g, ''), problems };
}

/** Why the server could not listen, in the operator's terms. */
function listenFailure(error: unknown, hostname: string, port: number): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  const where = `${hostname}:${port}`;
  const reasons: Record<string, string> = {
    EADDRINUSE: `port ${port} is already in use on ${hostname}; stop the other process or set PORT`,
    EACCES: `this user may not listen on port ${port}; use a port above 1023 or set PORT`,
    EADDRNOTAVAIL: `${hostname} is not an address of this machine; set HOST to one of its addresses or 0.0.0.0`,
    ENOTFOUND: `the host name ${hostname} does not resolve on this machine; set HOST to an address such as 0.0.0.0`,
    EAI_AGAIN: `the host name ${hostname} could not be resolved right now; set HOST to an IP address`,
  };
  return `Cannot listen on ${where}: ${(code && reasons[code]) ?? String((error as Error)?.message ?? error)}`;
}

export async function runServer(mode: Mode): Promise<void> {
  const { port, hostname, problems } = listenAddress(process.env);
  const notices: string[] = [];
  const scanFetch = createPinnedFetch();
  let service: Service;
  try {
    service = createService(process.env, {
      mode,
      scanFetch,
      notice: (message) => notices.push(message),
      writeLog: (line) => process.stdout.write(`${line}\n`),
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const listed = error.message.split('\n').slice(1);
    fail(['Invalid configuration:', ...problems, ...listed].join('\n'));
  }
  if (problems.length > 0) fail(['Invalid configuration:', ...problems].join('\n'));

  let server: RunningServer;
  try {
    server = await startServer(service, { port, hostname, baseUrl: service.config.baseUrl });
  } catch (error) {
    fail(listenFailure(error, hostname, port));
  }
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      say(`${signal}: finishing requests in flight, then exiting`);
      void server
        .close(10_000)
        .then(() => scanFetch.close())
        .then(() => process.exit(0));
    });
  }
  await service.ready;
  for (const message of notices.splice(0)) say(message);
  if (service.config.upstash) say('Shared store: Upstash Redis (create keys with the admin CLI: keys create).');
  say(`Agent Scan API (${mode}) listening on ${server.url}`);
}
