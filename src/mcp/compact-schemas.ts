/**
 * The shapes only MCP has: the `detail` argument every scan tool and get_scan take, and the
 * compact result they answer with by default. `detail: "full"` answers with the REST bodies
 * (src/contract/response-schemas.ts, stored-scan-schemas.ts) instead; its output schema is the
 * outline (src/contract/scan-envelope.ts).
 */
import * as v from 'valibot';
import { ALLOWLISTED_TOOLS } from '../tools/registry.ts';

export const DETAILS = ['compact', 'full'] as const;
export type Detail = (typeof DETAILS)[number];

/** Most findings a compact result lists; the full result has them all. */
export const COMPACT_FINDINGS = 5;

/**
 * Fewer are listed when more would take the compact result past this many bytes of JSON: with the
 * summary and the serialized copy the MCP specification asks for, a whole answer stays under 4 KB.
 */
export const COMPACT_MAX_BYTES = 1_600;

export const DetailSchema = v.pipe(
  v.picklist(DETAILS, '"detail" must be "compact" or "full".'),
  v.description(
    'How much to return. "compact" (the default) gives the grade, the score, ' +
      `the ${COMPACT_FINDINGS} most important problems with their fixes, and links, in about 2 KB. ` +
      '"full" gives the complete result with every test, record and DNS answer, often 10 to 35 KB.',
  ),
);

const FindingSchema = v.object({
  title: v.pipe(v.string(), v.description('What is wrong, in words.')),
  severity: v.optional(v.pipe(v.string(), v.description('email-security: critical, high, medium, low or info.'))),
  scoreImpact: v.optional(
    v.pipe(v.number(), v.description('security-headers: the points this failed test took off the score.')),
  ),
  fix: v.pipe(v.string(), v.description('What to change.')),
});

export const CompactScanSchema = v.pipe(
  v.object({
    detail: v.literal('compact'),
    toolName: v.picklist(ALLOWLISTED_TOOLS.map((t) => t.name)),
    target: v.pipe(v.string(), v.description('The normalised target.')),
    assessed: v.pipe(v.boolean(), v.description('False when the scan ran but could not assess the target.')),
    grade: v.pipe(v.nullable(v.string()), v.description('Letter grade; null when not assessed.')),
    gradeScore: v.pipe(v.nullable(v.number()), v.description('Numeric score; null when not assessed.')),
    status: v.pipe(v.string(), v.description('The result status, e.g. passed, warnings, failed.')),
    message: v.pipe(v.string(), v.description('The result in one line.')),
    reason: v.optional(v.pipe(v.string(), v.description('When not assessed: why, as a short code such as dns.'))),
    findings: v.pipe(
      v.array(FindingSchema),
      v.description('The failing tests or findings, most important first, each with its fix.'),
    ),
    findingsTotal: v.pipe(v.number(), v.integer(), v.description('How many the full result has.')),
    next: v.pipe(v.string(), v.description('What to do next, and how to read the full result.')),
    scanId: v.pipe(v.string(), v.description('get_scan reads the scan back by this id for 30 days.')),
    scannedAt: v.pipe(v.string(), v.description('When the scan finished (RFC 3339, UTC).')),
    cached: v.pipe(v.boolean(), v.description('True when a kept scan answered instead of a new one.')),
    permalink: v.pipe(v.string(), v.url(), v.description('The result as a web page to share.')),
    uiUrl: v.pipe(v.string(), v.url(), v.description("The tool's web page.")),
  }),
  v.title('CompactScan'),
  v.description('The default result: grade, score, the problems that matter with their fixes, and links.'),
);
