/**
 * `npm run test:under-load`: the whole suite, twice in a row, while two other processes keep every
 * core busy, as on a shared CI machine or a laptop with a browser open. The suite must pass both
 * times: no test may depend on how fast or idle the machine is.
 *
 *   npm run test:under-load [-- LAYER …]     (the layers as for npm test)
 */
import { spawn, type ChildProcess } from 'node:child_process';

const HOGS = 2;
const RUNS = 2;
// A hog that stops by itself after an hour, should this script be killed before it stops them.
const BUSY_LOOP = 'const end = Date.now() + 3_600_000; while (Date.now() < end) {}';

const hogs: ChildProcess[] = Array.from({ length: HOGS }, () =>
  spawn(process.execPath, ['-e', BUSY_LOOP], { stdio: 'ignore' }),
);
const stopHogs = () => hogs.forEach((hog) => hog.kill('SIGKILL'));
process.once('SIGINT', () => {
  stopHogs();
  process.exit(130);
});

const results: string[] = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    console.log(`\n=== npm test, run ${run} of ${RUNS}, beside ${HOGS} busy processes`);
    const started = performance.now();
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn('npm', ['test', '--', ...process.argv.slice(2)], { stdio: 'inherit' });
      child.once('close', resolve);
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    results.push(`run ${run}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  }
} finally {
  stopHogs();
}
console.log(`\n${results.join('\n')}`);
process.exitCode = results.every((line) => line.includes('passed')) ? 0 : 1;
