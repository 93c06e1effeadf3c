import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { sourceFiles } from '../support/source-files.ts';
import { emailSecurityDefinition } from '../../src/tools/email-security/definition.ts';
import { gradeEmail, type EmailFacts } from '../../src/tools/email-security/grade.ts';
import {
  bySeverity,
  FAILING_SCORE,
  GRADE_CHART,
  GRADE_SCALE,
  gradeFor,
  highestScoreOf,
  isAtLeast,
  lowestScoreOf,
  notAssessed,
  type Severity,
} from '../../src/tools/grading.ts';
import { ALLOWLISTED_TOOLS } from '../../src/tools/registry.ts';
import { analyze } from '../../src/tools/security-headers/analyze.ts';
import { securityHeadersDefinition } from '../../src/tools/security-headers/definition.ts';
import { gradeModifiers, MAX_SCORE } from '../../src/tools/security-headers/grade/score.ts';
import { captureOfCase, conformancePreload, loadUnitCases } from '../support/observatory-cases.ts';

describe('grade chart', () => {
  test('every boundary: the minimum gets the grade, one point less the next one down', () => {
    const expected = [
      [100, 'A+'],
      [90, 'A'],
      [85, 'A-'],
      [80, 'B+'],
      [70, 'B'],
      [65, 'B-'],
      [60, 'C+'],
      [50, 'C'],
      [45, 'C-'],
      [40, 'D+'],
      [30, 'D'],
      [25, 'D-'],
      [0, 'F'],
    ];
    assert.deepEqual(GRADE_CHART, expected);
    for (const [i, [minimum, grade]] of GRADE_CHART.entries()) {
      assert.equal(gradeFor(minimum), grade, `${minimum}`);
      const below: readonly [number, string] | undefined = GRADE_CHART[i + 1];
      if (below) assert.equal(gradeFor(minimum - 1), below[1], `${minimum - 1}`);
    }
    assert.equal(gradeFor(165), 'A+');
    assert.equal(gradeFor(99), 'A');
    assert.equal(gradeFor(24), 'F');
  });

  test('the scale, band edges, "at least" and the failing score all come from the chart', () => {
    assert.deepEqual(GRADE_SCALE, ['A+', 'A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D+', 'D', 'D-', 'F']);
    for (const grade of GRADE_SCALE) {
      assert.equal(gradeFor(lowestScoreOf(grade)), grade, grade);
      if (grade !== 'A+') assert.equal(gradeFor(highestScoreOf(grade)), grade, grade);
      if (grade !== 'A+') assert.notEqual(gradeFor(highestScoreOf(grade) + 1), grade, grade);
    }
    assert.deepEqual(
      [highestScoreOf('B'), highestScoreOf('C'), highestScoreOf('D'), highestScoreOf('F'), highestScoreOf('A+')],
      [79, 59, 39, 24, Infinity],
    );
    assert.deepEqual(
      GRADE_SCALE.filter((g) => isAtLeast(g, 'A-')),
      ['A+', 'A', 'A-'],
    );
    assert.equal(FAILING_SCORE, 50);
  });
});

test('severities sort most severe first; a not-assessed outcome has no grade', () => {
  const order: Severity[] = ['info', 'critical', 'low', 'high', 'medium'];
  assert.deepEqual(
    order
      .map((severity) => ({ severity }))
      .sort(bySeverity)
      .map((f) => f.severity),
    ['critical', 'high', 'medium', 'low', 'info'],
  );
  assert.deepEqual(notAssessed('why', { reason: 'nxdomain' }), {
    assessed: false,
    grade: null,
    gradeScore: null,
    result: { status: 'error', message: 'why', details: { reason: 'nxdomain' } },
  });
});

/** Every combination of a few settings per category: together they reach every chart edge. */
function* emailFactGrid(): Generator<[EmailFacts, boolean]> {
  const keys = { found2048: 2048, found1024: 1024, foundWeak: 512 } as const;
  for (const policy of [null, 'none', 'quarantine', 'reject'] as const)
    for (const testing of [false, true])
      for (const subdomainPolicy of [null, 'none'] as const)
        for (const aggregateReports of [false, true])
          for (const all of [null, '-', '~', '?', '+'] as const)
            for (const permerror of [false, true])
              for (const dkim of [
                'found2048',
                'found1024',
                'foundWeak',
                'likely-present',
                'not-found',
                'not-applicable',
                'error',
              ] as const)
                for (const mode of [null, 'testing', 'enforce'] as const)
                  for (const extras of [0, 1, 2, 3])
                    for (const mx of ['mail', 'null-mx', 'error'] as const) {
                      const facts: EmailFacts = {
                        mx: { state: mx, hosts: [] },
                        spf: {
                          found: all !== null,
                          valid: all !== null && !permerror,
                          permerror: all !== null && permerror ? { reason: 'syntax', detail: '' } : null,
                          temperror: false,
                          all,
                          passesEverySender: all === '+' ? '+all (in example.com)' : null,
                          lookups: 1,
                          voidLookups: 0,
                        },
                        dmarc: {
                          found: policy !== null,
                          valid: policy !== null,
                          multiple: false,
                          source: 'domain',
                          policy,
                          subdomainPolicy,
                          nonExistentPolicy: null,
                          testing,
                          percentage: null,
                          aggregateReports,
                          externalDestinationsAuthorized: true,
                        },
                        dkim:
                          dkim in keys
                            ? {
                                state: 'found',
                                keys: [
                                  {
                                    selector: 's',
                                    keyType: 'rsa',
                                    bits: keys[dkim as keyof typeof keys],
                                    revoked: false,
                                    testing: false,
                                    valid: true,
                                  },
                                ],
                              }
                            : { state: dkim as Exclude<typeof dkim, keyof typeof keys>, keys: [] },
                        mtaSts: {
                          record: mode !== null,
                          mode,
                          policyValid: mode !== null,
                          coversAllMx: true,
                          uncoveredMx: 0,
                        },
                        tlsRpt: { present: (extras & 1) === 1, valid: true },
                        bimi: { present: (extras & 2) === 2, valid: true },
                        dnssec: { signed: (extras & 1) === 1 },
                      };
                      yield [facts, mx === 'null-mx'];
                    }
}

/** Every chart minimum and the score one below it: where a forked chart would differ first. */
const chartEdges = (top: number, step: number): number[] =>
  GRADE_CHART.flatMap(([minimum]) => [minimum, minimum - step]).filter((score) => score >= 0 && score <= top);

describe('both tools grade with the one chart', () => {
  test('security-headers: every score from 0 to 165 gets the chart letter', () => {
    const seen = new Set<number>();
    for (let modifier = -100; modifier <= MAX_SCORE - 100; modifier += 5) {
      const { score, grade } = gradeModifiers([modifier]);
      assert.equal(grade, gradeFor(score), `score ${score}`);
      seen.add(score);
    }
    for (let score = 0; score <= MAX_SCORE; score += 5) assert.ok(seen.has(score), `score ${score} not reached`);
    for (const c of loadUnitCases()) {
      const analysis = analyze(captureOfCase(c), { preload: conformancePreload });
      if (analysis.score !== null)
        assert.equal(analysis.grade, gradeFor(analysis.score), `${c.site}: ${analysis.score}`);
    }
  });

  test('email-security: every score it reaches, every chart edge among them, gets the chart letter', () => {
    const seen = new Set<number>();
    for (const [facts, parked] of emailFactGrid()) {
      const graded = gradeEmail(facts, parked);
      if (graded.grade !== gradeFor(graded.score))
        assert.fail(`score ${graded.score} graded ${graded.grade}, the chart says ${gradeFor(graded.score)}`);
      seen.add(graded.score);
    }
    for (const score of chartEdges(100, 1)) assert.ok(seen.has(score), `score ${score} not reached`);
  });

  test('every registered tool publishes the one grade scale', () => {
    assert.equal(securityHeadersDefinition.gradeScale, GRADE_SCALE);
    assert.equal(emailSecurityDefinition.gradeScale, GRADE_SCALE);
    for (const tool of ALLOWLISTED_TOOLS) assert.equal(tool.gradeScale, GRADE_SCALE, tool.name);
  });
});

const GRADE = String.raw`['"\x60][A-F][+-]?['"\x60]`;
const CHART_COPIES = [
  {
    what: 'a score and letter pair (a chart row)',
    pattern: new RegExp(String.raw`\[\s*\d+\s*,\s*${GRADE}\s*\]|\[\s*${GRADE}\s*,\s*\d+\s*\]`),
  },
  { what: 'a hand-typed list of grades', pattern: new RegExp(String.raw`${GRADE}\s*,\s*${GRADE}`) },
  {
    what: 'letters mapped to scores',
    pattern: /['"`]?\b[A-F][+-]?['"`]?\s*:\s*\d+\s*,\s*['"`]?[A-F][+-]?['"`]?\s*:\s*\d+/,
  },
  { what: 'a score compared with a number', pattern: /score\w*\s*[<>]=?\s*\d|\d\s*[<>]=?\s*\w*score/i },
  {
    what: 'a letter chosen by a threshold',
    pattern: new RegExp(String.raw`[<>]=?\s*\d+\s*\)?\s*\{?\s*(?:\?|return)\s*${GRADE}`),
  },
  {
    what: 'a score and a letter in one object (a chart row)',
    pattern: new RegExp(
      String.raw`\{\s*\w+\s*:\s*\d+\s*,\s*\w+\s*:\s*${GRADE}\s*\}|\{\s*\w+\s*:\s*${GRADE}\s*,\s*\w+\s*:\s*\d+\s*\}`,
    ),
  },
  { what: 'a letter picked by hand', pattern: new RegExp(String.raw`\?\s*${GRADE}\s*:\s*${GRADE}`) },
];

/** Files the check does not read, and why. */
const NOT_CHARTS: Record<string, string> = {
  [join('src', 'tools', 'grading.ts')]: 'the one chart',
  [join('src', 'badge', 'text-width.ts')]: 'Verdana glyph widths keyed by character (A: 752, B: 754, …)',
};

/** The code of a file with comments dropped and all whitespace as single spaces: one "line". */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:\\])\/\/.*$/gm, '$1')
    .replace(/\s+/g, ' ');
}

function chartCopiesIn(code: string): string[] {
  return CHART_COPIES.flatMap((rule) => {
    const found = new RegExp(rule.pattern.source, `${rule.pattern.flags}g`).exec(code);
    return found ? [`${rule.what}: ${found[0]}`] : [];
  });
}

test('no file under src/ but src/tools/grading.ts defines a letter chart or grade thresholds', () => {
  const files = sourceFiles('src').filter((file) => !(file in NOT_CHARTS));
  assert.ok(files.length > 10);
  const offences = files.flatMap((file) =>
    chartCopiesIn(codeOf(readFileSync(file, 'utf8'))).map((offence) => `${file}: ${offence}`),
  );
  assert.deepEqual(offences, []);
});

test('no file under src/ but src/tools/grading.ts builds a not-assessed outcome', () => {
  const builds = /assessed:\s*false,\s*grade:\s*null/;
  const files = sourceFiles('src').filter((file) => builds.test(readFileSync(file, 'utf8')));
  assert.deepEqual(files, [join('src', 'tools', 'grading.ts')]);
});

test('the chart-copy check itself catches what it should', () => {
  const copies = [
    "const CHART: [number, string][] = [[100, 'A+'], [90, 'A'], [85, 'A-']];",
    '  [90, "A"],',
    "gradeScale: ['A+', 'A', 'A-', 'B+'],",
    'const CAP_CEILING = { B: 79, C: 59, D: 39, F: 24 } as const;',
    "const status = graded.score < 50 ? 'failed' : 'warnings';",
    "return s >= 90 ? 'A' : 'B';",
    "gradeScale: [\n  'A+',\n  'A',\n  'A-',\n],",
    "if (points >= 90) {\n  return 'A';\n}",
    "const CHART = [{ min: 90, letter: 'A' }, { min: 80, letter: 'B' }];",
    "grade: present ? 'A' : 'F',",
  ];
  for (const text of copies) assert.notDeepEqual(chartCopiesIn(codeOf(text)), [], text);
  const fine = [
    "if (message === 'A+') return 'brightgreen';",
    '  A: 752,',
    "const letter = /^[A-F]/.test(grade) ? grade.charAt(0) : 'x';",
  ];
  for (const text of fine) assert.deepEqual(chartCopiesIn(codeOf(text)), [], text);
});
