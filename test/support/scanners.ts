import type { ScanContext, ScanOutcome, Scanner } from '../../src/tools/tool.ts';

export const GRADED: ScanOutcome = {
  assessed: true,
  grade: 'B',
  gradeScore: 75,
  result: {
    status: 'warnings',
    message: 'Two tests failed.',
    details: { tests: { 'x-frame-options': { pass: false } } },
  },
};

export const CHALLENGED: ScanOutcome = {
  assessed: false,
  grade: null,
  gradeScore: null,
  result: {
    status: 'challenge',
    message: 'The site answered with a bot challenge (cloudflare).',
    details: { vendor: 'cloudflare' },
  },
};

/** A scanner injected through createApp(deps) that records every call and answers as told. */
export class RecordingScanner {
  readonly calls: { target: string; context: ScanContext }[] = [];
  outcome: ScanOutcome | ((target: string, context: ScanContext) => Promise<ScanOutcome>) = GRADED;

  readonly scan: Scanner = async (target, context) => {
    this.calls.push({ target, context });
    return typeof this.outcome === 'function' ? this.outcome(target, context) : this.outcome;
  };
}
