/**
 * Runs the MDN Observatory 1.4.8's own end-to-end `scan(hostname)` for every host named on the
 * command line (concurrently) and prints one JSON object on stdout: host → `{tests: {name:
 * {result, scoreModifier}}, score, grade}`, or `{error}` when the scan threw. Started by
 * observatory-retrieval.integration.test.ts as `node --import ./observatory-dns-preload.mjs`.
 */
import { scan } from '@mdn/mdn-http-observatory/src/scanner/index.js';

const hosts = process.argv.slice(2);
const results = await Promise.all(
  hosts.map(async (host) => {
    try {
      const { scan: summary, tests } = await scan(host);
      const byName = Object.fromEntries(
        Object.entries(tests).map(([name, t]) => [name, { result: t.result, scoreModifier: t.scoreModifier }]),
      );
      return [host, { tests: byName, score: summary.score, grade: summary.grade }];
    } catch (error) {
      return [host, { error: error instanceof Error ? error.message : String(error) }];
    }
  }),
);
process.stdout.write(JSON.stringify(Object.fromEntries(results)));
// The oracle's keep-alive agents would hold the process open.
process.exit(0);
