/**
 * The short readable text an MCP tool result leads with: grade, score, where the answer came from
 * (scan id, new or reused) and the few problems that matter most with their fixes (each tool says
 * which: its entry's findingsOf), so an agent can answer from it alone.
 */
import { textOf } from '../tools/json-details.ts';
import type { Finding, ToolEntry } from '../tools/tool-entry.ts';
import { FULL_RESULT_POINTER, findingsOfBody } from './compact.ts';
import type { Detail } from './compact-schemas.ts';

const TOP_FINDINGS = 3;

type Body = Record<string, unknown>;

/** How a scan answer came about: a new scan, a stored one reused for `maxAgeSec`, or one read back by id. */
type Provenance = 'scanned' | 'reused' | 'stored';

const PROVENANCE: Record<Provenance, (id: string, at: string, age: string) => string> = {
  scanned: (id, at) => `Scan id ${id}, scanned ${at}.`,
  reused: (id, at, age) =>
    `Cached: reused stored scan ${id} from ${at} (${age} old, within maxAgeSec). ` +
    'No new scan ran and no quota was spent.',
  stored: (id, at, age) => `Stored scan ${id} from ${at} (${age} old).`,
};

/** An age for people: seconds up to two minutes, then minutes, hours, days. */
function formatAge(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7_200) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.floor(seconds / 3_600)} h`;
  return `${Math.floor(seconds / 86_400)} days`;
}

/** One problem on one line: severity or score impact, and what is wrong (the fixes are in the structured result). */
function findingLine(f: Finding): string {
  const weight = f.severity !== undefined ? `[${f.severity}] ` : '';
  const impact = f.scoreImpact !== undefined ? ` (${f.scoreImpact})` : '';
  return `- ${weight}${f.title.replace(/\.$/, '')}${impact}`;
}

/**
 * The summary of a scan body (assessed or not): an execute body, or a stored scan read back.
 * `tool` reads its findings (absent for a scan of a tool no longer served); `ageSec` is the scan's age.
 */
export function summarizeScan(
  tool: Pick<ToolEntry, 'findingsOf'> | undefined,
  body: Body,
  provenance: Provenance,
  ageSec: number,
  detail: Detail = 'compact',
): string {
  const result = (body['result'] ?? {}) as Body;
  const lines = [`${textOf(body['toolName'])} scan of ${textOf(body['target'])}:`];
  const origin = PROVENANCE[provenance](textOf(body['scanId']), textOf(body['scannedAt']), formatAge(ageSec));
  const links = `Permalink: ${textOf(body['permalink'])} Tool page: ${textOf(body['uiUrl'])}`;
  const where = detail === 'full' ? 'The structured result is the complete result.' : FULL_RESULT_POINTER;
  if (body['grade'] === null || body['grade'] === undefined) {
    lines[0] += ` not assessed. ${textOf(result['message'] ?? '')}`.trimEnd();
    return [...lines, origin, links].join('\n');
  }
  // The result's message repeats the top problems, which follow.
  lines[0] += ` grade ${textOf(body['grade'])}, score ${textOf(body['gradeScore'])} (${textOf(result['status'])}).`;
  lines.push(origin);
  const findings = findingsOfBody(tool, body);
  if (tool && findings.length === 0) lines.push('No problems found.');
  else if (tool)
    lines.push(
      `Top problems (${Math.min(findings.length, TOP_FINDINGS)} of ${findings.length}; ` +
        'the structured result has the fixes):',
      ...findings.slice(0, TOP_FINDINGS).map(findingLine),
    );
  lines.push(`${links}`, where);
  return lines.join('\n');
}

const HISTORY_LINES = 10;

/** The summary of a target's history: how many scans are kept, then the newest few, one line each. */
export function summarizeHistory(body: Body): string {
  const scans = Array.isArray(body['scans']) ? (body['scans'] as Body[]) : [];
  const subject = (count: number) =>
    `${textOf(body['toolName'])} scan${count === 1 ? '' : 's'} of ${textOf(body['target'])}`;
  if (scans.length === 0) return `No kept ${subject(0)} (results are kept 30 days). Run the scan tool to make one.`;
  const shown = scans.slice(0, HISTORY_LINES).map((s) => {
    const grade =
      s['grade'] === null ? 'not assessed' : `grade ${textOf(s['grade'])}, score ${textOf(s['gradeScore'])}`;
    return `- ${textOf(s['scannedAt'])}: ${grade} (${textOf(s['status'])}), scan id ${textOf(s['scanId'])}`;
  });
  const more = scans.length > HISTORY_LINES ? ` (the ${HISTORY_LINES} newest here)` : '';
  return [
    `${scans.length} kept ${subject(scans.length)}, newest first${more}:`,
    ...shown,
    'get_scan with a scan id returns the full result; structuredContent lists every scan with its permalink.',
  ].join('\n');
}

/** The text of a refusal: what happened, then what to do (the MCP hint, which names any wait). */
export function summarizeProblem(problem: Body): string {
  const error = (problem['error'] ?? {}) as Body;
  const text = `${textOf(problem['code'])} (${textOf(problem['status'])}): ${textOf(problem['detail'])}`;
  return `${text} ${textOf(error['hint'] ?? '')}`.trimEnd();
}
