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
  text,
  texts,
  TlsRptRecordSchema,
  whole,
} from './result-schema-records.ts';

/**
 * The id of a finding, of any section (docs/email-security-grading.md says what each means); the
 * OpenAPI document names it EmailSecurityFindingId. Which section reports which id is in
 * catalogues.ts.
 */
export const FindingIdSchema = v.picklist<readonly string[]>(EMAIL_FINDING_IDS);

/** The members of a finding. */
export const findingEntries = {
  id: described(
    FindingIdSchema,
    'Stable id of the finding; docs/email-security-grading.md lists each with its meaning.',
  ),
  severity: described(SeveritySchema, 'How serious it is, critical first.'),
  title: text('What was found, in one line.'),
  evidence: texts('What was seen: records, queries and answers, counts.'),
  recommendation: text('What to do, in one line.'),
  rfc: v.exactOptional(text('The RFC section that says so, e.g. RFC 7208 §4.6.4.')),
  // Exactly the members of a Finding (section.ts): one added on either side only does not compile.
} satisfies Record<keyof Finding, v.GenericSchema>;

/** A finding as a section lists it; the OpenAPI document names it EmailSecurityFinding. */
export const FindingSchema = v.object(findingEntries);

/** pass: good; warn: works with weaknesses; fail: missing or broken; not-applicable; error: DNS failed. */
const SECTION_STATUSES = ['pass', 'warn', 'fail', 'not-applicable', 'error'] as const;
export type SectionStatus = (typeof SECTION_STATUSES)[number];

/** The members every section has; `statuses`: the ones this section can report. */
const sectionEntries = (statuses: readonly SectionStatus[]) => ({
  status: oneOf(
    statuses,
    'pass: good; warn: works with weaknesses; fail: missing or broken; not-applicable; error: DNS failed.',
  ),
  summary: text('One sentence for people.'),
  records: texts('The records this section read, as published.'),
  findings: described(v.array(FindingSchema), "The section's findings (ids from its catalogue)."),
});

/** What every section has: its status, summary, records and findings (section.ts). */
export type Section = Output<ReturnType<typeof sectionEntries>>;

const RECORD_SECTION = ['pass', 'warn', 'fail', 'error'] as const;
const OPTIONAL_SECTION = SECTION_STATUSES;
const facts = <E extends v.ObjectEntries>(entries: E) => described(v.object(entries), 'What the grade reads.');

const MxFactsSchema = facts({
  state: oneOf(
    ['mail', 'null-mx', 'none', 'error'],
    'mail: MX hosts; null-mx: RFC 7505 "0 ."; none: no MX (implicit MX); error: lookup failed.',
  ),
  hosts: described(
    v.array(v.object({ preference: count('MX preference.'), exchange: text('Host name ("." for a null MX).') })),
    'The MX records, lowest preference first.',
  ),
});
export type MxFacts = v.InferOutput<typeof MxFactsSchema>;

const MxSectionSchema = v.object({
  ...sectionEntries(RECORD_SECTION),
  facts: MxFactsSchema,
  hosts: described(
    v.array(
      v.object({
        preference: count('MX preference.'),
        exchange: text('Host name.'),
        addresses: texts('A then AAAA addresses found.'),
        resolves: orNull(v.boolean(), 'true: has an address; false: none exists (dangling); null: could not tell.'),
        alias: flag('The name is an alias (CNAME), which RFC 2181 §10.3 forbids as an MX target.'),
      }),
    ),
    'The mail hosts (no null target or IP literal), lowest preference first, with their addresses.',
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
  found: flag('An SPF record is published.'),
  valid: flag('Exactly one record, evaluating without permerror.'),
  permerror: orNull(
    v.object({
      reason: oneOf(PERMERROR_REASONS, 'What makes the record a permerror.'),
      detail: text('What exactly, for people.'),
      position: v.exactOptional(count("Character offset in the domain's own record, when the error is there.")),
    }),
    'Why the record is a permerror; null when it is not.',
  ),
  temperror: flag('A DNS failure (temperror) stopped evaluation.'),
  all: orNull(v.picklist(QUALIFIERS), "The terminal policy: the all qualifier (or the redirect's); null if neither."),
  // +all itself, ip4:0.0.0.0/0, a/0, an include of such a record, …
  passesEverySender: orNull(v.string(), 'The term that passes every sender of a family, as +all does; null if none.'),
  lookups: count('DNS lookups evaluation may cost (a lower bound when the tree was cut short).'),
  voidLookups: count('Lookups that found nothing.'),
});
export type SpfFacts = v.InferOutput<typeof SpfFactsSchema>;

const SpfSectionSchema = v.object({
  ...sectionEntries(RECORD_SECTION),
  facts: SpfFactsSchema,
  record: orNull(v.string(), "The domain's SPF record, when exactly one was found."),
  tree: described(SpfRecordNodeSchema, "The domain's record and every include and redirect target, term by term."),
  lookupsByMechanism: described(
    v.array(
      v.object({
        term: text('The term as written (or a line adding up the terms past the first 500).'),
        target: orNull(v.string(), 'The domain the term looks up; null when none.'),
        lookups: count('Lookups it costs, its include or redirect target counted in full.'),
        voidLookups: count('Void lookups among them.'),
      }),
    ),
    "The domain's terms that cost lookups; their sum is facts.lookups.",
  ),
});
export type SpfSection = v.InferOutput<typeof SpfSectionSchema>;

const DmarcFactsSchema = facts({
  found: flag('A DMARC record applies (or several are published).'),
  valid: flag('Exactly one record that receivers apply.'),
  multiple: flag('Several records are published at the domain.'),
  source: orNull(
    v.picklist(['domain', 'organizational', 'public-suffix']),
    'Where the policy came from (RFC 9989 tree walk); null when none applies.',
  ),
  policy: orNull(DmarcPolicySchema, 'The policy that applies to the domain; null when none does.'),
  subdomainPolicy: orNull(DmarcPolicySchema, 'The policy for existing subdomains; null when none applies.'),
  nonExistentPolicy: orNull(DmarcPolicySchema, 'The policy for non-existent subdomains; null when none applies.'),
  testing: flag('t=y: testing mode, graded one step weaker.'),
  // Removed by RFC 9989: receivers still on RFC 7489 apply the next weaker policy to the rest of failing mail.
  percentage: orNull(whole, 'RFC 7489 pct when a valid number; null when absent.'),
  aggregateReports: flag('Aggregate reports (rua) are requested to a usable address.'),
  externalDestinationsAuthorized: flag('No external report destination refuses the reports.'),
});
export type DmarcFacts = v.InferOutput<typeof DmarcFactsSchema>;

const DmarcSectionSchema = v.object({
  ...sectionEntries(RECORD_SECTION),
  facts: DmarcFactsSchema,
  record: orNull(DmarcRecordSchema, "The record that applies (the domain's own, or inherited), parsed."),
  policyDomain: orNull(v.string(), 'The name whose _dmarc record applies; null when none does.'),
  organizationalDomain: text('The Organizational Domain (RFC 9989 §4.10.2).'),
  walk: described(
    v.array(
      v.object({
        name: text('The name whose _dmarc record was asked.'),
        outcome: oneOf(
          ['record', 'multiple', 'none', 'failed'],
          'record: one DMARC record; multiple: several (all discarded); none; failed: DNS failure.',
        ),
        records: texts('The DMARC record texts found there.'),
        record: orNull(DmarcRecordSchema, 'The record, parsed, when outcome is record.'),
      }),
    ),
    'The RFC 9989 DNS tree walk, one step per name asked.',
  ),
  destinations: described(
    v.array(
      v.object({
        tag: oneOf(['rua', 'ruf'], 'The tag that names it.'),
        uri: described(ReportUriSchema, 'The destination, parsed.'),
        external: flag('Outside the Organizational Domain, so it needs the destination to consent.'),
        authorizationName: orNull(v.string(), 'The TXT name that authorizes it (external destinations only).'),
        authorization: orNull(
          v.picklist(['authorized', 'unauthorized', 'unknown']),
          'Whether the destination consents (unknown: not looked up or failed); null for internal ones.',
        ),
      }),
    ),
    "The record's usable mailto: report destinations.",
  ),
});
export type DmarcSection = v.InferOutput<typeof DmarcSectionSchema>;

const SELECTOR_LISTS = {
  requested: texts('Selectors passed in the request.'),
  tried: texts('Every selector queried, the requested ones first.'),
};

const DkimFactsSchema = facts({
  state: oneOf(
    ['found', 'likely-present', 'not-found', 'not-applicable', 'error'],
    'found: a key; likely-present: _domainkey exists, selector unknown; not-found; not-applicable; error.',
  ),
  keys: described(
    v.array(
      v.object({
        selector: text('The selector.'),
        keyType: text('k=, lower-case: rsa, ed25519, or another value as published.'),
        bits: orNull(whole, 'RSA modulus size in bits; null for Ed25519 or when unreadable.'),
        revoked: flag('The key was withdrawn (empty p=).'),
        testing: flag('The key is in testing mode (t=y).'),
        valid: flag('Verifiers can use the record.'),
      }),
    ),
    'The keys found, one per selector.',
  ),
});
export type DkimFacts = v.InferOutput<typeof DkimFactsSchema>;

const DkimSectionSchema = v.object({
  ...sectionEntries(OPTIONAL_SECTION),
  facts: DkimFactsSchema,
  selectors: described(v.object(SELECTOR_LISTS), 'The selectors requested and tried (as details.selectors).'),
  providers: texts('Mail providers recognised from MX and SPF (their selectors were tried).'),
  baseNode: oneOf(['exists', 'absent', 'failed', 'not-asked'], '_domainkey.<domain>: exists, absent (NXDOMAIN), …'),
  results: described(
    v.array(
      v.object({
        selector: text('The selector.'),
        name: text('The name asked.'),
        outcome: oneOf(['key', 'other-txt', 'failed'], 'key: a key record; other-txt: TXT but no key; failed.'),
        records: texts('The key records (or, for other-txt, the TXT records) found.'),
        key: orNull(DkimKeyRecordSchema, 'The first key record, parsed; null unless outcome is key.'),
      }),
    ),
    'Selectors that answered something (absent ones are only in selectors.tried).',
  ),
});
export type DkimSection = v.InferOutput<typeof DkimSectionSchema>;

const MtaStsFactsSchema = facts({
  record: flag('The _mta-sts TXT record is present and valid.'),
  mode: orNull(v.picklist(['enforce', 'testing', 'none']), "The policy's mode; null when there is no valid one."),
  policyValid: flag('The policy file is valid.'),
  coversAllMx: orNull(v.boolean(), 'Every MX host matches an mx pattern; null with no valid policy or no MX.'),
  uncoveredMx: count('How many MX hosts no mx pattern matches (0 when not judged).'),
});
export type MtaStsFacts = v.InferOutput<typeof MtaStsFactsSchema>;

const MtaStsSectionSchema = v.object({
  ...sectionEntries(OPTIONAL_SECTION),
  facts: MtaStsFactsSchema,
  record: orNull(StsRecordSchema, 'The first v=STSv1 record, parsed; null when none.'),
  policy: orNull(StsPolicySchema, 'The policy file, parsed; null when not fetched or not usable.'),
  fetch: orNull(PolicyFetchSchema, 'The policy fetch; null when no record invited it.'),
  uncoveredMx: texts('MX hosts that no policy mx pattern matches.'),
});
/**
 * The MTA-STS section as analyze builds it: its fetch is the capture's, whose error the schema
 * lists by name and the capture does not narrow (capture.ts).
 */
export type MtaStsSection = Omit<v.InferOutput<typeof MtaStsSectionSchema>, 'fetch'> & { fetch: PolicyFetch | null };

const TlsRptFactsSchema = facts({
  present: flag('A TLS-RPT record is published.'),
  valid: flag('Exactly one valid record.'),
});
export type TlsRptFacts = v.InferOutput<typeof TlsRptFactsSchema>;

const TlsRptSectionSchema = v.object({
  // A usable record has no finding worse than info, so never warn.
  ...sectionEntries(['pass', 'fail', 'not-applicable', 'error']),
  facts: TlsRptFactsSchema,
  record: orNull(TlsRptRecordSchema, 'The first v=TLSRPTv1 record, parsed; null when none.'),
});
export type TlsRptSection = v.InferOutput<typeof TlsRptSectionSchema>;

const BimiFactsSchema = facts({
  present: flag('A BIMI record is published.'),
  valid: flag('Usable: one valid record with a logo, and DMARC at enforcement.'),
});
export type BimiFacts = v.InferOutput<typeof BimiFactsSchema>;

const BimiSectionSchema = v.object({
  ...sectionEntries(OPTIONAL_SECTION),
  facts: BimiFactsSchema,
  record: orNull(BimiRecordSchema, 'The first v=BIMI1 record, parsed; null when none.'),
  dmarcEnforced: flag('DMARC is at enforcement (quarantine or reject, no t=y, pct 100, sp not none).'),
});
export type BimiSection = v.InferOutput<typeof BimiSectionSchema>;

const DnssecFactsSchema = facts({ signed: flag("The resolver validated the domain's answers (AD bit).") });
export type DnssecFacts = v.InferOutput<typeof DnssecFactsSchema>;

const DnssecSectionSchema = v.object({
  ...sectionEntries(['pass', 'fail', 'error']),
  facts: DnssecFactsSchema,
  authenticatedAnswers: texts('The apex answers the resolver validated.'),
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

export const SectionsSchema = v.object({
  dmarc: described(DmarcSectionSchema, 'DMARC: the policy that applies to the domain.'),
  spf: described(SpfSectionSchema, 'SPF: the record, its lookups and terminal policy.'),
  dkim: described(DkimSectionSchema, 'DKIM: keys at the selectors checked.'),
  mx: described(MxSectionSchema, 'MX: the mail hosts.'),
  mtaSts: described(MtaStsSectionSchema, 'MTA-STS: the record and policy file.'),
  tlsRpt: described(TlsRptSectionSchema, 'TLS-RPT: where TLS failures are reported.'),
  bimi: described(BimiSectionSchema, 'BIMI: the brand logo record.'),
  dnssec: described(DnssecSectionSchema, 'DNSSEC: whether the resolver validated the answers.'),
});
