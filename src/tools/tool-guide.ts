/**
 * What a tool is for and how its result reads, for people and agents: the skill files, tool pages,
 * error pages and site navigation are written from each tool's guide (src/tools/<tool>/guide.ts)
 * plus its definition (grade scale, score range).
 */
export interface ToolGuide {
  /** The tool's name in the site navigation. */
  navLabel: string;
  /** Label of the target field on the tool page. */
  targetLabel: string;
  /** The skill's front-matter description: what it does and when to use it (≤ 1024 characters). */
  skillDescription: string;
  whenToUse: string[];
  whenNotToUse: string[];
  /** A request body for the examples. */
  exampleBody: Record<string, unknown>;
  /** `result.status` values and what each means. */
  statuses: [status: string, meaning: string][];
  /** The main fields of `result.details` on a 200. */
  detailFields: [field: string, meaning: string][];
  /** `result.details.reason` values of a 422. */
  notAssessedReasons: [reason: string, meaning: string][];
  /** How to turn a result into advice. */
  readingTips: string[];
  /** The bad_request error page: why this tool refuses a target (or its other input). */
  invalidInputCauses: string[];
  /** The unprocessable_entity error page: why this tool could not assess a target. */
  notAssessedCauses: string[];
  /** The unprocessable_entity error page: which target to try instead, after "for <tool>". */
  targetAdvice: string;
}

/** The reasons the scan pipeline stops a scan with (src/scan/run.ts), shared by every tool. */
export const SHARED_422_REASONS: [string, string][] = [
  [
    'timeout',
    'the scan did not finish within its deadline (30 s; email-security reads DNS for at most 20 s); retry later',
  ],
  ['client-closed', 'the connection closed before the scan finished'],
];
