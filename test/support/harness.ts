import { startServer, type RequestDeadlines, type RunningServer } from '../../deploy/node/serve.ts';
import { createApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import { KeyService } from '../../src/keys/key-service.ts';
import { SPEC_LIMITS, type Limits } from '../../src/limits.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import type { Scope } from '../../src/scopes.ts';
import type { Store } from '../../src/store/port.ts';
import type { AccessLogEntry, ErrorScene } from '../../src/context.ts';
import type { DependencyEvent } from '../../src/ops/dependency-watch.ts';
import type { ToolName } from '../../src/tools/registry.ts';
import type { Scanner } from '../../src/tools/tool.ts';
import { trackBackgroundWork } from './background-work.ts';
import { checkedAgainstOpenApi } from './conforming-app.ts';
import { atEnd } from './cleanup.ts';
import { ManualClock } from './clock.ts';
import { GRADED, GRADED_EMAIL, RecordingScanner } from './scanners.ts';

export interface Harness {
  url: string;
  server: RunningServer;
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
  /** Creates a key in the store and returns it in full. */
  createKey(scopes?: Scope[], extra?: { expiresAt?: number }): Promise<{ key: string; id: string }>;
  /** fetch against the server, as the client address `ip` (the harness trusts X-Forwarded-For). */
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

/**
 * Starts the real Node server (srvx, free port) around createApp with injected scanners and a
 * manual clock. The server trusts X-Forwarded-For so tests can speak as many client addresses.
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
      onRequestComplete: (entry) => log.push(entry),
      onError: (error, scene) => {
        errors.push(error);
        errorScenes.push(scene);
      },
      onDependencyChange: (event) => dependencyEvents.push(event),
    }),
  );
  const server = await startServer(checkedAgainstOpenApi(background.app, config), {
    port: 0,
    hostname: '127.0.0.1',
    baseUrl: config.baseUrl,
    ...(options.deadlines ? { deadlines: options.deadlines } : {}),
  });
  atEnd(() => server.close(1000));
  const keys = new KeyService(store, config.apiKeyPrefix, clock.now);
  return {
    url: server.url,
    server,
    clock,
    store,
    memory,
    keys,
    scanners,
    log,
    errors,
    errorScenes,
    dependencyEvents,
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
      return fetch(server.url + path, { ...rest, headers });
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
