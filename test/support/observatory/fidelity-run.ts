/**
 * A differential run of any size: batches of generated captures, each in its own process (see
 * batch.ts for why), a few at a time. Batch `i` of a run with seed `s` uses seed `s + i`, so a run
 * is reproduced by its seed, case count and batch size.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { addTallies, emptyTally, type BatchResult, type Disagreement, type Tally } from './batch.ts';

export const DEFAULT_BATCH_SIZE = 1000;

export interface FidelityOptions {
  cases: number;
  seed: number;
  batchSize?: number;
  /** Batches run at once. */
  parallel?: number;
  /** Disagreements shrunk and reported, at most. */
  report?: number;
  onBatch?: (done: number, total: number) => void;
}

export interface FidelityResult {
  seed: number;
  batchSize: number;
  tally: Tally;
  disagreements: Disagreement[];
}

const WORKER = fileURLToPath(new URL('./batch-worker.ts', import.meta.url));

function runInChild(seed: number, numRuns: number, shrink: number): Promise<BatchResult> {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [String(seed), String(numRuns), String(shrink)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: BatchResult | undefined;
    child.on('message', (message) => (result = message as BatchResult));
    child.on('error', reject);
    child.on('exit', (code) =>
      result ? resolve(result) : reject(new Error(`the batch with seed ${seed} exited with ${code}`)),
    );
  });
}

export async function runFidelity(options: FidelityOptions): Promise<FidelityResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const report = options.report ?? 5;
  const batches = Array.from({ length: Math.ceil(options.cases / batchSize) }, (_, i) => ({
    seed: options.seed + i,
    numRuns: Math.min(batchSize, options.cases - i * batchSize),
  }));
  const tally = emptyTally();
  const disagreements: Disagreement[] = [];
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      const result = await runInChild(batch.seed, batch.numRuns, report);
      addTallies(tally, result.tally);
      disagreements.push(...result.disagreements);
      options.onBatch?.(++done, batches.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.parallel ?? 2) }, lane));
  disagreements.sort((a, b) => a.seed - b.seed || Number(a.path) - Number(b.path));
  return { seed: options.seed, batchSize, tally, disagreements: disagreements.slice(0, report) };
}
