/**
 * What `agent-scan` prints for people: a short summary for the terminal, and Markdown for a
 * GitHub Actions job summary. The problems listed, most important first, are those the MCP
 * compact result lists (each tool's `findingsOf`).
 */
import { findTool } from '../../../src/tools/registry.ts';
import type { Grade } from '../../../src/tools/grading.ts';
import type { Finding } from '../../../src/tools/tool-entry.ts';
import type { Body, ScanOutcome } from './outcome.ts';

/** Past this many problems, the rest are counted, not listed. */
const LISTED = 10;

/**
 * A string from the answer as printed: without control characters (a hostile deployment's escape
 * sequences must not reach the terminal or the job summary), tabs and line breaks aside.
 */
const text = (value: unknown) =>
  typeof value === 'string' ? value.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '') : '';

/** A link target from the answer, when it is one: http(s) only. */
const linkOf = (value: unknown) => (/^https?:\/\/[^\s()<>]+$/.test(text(value)) ? text(value) : null);

/** The problems worth acting on: failed tests, or findings above `info`. */
function problemsOf(body: Body): Finding[] {
  const tool = findTool(text(body['toolName']));
  const result = (body['result'] ?? {}) as Body;
  const details = (result['details'] ?? {}) as Body;
  return (tool?.findingsOf(details) ?? []).filter((f) => f.severity !== 'info');
}

/** A problem's hint: the REST body's `error.hint`. */
const hintOf = (body: Body | null) => text((body?.['error'] as Body | undefined)?.['hint']);

/** An in-process scan refused a loopback or private address: the flag that allows it. */
function allowPrivateNote(body: Body, remote: boolean): string[] {
  const details = (((body['result'] ?? {}) as Body)['details'] ?? {}) as Body;
  return !remote && details['reason'] === 'blocked-address'
    ? ['To scan a loopback or private address from this machine, pass --allow-private.']
    : [];
}

const weightOf = (f: Finding) => (f.severity ?? (f.scoreImpact === undefined ? '' : String(f.scoreImpact))) || '-';

function verdict(grade: Grade, minGrade: Grade | null, below: boolean): string {
  if (!minGrade) return '';
  return below ? `below the minimum grade ${minGrade}` : `at or above the minimum grade ${minGrade}`;
}

/** The terminal summary. `remote`: the envelope's links lead to a running deployment. */
export function summaryText(
  outcome: ScanOutcome,
  options: { minGrade: Grade | null; below: boolean; remote: boolean },
): string {
  if (outcome.kind === 'refused') {
    const hint = hintOf(outcome.body);
    return `The scan did not run: ${outcome.reason}\n${hint ? `${hint}\n` : ''}`;
  }
  const body = outcome.body;
  const head = `${text(body['toolName'])} ${text(body['target'])}`;
  const result = (body['result'] ?? {}) as Body;
  const lines: string[] = [];
  if (outcome.kind === 'unassessed') {
    lines.push(
      `${head}: not assessed`,
      text(body['detail']),
      `What to do: ${hintOf(body)}`,
      ...allowPrivateNote(body, options.remote),
    );
  } else {
    const judged = verdict(outcome.grade, options.minGrade, options.below);
    lines.push(
      `${head}: grade ${outcome.grade} (${String(body['gradeScore'])}/100), ${text(result['status'])}` +
        (judged ? `, ${judged}` : ''),
    );
    const problems = problemsOf(body);
    if (problems.length > 0) lines.push('', 'To fix, most important first:');
    for (const p of problems.slice(0, LISTED)) lines.push(`  [${weightOf(p)}] ${p.title}`, `      ${p.fix}`);
    if (problems.length > LISTED) lines.push(`  … and ${problems.length - LISTED} more (--json lists every one)`);
  }
  const permalink = linkOf(body['permalink']);
  if (options.remote && permalink) lines.push('', `Full result: ${permalink}`);
  return `${lines.join('\n')}\n`;
}

/** A Markdown table cell: one line, no column breaks. */
const cell = (value: string) => value.replace(/\s+/g, ' ').replace(/\|/g, '\\|');

/** The job summary's section for this run. */
export function summaryMarkdown(
  outcome: ScanOutcome,
  options: { tool: string; target: string; minGrade: Grade | null; below: boolean; remote: boolean },
): string {
  const lines = [`### agent-scan ${options.tool}: ${cell(options.target)}`, ''];
  if (outcome.kind === 'refused') {
    lines.push(`**The scan did not run.** ${cell(outcome.reason)}`);
  } else if (outcome.kind === 'unassessed') {
    lines.push(`**Not assessed.** ${cell(text(outcome.body['detail']))}`, '', cell(hintOf(outcome.body)));
  } else {
    const body = outcome.body;
    const judged = verdict(outcome.grade, options.minGrade, options.below);
    const status = text(((body['result'] ?? {}) as Body)['status']);
    lines.push(
      `**Grade ${outcome.grade}** (${String(body['gradeScore'])}/100), ${status}${judged ? `, ${judged}` : ''}`,
    );
    const problems = problemsOf(body);
    if (problems.length > 0) {
      lines.push('', '| | To fix | How |', '| --- | --- | --- |');
      for (const p of problems.slice(0, LISTED)) lines.push(`| ${weightOf(p)} | ${cell(p.title)} | ${cell(p.fix)} |`);
      if (problems.length > LISTED) lines.push('', `… and ${problems.length - LISTED} more.`);
    }
  }
  const permalink = outcome.kind === 'refused' ? null : linkOf(outcome.body['permalink']);
  if (options.remote && permalink) lines.push('', `[Full result](${permalink})`);
  return `${lines.join('\n')}\n\n`;
}
