import { startServer, type RequestDeadlines, type RunningServer } from '../../deploy/node/serve.ts';
import { createApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import { KeyService } from '../../src/keys/key-service.ts';
import { SPEC_LIMITS, type Limits } from '../../src/limits.ts';
import type { Resolver } from '../../src/net/resolver.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import type { Scope } from '../../src/scopes.ts';
import type { Store } from '../../src/store/port.ts';
import type { AccessLogEntry, BadgeRefreshEvent, ErrorScene } from '../../src/context.ts';
import type { DependencyEvent } from '../../src/ops/dependency-watch.ts';
import type { ToolName } from '../../src/tools/registry.ts';
import type { Scanner } from '../../src/tools/tool.ts';
import { trackBackgroundWork } from './background-work.ts';
import { checkedAgainstOpenApi } from './conforming-app.ts';
import { atEnd } from './cleanup.ts';
import { ManualClock } from './clock.ts';
import { GRADED, GRADED_EMAIL, RecordingScanner } from './scanners.ts';

export interface Harness {
  /** The server's URL, for a harness started with `socket: true` (throws otherwise). */
  url: string;
  server: RunningServer;
  /** Where `fetch` sends requests: the server's URL, or the origin the app sees in this process. */
  origin: string;
  /** fetch for clients that take one (the MCP clients): to the app in this process, or to the server. */
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  clock: ManualClock;
  store: Store;
  memory: MemoryStore;
  keys: KeyService;
  scanners: { 'security-headers': RecordingScanner; 'email-security': RecordingScanner };
  log: AccessLogEntry[];
  errors: unknown[];
  /** Where each unexpected error happened, in the order of `errors`. */
  errorScenes: ErrorScene[];
  /** The store or the resolver stopping or starting to answer (src/ops/dependency-watch.ts). */
  dependencyEvents: DependencyEvent[];
  /** Each background badge refresh (src/badge/refresh.ts), as its log line tells it. */
  badgeRefreshes: BadgeRefreshEvent[];
  /** Creates a key in the store and returns it in full. */
  createKey(scopes?: Scope[], extra?: { expiresAt?: number }): Promise<{ key: string; id: string }>;
  /**
   * A request as the client address `ip` (the harness trusts X-Forwarded-For): to the app in this
   * process, or through the server's socket for a harness started with `socket: true`.
   */
  request(path: string, init?: RequestInit & { ip?: string | undefined }): Promise<Response>;
  /** Resolves once every piece of background work handed to `waitUntil` so far has settled. */
  settled(): Promise<void>;
}

let clientCounter = 0;
/**
 * A fresh client address, so one test's requests never share a rate-limit bucket with another's.
 * Consecutive addresses are in different /24 networks, so they share no per-network scan quota either.
 */
export function freshIp(): string {
  clientCounter++;
  return `198.51.${clientCounter % 250}.${Math.floor(clientCounter / 250) + 1}`;
}

/** The origin of requests made in this process: a server on loopback would see its own. */
const IN_PROCESS_ORIGIN = 'http://127.0.0.1';
/** What Node's fetch adds to a request that does not set them, so both ways send the same. */
const FETCH_DEFAULTS: [string, string][] = [
  ['accept', '*/*'],
  ['accept-language', '*'],
  ['sec-fetch-mode', 'cors'],
  ['user-agent', 'node'],
  ['accept-encoding', 'gzip, deflate'],
];

/**
 * createApp with injected scanners and a manual clock, every answer checked against the OpenAPI
 * document. Requests go to the app in this process (as hono's `app.request()` does), unless the
 * test is about the socket (raw HTTP, clients that take a URL, a browser): with `socket: true`
 * the real Node server (srvx, free port) serves it too. It trusts X-Forwarded-For, so tests can
 * speak as many client addresses.
 */
export async function startHarness(
  options: {
    env?: Record<string, string>;
    limits?: Limits;
    wrapStore?: (s: MemoryStore) => Store;
    withScanners?: boolean;
    scanDeadlineMs?: number;
    store?: (clock: ManualClock) => Store;
    scanners?: Partial<Record<ToolName, Scanner>>;
    /** The Node server's request deadlines (the body one reaches the app with every request). */
    deadlines?: RequestDeadlines;
    /** Serve on a loopback port too, for tests that need a URL or a socket. */
    socket?: boolean;
    /** The resolver the readiness probe asks (by default, DOH_URL's with the service's 1 s deadline). */
    resolver?: Resolver;
  } = {},
): Promise<Harness> {
  const clock = new ManualClock();
  const memory = new MemoryStore({ now: clock.now });
  const store = options.store ? options.store(clock) : options.wrapStore ? options.wrapStore(memory) : memory;
  const config = parseConfig({
    TRUST_PROXY: 'x-forwarded-for',
    BASE_URL: 'https://scan.test',
    ACCOUNT_URL: 'https://account.scan.test/keys',
    ...options.env,
  });
  const scanners = {
    'security-headers': new RecordingScanner(GRADED),
    'email-security': new RecordingScanner(GRADED_EMAIL),
  };
  const log: AccessLogEntry[] = [];
  const errors: unknown[] = [];
  const errorScenes: ErrorScene[] = [];
  const dependencyEvents: DependencyEvent[] = [];
  const badgeRefreshes: BadgeRefreshEvent[] = [];
  const background = trackBackgroundWork(
    createApp({
      config,
      store,
      now: clock.now,
      limits: options.limits ?? SPEC_LIMITS,
      scanners:
        options.scanners ??
        (options.withScanners === false
          ? {}
          : {
              'security-headers': scanners['security-headers'].scan,
              'email-security': scanners['email-security'].scan,
            }),
      scanDeadlineMs: options.scanDeadlineMs,
      ...(options.resolver ? { resolver: options.resolver } : {}),
      onRequestComplete: (entry) => log.push(entry),
      onError: (error, scene) => {
        errors.push(error);
        errorScenes.push(scene);
      },
      onDependencyChange: (event) => dependencyEvents.push(event),
      onBadgeRefresh: (event) => badgeRefreshes.push(event),
    }),
  );
  const app = checkedAgainstOpenApi(background.app, config);
  const server =
    options.socket === true || options.deadlines !== undefined
      ? await startServer(app, {
          port: 0,
          hostname: '127.0.0.1',
          baseUrl: config.baseUrl,
          ...(options.deadlines ? { deadlines: options.deadlines } : {}),
        })
      : null;
  if (server) atEnd(() => server.close(1000));
  else {
    // What a listening server would do: keep the process alive while a request waits on a timer
    // that does not (the scan deadline's AbortSignal.timeout, for one).
    const alive = setInterval(() => {}, 60_000);
    atEnd(() => clearInterval(alive));
  }
  const listening = (): RunningServer => {
    if (server === null) throw new Error('this harness has no socket: startHarness({ socket: true })');
    return server;
  };
  const keys = new KeyService(store, config.apiKeyPrefix, clock.now);
  const send = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (server) return fetch(input, init);
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    for (const [name, value] of FETCH_DEFAULTS) if (!headers.has(name)) headers.set(name, value);
    return app.fetch(new Request(request, { headers }), { clientAddress: '127.0.0.1' });
  };
  const origin = server?.url ?? IN_PROCESS_ORIGIN;
  return {
    get url() {
      return listening().url;
    },
    get server() {
      return listening();
    },
    origin,
    fetch: send,
    clock,
    store,
    memory,
    keys,
    scanners,
    log,
    errors,
    errorScenes,
    dependencyEvents,
    badgeRefreshes,
    async createKey(scopes, extra) {
      const { key, record } = await keys.create({
        name: 'test key',
        owner: 'user_test',
        scopes,
        expiresAt: extra?.expiresAt,
      });
      return { key, id: record.id };
    },
    request(path, init = {}) {
      const { ip, ...rest } = init;
      const headers = new Headers(rest.headers);
      headers.set('x-forwarded-for', ip ?? freshIp());
      return send(origin + path, { ...rest, headers });
    },
    settled: () => background.settled(),
  };
}

export function postJson(
  h: Harness,
  path: string,
  body: unknown,
  init: RequestInit & { ip?: string | undefined } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return h.request(path, {
    ...init,
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const EXECUTE_SH = '/api/v1/agent/tools/security-headers/execute';
export const EXECUTE_ES = '/api/v1/agent/tools/email-security/execute';
export const CATALOG = '/api/v1/agent/tools';
