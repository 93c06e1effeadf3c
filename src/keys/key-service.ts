import { BoundedCache } from '../cache/bounded-cache.ts';
import { KEY_CACHE_TTL_MS, LAST_USED_GRANULARITY_MS } from '../limits.ts';
import { ALL_SCOPES, type Scope } from '../scopes.ts';
import type { KeyRecord, Store } from '../store/port.ts';
import { displayPrefix, generateKey, keyShapeProblem, randomBase62, sha256Hex } from './key-format.ts';

export type KeyVerdict =
  | { ok: true; record: KeyRecord }
  | { ok: false; reason: 'malformed' | 'unknown' }
  /** A key that exists but no longer works: its id, so the log can say whose it was. */
  | { ok: false; reason: 'revoked' | 'expired'; id: string };

const CACHE_MAX_ENTRIES = 10_000;

/**
 * Verifies presented keys: the offline shape check first, then the store by hash, with verdicts
 * cached for at most `KEY_CACHE_TTL_MS`, which is why a revoked key may work for up to a minute.
 * Known and unknown keys are cached apart: well-formed forgeries cost one lookup each and can never
 * push a verified key out of its cache.
 */
export class KeyService {
  readonly #known: BoundedCache<string, KeyRecord>;
  readonly #unknown: BoundedCache<string, true>;
  /** When this instance last recorded each key's use: forgotten once it no longer matters. */
  readonly #touchedAt: BoundedCache<string, number>;

  constructor(
    private readonly store: Store,
    private readonly prefix: string,
    private readonly now: () => number,
    cacheTtlMs = KEY_CACHE_TTL_MS,
  ) {
    this.#known = new BoundedCache({ maxEntries: CACHE_MAX_ENTRIES, ttlMs: cacheTtlMs, now });
    this.#unknown = new BoundedCache({ maxEntries: CACHE_MAX_ENTRIES, ttlMs: cacheTtlMs, now });
    this.#touchedAt = new BoundedCache({ maxEntries: CACHE_MAX_ENTRIES, ttlMs: LAST_USED_GRANULARITY_MS, now });
  }

  /** Creates a key; the full key is in the result and nowhere else. */
  async create(input: {
    name: string;
    owner: string;
    scopes?: Scope[] | undefined;
    expiresAt?: number | null | undefined;
    key?: string | undefined;
  }): Promise<{ key: string; record: KeyRecord }> {
    const key = input.key ?? generateKey(this.prefix);
    if (keyShapeProblem(key, this.prefix) !== null) throw new Error(`not a well-formed key for prefix ${this.prefix}`);
    const record: KeyRecord = {
      id: `key_${randomBase62(16)}`,
      hash: await sha256Hex(key),
      displayPrefix: displayPrefix(key, this.prefix),
      name: input.name,
      owner: input.owner,
      scopes: [...(input.scopes ?? ALL_SCOPES)],
      createdAt: this.now(),
      lastUsedAt: null,
      revokedAt: null,
      expiresAt: input.expiresAt ?? null,
    };
    await this.store.putKey(record);
    return { key, record };
  }

  /** May throw `StoreUnavailableError` when the key is not cached and the store cannot answer. */
  async verify(key: string): Promise<KeyVerdict> {
    const checked = await this.check(key);
    return 'lookUp' in checked ? this.lookUp(checked.lookUp) : checked;
  }

  /** What the key's shape and the caches tell without the store: a verdict, or the hash to look up. */
  async check(key: string): Promise<KeyVerdict | { lookUp: string }> {
    if (keyShapeProblem(key, this.prefix) !== null) return { ok: false, reason: 'malformed' };
    const hash = await sha256Hex(key);
    if (this.#unknown.get(hash)) return { ok: false, reason: 'unknown' };
    const record = this.#known.get(hash);
    return record === undefined ? { lookUp: hash } : this.#verdictFor(record);
  }

  /**
   * Looks a key up by hash in the store (or the request's view of it) and caches what it finds.
   * May throw `StoreUnavailableError`.
   */
  async lookUp(hash: string, store: Store = this.store): Promise<KeyVerdict> {
    const askedAt = this.now();
    const record = await store.findKeyByHash(hash);
    if (!record) {
      this.#unknown.set(hash, true, { since: askedAt });
      return { ok: false, reason: 'unknown' };
    }
    this.#known.set(hash, record, { since: askedAt });
    return this.#verdictFor(record);
  }

  #verdictFor(record: KeyRecord): KeyVerdict {
    const now = this.now();
    if (record.revokedAt !== null && record.revokedAt <= now) return { ok: false, reason: 'revoked', id: record.id };
    if (record.expiresAt !== null && record.expiresAt <= now) return { ok: false, reason: 'expired', id: record.id };
    return { ok: true, record };
  }

  /** Records use of a key at most once a minute, off the request path. */
  markUsed(record: KeyRecord, waitUntil: (p: Promise<unknown>) => void, store: Store = this.store): void {
    const now = this.now();
    const last = this.#touchedAt.get(record.id) ?? record.lastUsedAt ?? -Infinity;
    if (now - last < LAST_USED_GRANULARITY_MS) return;
    this.#touchedAt.set(record.id, now);
    waitUntil(store.touchKey(record.id, now).catch(() => this.#touchedAt.delete(record.id)));
  }
}
