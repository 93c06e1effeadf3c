/** A clock the tests move by hand, so time-dependent behaviour is tested without waiting. */
export class ManualClock {
  constructor(public time = Date.UTC(2026, 10, 22, 12, 0, 0)) {}
  readonly now = () => this.time;
  advance(ms: number): void {
    this.time += ms;
  }
}
