/**
 * Adversarial inputs against the event loop: every parser of target-controlled input (DNS
 * answers, response headers, HTML, MTA-STS policies, DoH responses, target and badge text) and
 * both whole-capture graders get the worst inputs the bench can build (adversarial-cases.ts).
 * Every input runs once untimed (so the code is compiled), then again, each call in its own turn
 * of the event loop, timed, while a `monitorEventLoopDelay` histogram watches. Reported: the
 * longest synchronous block overall and per parser, against a target of 50 ms, and the
 * histogram's longest delay (garbage collection included). Informational like the rest of the
 * bench, except that an error of a class the parser does not document is a defect: it is printed
 * and counted, and the run exits non-zero.
 *
 *   npx tsx test/bench/adversarial.ts [--samples 20] [--only spf.] [--json]     (npm run bench runs it too)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ADVERSARIAL_CASES, type AdversarialCase, type AdversarialInput } from './adversarial-cases.ts';

export const LONGEST_BLOCK_TARGET_MS = 50;
const DEFAULT_SAMPLES = 20;

const roundMs = (ms: number) => Math.round(ms * 10) / 10;
const nextTurn = () => new Promise<void>((done) => setImmediate(done));

interface CaseResult {
  parser: string;
  longestMs: number;
  longestInput: string;
  inputs: number;
  untyped: string[];
}

async function runCase(adversarialCase: AdversarialCase, inputs: AdversarialInput[]): Promise<CaseResult> {
  const result: CaseResult = { parser: adversarialCase.parser, longestMs: 0, longestInput: '', inputs: 0, untyped: [] };
  for (const input of inputs) {
    await nextTurn();
    const started = performance.now();
    try {
      input.call();
    } catch (error) {
      if (!adversarialCase.typedErrors.some((type) => error instanceof type))
        result.untyped.push(
          `${input.label}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
    }
    const elapsed = performance.now() - started;
    result.inputs += 1;
    if (elapsed > result.longestMs) {
      result.longestMs = elapsed;
      result.longestInput = input.label;
    }
  }
  return result;
}

/**
 * Runs every case; returns the figures (`adversarial_longest_block_ms.<parser>`, slowest first)
 * and prints to stderr each untyped error and each parser over the target.
 */
export async function measureAdversarial(
  options: { samples?: number; only?: string } = {},
): Promise<Record<string, number>> {
  const { samples = DEFAULT_SAMPLES, only = '' } = options;
  const results: CaseResult[] = [];
  let loopDelayMs = 0;
  for (const adversarialCase of ADVERSARIAL_CASES.filter((c) => c.parser.includes(only))) {
    // Drawing the samples and a first, untimed pass (compiling the parser's code) are the bench's
    // own work. A histogram per case: one enabled again would count the pause as a delay.
    const inputs = adversarialCase.inputs(samples);
    await runCase(adversarialCase, inputs);
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    results.push(await runCase(adversarialCase, inputs));
    histogram.disable();
    loopDelayMs = Math.max(loopDelayMs, histogram.max / 1e6);
  }
  results.sort((a, b) => b.longestMs - a.longestMs);
  for (const { parser, untyped } of results) for (const error of untyped) console.error(`${parser} threw ${error}`);
  for (const { parser, longestMs, longestInput } of results.filter((r) => r.longestMs > LONGEST_BLOCK_TARGET_MS))
    console.error(
      `${parser}: ${roundMs(longestMs)} ms on ${longestInput}, over the ${LONGEST_BLOCK_TARGET_MS} ms target`,
    );
  return {
    adversarial_longest_block_ms: roundMs(results[0]?.longestMs ?? 0),
    adversarial_longest_block_target_ms: LONGEST_BLOCK_TARGET_MS,
    adversarial_event_loop_delay_max_ms: roundMs(loopDelayMs),
    adversarial_inputs: results.reduce((sum, r) => sum + r.inputs, 0),
    adversarial_untyped_errors: results.reduce((sum, r) => sum + r.untyped.length, 0),
    ...Object.fromEntries(results.map((r) => [`adversarial_longest_block_ms.${r.parser}`, roundMs(r.longestMs)])),
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      samples: { type: 'string', default: String(DEFAULT_SAMPLES) },
      only: { type: 'string', default: '' },
      json: { type: 'boolean', default: false },
    },
  });
  const figures = await measureAdversarial({ samples: Number(values.samples), only: values.only });
  if (values.json) console.log(JSON.stringify(figures));
  else for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
  process.exitCode = figures['adversarial_untyped_errors']! > 0 ? 1 : 0;
}
