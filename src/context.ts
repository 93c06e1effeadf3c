/** The typed context every middleware and route receives, and what `createApp` needs to build it. */
import type { IRequest } from 'itty-router';
import type { AppConfig } from './config.ts';
import type { KeyService } from './keys/key-service.ts';
import type { Resolver } from './net/resolver.ts';
import type { DependencyEvent, DependencyWatch } from './ops/dependency-watch.ts';
import type { Readiness } from './ops/readiness.ts';
import type { RequestNotes } from './ops/request-notes.ts';
import type { Limits } from './limits.ts';
import type { ShownLimit } from './http/rate-limit-headers.ts';
import type { Surface } from './http/surface.ts';
import type { RefusedClients } from './middleware/refused-clients.ts';
import type { KeyRecord, Store } from './store/port.ts';
import type { ToolName } from './tools/registry.ts';
import type { Scanner } from './tools/tool.ts';

/** What the runtime tells the app about one request. Every field is optional. */
export interface RuntimeContext {
  /** The peer address of the connection (srvx's `request.ip`, Deno's `remoteAddr`, …). */
  clientAddress?: string | undefined;
  /** Keeps background work (last-used writes, scan records) alive after the response. */
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined;
  /**
   * Longest the app waits for the request body (default BODY_DEADLINE_MS). A server that times
   * out whole requests itself passes the body deadline its own timeout was derived from, so the
   * app answers first.
   */
  bodyDeadlineMs?: number | undefined;
}

/** One request as the access log records it (docs/operations.md, "Logs"). */
export interface AccessLogEntry
  extends
    Pick<RequestNotes, 'tool' | 'targetHost' | 'scanId' | 'grade' | 'cached' | 'reason' | 'problem' | 'cause'>,
    Pick<RequestNotes, 'scanMs' | 'storeRoundTrips' | 'storeMs' | 'mcp'> {
  /** `debug` for probes that succeed; `warn` for 5xx; `error` for 500. */
  level: 'debug' | 'info' | 'warn' | 'error';
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  client: string;
  keyId: string | null;
  userAgent: string | null;
  /** On a 429: the policy that refused (e.g. `per-minute`, `scans-per-hour-per-client`). */
  policy?: string;
}

/** Where an unexpected error happened. */
/** One background badge refresh (src/badge/refresh.ts), as its log line tells it (docs/operations.md, "Logs"). */
export interface BadgeRefreshEvent {
  tool: ToolName;
  domain: string;
  /** `scanned`: a scan ran and was kept; `skipped`: none ran, and `reason` says why. */
  outcome: 'scanned' | 'skipped';
  reason?: string;
  target?: string;
  scanId?: string;
  grade?: string | null;
  durationMs: number;
}

export interface ErrorScene {
  requestId: string;
  method: string;
  path: string;
}

export interface AppDeps {
  config: AppConfig;
  store: Store;
  /** Scanners by tool name; a tool without one answers 503 on execute. */
  scanners?: Partial<Record<ToolName, Scanner>>;
  limits?: Limits;
  now?: () => number;
  /** Called once per request when its response is ready (the Node entry writes the access log). */
  onRequestComplete?: (entry: AccessLogEntry) => void;
  /** Called with unexpected errors (bugs); the client gets a bare 500 problem. */
  onError?: (error: unknown, scene: ErrorScene) => void;
  /** Called when the store or the DNS resolver stops or starts answering again. */
  onDependencyChange?: (event: DependencyEvent) => void;
  /** Told of each background badge refresh (src/badge/refresh.ts), for the log. */
  onBadgeRefresh?: (event: BadgeRefreshEvent) => void;
  /** The DNS resolver the readiness check asks; default: one for `config.dohUrl`. */
  resolver?: Resolver;
  /** Longest a scan may take before it is reported as not assessable. */
  scanDeadlineMs?: number | undefined;
}

/** Long-lived services built once by `createApp`. */
export interface Services {
  config: AppConfig;
  store: Store;
  /** Counts per-minute requests when the shared store cannot answer. */
  fallbackLimiter: Store;
  /** Per-minute refusals this instance gave, until their retry time. */
  refusedClients: RefusedClients;
  keys: KeyService;
  scanners: Partial<Record<ToolName, Scanner>>;
  limits: Limits;
  now: () => number;
  scanDeadlineMs: number;
  onError: (error: unknown, scene: ErrorScene) => void;
  onBadgeRefresh: (event: BadgeRefreshEvent) => void;
  watch: DependencyWatch;
  readiness: Readiness;
}

export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'key'; record: KeyRecord }
  | { kind: 'invalid'; reason: 'malformed' | 'unknown' | 'revoked' | 'expired' | 'conflicting'; keyId?: string }
  | { kind: 'unverifiable' };

export interface RequestContext {
  services: Services;
  runtime: RuntimeContext;
  /** `X-Request-Id`: the caller's when valid, else a new one (src/ops/request-id.ts). */
  requestId: string;
  method: string;
  /** The request's path (normalised, without query). */
  path: string;
  /** Which part of the service the path belongs to (its limit and refusal format). */
  surface: Surface;
  /** BASE_URL, or this request's origin. */
  baseUrl: string;
  startedAt: number;
  /** The rate-limit identity of the caller's address. */
  client: string;
  principal: Principal;
  /** The per-minute decision for this request, shown in the RateLimit headers. */
  rateLimit: ShownLimit | null;
  /** The scan-quota window closest to running out, once this request's scan was counted. */
  scanQuota: ShownLimit | null;
  waitUntil: (promise: Promise<unknown>) => void;
  /** The store, counted and timed for this request and watched for outages (src/ops/observed-store.ts). */
  store: Store;
  /** What this request did, for its log line and Server-Timing. */
  notes: RequestNotes;
}

export type Handler = (request: IRequest, ctx: RequestContext) => Response | undefined | Promise<Response | undefined>;
