/**
 * The schemas of the records email-security sections carry as parsed (DMARC, DKIM keys, MTA-STS,
 * TLS-RPT, BIMI, report URIs, the SPF tree), for the result schema in result-schema.ts, and the
 * small helpers all three result-schema files write members with. The schemas are the source of
 * the records' types: each parser's type is the output of its schema here.
 */
import * as v from 'valibot';
import { SEVERITIES } from '../grading.ts';
import { DKIM_KEY_PROBLEM_IDS } from './dkim/catalogue.ts';

/** A member: its schema and one sentence for an API user. */
export const described = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(schema, v.description(description));
export const text = (description: string) => described(v.string(), description);
export const texts = (description: string) => described(v.array(v.string()), description);
export const flag = (description: string) => described(v.boolean(), description);
export const count = (description: string) =>
  v.pipe(v.number(), v.integer(), v.minValue(0), v.description(description));
export const oneOf = <const T extends readonly string[]>(options: T, description: string) =>
  described(v.picklist(options), description);
export const orNull = <S extends v.GenericSchema>(schema: S, description: string) =>
  described(v.nullable(schema), description);
export const whole = v.pipe(v.number(), v.integer(), v.minValue(0));

/** What the members of `v.object(entries)` hold. */
export type Output<E extends v.ObjectEntries> = v.InferOutput<v.ObjectSchema<E, undefined>>;

export const SeveritySchema = v.picklist(SEVERITIES);
const DMARC_POLICIES = ['none', 'quarantine', 'reject'] as const;
export const DmarcPolicySchema = v.picklist(DMARC_POLICIES);
export const QUALIFIERS = ['+', '-', '~', '?'] as const;

export const ReportUriSchema = v.object({
  uri: text('The URI as published.'),
  scheme: orNull(v.string(), 'Lower-case scheme without the colon (mailto, https, …); null when there is none.'),
  address: orNull(v.string(), 'mailto: the address, percent-decoded and without header fields; null otherwise.'),
  host: orNull(v.string(), "The host that receives the reports (the address's domain or the URL's host), if known."),
  size: orNull(v.string(), 'The RFC 7489 "!size" suffix (e.g. 10m), obsolete in RFC 9989; null when absent.'),
  problem: orNull(v.string(), 'Why the URI is unusable; null when it is fine.'),
});
export type ReportUri = v.InferOutput<typeof ReportUriSchema>;

export const DmarcRecordSchema = v.object({
  text: text('The record as published.'),
  tags: described(
    v.array(
      v.object({
        name: text('Tag name as written.'),
        value: text('Tag value, surrounding white space trimmed.'),
        index: count('Position of the tag in the record (0-based, counting tags only).'),
      }),
    ),
    'Every name=value tag, in order.',
  ),
  policy: orNull(DmarcPolicySchema, 'p= when valid; null when absent or invalid.'),
  policyMissing: flag('p= is absent (rather than invalid).'),
  subdomainPolicy: orNull(DmarcPolicySchema, 'sp= when valid; null when absent or invalid.'),
  nonExistentPolicy: orNull(DmarcPolicySchema, 'np= when valid; null when absent or invalid.'),
  psd: oneOf(['y', 'n', 'u'], 'psd= (public suffix domain flag); u when absent or invalid.'),
  testing: flag('t=y: testing mode.'),
  adkim: oneOf(['r', 's'], 'DKIM alignment: relaxed (default) or strict.'),
  aspf: oneOf(['r', 's'], 'SPF alignment: relaxed (default) or strict.'),
  fo: described(v.array(v.picklist(['0', '1', 'd', 's'])), 'Failure reporting options (default 0).'),
  rua: described(v.array(ReportUriSchema), 'Aggregate report destinations (the first 50), parsed.'),
  ruf: described(v.array(ReportUriSchema), 'Failure report destinations (the first 50), parsed.'),
  urisOmitted: described(
    v.object({
      rua: count('rua URIs past the ones parsed.'),
      ruf: count('ruf URIs past the ones parsed.'),
    }),
    'URIs of each list past the ones parsed.',
  ),
  removed: described(
    v.array(v.object({ name: oneOf(['pct', 'rf', 'ri'], 'Tag name.'), value: text('Value as published.') })),
    'Tags RFC 9989 removed (pct, rf, ri), as published.',
  ),
  unknown: texts('Tag names DMARC does not define (lower-case).'),
  duplicates: texts('Tag names that appear more than once: the record is then ignored.'),
  syntaxErrors: texts('Segments that are not name=value tags.'),
  invalidValues: described(
    v.array(
      v.object({
        tag: oneOf(['p', 'sp', 'np', 'psd', 't', 'adkim', 'aspf', 'fo', 'pct', 'rf', 'ri'], 'Tag name.'),
        value: text('Value as published.'),
        problem: text('What is wrong with it.'),
      }),
    ),
    'Tags whose value is invalid (their default applies).',
  ),
  policyNotSecond: flag('p= is not the second tag (RFC 7489 wanted it right after v=).'),
  policyFallback: texts('Why receivers act as if p=none or ignore the record (RFC 9989 §4.10.1); empty when usable.'),
  // p=; none when policyFallback applies and rua holds a valid URI (RFC 9989 §4.10.1, RFC 7489
  // §6.6.3); null: ignored (fallback without a valid rua, a repeated tag, or no v=DMARC1 first).
  effectivePolicy: orNull(DmarcPolicySchema, 'The policy receivers apply to the publishing domain; null: ignored.'),
});
export type DmarcRecord = v.InferOutput<typeof DmarcRecordSchema>;

export const DkimKeyRecordSchema = v.object({
  text: text('The key record as published.'),
  keyType: text('k=, lower-case: rsa (the default), ed25519, or another value as published.'),
  bits: orNull(whole, 'RSA modulus size in bits; null for Ed25519 or when unreadable.'),
  keyFormat: orNull(v.picklist(['spki', 'pkcs1', 'raw']), 'How the key is encoded; null when unreadable.'),
  revoked: flag('p= is empty: the key was withdrawn.'),
  testing: flag('t=y: the domain is testing DKIM.'),
  hashAlgorithms: orNull(v.array(v.string()), 'h= (lower-case); null when absent (every algorithm).'),
  serviceTypes: texts('s= (lower-case); ["*"] when absent.'),
  problems: described(
    v.array(
      v.object({
        id: oneOf(DKIM_KEY_PROBLEM_IDS, 'Stable id of the problem; the finding that reports it has the same id.'),
        severity: described(SeveritySchema, 'How serious it is.'),
        message: text('What is wrong, for people.'),
        rfc: text('The RFC section that says so.'),
      }),
    ),
    'What is wrong with the record.',
  ),
  valid: flag('Verifiers can use the record (or it is a proper revocation): no high or critical problem.'),
});
export type DkimKeyRecord = v.InferOutput<typeof DkimKeyRecordSchema>;

export const StsRecordSchema = v.object({
  text: text('The record as published.'),
  id: orNull(v.string(), 'The policy id (id=); null when missing or invalid.'),
  extensions: texts('Names of extension fields.'),
  problems: texts('Why senders would ignore the record; empty when valid.'),
  notes: texts('Not fatal: e.g. id= repeated (the first is used).'),
  valid: flag('Senders accept the record.'),
});
export type StsRecord = v.InferOutput<typeof StsRecordSchema>;

export const StsPolicySchema = v.object({
  version: orNull(v.string(), 'The version: line; null when missing.'),
  mode: orNull(v.picklist(['enforce', 'testing', 'none']), 'The mode: line when valid; null otherwise.'),
  maxAge: orNull(whole, 'max_age in seconds; null when missing or not a number.'),
  mx: texts('The mx: patterns, in order.'),
  extensions: texts('Keys of extension lines.'),
  problems: texts('Why senders would reject the policy; empty when valid.'),
  notes: texts('Not fatal: e.g. a field repeated (senders use the first).'),
  valid: flag('Senders accept the policy.'),
});
export type StsPolicy = v.InferOutput<typeof StsPolicySchema>;

const POLICY_FETCH_ERRORS = [
  'invalid-url',
  'dns',
  'blocked-address',
  'refused',
  'tls',
  'timeout',
  'network',
  'redirect',
  'too-large',
] as const;

export const PolicyFetchSchema = v.object({
  url: text('The policy URL fetched.'),
  status: orNull(whole, 'HTTP status of the response; null when none came.'),
  contentType: orNull(v.string(), 'Content-Type of the response; null when absent or no response came.'),
  body: orNull(v.string(), 'The policy file as received; null when none was read.'),
  error: orNull(v.picklist(POLICY_FETCH_ERRORS), 'Why no usable response came (redirect: it was redirected).'),
  redirects: texts('The redirect target, when the fetch was redirected (a policy must not be).'),
});

export const TlsRptRecordSchema = v.object({
  text: text('The record as published.'),
  rua: described(v.array(ReportUriSchema), 'The report destinations (the first 50), parsed.'),
  ruaOmitted: count('Destinations past the ones parsed.'),
  extensions: texts('Names of fields TLS-RPT does not define.'),
  problems: texts('Why senders would ignore the record; empty when valid.'),
  valid: flag('Senders accept the record.'),
});
export type TlsRptRecord = v.InferOutput<typeof TlsRptRecordSchema>;

export const BimiRecordSchema = v.object({
  text: text('The record as published.'),
  location: orNull(v.string(), "l=: the logo URL; null when empty (the certificate's logo, or declined)."),
  authority: orNull(v.string(), 'a=: the mark certificate URL; null when absent or empty.'),
  declined: flag('l= and a= are empty: the domain declines to publish a logo.'),
  problems: texts('Why receivers would ignore the record; empty when valid.'),
  notes: texts('Not fatal: e.g. the logo URL does not end in .svg.'),
  valid: flag('Receivers accept the record.'),
});
export type BimiRecord = v.InferOutput<typeof BimiRecordSchema>;

const universalMatch = (family: string) =>
  orNull(
    v.object({
      qualifier: oneOf(QUALIFIERS, "The term's qualifier."),
      via: text('The term, where it is, and for an include the term inside that matches everyone.'),
    }),
    `The first term that matches every ${family} sender; null when none does.`,
  );

const TERM_STATUSES = [
  // Looked up (or needing no lookup) and understood.
  'evaluated',
  // Depends on the sender (macros, ptr): counted, not looked up.
  'not-evaluable',
  // The expanded name cannot be sent to DNS (empty or over-long label, space, …).
  'unqueryable',
  // After the first all: never evaluated (RFC 7208 §5.1).
  'after-all',
  // After terms that match every sender of both address families: evaluation never gets there (§4.6.2).
  'unreachable',
  // redirect in a record that has all: ignored (RFC 7208 §6.1).
  'ignored',
  'loop',
  'too-many-mx',
  'dns-error',
  // Not looked up: past the lookup limit by far, or past the query budget.
  'not-retrieved',
] as const;

const RECORD_STATES = [
  // One v=spf1 record, parsed without error.
  'ok',
  'syntax-error',
  'multiple-records',
  // No v=spf1 record: NXDOMAIN, no TXT records, or only other TXT records.
  'no-record',
  // SERVFAIL, timeout or another DNS failure (temperror).
  'dns-error',
  // Not asked: past the point where the lookup limit is clearly exceeded, or past the query budget;
  // or answered but not read, past the character budget of the tree (dns is then set).
  'not-retrieved',
] as const;

const termEntries = {
  text: text('The term as written.'),
  position: count('Character offset of the term in the record.'),
  name: text('Mechanism or modifier name, lower-case.'),
  qualifier: orNull(v.picklist(QUALIFIERS), 'The qualifier of a mechanism (+ when omitted); null for a modifier.'),
  status: oneOf(TERM_STATUSES, 'How evaluation treated the term.'),
  target: orNull(v.string(), 'The domain the term looks up, once expanded; null when it looks up none.'),
  lookups: count('DNS lookups the term costs, its include or redirect target included.'),
  lookupIndex: orNull(whole, 'Which lookup (1-based, in evaluation order) this term is; null when it costs none.'),
  void: flag('The lookup found nothing (NXDOMAIN or no records): a void lookup.'),
  note: v.exactOptional(text('Why the term has its status, for people.')),
  addresses: v.exactOptional(texts('a, exists: the addresses found.')),
  mxHosts: v.exactOptional(
    described(
      v.array(v.object({ exchange: text('MX host name.'), addresses: texts('Its addresses.') })),
      'mx: the MX hosts and their addresses.',
    ),
  ),
};

const nodeEntries = {
  domain: text('The domain whose record this is.'),
  state: oneOf(RECORD_STATES, 'What was found at the domain.'),
  record: orNull(v.string(), 'The selected record as published; null when there is none.'),
  candidates: texts('Every v=spf1 record at the name, when there are several.'),
  nearMisses: texts('TXT records that look meant as SPF but are not (v=spf10, Sender ID, …).'),
  errors: described(
    v.array(v.object({ position: count('Character offset in the record.'), message: text('What is wrong.') })),
    'Syntax errors of the record (the first 500).',
  ),
  dns: orNull(
    v.object({
      outcome: oneOf(['answer', 'nodata', 'nxdomain', 'servfail', 'timeout', 'error'], 'How the query ended.'),
      error: v.exactOptional(text('Why there was no answer, when known.')),
    }),
    'How the TXT query ended; null when it was not asked.',
  ),
  lookups: count('Lookups this record costs, its includes and redirect included.'),
  voidLookups: count('Void lookups among them.'),
  all: orNull(
    v.picklist(QUALIFIERS),
    "The terminal policy: the first all, else the redirect target's; null if neither.",
  ),
  universal: described(
    v.object({ ipv4: universalMatch('IPv4'), ipv6: universalMatch('IPv6') }),
    'Per address family, the first term that matches every sender of it.',
  ),
  termsOmitted: v.exactOptional(count('Terms past the 500 listed.')),
  errorsOmitted: v.exactOptional(count('Syntax errors past the 500 listed.')),
};

/**
 * A term of the SPF tree: the schema's members, and the record an include or redirect holds, in
 * the recursive shape a schema's output cannot name by itself.
 */
export interface TermNode extends Output<typeof termEntries> {
  /** include, redirect: the target's record. */
  child?: SpfRecordNode;
}
/** A record of the SPF tree (spf/model.ts): the schema's members, and its terms. */
export interface SpfRecordNode extends Output<typeof nodeEntries> {
  terms: TermNode[];
}

/**
 * An SPF record with its terms, each include or redirect holding its target's record in the same
 * shape: a recursive schema, published once as the `SpfRecord` component. Each object has exactly
 * the members of its interface: one added on either side only does not compile.
 */
export const SpfRecordNodeSchema: v.GenericSchema<SpfRecordNode> = v.pipe(
  v.object({
    ...nodeEntries,
    terms: described(
      v.array(
        v.object({
          ...termEntries,
          child: v.exactOptional(
            described(
              v.lazy(() => SpfRecordNodeSchema),
              "include, redirect: the target's record, in the same shape.",
            ),
          ),
        } satisfies Record<keyof TermNode, v.GenericSchema>),
      ),
      'The terms of the record (the first 500).',
    ),
  } satisfies Record<keyof SpfRecordNode, v.GenericSchema>),
  v.title('SpfRecord'),
);
