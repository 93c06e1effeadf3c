/**
 * The schema of the `result` an email-security scan returns (src/tools/email-security/analyze.ts):
 * its details when the domain was graded (200) and when it could not be (422); its status is in
 * status-schema.ts. docs/email-security-grading.md explains the grade; the sections are in
 * result-schema-sections.ts, the parsed records they carry in result-schema-records.ts.
 */
import * as v from 'valibot';
import { GRADE_SCALE } from '../grading.ts';
import { findingEntries, SECTION_NAMES, SectionsSchema, SelectorsSchema } from './result-schema-sections.ts';
import { described, flag, oneOf, whole } from './result-schema-records.ts';

/** The items of the score, as grade.ts names them. */
const SCORE_ITEMS = [
  'one valid DMARC record',
  'policy strength',
  'subdomains as strict as the domain',
  'aggregate reports to authorized destinations',
  'one valid SPF record',
  'within the lookup and void-lookup limits',
  'terminal policy (-all best)',
  'DKIM keys found and strong',
  'MTA-STS policy in enforce mode',
  'TLS-RPT reporting',
  'BIMI record valid',
  'DNSSEC-signed answers',
  'null MX for a domain without mail',
  'MX hosts that resolve',
] as const;

const ScoreItemSchema = v.object({
  category: oneOf(['dmarc', 'spf', 'dkim', 'transport'], 'transport: MTA-STS, TLS-RPT, BIMI, DNSSEC, MX.'),
  item: oneOf(SCORE_ITEMS, 'What the points are for.'),
  earned: whole,
  max: whole,
});
export type ScoreItem = v.InferOutput<typeof ScoreItemSchema>;

const BulkSenderSchema = v.object({
  ready: described(
    v.union([v.boolean(), v.picklist(['unknown', 'not-applicable'])]),
    'unknown: DKIM unconfirmed; not-applicable: sends no mail.',
  ),
  spf: v.boolean(),
  dkim: described(v.union([v.boolean(), v.literal('unknown')]), 'unknown: unconfirmed.'),
  dmarc: v.boolean(),
  missing: v.array(v.string()),
  notCheckableFromDns: v.array(v.string()),
});
export type BulkSenderReadiness = v.InferOutput<typeof BulkSenderSchema>;

export const EmailSecurityDetailsSchema = v.pipe(
  v.object({
    domain: v.string(),
    score: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
    grade: oneOf(GRADE_SCALE, 'The letter of `score`.'),
    parked: flag('Sends no mail: null MX, or no MX and v=spf1 -all.'),
    caps: v.array(v.string()),
    incomplete: described(v.array(v.picklist(SECTION_NAMES)), 'Cut short by the deadline.'),
    scoreItems: described(v.array(ScoreItemSchema), '`earned` of `max` points, per item.'),
    bulkSender: described(BulkSenderSchema, 'Google, Yahoo and Microsoft bulk-sender rules; `dmarc`: any policy.'),
    sections: described(SectionsSchema, 'Per mechanism: `summary` for people; `records` read, as published.'),
    findings: described(
      v.array(v.object({ ...findingEntries, section: oneOf(SECTION_NAMES, 'Reporting section.') })),
      "Every section's, most severe first.",
    ),
    queries: whole,
    selectors: described(SelectorsSchema, 'DKIM; `tried`: the requested first.'),
  }),
  v.title('EmailSecurityDetails'),
  v.description('How it is graded: docs/email-security-grading.md.'),
);

/** A reason the domain could not be graded, and what comes with it. */
const unassessed = <const R extends string>(reason: R) =>
  v.object({ reason: v.literal(reason), domain: v.string(), queries: whole });

export const EmailSecurityUnassessedDetailsSchema = v.pipe(
  v.variant('reason', [unassessed('nxdomain'), unassessed('dns-failure'), unassessed('timeout')]),
  v.title('EmailSecurityUnassessedDetails'),
  v.description(
    'nxdomain: at the apex; dns-failure: SPF, DMARC and MX lookups failed; timeout: the deadline came first.',
  ),
);
