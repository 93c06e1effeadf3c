/**
 * Readiness: can this instance serve scans? One cheap store round trip and one DNS question to
 * the resolver, each result kept a few seconds and shared by concurrent probes, so that however
 * many load balancers probe, the dependencies see at most one check each per interval.
 */
import type { Resolver } from '../net/resolver.ts';
import type { Store } from '../store/port.ts';
import type { Dependency, DependencyWatch } from './dependency-watch.ts';

/** How long a check's result answers probes. */
export const READINESS_CHECK_TTL_MS = 5_000;
/**
 * A name that never exists (RFC 6761 §6.4): any working resolver answers it from its root zone
 * data without asking a third party, so the probe tests the resolver and nothing behind it.
 */
const PROBE_NAME = 'invalid';

export interface CheckResult {
  status: 'up' | 'down';
  /** How long the check took (ms). */
  latencyMs: number;
  /** Epoch ms at which the check ran. */
  checkedAt: number;
  error?: string;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<Dependency, CheckResult>;
}

class CachedCheck {
  #last: CheckResult | null = null;
  #running: Promise<CheckResult> | null = null;

  constructor(
    private readonly probe: () => Promise<void>,
    private readonly now: () => number,
  ) {}

  result(): Promise<CheckResult> {
    if (this.#last && this.now() - this.#last.checkedAt < READINESS_CHECK_TTL_MS) return Promise.resolve(this.#last);
    this.#running ??= this.#run().finally(() => (this.#running = null));
    return this.#running;
  }

  async #run(): Promise<CheckResult> {
    const checkedAt = this.now();
    const started = performance.now();
    let error: string | undefined;
    try {
      await this.probe();
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    const latencyMs = Math.round(performance.now() - started);
    this.#last =
      error === undefined ? { status: 'up', latencyMs, checkedAt } : { status: 'down', latencyMs, checkedAt, error };
    return this.#last;
  }
}

export class Readiness {
  readonly #checks: Record<Dependency, CachedCheck>;

  constructor(store: Store, resolver: Resolver, watch: DependencyWatch, now: () => number) {
    const watched = (dependency: Dependency, probe: () => Promise<void>) => async () => {
      try {
        await probe();
      } catch (error) {
        watch.failed(dependency, error instanceof Error ? error.message : String(error));
        throw error;
      }
      watch.answered(dependency);
    };
    this.#checks = {
      store: new CachedCheck(
        watched('store', () => store.ping()),
        now,
      ),
      resolver: new CachedCheck(
        watched('resolver', () => askResolver(resolver)),
        now,
      ),
    };
  }

  async report(): Promise<ReadinessReport> {
    const [store, resolver] = await Promise.all([this.#checks.store.result(), this.#checks.resolver.result()]);
    return { ready: store.status === 'up' && resolver.status === 'up', checks: { store, resolver } };
  }
}

/** Any DNS response counts, whatever its RCODE: the resolver is reachable and speaking DNS. */
async function askResolver(resolver: Resolver): Promise<void> {
  const result = await resolver.query(PROBE_NAME, 'SOA');
  if (result.rcode === null)
    throw new Error(`the DNS resolver gave no DNS response (${result.error ?? result.outcome})`);
}
