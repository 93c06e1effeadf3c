/**
 * No regular expression in src/ backtracks catastrophically: recheck analyses every regex literal
 * and RegExp construction (test/support/regex-sites.ts), and one it finds vulnerable, or cannot
 * decide, fails the build. A RegExp built from text that is not written out cannot be analysed
 * and fails too, unless it is listed below with the reason it is safe.
 *
 * An integration test: recheck's default backend is a native binary run in its own process. Its
 * pure-JavaScript backend (RECHECK_SYNC_BACKEND=pure) starts none, but takes about four times as
 * long over src/ (about 13 s against 3 s on two cores), too slow for the unit layer.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { check, type Parameters } from 'recheck';
import { BROWSER_SCRIPTS } from '../scripts/build-browser-scripts.ts';
import { findRegexes, type DynamicRegexSite, type RegexScan, type RegexSite } from './support/regex-sites.ts';
import { sourceFiles } from './support/source-files.ts';

interface AllowedDynamicRegex {
  file: string;
  /** The call as written. */
  call: string;
  reason: string;
}

interface AllowedUndecidedRegex {
  file: string;
  /** The pattern as recheck reads it (a literal's text between its slashes). */
  source: string;
  reason: string;
}

// Reviewed exceptions: keep both lists short, and prefer a literal regex or a loop to an entry.
const ALLOWED_DYNAMIC_REGEXES: readonly AllowedDynamicRegex[] = [];
const ALLOWED_UNDECIDED_REGEXES: readonly AllowedUndecidedRegex[] = [];

// Only step limits bound the fuzzer (with its fixed seed), not the clock: a busy machine then gets
// the same verdicts. `timeout` still bounds each regex; a regex that runs out of it is undecided.
const RECHECK_PARAMETERS: Parameters = {
  timeout: 10_000,
  attackTimeout: null,
  incubationTimeout: null,
  seedingTimeout: null,
  randomSeed: 0,
};

// The modules npm run build:browser generates from src/pages/browser/, whose sources are checked instead.
const GENERATED = new Set(BROWSER_SCRIPTS.map((script) => script.module));

let scanned: RegexScan | undefined;

function scanSources(): RegexScan {
  if (scanned === undefined) {
    const files = sourceFiles('src').filter((file) => !GENERATED.has(file));
    const scans = files.map((file) => findRegexes(file, readFileSync(file, 'utf8')));
    scanned = { regexes: scans.flatMap((scan) => scan.regexes), dynamic: scans.flatMap((scan) => scan.dynamic) };
  }
  return scanned;
}

const fileOf = (location: string) => location.slice(0, location.lastIndexOf(':'));

const isAllowedDynamic = (site: DynamicRegexSite) =>
  ALLOWED_DYNAMIC_REGEXES.some((entry) => entry.file === fileOf(site.location) && entry.call === site.call);

const isAllowedUndecided = (site: RegexSite) =>
  ALLOWED_UNDECIDED_REGEXES.some((entry) => entry.file === fileOf(site.location) && entry.source === site.source);

/** What is wrong with a regex, or undefined when recheck finds it safe. */
async function regexProblem(site: RegexSite): Promise<string | undefined> {
  const diagnostics = await check(site.source, site.flags, RECHECK_PARAMETERS);
  const regex = `/${site.source}/${site.flags}`;
  switch (diagnostics.status) {
    case 'safe':
      return undefined;
    case 'vulnerable':
      return (
        `${site.location}: ${regex} is vulnerable (${diagnostics.complexity.summary}); ` +
        `attack string: ${diagnostics.attack.pattern}`
      );
    case 'unknown': {
      if (isAllowedUndecided(site)) return undefined;
      const { error } = diagnostics;
      const detail = 'message' in error ? `${error.kind}: ${error.message}` : error.kind;
      return `${site.location}: ${regex} is undecided (${detail}); rewrite it, or allow it here with a reason`;
    }
  }
}

test('every RegExp in src/ is built from a pattern written out in full, or allowed here with a reason', () => {
  const { dynamic } = scanSources();
  const unreviewed = dynamic.filter((site) => !isAllowedDynamic(site));
  assert.deepEqual(
    unreviewed.map((site) => `${site.location}: ${site.call}`),
    [],
    'make the pattern a literal, or add the call to ALLOWED_DYNAMIC_REGEXES with why it is safe',
  );
  const stale = ALLOWED_DYNAMIC_REGEXES.filter(
    (entry) => !dynamic.some((site) => fileOf(site.location) === entry.file && site.call === entry.call),
  );
  assert.deepEqual(stale, [], 'these allowed constructions are gone: remove them from the list');
});

test('no regular expression in src/ backtracks catastrophically (recheck finds each one safe)', async (t) => {
  const { regexes } = scanSources();
  assert.ok(regexes.length > 100, `only ${regexes.length} regexes found: is the walk broken?`);
  assert.ok(
    regexes.some((site) => site.location.startsWith('src/pages/browser/')),
    'the browser sources are checked',
  );
  const problems: string[] = [];
  // One at a time: in parallel they took longer in all, and each one's time (against its timeout)
  // would depend on the others.
  for (const site of regexes) {
    const problem = await regexProblem(site);
    if (problem !== undefined) problems.push(problem);
  }
  t.diagnostic(`${regexes.length} regular expressions checked`);
  assert.deepEqual(problems, []);
  const stale = ALLOWED_UNDECIDED_REGEXES.filter(
    (entry) => !regexes.some((site) => fileOf(site.location) === entry.file && site.source === entry.source),
  );
  assert.deepEqual(stale, [], 'these allowed regexes are gone: remove them from the list');
});

test('the collector finds literals, both constructor forms and string methods, and flags built patterns', () => {
  const source = [
    'const a = /^(a+)+$/gi;',
    "const b = new RegExp('x\\\\d+', 'u');",
    'const c = RegExp(String.raw`[a-z]+\\.`);',
    "const d = text.match('y+z');",
    'const e = new RegExp(`[${delimiters}]`);',
    "const f = new RegExp('z', flags);",
    '// /not-a-regex/ in a comment, and "/nor/ in a string"',
    'const g: RegExp = a; const h = text.split("/");',
  ].join('\n');
  const scan = findRegexes('sample.ts', source);
  assert.deepEqual(scan.regexes, [
    { location: 'sample.ts:1', source: '^(a+)+$', flags: 'gi', form: 'literal' },
    { location: 'sample.ts:2', source: 'x\\d+', flags: 'u', form: 'constructor' },
    { location: 'sample.ts:3', source: '[a-z]+\\.', flags: '', form: 'constructor' },
    { location: 'sample.ts:4', source: 'y+z', flags: '', form: 'string method' },
  ]);
  assert.deepEqual(scan.dynamic, [
    { location: 'sample.ts:5', call: 'new RegExp(`[${delimiters}]`)' },
    { location: 'sample.ts:6', call: "new RegExp('z', flags)" },
  ]);
});

test('the check fails a regex recheck finds vulnerable or cannot read, and passes a linear one', async () => {
  const [nested] = findRegexes('sample.ts', 'const nested = /^(a+)+$/;').regexes;
  assert.ok(nested);
  const exponential = await regexProblem(nested);
  assert.match(exponential ?? '', /^sample\.ts:1: \/\^\(a\+\)\+\$\/ is vulnerable \(exponential\); attack string: /);
  const site = (source: string): RegexSite => ({ location: 'sample.ts:1', source, flags: '', form: 'literal' });
  assert.match((await regexProblem(site('\\s*\\n\\s*'))) ?? '', /is vulnerable \(2nd degree polynomial\)/);
  assert.match((await regexProblem(site('('))) ?? '', /is undecided \(invalid: /);
  assert.equal(await regexProblem(site('^[a-z]+(?:-[a-z]+)*$')), undefined);
});
