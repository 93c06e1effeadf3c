/**
 * What a tool is for and how its result reads, for people and agents: the skill files, tool pages,
 * error pages and site navigation are written from each tool's guide (src/tools/<tool>/guide.ts)
 * plus its definition (grade scale, score range). What every tool shares (reusing results, reading
 * kept scans, the quota headers) is written once here.
 */
import { SCAN_RECORD_TTL_MS, SCANS_KEPT_PER_TARGET } from '../store/port.ts';

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

/** The `maxAgeSec` agents are told to send: the scan quota's window, an hour. */
export const SUGGESTED_MAX_AGE_SEC = 3600;

export interface StoredScanGuideOptions {
  /** GET URL of one stored scan, with `{scanId}` in it. */
  scanUrl: string;
  /** GET URL of a history, with `{target}` (and `{tool}` when not for one tool) in it. */
  historyUrl: string;
  /** The largest `maxAgeSec` accepted. */
  maxAgeLimitSec: number;
  /** Whether to mention DKIM `selectors`. */
  selectors: boolean;
}

/** How to reuse results and read kept scans, one Markdown sentence per fact, for the skills and llms.txt. */
export function storedScanGuide(options: StoredScanGuideOptions): string[] {
  const days = SCAN_RECORD_TTL_MS / 86_400_000;
  return [
    `Instead of scanning the same target again, send \`"maxAgeSec": ${SUGGESTED_MAX_AGE_SEC}\` in the body: ` +
      'a stored result of the same tool and target younger than that many seconds answers instead ' +
      `(0 to ${options.maxAgeLimitSec}; the default 0 always scans).`,
    'A reused answer has `"cached": true`, the original `scanId` and `scannedAt`, ' +
      'and an `Age` header with its age in seconds.',
    'A reused answer spends no scan quota; only a new scan counts against it.',
    ...(options.selectors
      ? ['For email-security, a stored result is reused only when its scan checked every DKIM selector in `selectors`.']
      : []),
    'Leave out `maxAgeSec` only when the user changed something or asks for a fresh result.',
    'Every answer that ran a scan (200 or 422) carries `scanId`, `scannedAt`, `assessed`, `cached`, ' +
      '`scanUrl` (the JSON) and `permalink` (a web page to give people).',
    `Fetch a stored scan with \`GET ${options.scanUrl}\`: 200 with the same envelope, also for a scan that ` +
      'could not assess its target (`assessed: false`, `grade: null`), or 404 when the id is unknown or expired.',
    `List the earlier scans of a target, newest first, with \`GET ${options.historyUrl}\` ` +
      '(the target URL-encoded, as you would send it to execute).',
    `Results are kept ${days} days, at most the ${SCANS_KEPT_PER_TARGET} newest per tool and target.`,
    'Reading a stored scan or a history counts against the per-minute limit, never against the scan quota.',
  ];
}

/** What the rate-limit headers of an execute answer say about the scan quota, one Markdown sentence per fact. */
export function quotaHeaderGuide(scansPerHourPerClient: number): string[] {
  return [
    'An execute answer that ran a scan lists two policies in `RateLimit-Policy` and `RateLimit`: ' +
      '`"per-minute"` and the scan-quota window closest to running out, ' +
      `e.g. \`"scans-per-hour-per-client";q=${scansPerHourPerClient};w=3600\`; its \`r=\` value is the scans left.`,
    '`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `X-RateLimit-*` describe the per-minute ' +
      'limit, except on a scan-quota 429, where they describe the refusing quota window ' +
      'and `RateLimit-Reset` equals `Retry-After`.',
    'A reused (cached) answer lists only the per-minute policy, as it spends no scan quota.',
  ];
}
