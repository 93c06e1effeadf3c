/**
 * Child-process entry of one differential batch (batch.ts): `seed numRuns shrinkAtMost` as
 * arguments, the result sent to the parent over IPC.
 */
import { runBatch } from './batch.ts';

const [seed, numRuns, shrinkAtMost] = process.argv.slice(2).map(Number);
const result = await runBatch(seed!, numRuns!, shrinkAtMost!);
process.send!(result, () => process.exit(0));
