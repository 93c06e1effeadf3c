/**
 * `npm run fidelity -- [--tool email-security] [--cases N] [--seed S] [--batch B] [--parallel P]`.
 * `--tool email-security`: the mailauth differential, see scripts/fidelity-email.ts. Otherwise
 * (`--tool security-headers`, the default): grades generated
 * captures with the project and with the MDN Observatory's own code (test/support/observatory/)
 * and prints agreement per test, on the grade and on the score, the seed, and the first
 * disagreements as minimal captures. Exits 1 when any grade or score differs.
 */
import { parseArgs } from 'node:util';
import { FIDELITY_SEED } from '../test/support/observatory/captures.ts';
import { DEFAULT_BATCH_SIZE, runFidelity } from '../test/support/observatory/fidelity-run.ts';
import { emailFidelity } from './fidelity-email.ts';

const { values } = parseArgs({
  options: {
    tool: { type: 'string', default: 'security-headers' },
    cases: { type: 'string', default: '10000' },
    seed: { type: 'string', default: String(FIDELITY_SEED) },
    batch: { type: 'string', default: String(DEFAULT_BATCH_SIZE) },
    parallel: { type: 'string', default: '2' },
  },
});
const cases = Number(values.cases);
const seed = Number(values.seed);
if (values.tool === 'email-security') {
  process.exitCode = await emailFidelity(cases, seed);
  process.exit();
}
if (values.tool !== 'security-headers')
  throw new Error(`--tool: security-headers or email-security, not ${values.tool}`);
const started = Date.now();
const result = await runFidelity({
  cases,
  seed,
  batchSize: Number(values.batch),
  parallel: Number(values.parallel),
  onBatch: (done, total) => process.stderr.write(`\rbatches ${done}/${total}`),
});
process.stderr.write('\n');

const { tally } = result;
const percent = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(3)} %`);
const seconds = Math.round((Date.now() - started) / 1000);
const refusedAlike = tally.assessableAgreed - tally.graded;
const lines = [
  `seed ${seed}, ${tally.cases} cases in batches of ${result.batchSize} (batch i uses seed ${seed} + i), ${seconds} s`,
  `graded by both: ${tally.graded}; refused by both for the same reason: ${refusedAlike}`,
  `grade-or-refuse agreement: ${percent(tally.assessableAgreed, tally.cases)}`,
  `grade agreement: ${percent(tally.gradeAgreed, tally.graded)}`,
  `score agreement: ${percent(tally.scoreAgreed, tally.graded)}`,
  'result id and modifier agreement per test:',
  ...Object.entries(tally.tests).map(([name, t]) => {
    const share = percent(t.agreed, t.compared).padStart(10);
    return `  ${name.padEnd(32)} ${share}  (${t.compared - t.agreed} of ${t.compared} differ)`;
  }),
];
const kinds = Object.entries(tally.kinds).sort((a, b) => b[1] - a[1]);
if (kinds.length > 0) lines.push('disagreements by kind:', ...kinds.map(([kind, count]) => `  ${count}× ${kind}`));
for (const d of result.disagreements) {
  const where = d.minimalDifferences.map((m) => m.what).join(', ');
  lines.push(
    `first disagreement: batch seed ${d.seed}, path ${d.path}; minimal capture (${where}):`,
    JSON.stringify(d.minimal, null, 2),
  );
}
console.log(lines.join('\n'));
const exact =
  tally.gradeAgreed === tally.graded && tally.scoreAgreed === tally.graded && tally.assessableAgreed === tally.cases;
process.exitCode = exact ? 0 : 1;
