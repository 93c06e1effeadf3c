import type { UpstashClient, UpstashConnection } from './upstash-client.ts';
import { UpstashScans } from './upstash-scans.ts';
import { quotaDecision, rateLimitDecision, windowIndex } from './sliding-window.ts';
import {
  StoreUnavailableError,
  UnconfirmedReservationError,
  type GradedTool,
  type KeyRecord,
  type QuotaDecision,
  type QuotaWindow,
  type RateLimitDecision,
  type ScanSummary,
  type Store,
  type StoredScan,
} from './port.ts';
import type { Scope } from '../scopes.ts';

export interface UpstashStoreOptions {
  url: string;
  token: string;
  /** Every key starts with this (docs/store.md lists the layout). */
  prefix?: string;
  /** Deadline of one store round trip; past it the store counts as unavailable. */
  timeoutMs?: number;
  now?: () => number;
}

const KEY_FIELDS = [
  'id',
  'hash',
  'displayPrefix',
  'name',
  'owner',
  'scopes',
  'createdAt',
  'lastUsedAt',
  'revokedAt',
  'expiresAt',
] as const;

/** What the quota script answers first (src/store/lua-scripts.ts). */
const RESERVATION = { refused: 0, counted: 1, alreadyCounted: 2, cancelled: 3 } as const;

/** When an unconfirmed reservation is released again if the store did not answer at once (about 30 s in all). */
const RELEASE_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];

/**
 * The Store on Upstash Redis (REST), for any number of instances on any runtime. The per-minute
 * limits and the scan quota are one Lua script each (lua-scripts.ts), plain enough for stock Redis.
 * Every call has a short deadline, and any failure surfaces as `StoreUnavailableError`: never as
 * "allowed".
 */
export class UpstashStore implements Store {
  readonly #connection: UpstashConnection;
  readonly #prefix: string;
  readonly #now: () => number;
  readonly #scans: UpstashScans;
  #client: Promise<UpstashClient> | undefined;

  constructor(options: UpstashStoreOptions) {
    this.#connection = { url: options.url, token: options.token, timeoutMs: options.timeoutMs ?? 800 };
    this.#prefix = options.prefix ?? 'asc';
    this.#now = options.now ?? Date.now;
    this.#scans = new UpstashScans(this.#prefix, this.#now, (operation) => this.#call(operation));
  }

  /** A write, not a PING: a store that answers but refuses writes (out of memory, a replica) is not ready. */
  async ping(): Promise<void> {
    await this.#call(({ redis }) => redis.set(`${this.#prefix}:ready`, String(this.#now()), { px: 60_000 }));
  }

  async hitRateLimit(bucket: string, limit: number, windowMs: number, consume: boolean): Promise<RateLimitDecision> {
    const now = this.#now();
    const index = windowIndex(now, windowMs);
    const keys = [this.#rateKey(bucket, index), this.#rateKey(bucket, index - 1)];
    const args = [now, limit, windowMs, consume ? 1 : 0].map(String);
    const reply = (await this.#call(({ scripts }) => scripts.rateLimit.exec(keys, args))) as number[];
    const counts = { current: Number(reply[1]), previous: Number(reply[2]) };
    return rateLimitDecision(counts, limit, windowMs, now, consume, Number(reply[0]) === 1);
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    const now = this.#now();
    const args = [now, now + ttlMs, ttlMs].map(String);
    const reply = await this.#call(({ scripts }) => scripts.claim.exec([`${this.#prefix}:claim:${key}`], args));
    return Number(reply) === 1;
  }

  async reserveScan(windows: QuotaWindow[]): Promise<QuotaDecision> {
    const now = this.#now();
    const marker = `${this.#prefix}:reservation:${now}:${crypto.randomUUID()}`;
    const counters = windows.flatMap((w) => {
      const index = windowIndex(now, w.windowMs);
      return [this.quotaKey(w, index), this.quotaKey(w, index - 1)];
    });
    const markerTtl = String(Math.max(...windows.map((w) => w.windowMs)));
    const args = [now, markerTtl, ...windows.flatMap((w) => [w.limit, w.windowMs])].map(String);
    let reply: number[];
    try {
      reply = (await this.#call(({ scripts }) => scripts.quota.exec([marker, ...counters], args))) as number[];
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      const current = counters.filter((_, i) => i % 2 === 0);
      return this.#cancelReservation(({ scripts }) => scripts.release.exec([marker, ...current], [markerTtl]), error);
    }
    const outcome = Number(reply[0]);
    if (outcome === RESERVATION.cancelled) {
      throw new UnconfirmedReservationError('the scan reservation was cancelled before it arrived', 'no', null);
    }
    const counts = windows.map((_, i) => ({ current: Number(reply[1 + i * 2]), previous: Number(reply[2 + i * 2]) }));
    const reservation = marker.slice(`${this.#prefix}:reservation:`.length);
    if (outcome === RESERVATION.alreadyCounted)
      return { ...quotaDecision(windows, counts, now, true), refusedBy: [], reservation };
    const decision = quotaDecision(windows, counts, now, outcome === RESERVATION.counted);
    return decision.allowed ? { ...decision, reservation } : decision;
  }

  async releaseScan(windows: QuotaWindow[], reservation: string): Promise<void> {
    const marker = `${this.#prefix}:reservation:${reservation}`;
    const at = Number(reservation.split(':')[0]);
    const current = windows.map((w) => this.quotaKey(w, windowIndex(at, w.windowMs)));
    const markerTtl = String(Math.max(...windows.map((w) => w.windowMs)));
    await this.#call(({ scripts }) => scripts.release.exec([marker, ...current], [markerTtl]));
  }

  /**
   * Undoes a reservation whose reply did not come in time: at once if the store answers now, and
   * otherwise in the background, a few times over the next half minute. Always throws.
   */
  async #cancelReservation(
    release: (client: UpstashClient) => Promise<unknown>,
    cause: StoreUnavailableError,
  ): Promise<never> {
    const message = `the scan reservation was not confirmed: ${cause.message}`;
    try {
      await this.#call(release);
    } catch {
      const settling = (async () => {
        for (const delayMs of RELEASE_RETRY_DELAYS_MS) {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          if (
            await this.#call(release).then(
              () => true,
              () => false,
            )
          )
            return;
        }
      })();
      throw new UnconfirmedReservationError(message, 'unknown', settling, { cause });
    }
    throw new UnconfirmedReservationError(message, 'no', null, { cause });
  }

  /** The Redis key of one quota window's counter; the browser tools count in the same keys. */
  quotaKey(window: QuotaWindow, index: number): string {
    return `${this.#prefix}:quota:${window.key}:${window.windowMs}:${index}`;
  }

  async putKey(record: KeyRecord): Promise<void> {
    const fields: Record<string, string> = {};
    for (const field of KEY_FIELDS) {
      const value = record[field];
      if (value !== null) fields[field] = Array.isArray(value) ? value.join(' ') : String(value);
    }
    await this.#call(({ redis }) => {
      const tx = redis.multi();
      tx.hset(this.#keyRecordKey(record.hash), fields);
      tx.set(`${this.#prefix}:keyid:${record.id}`, record.hash);
      tx.sadd(`${this.#prefix}:keys`, record.id);
      tx.sadd(`${this.#prefix}:keys:owner:${record.owner}`, record.id);
      return tx.exec();
    });
  }

  async findKeyByHash(hash: string): Promise<KeyRecord | null> {
    // Without automatic deserialisation HGETALL answers Redis's flat [field, value, …] list.
    const reply = (await this.#call(({ redis }) => redis.hgetall(this.#keyRecordKey(hash)))) as unknown as
      string[] | null;
    if (!reply || reply.length === 0) return null;
    const fields: Record<string, string> = {};
    for (let i = 0; i + 1 < reply.length; i += 2) fields[reply[i]!] = reply[i + 1]!;
    return toKeyRecord(fields);
  }

  async listKeys(owner?: string): Promise<KeyRecord[]> {
    const ids = await this.#call(({ redis }) =>
      redis.smembers(owner === undefined ? `${this.#prefix}:keys` : `${this.#prefix}:keys:owner:${owner}`),
    );
    const records = await Promise.all(ids.map((id) => this.#findKeyById(id)));
    return records.filter((r): r is KeyRecord => r !== null).sort((a, b) => a.createdAt - b.createdAt);
  }

  async revokeKey(id: string, at: number): Promise<KeyRecord | null> {
    const hash = await this.#call(({ redis }) => redis.get<string>(`${this.#prefix}:keyid:${id}`));
    if (!hash) return null;
    await this.#call(({ scripts }) => scripts.revoke.exec([this.#keyRecordKey(hash)], [String(at)]));
    return this.findKeyByHash(hash);
  }

  async touchKey(id: string, at: number): Promise<void> {
    const hash = await this.#call(({ redis }) => redis.get<string>(`${this.#prefix}:keyid:${id}`));
    if (hash) await this.#call(({ scripts }) => scripts.touch.exec([this.#keyRecordKey(hash)], [String(at)]));
  }

  saveScan(scan: StoredScan, gradeDomain: string | null): Promise<void> {
    return this.#scans.saveScan(scan, gradeDomain);
  }

  findScan(scanId: string): Promise<StoredScan | null> {
    return this.#scans.findScan(scanId);
  }

  latestScan(tool: string, target: string): Promise<StoredScan | null> {
    return this.#scans.latestScan(tool, target);
  }

  scanHistory(tool: string, target: string, limit: number): Promise<ScanSummary[]> {
    return this.#scans.scanHistory(tool, target, limit);
  }

  setLatestGrade(domain: string, grade: string, at: number, tool?: GradedTool): Promise<void> {
    return this.#scans.setLatestGrade(domain, grade, at, tool);
  }

  latestGrade(domain: string, tool?: GradedTool): Promise<{ grade: string; at: number } | null> {
    return this.#scans.latestGrade(domain, tool);
  }

  /** A per-minute bucket's counter in one fixed window (docs/store.md). */
  #rateKey(bucket: string, index: number): string {
    return `${this.#prefix}:rl:${bucket}:${index}`;
  }

  #keyRecordKey(hash: string): string {
    return `${this.#prefix}:key:${hash}`;
  }

  async #findKeyById(id: string): Promise<KeyRecord | null> {
    const hash = await this.#call(({ redis }) => redis.get<string>(`${this.#prefix}:keyid:${id}`));
    return hash ? this.findKeyByHash(hash) : null;
  }

  /** One store operation; its failure, whatever it is, becomes `StoreUnavailableError`. */
  async #call<T>(operation: (client: UpstashClient) => Promise<T>): Promise<T> {
    const client = await this.#connect();
    try {
      return await operation(client);
    } catch (error) {
      throw new StoreUnavailableError(client.failure(error), { cause: error });
    }
  }

  /** The client, loaded with the first command (src/store/upstash-client.ts). */
  #connect(): Promise<UpstashClient> {
    this.#client ??= import('./upstash-client.ts').then(
      ({ connectUpstash }) => connectUpstash(this.#connection),
      (error: unknown) => {
        this.#client = undefined;
        throw new StoreUnavailableError(`the store client could not be loaded: ${String(error)}`, { cause: error });
      },
    );
    return this.#client;
  }
}

function toKeyRecord(fields: Record<string, string>): KeyRecord {
  const number = (name: string) => (fields[name] === undefined ? null : Number(fields[name]));
  return {
    id: fields['id']!,
    hash: fields['hash']!,
    displayPrefix: fields['displayPrefix']!,
    name: fields['name']!,
    owner: fields['owner']!,
    scopes: (fields['scopes'] ?? '').split(' ').filter(Boolean) as Scope[],
    createdAt: Number(fields['createdAt']),
    lastUsedAt: number('lastUsedAt'),
    revokedAt: number('revokedAt'),
    expiresAt: number('expiresAt'),
  };
}
