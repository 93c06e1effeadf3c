/**
 * Start-up on Cloudflare's runtime: workerd spawned with the Worker as wrangler uploads it (the
 * entry, the bundle and its chunks) and timed until it answers its first request, against a
 * minimal module Worker spawned and timed the same way in the same run (median of 3 each). The
 * difference is what the bundle costs an isolate that starts. Informational: nothing fails on it.
 */
import { LAUNCHERS, startWorkerd, type RunningRuntime } from '../runtimes/launchers.ts';

const RUNS = 3;
const MINIMAL_SOURCE = `export default {
  fetch: () => new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }),
};
`;
const MINIMAL_WORKER = { 'worker.js': MINIMAL_SOURCE };

async function readyAfter(start: () => Promise<RunningRuntime>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const runtime = await start();
    times.push(runtime.readyAfterMs);
    await runtime.stop();
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

export async function measureWorkerdStart(): Promise<Record<string, number>> {
  const bundle = await readyAfter(() => LAUNCHERS['workerd']!.start({}));
  const minimal = await readyAfter(() => startWorkerd(MINIMAL_WORKER, {}));
  return {
    workerd_start_ms: Math.round(bundle),
    workerd_start_minimal_ms: Math.round(minimal),
    workerd_start_vs_minimal_ratio: Math.round((bundle / minimal) * 10) / 10,
  };
}
