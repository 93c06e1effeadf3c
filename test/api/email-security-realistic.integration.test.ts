/**
 * Realistic mail domains graded end to end through the real API: the zones of
 * test/support/realistic-mail-domains.ts served by the local DoH server, MTA-STS policies by a
 * local HTTPS site, and each grade checked against what a careful postmaster would sign.
 *
 * A failing scenario here is a grading bug, not a test to loosen: the expected ranges follow
 * docs/email-security-grading.md and the RFCs, not the code's current output.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import { parseConfig } from '../../src/config.ts';
import type { Grade } from '../../src/tools/grading.ts';
import { createScanners } from '../../src/tools/scanners.ts';
import { atEnd } from '../support/cleanup.ts';
import { startDohServer } from '../support/doh-server.ts';
import { EXECUTE_ES, postJson, startHarness, type Harness } from '../support/harness.ts';
import {
  mtaStsPolicies,
  realisticZones,
  REALISTIC_MAIL_DOMAINS,
  type ExpectedFinding,
  type RealisticMailDomain,
} from '../support/realistic-mail-domains.ts';
import { startSite } from '../support/site-server.ts';

interface ScanFinding {
  id: string;
  severity: string;
  section: string;
  title: string;
}

interface ScanBody {
  grade: string | null;
  gradeScore: number | null;
  result: {
    status: string;
    details: {
      score: number;
      caps: string[];
      findings: ScanFinding[];
      [key: string]: unknown;
    };
  };
}

let h: Harness;
const policies = mtaStsPolicies();

before(async () => {
  const site = await startSite([...policies.keys()], (request) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const policy = policies.get(host);
    return policy !== undefined && request.url === '/.well-known/mta-sts.txt'
      ? { headers: [['content-type', 'text/plain; charset=utf-8']], body: policy }
      : { status: 404 };
  });
  const doh = await startDohServer(realisticZones());
  const env = { DOH_URL: doh.url, SCAN_ALLOW_PRIVATE_TARGETS: '1', HSTS_PRELOAD_STATUS_URL: 'none' };
  const scanFetch = createPinnedFetch({ ca: [site.cert] });
  atEnd(() => scanFetch.close());
  h = await startHarness({
    env,
    scanners: createScanners(parseConfig(env), { scanFetch, fetch, mtaStsPort: site.port }),
  });
});

async function scan(scenario: RealisticMailDomain): Promise<ScanBody> {
  const res = await postJson(h, EXECUTE_ES, {
    target: scenario.domain,
    ...(scenario.selectors ? { selectors: scenario.selectors } : {}),
  });
  const body = (await res.json()) as ScanBody;
  assert.equal(res.status, 200, `${scenario.domain}: HTTP ${res.status}: ${JSON.stringify(body).slice(0, 600)}`);
  return body;
}

/** The value at a dotted path (array indexes as numbers), or undefined. */
function at(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** `result.status` and the details, so fact paths can name either. */
function factRoot(body: ScanBody): Record<string, unknown> {
  return { ...body.result.details, result: { status: body.result.status } };
}

function matches(finding: ScanFinding, expected: ExpectedFinding): boolean {
  return (
    (expected.id === undefined || finding.id === expected.id) &&
    (expected.severity === undefined || finding.severity === expected.severity) &&
    (expected.section === undefined || finding.section === expected.section)
  );
}

function describeExpected(expected: ExpectedFinding): string {
  const parts = [expected.section, expected.id, expected.severity].filter((p) => p !== undefined);
  return parts.join('/') || 'any finding';
}

/** What a failure message needs: the domain, why we expect what we expect, and what came back. */
function report(scenario: RealisticMailDomain, body: ScanBody, problem: string): string {
  const { findings, caps } = body.result.details;
  const top = findings
    .slice(0, 6)
    .map((f) => `  [${f.severity}] ${f.section}/${f.id}: ${f.title}`)
    .join('\n');
  return (
    `${scenario.domain} (${scenario.title}): ${problem}\n` +
    `  expected because: ${scenario.expected.reason}\n` +
    `  got grade ${body.grade} (score ${body.gradeScore}), status ${body.result.status}` +
    `${caps.length > 0 ? `, caps: ${caps.join('; ')}` : ''}\n` +
    `  top findings:\n${top || '  (none)'}`
  );
}

type ExpectedGrades = RealisticMailDomain['expected']['grades'];
const isGradeList = (grades: ExpectedGrades): grades is readonly Grade[] => Array.isArray(grades);

function gradeProblem(scenario: RealisticMailDomain, body: ScanBody): string | null {
  const { grades } = scenario.expected;
  if (isGradeList(grades)) {
    const letters: readonly string[] = grades;
    return letters.includes(body.grade ?? '') ? null : `grade ${body.grade} is not one of ${grades.join(', ')}`;
  }
  const range = grades;
  const score = body.gradeScore ?? -1;
  return score >= range.min && score <= range.max ? null : `score ${score} is outside ${range.min}–${range.max}`;
}

describe('realistic mail domains graded through the API', () => {
  for (const scenario of REALISTIC_MAIL_DOMAINS) {
    test(`${scenario.domain}: ${scenario.title}`, async () => {
      const body = await scan(scenario);
      assert.equal(typeof body.gradeScore, 'number', report(scenario, body, 'no score'));

      const wrongGrade = gradeProblem(scenario, body);
      assert.ok(wrongGrade === null, report(scenario, body, wrongGrade ?? ''));

      for (const expected of scenario.expected.findings ?? []) {
        const found = body.result.details.findings.some((f) => matches(f, expected));
        const wanted = expected.present ?? true;
        assert.ok(
          found === wanted,
          report(
            scenario,
            body,
            wanted ? `no finding ${describeExpected(expected)}` : `unexpected finding ${describeExpected(expected)}`,
          ),
        );
      }

      for (const fact of scenario.expected.facts ?? []) {
        const actual = at(factRoot(body), fact.path);
        assert.ok(
          JSON.stringify(actual) === JSON.stringify(fact.equals),
          report(scenario, body, `${fact.path} is ${JSON.stringify(actual)}, expected ${JSON.stringify(fact.equals)}`),
        );
      }
    });
  }

  test('a subdomain is refused with a hint naming the apex, so it is never graded on its own', async () => {
    const res = await postJson(h, EXECUTE_ES, { target: 'news.northwind-gws.test' });
    const body = (await res.json()) as { grade?: unknown; hint?: unknown; detail?: unknown };
    assert.equal(res.status, 400, JSON.stringify(body).slice(0, 400));
    assert.match(JSON.stringify(body), /northwind-gws\.test/);
  });
});
