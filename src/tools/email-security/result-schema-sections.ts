/**
 * The schemas of the eight sections of an email-security result (`result.details.sections`): what
 * every section shares, the facts each hands the grader, and what else rides along in each. They
 * are the source of the sections' types (section.ts and each mechanism's analyze.ts read them).
 */
import * as v from 'valibot';
import type { PolicyFetch } from './capture.ts';
import { EMAIL_FINDING_IDS, FINDING_CATALOGUES, type SectionName } from './catalogues.ts';
import type { Finding } from './section.ts';
import {
  BimiRecordSchema,
  count,
  described,
  DkimKeyRecordSchema,
  DmarcPolicySchema,
  DmarcRecordSchema,
  flag,
  oneOf,
  type Output,
  orNull,
  PolicyFetchSchema,
  QUALIFIERS,
  ReportUriSchema,
  SeveritySchema,
  SpfRecordNodeSchema,
  StsPolicySchema,
  StsRecordSchema,
  TlsRptRecordSchema,
  whole,
} from './result-schema-records.ts';

/**
 * The id of a finding, of any section; the OpenAPI document names it EmailSecurityFindingId.
 * Which section reports which id is in catalogues.ts.
 */
export const FindingIdSchema = described(
  v.picklist<readonly string[]>(EMAIL_FINDING_IDS),
  'docs/email-security-grading.md says what each means.',
);

/** The members of a finding. */
export const findingEntries = {
  id: FindingIdSchema,
  severity: described(SeveritySchema, 'critical or high: result.status is not passed.'),
  title: v.string(),
  evidence: v.array(v.string()),
  recommendation: v.string(),
  rfc: v.exactOptional(v.string()),
  // Exactly the members of a Finding (section.ts): one added on either side only does not compile.
} satisfies Record<keyof Finding, v.GenericSchema>;

/** A finding as a section lists it; the OpenAPI document names it EmailSecurityFinding. */
export const FindingSchema = v.object(findingEntries);

/** pass: good; warn: works with weaknesses; fail: missing or broken; not-applicable; error: DNS failed. */
const SECTION_STATUSES = ['pass', 'warn', 'fail', 'not-applicable', 'error'] as const;
export type SectionStatus = (typeof SECTION_STATUSES)[number];

/**
 * The members every section has (`summary` and `records` are described once, on `sections` in
 * result-schema.ts); `statuses`: the ones this section can report.
 */
const sectionEntries = (statuses: readonly SectionStatus[]) => ({
  status: oneOf(statuses, 'warn: works with weaknesses; error: DNS failed.'),
  summary: v.string(),
  records: v.array(v.string()),
  findings: v.array(FindingSchema),
});

/** What every section has: its status, summary, records and findings (section.ts). */
export type Section = Output<ReturnType<typeof sectionEntries>>;

const RECORD_SECTION = ['pass', 'warn', 'fail', 'error'] as const;
const OPTIONAL_SECTION = SECTION_STATUSES;
const facts = <E extends v.ObjectEntries>(entries: E) => described(v.object(entries), 'What the grade reads.');

const MxFactsSchema = facts({
  state: oneOf(['mail', 'null-mx', 'none', 'error'], 'null-mx: RFC 7505; none: implicit MX.'),
  hosts: described(v.array(v.object({ preference: whole, exchange: v.string() })), 'Lowest preference first.'),
});
export type MxFacts = v.InferOutput<typeof MxFactsSchema>;

const MxSectionSchema = v.object({
  ...sectionEntries(RECORD_SECTION),
  facts: MxFactsSchema,
  hosts: described(
    v.array(
      v.object({
        preference: whole,
        exchange: v.string(),
        addresses: v.array(v.string()),
        resolves: orNull(v.boolean(), 'false: dangling; null: unknown.'),
        alias: v.boolean(),
      }),
    ),
    'Lowest first; no null MX or IP literal.',
  ),
});
export type MxSection = v.InferOutput<typeof MxSectionSchema>;

const PERMERROR_REASONS = [
  'syntax',
  'multiple-records',
  'too-many-lookups',
  'too-many-void-lookups',
  'too-many-mx',
  'loop',
  'include-missing',
  'include-invalid',
  'redirect-missing',
  'redirect-invalid',
] as const;

const SpfFactsSchema = facts({
  found: v.boolean(),
  valid: v.boolean(),
  permerror: orNull(
    v.object({
      reason: oneOf(PERMERROR_REASONS, 'too-many-*: RFC 7208 §4.6.4.'),
      detail: v.string(),
      position: v.exactOptional(whole),
    }),
    'null: none.',
  ),
  temperror: v.boolean(),
  all: orNull(v.picklist(QUALIFIERS), 'null: no all, even via redirect.'),
  // +all itself, ip4:0.0.0.0/0, a/0, an include of such a record, …
  passesEverySender: orNull(v.string(), 'The term; null: none.'),
  lookups: count('A lower bound when the tree was cut short.'),
  voidLookups: whole,
});
export type SpfFacts = v.InferOutput<typeof SpfFactsSchema>;

const SpfSectionSchema = v.object({
  ...sectionEntries(RECORD_SECTION),
  facts: SpfFactsSchema,
  record: orNull(v.string(), 'null unless exactly one.'),
  tree: SpfRecordNodeSchema,
  lookupsByMechanism: described(
    v.array(
      v.object({
        term: v.string(),
        target: orNull(v.string(), 'null: none.'),
        lookups: whole,
        voidLookups: whole,
      }),
    ),
    'Terms costing lookups; sum: facts.lookups.',
  ),
});
export type SpfSection = v.InferOutput<typeof SpfSectionSchema>;

const DmarcFactsSchema = facts({
  found: flag('A record applies, or several are published.'),
  valid: v.boolean(),
  multiple: v.boolean(),
  source: orNull(v.picklist(['domain', 'organizational', 'public-suffix']), 'null: none applies.'),
  policy: orNull(DmarcPolicySchema, 'null: none applies.'),
  subdomainPolicy: orNull(DmarcPolicySchema, 'null: none applies.'),
  nonExistentPolicy: orNull(DmarcPolicySchema, 'null: none applies.'),
  testing: v.boolean(),
  // Removed by RFC 9989: receivers still on RFC 7489 apply the next weaker policy to the rest of failing mail.
  percentage: orNull(whole, 'pct=; null: absent or invalid.'),
  aggregateReports: v.boolean(),
  externalDestinationsAuthorized: v.boolean(),
});
export type DmarcFacts = v.InferOutput<typeof DmarcFactsSchema>;

const DmarcSectionSchema = v.object({
  ...sectionEntries(RECORD_SECTION),
  facts: DmarcFactsSchema,
  record: orNull(DmarcRecordSchema, 'Own or inherited; null: none.'),
  policyDomain: orNull(v.string(), 'null: none applies.'),
  organizationalDomain: v.string(),
  walk: described(
    v.array(
      v.object({
        name: v.string(),
        outcome: oneOf(['record', 'multiple', 'none', 'failed'], 'multiple: all discarded.'),
        records: v.array(v.string()),
        record: orNull(DmarcRecordSchema, 'null unless outcome is record.'),
      }),
    ),
    'The RFC 9989 tree walk, per name asked.',
  ),
  destinations: described(
    v.array(
      v.object({
        tag: oneOf(['rua', 'ruf'], 'rua: aggregate; ruf: failure.'),
        uri: ReportUriSchema,
        external: v.boolean(),
        authorizationName: orNull(v.string(), 'null: internal.'),
        authorization: orNull(
          v.picklist(['authorized', 'unauthorized', 'unknown']),
          'unknown: unchecked; null: internal.',
        ),
      }),
    ),
    "The record's usable mailto: URIs.",
  ),
});
export type DmarcSection = v.InferOutput<typeof DmarcSectionSchema>;

const SELECTOR_LISTS = { requested: v.array(v.string()), tried: v.array(v.string()) };

const DkimFactsSchema = facts({
  state: oneOf(
    ['found', 'likely-present', 'not-found', 'not-applicable', 'error'],
    'likely-present: _domainkey exists.',
  ),
  keys: described(
    v.array(
      v.object({
        selector: v.string(),
        keyType: v.string(),
        bits: orNull(whole, 'null: Ed25519 or unreadable.'),
        revoked: v.boolean(),
        testing: v.boolean(),
        valid: v.boolean(),
      }),
    ),
    'One per selector.',
  ),
});
export type DkimFacts = v.InferOutput<typeof DkimFactsSchema>;

const DkimSectionSchema = v.object({
  ...sectionEntries(OPTIONAL_SECTION),
  facts: DkimFactsSchema,
  selectors: described(v.object(SELECTOR_LISTS), 'As details.selectors.'),
  providers: v.array(v.string()),
  baseNode: oneOf(['exists', 'absent', 'failed', 'not-asked'], '_domainkey.<domain>; absent: NXDOMAIN.'),
  results: described(
    v.array(
      v.object({
        selector: v.string(),
        name: v.string(),
        outcome: oneOf(
          ['key', 'other-txt', 'dangling', 'failed'],
          'other-txt: TXT but no key; dangling: a CNAME to a name that does not exist (records: its target).',
        ),
        records: v.array(v.string()),
        key: orNull(DkimKeyRecordSchema, 'The first key record; null unless outcome is key.'),
      }),
    ),
    'Selectors that answered.',
  ),
});
export type DkimSection = v.InferOutput<typeof DkimSectionSchema>;

const MtaStsFactsSchema = facts({
  record: flag('The TXT record is present and valid.'),
  mode: orNull(v.picklist(['enforce', 'testing', 'none']), 'null: no valid policy.'),
  policyValid: v.boolean(),
  coversAllMx: orNull(v.boolean(), 'null: no valid policy or MX.'),
  uncoveredMx: count('0 when not judged.'),
});
export type MtaStsFacts = v.InferOutput<typeof MtaStsFactsSchema>;

const MtaStsSectionSchema = v.object({
  ...sectionEntries(OPTIONAL_SECTION),
  facts: MtaStsFactsSchema,
  record: orNull(StsRecordSchema, 'The first v=STSv1; null: none.'),
  policy: orNull(StsPolicySchema, 'null: not fetched or unusable.'),
  fetch: orNull(PolicyFetchSchema, 'null: no record invited it.'),
  uncoveredMx: v.array(v.string()),
});
/**
 * The MTA-STS section as analyze builds it: its fetch is the capture's, whose error the schema
 * lists by name and the capture does not narrow (capture.ts).
 */
export type MtaStsSection = Omit<v.InferOutput<typeof MtaStsSectionSchema>, 'fetch'> & { fetch: PolicyFetch | null };

const TlsRptFactsSchema = facts({ present: v.boolean(), valid: flag('Exactly one valid record.') });
export type TlsRptFacts = v.InferOutput<typeof TlsRptFactsSchema>;

const TlsRptSectionSchema = v.object({
  // A usable record has no finding worse than info, so never warn.
  ...sectionEntries(['pass', 'fail', 'not-applicable', 'error']),
  facts: TlsRptFactsSchema,
  record: orNull(TlsRptRecordSchema, 'The first v=TLSRPTv1; null: none.'),
});
export type TlsRptSection = v.InferOutput<typeof TlsRptSectionSchema>;

const BimiFactsSchema = facts({
  present: v.boolean(),
  valid: flag('One valid record with a logo; DMARC enforced.'),
});
export type BimiFacts = v.InferOutput<typeof BimiFactsSchema>;

const BimiSectionSchema = v.object({
  ...sectionEntries(OPTIONAL_SECTION),
  facts: BimiFactsSchema,
  record: orNull(BimiRecordSchema, 'The first v=BIMI1; null: none.'),
  dmarcEnforced: v.boolean(),
});
export type BimiSection = v.InferOutput<typeof BimiSectionSchema>;

const DnssecFactsSchema = facts({ signed: flag('The resolver validated the answers (AD bit).') });
export type DnssecFacts = v.InferOutput<typeof DnssecFactsSchema>;

const DnssecSectionSchema = v.object({
  ...sectionEntries(['pass', 'fail', 'error']),
  facts: DnssecFactsSchema,
  authenticatedAnswers: v.array(v.string()),
});
export type DnssecSection = v.InferOutput<typeof DnssecSectionSchema>;

export const SelectorsSchema = v.object(SELECTOR_LISTS);

export const SECTION_NAMES = Object.keys(FINDING_CATALOGUES) as SectionName[];

/** Each section's schema; the OpenAPI document names each, e.g. EmailSecurityDmarcSection. */
export const SECTION_SCHEMAS = {
  dmarc: DmarcSectionSchema,
  spf: SpfSectionSchema,
  dkim: DkimSectionSchema,
  mx: MxSectionSchema,
  mtaSts: MtaStsSectionSchema,
  tlsRpt: TlsRptSectionSchema,
  bimi: BimiSectionSchema,
  dnssec: DnssecSectionSchema,
} satisfies Record<SectionName, v.GenericSchema>;

export const SectionsSchema = v.object(SECTION_SCHEMAS);
