/**
 * Whether the service's own dependencies are answering, told by every operation that uses them.
 * A change of state is reported once (down, then recovered with how many requests were affected
 * in between), never once per request, so an outage under load writes two log lines, not thousands.
 */
export type Dependency = 'store' | 'resolver';

export type DependencyEvent =
  | { event: 'dependency_down'; dependency: Dependency; error: string }
  | { event: 'dependency_recovered'; dependency: Dependency; downMs: number; affectedRequests: number };

interface Outage {
  since: number;
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
    if (outage) {
      outage.affectedRequests++;
      return;
    }
    this.#outages.set(dependency, { since: this.#now(), affectedRequests: 1 });
    this.#report({ event: 'dependency_down', dependency, error });
  }

  /** `dependency` answered. */
  answered(dependency: Dependency): void {
    const outage = this.#outages.get(dependency);
    if (!outage) return;
    this.#outages.delete(dependency);
    this.#report({
      event: 'dependency_recovered',
      dependency,
      downMs: this.#now() - outage.since,
      affectedRequests: outage.affectedRequests,
    });
  }

  isDown(dependency: Dependency): boolean {
    return this.#outages.has(dependency);
  }
}
