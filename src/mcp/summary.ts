/**
 * The short readable text an MCP tool result leads with: grade, score, where the answer came from
 * (scan id, new or reused) and the few findings that matter most (each tool says which: its
 * entry's summarizeFindings), so an agent can answer from it without reading the whole envelope.
 */
import { textOf } from '../tools/json-details.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';

const TOP_FINDINGS = 3;

type Body = Record<string, unknown>;

/** How a scan answer came about: a new scan, a stored one reused for `maxAgeSec`, or one read back by id. */
type Provenance = 'scanned' | 'reused' | 'stored';

const PROVENANCE: Record<Provenance, (id: string, at: string, age: string) => string> = {
  scanned: (id, at) => `Scan id ${id}, scanned ${at}.`,
  reused: (id, at, age) =>
    `Cached: reused stored scan ${id} from ${at} (${age} old, within maxAgeSec); ` +
    'no new scan ran and no quota was spent.',
  stored: (id, at, age) => `Stored scan ${id} from ${at} (${age} old).`,
};

/** An age for people: seconds up to two minutes, then minutes, hours, days. */
function formatAge(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7_200) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.floor(seconds / 3_600)} h`;
  return `${Math.floor(seconds / 86_400)} days`;
}

/**
 * The summary of a scan body (assessed or not): an execute body, or a stored scan read back.
 * `tool` reads its findings (absent for a scan of a tool no longer served); `ageSec` is the scan's age.
 */
export function summarizeScan(
  tool: Pick<ToolEntry, 'summarizeFindings'> | undefined,
  body: Body,
  provenance: Provenance,
  ageSec: number,
): string {
  const result = (body['result'] ?? {}) as Body;
  const details = (result['details'] ?? {}) as Body;
  const lines = [`${textOf(body['toolName'])} scan of ${textOf(body['target'])}:`];
  const origin = PROVENANCE[provenance](textOf(body['scanId']), textOf(body['scannedAt']), formatAge(ageSec));
  const links = `Permalink: ${textOf(body['permalink'])} Tool page: ${textOf(body['uiUrl'])}`;
  if (body['grade'] === null || body['grade'] === undefined) {
    lines[0] += ` not assessed. ${textOf(result['message'] ?? '')}`.trimEnd();
    return [...lines, origin, links].join('\n');
  }
  const score = textOf(body['gradeScore']);
  lines[0] += ` grade ${textOf(body['grade'])}, score ${score}. ${textOf(result['message'] ?? '')}`.trimEnd();
  lines.push(origin);
  const findings = tool?.summarizeFindings(details);
  if (findings?.length === 0) lines.push('No problems found.');
  else if (findings)
    lines.push(
      `Top findings (${Math.min(findings.length, TOP_FINDINGS)} of ${findings.length}):`,
      ...findings.slice(0, TOP_FINDINGS).map((f) => `- ${f}`),
    );
  lines.push(`The full result is in structuredContent (the same body as the REST API). ${links}`);
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

/** The text of a refusal: what happened, when to retry, what to do. */
export function summarizeProblem(problem: Body): string {
  const error = (problem['error'] ?? {}) as Body;
  const retry = typeof problem['retryAfterSec'] === 'number' ? ` Retry after ${problem['retryAfterSec']} s.` : '';
  const text = `${textOf(problem['code'])} (${textOf(problem['status'])}): ${textOf(problem['detail'])}${retry}`;
  return `${text} ${textOf(error['hint'] ?? '')}`.trimEnd();
}
