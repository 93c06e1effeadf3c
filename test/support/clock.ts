const HOUR_MS = 3_600_000;

/**
 * A clock the tests move by hand, so time-dependent behaviour is tested without waiting. It starts
 * at the beginning of the current hour: today's date (a test never depends on the day it runs) and
 * on the boundary of every minute and hour window, as the tests' arithmetic expects.
 */
export class ManualClock {
  constructor(public time = Math.floor(Date.now() / HOUR_MS) * HOUR_MS) {}
  readonly now = () => this.time;
  advance(ms: number): void {
    this.time += ms;
  }
}
