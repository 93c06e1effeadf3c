/**
 * Whether the service's own dependencies are answering, told by every operation that uses them.
 * A change of state is reported once (down, then recovered with how many requests were affected
 * in between), never once per request, so an outage under load writes two log lines, not thousands.
 * A dependency counts as recovered only once it has answered with no failure for a few seconds,
 * so one that fails some operations and not others (a store out of memory refuses writes and
 * serves reads) stays down instead of flapping a pair of lines per request.
 */
export type Dependency = 'store' | 'resolver';

export type DependencyEvent =
  | { event: 'dependency_down'; dependency: Dependency; error: string }
  | {
      event: 'dependency_recovered';
      dependency: Dependency;
      /** From the first failure to the last: the outage ended between then and this report. */
      downMs: number;
      affectedRequests: number;
    };

/** How long a dependency must go without a failure before an answer counts as its recovery. */
export const RECOVERY_QUIET_MS = 5_000;

interface Outage {
  since: number;
  lastFailure: number;
  affectedRequests: number;
}

export class DependencyWatch {
  readonly #outages = new Map<Dependency, Outage>();
  readonly #report: (event: DependencyEvent) => void;
  readonly #now: () => number;

  constructor(report: (event: DependencyEvent) => void, now: () => number) {
    this.#report = report;
    this.#now = now;
  }

  /** A request found `dependency` not answering. */
  failed(dependency: Dependency, error: string): void {
    const outage = this.#outages.get(dependency);
    const now = this.#now();
    if (outage) {
      outage.affectedRequests++;
      outage.lastFailure = now;
      return;
    }
    this.#outages.set(dependency, { since: now, lastFailure: now, affectedRequests: 1 });
    this.#report({ event: 'dependency_down', dependency, error });
  }

  /** `dependency` answered. */
  answered(dependency: Dependency): void {
    const outage = this.#outages.get(dependency);
    if (!outage) return;
    const now = this.#now();
    if (now - outage.lastFailure < RECOVERY_QUIET_MS) return;
    this.#outages.delete(dependency);
    this.#report({
      event: 'dependency_recovered',
      dependency,
      downMs: outage.lastFailure - outage.since,
      affectedRequests: outage.affectedRequests,
    });
  }

  isDown(dependency: Dependency): boolean {
    return this.#outages.has(dependency);
  }
}
