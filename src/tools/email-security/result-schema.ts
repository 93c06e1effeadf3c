/**
 * The schema of the `result` an email-security scan returns (src/tools/email-security/analyze.ts):
 * its details when the domain was graded (200) and when it could not be (422); its status is in
 * status-schema.ts. docs/email-security-grading.md explains the grade; the sections are in
 * result-schema-sections.ts, the parsed records they carry in result-schema-records.ts.
 */
import * as v from 'valibot';
import { GRADE_SCALE } from '../grading.ts';
import { findingEntries, SECTION_NAMES, SectionsSchema, SelectorsSchema } from './result-schema-sections.ts';
import { count, described, flag, oneOf, text, texts } from './result-schema-records.ts';

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
  category: oneOf(['dmarc', 'spf', 'dkim', 'transport'], 'The category the item scores in.'),
  item: oneOf(SCORE_ITEMS, 'What the points are for.'),
  earned: count('Points earned.'),
  max: count('Points possible.'),
});
export type ScoreItem = v.InferOutput<typeof ScoreItemSchema>;

const BulkSenderSchema = v.object({
  ready: described(
    v.union([v.boolean(), v.picklist(['unknown', 'not-applicable'])]),
    'true: every DNS-visible requirement is met; unknown: DKIM unconfirmed; not-applicable: sends no mail.',
  ),
  spf: flag('A valid SPF record is published.'),
  dkim: described(v.union([v.boolean(), v.literal('unknown')]), 'A usable DKIM key was found; unknown: unconfirmed.'),
  dmarc: flag('A valid DMARC record (any policy) applies.'),
  missing: texts('What the domain lacks for the bulk-sender rules, for people.'),
  notCheckableFromDns: texts('Requirements DNS cannot show (alignment, PTR, TLS, spam rate, unsubscribe).'),
});
export type BulkSenderReadiness = v.InferOutput<typeof BulkSenderSchema>;

export const EmailSecurityDetailsSchema = v.pipe(
  v.object({
    domain: text('The domain graded.'),
    score: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100), v.description('Score from 0 to 100.')),
    grade: oneOf(GRADE_SCALE, 'The letter of the score.'),
    parked: flag('The domain publishes that it sends no mail (null MX, or no MX and v=spf1 -all).'),
    caps: texts('Why the grade was capped, for people, e.g. "no valid DMARC record: at most D".'),
    incomplete: described(v.array(v.picklist(SECTION_NAMES)), 'Sections the scan deadline cut short.'),
    scoreItems: described(v.array(ScoreItemSchema), 'Every item of the score with its points.'),
    bulkSender: described(BulkSenderSchema, 'Readiness for the Google, Yahoo and Microsoft bulk-sender rules.'),
    sections: described(SectionsSchema, 'Each mechanism checked, with its records and findings.'),
    findings: described(
      v.array(
        v.object({
          ...findingEntries,
          section: oneOf(SECTION_NAMES, 'The section that reports it.'),
        }),
      ),
      "Every section's findings, most severe first.",
    ),
    queries: count('DNS queries the scan made.'),
    selectors: described(SelectorsSchema, 'The DKIM selectors requested and tried.'),
  }),
  v.title('EmailSecurityDetails'),
  v.description('result.details of a graded email-security scan.'),
);

/** A reason the domain could not be graded, and what comes with it. */
const unassessed = <const R extends string>(reason: R, description: string) =>
  v.object({
    reason: described(v.literal(reason), description),
    domain: text('The domain scanned.'),
    queries: count('DNS queries the scan made.'),
  });

export const EmailSecurityUnassessedDetailsSchema = v.pipe(
  v.variant('reason', [
    unassessed('nxdomain', 'The domain does not exist (NXDOMAIN at the apex).'),
    unassessed('dns-failure', "DNS failed (SERVFAIL or time-out) for the domain's SPF, DMARC and MX lookups."),
    unassessed('timeout', 'The scan deadline came before the SPF, DMARC and MX records were read.'),
  ]),
  v.title('EmailSecurityUnassessedDetails'),
  v.description('result.details of an email-security scan that could not grade the domain (422).'),
);
