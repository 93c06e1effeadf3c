/**
 * What one run of `agent-scan` came to, read from the API's answer (in-process or a deployment's),
 * and the exit code it gives (docs/cli.md, "Exit codes").
 */
import { GRADE_SCALE, isAtLeast, type Grade } from '../../../src/tools/grading.ts';

/** An answer's JSON body, as the API sends it. */
export type Body = Record<string, unknown>;

/** An answer's status and JSON body; status null when no answer came. */
export interface Answer {
  status: number | null;
  body: Body | null;
  /** Why no answer came (a network failure or a time-out). */
  failure?: string;
  /** The answer's media type, to say what came when it is not this API's. */
  contentType?: string | null;
}

export type ScanOutcome =
  /** 200: the target was graded. */
  | { kind: 'graded'; grade: Grade; body: Body }
  /** 422: the scan ran but could not assess its target; the body is the problem and the envelope. */
  | { kind: 'unassessed'; body: Body }
  /** Anything else: the scan did not run (a refused request, a quota, a service or network failure). */
  | { kind: 'refused'; status: number | null; body: Body | null; reason: string };

/** The environment's settings for an in-process scan are wrong: the message lists every problem. */
export class SettingsError extends Error {}

export const EXIT = { ok: 0, belowMinimum: 1, unassessed: 2, refused: 3, usage: 64, output: 74 } as const;

const gradeOf = (body: Body): Grade | undefined => GRADE_SCALE.find((g) => g === body['grade']);

export function outcomeOf({ status, body, failure, contentType }: Answer): ScanOutcome {
  if (status === null) return { kind: 'refused', status, body, reason: failure ?? 'no answer' };
  const grade = body && gradeOf(body);
  if (status === 200 && body && grade) return { kind: 'graded', grade, body };
  if (status === 422 && body && 'toolName' in body) return { kind: 'unassessed', body };
  if (!isProblem(body)) {
    const what = `HTTP ${status}${contentType ? `, ${contentType.slice(0, 60)}` : ''}`;
    return { kind: 'refused', status, body, reason: `the answer (${what}) is not this API's: check --api` };
  }
  return { kind: 'refused', status, body, reason: problemText(status, body) };
}

/** A problem answer of this API (docs/api-behaviour.md): a title and a status at least. */
const isProblem = (body: Body | null): body is Body =>
  body !== null && typeof body['title'] === 'string' && typeof body['status'] === 'number';

/** A problem's title and what it says, in one line. */
function problemText(status: number, body: Body): string {
  const error = body['error'] as Body | undefined;
  const message = error?.['message'] ?? body['detail'];
  return typeof message === 'string'
    ? `${String(body['title'])}: ${message}`
    : `${String(body['title'])} (HTTP ${status})`;
}

export function exitCodeOf(outcome: ScanOutcome, minGrade: Grade | null): number {
  if (outcome.kind === 'refused') return EXIT.refused;
  if (outcome.kind === 'unassessed') return EXIT.unassessed;
  return minGrade && !isAtLeast(outcome.grade, minGrade) ? EXIT.belowMinimum : EXIT.ok;
}
