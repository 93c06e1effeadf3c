/**
 * Retrieval agreement with the MDN Observatory: the same local sites (http:// on port 80, https://
 * on port 443, one loopback address each; test/support/observatory-retrieval-scenarios.ts) are
 * scanned end to end by the Observatory 1.4.8's own `scan(hostname)` in a child process (names
 * answered by a preloaded `dns.lookup`, nothing else resolvable; test/support/observatory-*.mjs)
 * and by our retriever and analyzer in this process (names from a local DoH server, private
 * targets allowed). Both must grade or refuse alike and give the same result id for the ten
 * tests the versions share; modifiers agree except where v6 changed them (`V4_MODIFIERS`).
 * Every scenario must agree on every shared test.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { createPinnedFetch } from '../../../deploy/node/pinned-fetch.ts';
import { memoizeResolver } from '../../../src/net/memo-resolver.ts';
import { createDohResolver } from '../../../src/net/resolver.ts';
import { analyze, type SecurityHeadersAnalysis } from '../../../src/tools/security-headers/analyze.ts';
import { retrieve, type RetrieveDeps } from '../../../src/tools/security-headers/retrieve/retrieve.ts';
import { gradeCapture } from '../../../src/tools/security-headers/scanner.ts';
import { atEnd } from '../../support/cleanup.ts';
import { startDohServer } from '../../support/doh-server.ts';
import {
  HSTS_PRELOAD,
  hostOf,
  SCENARIOS,
  V4_MODIFIERS,
  type Scenario,
} from '../../support/observatory-retrieval-scenarios.ts';
import { SHARED_TESTS } from '../../support/observatory/oracle.ts';
import { loopbackPortsUnavailable, makeCertificates, startLoopbackSite } from '../../support/observatory-sites.ts';

interface OracleScan {
  error?: string;
  tests?: Record<string, { result: string; scoreModifier: number }>;
  score?: number;
  grade?: string;
}
interface OurScan {
  assessed: boolean;
  reason: unknown;
  analysis: SecurityHeadersAnalysis;
}
/** A scan that threw: that scenario fails, the others still run. */
type Crashed = { crashed: string };
const crashed = (error: unknown): Crashed => ({
  crashed: error instanceof Error ? (error.stack ?? error.message) : String(error),
});

const support = (file: string) => fileURLToPath(new URL(`../../support/${file}`, import.meta.url));
const addressOf = (index: number) => `127.0.0.${index + 2}`;
const unavailable = await loopbackPortsUnavailable();

const oracle = new Map<string, OracleScan | Crashed>();
const ours = new Map<string, OurScan | Crashed>();

/** Runs the Observatory's `scan` for every host in one child process. */
async function runOracle(hosts: Record<string, string>, caFile: string): Promise<Record<string, OracleScan>> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_EXTRA_CA_CERTS: caFile,
    OBSERVATORY_HOSTS: JSON.stringify(hosts),
    OBSERVATORY_HSTS_PRELOAD: JSON.stringify(HSTS_PRELOAD),
  };
  delete env.CONFIG_FILE;
  delete env.NODE_TEST_CONTEXT;
  delete env.NODE_OPTIONS;
  const args = ['--import', support('observatory-dns-preload.mjs'), support('observatory-scan-child.mjs')];
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...args, ...SCENARIOS.map((scenario) => hostOf(scenario))],
    { env, timeout: 40_000, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Record<string, OracleScan>;
}

async function runOurs(deps: RetrieveDeps, host: string): Promise<OurScan | Crashed> {
  try {
    const capture = await retrieve(`https://${host}/`, { ...deps, resolver: memoizeResolver(deps.resolver) });
    const outcome = gradeCapture(capture);
    return { assessed: outcome.assessed, reason: outcome.result.details['reason'], analysis: analyze(capture) };
  } catch (error) {
    return crashed(error);
  }
}

before(async () => {
  if (unavailable) return;
  const hosts: Record<string, string> = {};
  SCENARIOS.forEach((scenario, index) => {
    for (const name of [hostOf(scenario), ...(scenario.aliases?.(hostOf(scenario)) ?? [])])
      hosts[name] = addressOf(index);
  });
  const certificates = await makeCertificates(Object.keys(hosts));
  await Promise.all(
    SCENARIOS.map((scenario, index) =>
      startLoopbackSite(addressOf(index), {
        http: scenario.http?.(hostOf(scenario)) ?? null,
        https: scenario.https?.(hostOf(scenario)) ?? null,
        tls: scenario.selfSigned ? certificates.selfSigned : certificates.valid,
      }),
    ),
  );
  const dir = await mkdtemp(join(tmpdir(), 'observatory-retrieval-'));
  atEnd(() => rm(dir, { recursive: true, force: true }));
  const caFile = join(dir, 'ca.pem');
  await writeFile(caFile, certificates.ca);

  const doh = await startDohServer(
    Object.fromEntries(Object.entries(hosts).map(([name, address]) => [name, [{ type: 'A', data: address }]])),
  );
  const scanFetch = createPinnedFetch({ ca: [certificates.ca] });
  atEnd(() => scanFetch.close());
  const deps: RetrieveDeps = {
    fetch: scanFetch,
    // Agreement, not speed, is tested: a loaded machine must not turn a slow local answer into a DNS refusal.
    resolver: createDohResolver({ url: doh.url, fetch, timeoutMs: 10_000 }),
    allowPrivate: true,
    userAgent: 'observatory-retrieval-test',
    preload: async (name) => ({
      preloaded: name in HSTS_PRELOAD,
      includeSubDomains: HSTS_PRELOAD[name as keyof typeof HSTS_PRELOAD]?.includeSubDomains ?? false,
    }),
  };
  // One scan at a time, after the oracle's: the retriever keeps its production timeouts (6 s a
  // request), which thirty scans at once beside the oracle's can miss on a busy machine.
  const oracleScans = await runOracle(hosts, caFile).catch((error: unknown) => crashed(error));
  const ourScans: (readonly [string, OurScan | Crashed])[] = [];
  for (const scenario of SCENARIOS) ourScans.push([hostOf(scenario), await runOurs(deps, hostOf(scenario))]);
  for (const scenario of SCENARIOS) {
    const host = hostOf(scenario);
    oracle.set(host, 'crashed' in oracleScans ? oracleScans : (oracleScans[host] ?? crashed('no oracle result')));
  }
  for (const [host, scan] of ourScans) ours.set(host, scan);
});

function scansOf(scenario: Scenario): { theirs: OracleScan; mine: OurScan } {
  const theirs = oracle.get(hostOf(scenario));
  const mine = ours.get(hostOf(scenario));
  assert.ok(theirs && mine, `both scans ran for ${hostOf(scenario)}`);
  if ('crashed' in theirs) assert.fail(`the oracle's scan crashed: ${theirs.crashed}`);
  if ('crashed' in mine) assert.fail(`our scan crashed: ${mine.crashed}`);
  return { theirs, mine };
}

describe('retrieval agreement with the MDN Observatory 1.4.8 scan', { skip: unavailable }, () => {
  for (const scenario of SCENARIOS) {
    describe(scenario.name, () => {
      const grades = scenario.refused ? 'both refuse to grade it' : 'both grade it';
      test(grades, () => {
        const { theirs, mine } = scansOf(scenario);
        const summary = `oracle: ${theirs.error ?? `graded ${theirs.grade}`}; ours: ${
          mine.assessed ? `graded ${mine.analysis.grade}` : `refused (${String(mine.reason)})`
        }`;
        assert.equal(theirs.error === undefined, !scenario.refused, summary);
        assert.equal(mine.assessed, !scenario.refused, summary);
        if (scenario.refused) {
          assert.match(theirs.error!, /unexpected HTTP status code/, summary);
          assert.equal(mine.reason, 'unexpected-status', summary);
        }
      });
      if (scenario.refused) return;
      for (const name of SHARED_TESTS) {
        test(name, (t) => {
          const { theirs, mine } = scansOf(scenario);
          if (theirs.error !== undefined || !mine.assessed) return t.skip('not graded by both');
          const expected = theirs.tests?.[name];
          const actual = mine.analysis.tests.find((r) => r.name === name);
          assert.ok(expected && actual, `both ran ${name}`);
          assert.equal(actual.result, expected.result, `${name}: ours ${actual.result}, oracle ${expected.result}`);
          const v4Modifier = V4_MODIFIERS[actual.result] ?? actual.scoreModifier;
          assert.equal(expected.scoreModifier, v4Modifier, `${actual.result}: modifier v4 vs v6`);
        });
      }
    });
  }
});
