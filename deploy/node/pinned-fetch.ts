/**
 * A scan `fetch` for Node whose connections go only to the addresses the guard vetted.
 *
 * Node's own `fetch` (undici) accepts a `dispatcher`; an undici `Agent` whose `connect.lookup`
 * answers with the vetted addresses means the name is never resolved again at connect time, so
 * a DNS-rebinding answer cannot slip in between the check and the connection. IP-literal hosts
 * skip `lookup` in `net.connect`, so they must be among the vetted addresses themselves.
 * The `undici` package (v6, the line Node 20 bundles) supplies `Agent`: Node does not export it.
 *
 * While it is at it, the dispatcher reports the response header block as sent (order and
 * repeated fields kept), which the Fetch API's `Headers` cannot give.
 */
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { Agent, Dispatcher } from 'undici';
import { NOT_VETTED_CODE, type ConnectionHints, type HeaderPair, type ScanFetch } from '#agent-scan';

export interface PinnedFetch extends ScanFetch {
  /** Closes every pooled connection (waits for requests in flight). */
  close(): Promise<void>;
  /** Agents currently pooled (for tests). */
  readonly poolSize: number;
}

export interface PinnedFetchOptions {
  /** Agents kept for reuse, keyed by host, vetted addresses and TLS mode. */
  maxAgents?: number;
  keepAliveTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** Extra certificate authorities to trust besides the system's (tests: a self-signed site). */
  ca?: string[];
}

function notVetted(message: string): Error {
  return Object.assign(new Error(message), { code: NOT_VETTED_CODE });
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` that knows one host name and answers with its vetted addresses only. */
function pinnedLookup(hostname: string, addresses: string[]) {
  const entries: LookupAddress[] = addresses.map((address) => ({ address, family: isIP(address) }));
  return (
    host: string,
    options: { family?: number | string | undefined; all?: boolean | undefined },
    callback: LookupCallback,
  ): void => {
    if (host.toLowerCase() !== hostname) {
      callback(notVetted('lookup for a host this connection was not vetted for'), []);
      return;
    }
    const family =
      options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const usable = family === 0 ? entries : entries.filter((entry) => entry.family === family);
    if (usable.length === 0) {
      callback(Object.assign(new Error('no vetted address of that family'), { code: 'ENOTFOUND' }), []);
      return;
    }
    if (options.all) callback(null, usable);
    else callback(null, usable[0]!.address, usable[0]!.family);
  };
}

interface PooledAgent {
  key: string;
  agent: Agent;
  /** Requests holding the agent: counted from `acquire` (before undici dispatches) until they end. */
  active: number;
}

function toPairs(raw: Buffer[] | string[]): HeaderPair[] {
  const pairs: HeaderPair[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    const value = raw[i + 1]!;
    pairs.push([
      (typeof name === 'string' ? name : name.toString('latin1')).toLowerCase(),
      typeof value === 'string' ? value : value.toString('latin1'),
    ]);
  }
  return pairs;
}

/** Passes every callback through, noting the final header block and when the request ends. */
class ObservingHandler implements Dispatcher.DispatchHandlers {
  private done = false;
  constructor(
    private readonly inner: Dispatcher.DispatchHandlers,
    private readonly onWireHeaders: ConnectionHints['onWireHeaders'],
    private readonly onEnd: () => void,
  ) {}
  private end(): void {
    if (this.done) return;
    this.done = true;
    this.onEnd();
  }
  onConnect(abort: (err?: Error) => void): void {
    this.inner.onConnect?.(abort);
  }
  onError(err: Error): void {
    this.end();
    this.inner.onError?.(err);
  }
  onUpgrade(statusCode: number, headers: Buffer[] | string[] | null, socket: import('node:stream').Duplex): void {
    this.end();
    this.inner.onUpgrade?.(statusCode, headers, socket);
  }
  onResponseStarted(): void {
    this.inner.onResponseStarted?.();
  }
  onHeaders(statusCode: number, headers: Buffer[], resume: () => void, statusText: string): boolean {
    if (statusCode >= 200 && this.onWireHeaders) this.onWireHeaders(statusCode, toPairs(headers));
    return this.inner.onHeaders?.(statusCode, headers, resume, statusText) ?? true;
  }
  onData(chunk: Buffer): boolean {
    return this.inner.onData?.(chunk) ?? true;
  }
  onComplete(trailers: string[] | null): void {
    this.end();
    this.inner.onComplete?.(trailers);
  }
  onBodySent(chunkSize: number, totalBytesSent: number): void {
    this.inner.onBodySent?.(chunkSize, totalBytesSent);
  }
}

/** One request's dispatcher: routes to the pooled agent and observes the exchange. */
class ObservingDispatcher extends Dispatcher {
  constructor(
    private readonly pooled: PooledAgent,
    private readonly hints: ConnectionHints,
    private readonly release: (pooled: PooledAgent) => void,
  ) {
    super();
  }
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers): boolean {
    this.pooled.active++;
    const observing = new ObservingHandler(handler, this.hints.onWireHeaders, () => this.release(this.pooled));
    try {
      return this.pooled.agent.dispatch(options, observing);
    } catch (error) {
      this.release(this.pooled);
      throw error;
    }
  }
  override close(): Promise<void> {
    return Promise.resolve();
  }
  override destroy(): Promise<void> {
    return Promise.resolve();
  }
}

export function createPinnedFetch(options: PinnedFetchOptions = {}): PinnedFetch {
  const maxAgents = options.maxAgents ?? 32;
  const pool = new Map<string, PooledAgent>();

  const evictIdle = () => {
    for (const [key, pooled] of pool) {
      if (pool.size <= maxAgents) return;
      if (pooled.active > 0) continue;
      pool.delete(key);
      void pooled.agent.close().catch(() => {});
    }
  };

  const acquire = (hostname: string, addresses: string[], insecureTls: boolean): PooledAgent => {
    const key = `${insecureTls ? 'insecure' : 'verified'}|${hostname}|${addresses.join(',')}`;
    let pooled = pool.get(key);
    if (pooled) {
      pool.delete(key); // re-insert: the Map's order is the recency order
    } else {
      const agent = new Agent({
        keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000,
        keepAliveMaxTimeout: options.keepAliveTimeoutMs ?? 4_000,
        connections: 4,
        autoSelectFamily: true,
        connect: {
          lookup: pinnedLookup(hostname, addresses),
          rejectUnauthorized: !insecureTls,
          ...(options.ca ? { ca: [...tls.rootCertificates, ...options.ca] } : {}),
          timeout: options.connectTimeoutMs ?? 10_000,
        },
      });
      pooled = { key, agent, active: 0 };
    }
    // Counted before evicting: the caller holds the agent from now on, though undici dispatches
    // on it only once the caller's fetch() runs. An agent closed before that fails the request
    // with ClientClosedError (the one just acquired, when the rest of the pool was busy).
    pooled.active++;
    pool.set(key, pooled);
    evictIdle();
    return pooled;
  };

  const release = (pooled: PooledAgent) => {
    pooled.active = Math.max(0, pooled.active - 1);
    if (pooled.active === 0 && pool.get(pooled.key) !== pooled) void pooled.agent.close().catch(() => {});
    evictIdle();
  };

  const pinnedFetch = async (url: string, init: RequestInit, hints: ConnectionHints): Promise<Response> => {
    if (!hints || !Array.isArray(hints.addresses) || hints.addresses.length === 0)
      throw notVetted('no vetted addresses were given');
    if (hints.addresses.some((address) => isIP(address) === 0))
      throw notVetted('a vetted address is not an IP address');
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw notVetted(`refusing to fetch a ${target.protocol} URL`);
    const hostname = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    // net.connect does not call lookup for an IP literal: it must be one of the vetted addresses.
    if (isIP(hostname) !== 0 && !hints.addresses.includes(hostname))
      throw notVetted('the URL names an address that was not vetted');
    const pooled = acquire(hostname, hints.addresses, hints.insecureTls === true);
    const dispatcher = new ObservingDispatcher(pooled, hints, release);
    try {
      // redirect: 'manual' always: a redirect followed inside fetch would skip the guard.
      return await fetch(url, { ...init, redirect: 'manual', dispatcher } as RequestInit);
    } finally {
      // The hold taken in acquire ends here; the dispatch (if it happened) counts itself until
      // the response body is done.
      release(pooled);
    }
  };

  const close = async () => {
    const agents = [...pool.values()];
    pool.clear();
    await Promise.allSettled(agents.map((pooled) => pooled.agent.close()));
  };
  return Object.defineProperties(pinnedFetch, {
    close: { value: close },
    poolSize: { get: () => pool.size },
  }) as PinnedFetch;
}
