/**
 * The compact result a scan tool and get_scan answer with by default: the few facts an agent acts
 * on (grade, score, the problems that matter with their fixes, links), a few KB where the full
 * result is often 10 to 35 KB. The full result stays one call away (get_scan with `detail: "full"`).
 */
import { textOf } from '../tools/json-details.ts';
import { unassessedCause } from '../tools/unassessed-causes.ts';
import type { Finding, ToolEntry } from '../tools/tool-entry.ts';
import { COMPACT_FINDINGS, COMPACT_MAX_BYTES } from './compact-schemas.ts';

type Body = Record<string, unknown>;

/** Where the full result is: the kept scan, read back without scanning again. */
export const FULL_RESULT_POINTER = 'Full result: get_scan with this scanId and detail "full" (no new scan).';

/** The problems of an assessed scan body, most important first (none for a tool no longer served). */
export function findingsOfBody(tool: Pick<ToolEntry, 'findingsOf'> | undefined, body: Body): Finding[] {
  const result = (body['result'] ?? {}) as Body;
  if (body['assessed'] === false || !tool) return [];
  return tool.findingsOf((result['details'] ?? {}) as Body);
}

/** What to do: for a target not assessed, its cause's own step (the table the pages and REST use). */
function nextStep(assessed: boolean, reason: unknown, listed: number, total: number): string {
  const left = total - listed;
  const more = left > 0 ? `${left} more problem${left === 1 ? ' is' : 's are'} in the full result. ` : '';
  const cause = assessed ? '' : `${unassessedCause(reason).next} `;
  return `${cause}${more}${FULL_RESULT_POINTER}`;
}

/** The compact result of a scan body (an execute answer, assessed or not, or a kept scan). */
export function compactScan(tool: Pick<ToolEntry, 'findingsOf'> | undefined, body: Body): Body {
  const result = (body['result'] ?? {}) as Body;
  const details = (result['details'] ?? {}) as Body;
  const assessed = body['assessed'] !== false;
  const findings = findingsOfBody(tool, body);
  const compactOf = (listed: number): Body => ({
    detail: 'compact',
    toolName: body['toolName'],
    target: body['target'],
    assessed,
    grade: body['grade'] ?? null,
    gradeScore: body['gradeScore'] ?? null,
    status: textOf(result['status'] ?? ''),
    message: textOf(result['message'] ?? ''),
    ...(!assessed && typeof details['reason'] === 'string' ? { reason: details['reason'] } : {}),
    findings: findings.slice(0, listed),
    findingsTotal: findings.length,
    next: nextStep(assessed, details['reason'], listed, findings.length),
    scanId: body['scanId'],
    scannedAt: body['scannedAt'],
    cached: body['cached'] === true,
    permalink: body['permalink'],
    uiUrl: body['uiUrl'],
  });
  let listed = Math.min(findings.length, COMPACT_FINDINGS);
  while (listed > 1 && JSON.stringify(compactOf(listed)).length > COMPACT_MAX_BYTES) listed--;
  return compactOf(listed);
}
