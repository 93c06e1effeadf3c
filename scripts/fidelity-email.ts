/**
 * `npm run fidelity -- --tool email-security --cases N [--seed S]`: the mailauth differential of
 * test/support/mailauth/ on N generated cases (no corpus). Prints agreement per family, the
 * disagreements by RFC section, and the first unexpected ones. Exits 1 when any is unexpected.
 */
import { canonical } from '../test/support/mailauth/cases.ts';
import { runDifferential } from '../test/support/mailauth/differential.ts';
import { generateCases } from '../test/support/mailauth/generators.ts';

export async function emailFidelity(cases: number, seed: number): Promise<number> {
  const started = Date.now();
  const { families, byRfc, outcomes } = await runDifferential(generateCases(cases, seed));
  const percent = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(2)} %`);
  const seconds = Math.round((Date.now() - started) / 1000);
  const lines = [
    `email-security vs mailauth: seed ${seed}, ${cases} generated cases, ${seconds} s`,
    'family            agreed      explained  unexpected  (of compared)',
    ...Object.entries(families).map(
      ([family, t]) =>
        `  ${family.padEnd(16)} ${percent(t.agreed, t.compared).padStart(9)}  ${String(t.explained).padStart(9)}` +
        `  ${String(t.unexpected).padStart(10)}  (${t.compared})`,
    ),
    'reviewed divergences by RFC section (the RFC sides with us; test/support/mailauth/divergences.ts):',
    ...[...byRfc.entries()].sort((a, b) => b[1] - a[1]).map(([rfc, n]) => `  ${String(n).padStart(5)}× ${rfc}`),
  ];
  const unexpected = outcomes.filter((o) => o.kind === 'unexpected');
  for (const o of unexpected.slice(0, 10))
    lines.push(
      `unexpected: ${o.case.family} ${JSON.stringify(o.input)}`,
      `  ours:   ${o.ours && canonical(o.ours)}`,
      `  theirs: ${o.theirs && canonical(o.theirs)}`,
    );
  if (unexpected.length > 10) lines.push(`… and ${unexpected.length - 10} more unexpected`);
  console.log(lines.join('\n'));
  return unexpected.length === 0 ? 0 : 1;
}
