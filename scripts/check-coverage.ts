/**
 * The last step of `npm run coverage`: every file in src/ covers at least `minLines` % of its lines
 * (coverage/coverage-summary.json, written by c8), or coverage.config.json says in one line why not.
 *
 * Fails on a file under the bar without a reason, on a reason that is empty or spans lines, and on
 * an exception that no longer applies (its files all reach the bar, or it names no file), so the
 * list stays true. A key ending in `/` covers a folder whose files are all under the bar. Files with no runtime
 * code (types only: esbuild compiles them to nothing) have no lines to cover and need no reason.
 */
import { transformSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';

interface CoverageConfig {
  minLines: number;
  exceptions: Record<string, string>;
}

interface Totals {
  total: number;
  covered: number;
  pct: number;
}

type Summary = Record<string, { lines: Totals; branches: Totals }>;

const config = JSON.parse(readFileSync('coverage.config.json', 'utf8')) as CoverageConfig;
const summary = JSON.parse(readFileSync('coverage/coverage-summary.json', 'utf8')) as Summary;

const files = Object.entries(summary)
  .filter(([file]) => file !== 'total')
  .map(([file, totals]) => ({ path: relative('.', file).split(sep).join('/'), lines: totals.lines }))
  .filter((file) => file.path.startsWith('src/'));

const exceptionFor = (path: string): string | undefined =>
  Object.keys(config.exceptions).find((key) => (key.endsWith('/') ? path.startsWith(key) : path === key));

function typesOnly(path: string): boolean {
  const { code } = transformSync(readFileSync(path, 'utf8'), { loader: 'ts', format: 'esm' });
  return code.trim() === '';
}

const problems: string[] = [];
const excused: string[] = [];
const typeModules: string[] = [];
const usedExceptions = new Set<string>();

for (const file of files) {
  const key = exceptionFor(file.path);
  if (file.lines.pct >= config.minLines) continue;
  if (typesOnly(file.path)) {
    typeModules.push(file.path);
    continue;
  }
  if (key === undefined) {
    problems.push(
      `${file.path}: ${file.lines.pct} % of lines, under ${config.minLines} %: ` +
        'add tests, or a one-line reason under "exceptions" in coverage.config.json',
    );
    continue;
  }
  usedExceptions.add(key);
  excused.push(`${file.path}: ${file.lines.pct} % (${config.exceptions[key]})`);
}

for (const [key, reason] of Object.entries(config.exceptions)) {
  if (reason.trim() === '' || /[\r\n]/.test(reason)) {
    problems.push(`coverage.config.json: the reason for ${key} must be one line`);
  }
  if (!files.some((file) => exceptionFor(file.path) === key)) {
    problems.push(`coverage.config.json: the exception for ${key} names no file in the report: remove it`);
  } else if (!usedExceptions.has(key)) {
    problems.push(
      `coverage.config.json: every file under ${key} now reaches ${config.minLines} % of lines: remove the exception`,
    );
  } else if (key.endsWith('/')) {
    // A folder may be excused only as a whole: a broad key ("src/") must not hide new files.
    const reaching = files.filter((file) => exceptionFor(file.path) === key && file.lines.pct >= config.minLines);
    if (reaching.length > 0) {
      problems.push(
        `coverage.config.json: ${key} also covers files that reach ${config.minLines} % ` +
          `(${reaching.map((file) => file.path).join(', ')}): name the files under the bar instead`,
      );
    }
  }
}

const total = summary['total'];
if (total !== undefined) {
  console.log(`src/: ${total.lines.pct} % of lines, ${total.branches.pct} % of branches (${files.length} files)`);
}
if (typeModules.length > 0) console.log(`types only, nothing to cover: ${typeModules.join(', ')}`);
for (const line of excused) console.log(`under ${config.minLines} % by exception: ${line}`);
for (const line of problems) console.error(line);
if (problems.length > 0) process.exit(1);
