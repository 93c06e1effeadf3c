/**
 * Differential test against mailauth (test/support/mailauth/): the curated corpus and a fixed-seed
 * sample of generated cases. Every case agrees, or matches a reviewed DIVERGENCES row (the RFC
 * sides with us); a curated row input that stops diverging, or diverges otherwise, fails.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonical, inputOf } from '../../support/mailauth/cases.ts';
import { CORPUS } from '../../support/mailauth/corpus.ts';
import { judgeCase, runDifferential, type Outcome } from '../../support/mailauth/differential.ts';
import { DIVERGENCES } from '../../support/mailauth/divergences.ts';
import { generateCases } from '../../support/mailauth/generators.ts';
import { FUZZ_SEED } from '../../support/fuzz.ts';

const GENERATED = 3500;

const show = (o: Outcome) =>
  `${o.case.family} ${JSON.stringify(o.input)}\n` +
  `  ours:   ${o.ours && canonical(o.ours)}\n  theirs: ${o.theirs && canonical(o.theirs)}`;

test('every divergence row still diverges exactly as written, on its curated input', async () => {
  for (const row of DIVERGENCES) {
    const c = CORPUS.find((k) => k.family === row.family && inputOf(k) === row.input);
    assert.ok(c, `row input is not in the corpus: ${row.input}`);
    const outcome = await judgeCase(c);
    assert.equal(outcome.kind, 'explained', show(outcome));
  }
});

test('the curated corpus agrees with mailauth, or diverges as the table says', async () => {
  const { outcomes } = await runDifferential(CORPUS);
  const unexpected = outcomes.filter((o) => o.kind === 'unexpected');
  assert.deepEqual(unexpected.map(show), []);
});

test(`${GENERATED} generated cases (seed ${FUZZ_SEED}) agree, or diverge as the table says`, async (t) => {
  const { families, outcomes } = await runDifferential(generateCases(GENERATED, FUZZ_SEED));
  t.diagnostic(JSON.stringify(families));
  const unexpected = outcomes.filter((o) => o.kind === 'unexpected');
  assert.deepEqual(unexpected.slice(0, 10).map(show), [], `${unexpected.length} unexpected disagreements`);
});
