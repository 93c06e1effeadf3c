/**
 * The schemas of the records email-security sections carry as parsed (DMARC, DKIM keys, MTA-STS,
 * TLS-RPT, BIMI, report URIs, the SPF tree), for the result schema in result-schema.ts, and the
 * small helpers all three result-schema files write members with. The schemas are the source of
 * the records' types: each parser's type is the output of its schema here.
 */
import * as v from 'valibot';
import { SEVERITIES } from '../grading.ts';
import { DKIM_KEY_PROBLEM_IDS } from './dkim/catalogue.ts';

/**
 * A member: its schema and what its name and type leave open, for an API user (docs/api-behaviour.md
 * says when a member needs words); a member its name and type explain is written without them.
 */
export const described = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(schema, v.description(description));
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
  uri: v.string(),
  scheme: orNull(v.string(), 'null: none.'),
  address: orNull(v.string(), 'null: not mailto:.'),
  host: orNull(v.string(), 'null: unknown.'),
  size: orNull(v.string(), 'Obsolete !size suffix; null: absent.'),
  problem: orNull(v.string(), 'null: usable.'),
});
export type ReportUri = v.InferOutput<typeof ReportUriSchema>;

export const DmarcRecordSchema = v.object({
  text: v.string(),
  tags: described(
    v.array(v.object({ name: v.string(), value: v.string(), index: whole })),
    'In order; values trimmed; index 0-based.',
  ),
  policy: orNull(DmarcPolicySchema, 'null: absent or invalid.'),
  policyMissing: v.boolean(),
  subdomainPolicy: orNull(DmarcPolicySchema, 'null: absent or invalid.'),
  nonExistentPolicy: orNull(DmarcPolicySchema, 'null: absent or invalid.'),
  psd: oneOf(['y', 'n', 'u'], 'u: absent or invalid.'),
  testing: v.boolean(),
  adkim: oneOf(['r', 's'], 'r (relaxed) is the default.'),
  aspf: oneOf(['r', 's'], 'r (relaxed) is the default.'),
  fo: described(v.array(v.picklist(['0', '1', 'd', 's'])), 'Default 0.'),
  rua: v.array(ReportUriSchema),
  ruf: v.array(ReportUriSchema),
  urisOmitted: described(v.object({ rua: whole, ruf: whole }), 'Past the first 50 of each list.'),
  removed: described(
    v.array(v.object({ name: oneOf(['pct', 'rf', 'ri'], 'An RFC 7489 tag.'), value: v.string() })),
    'Tags RFC 9989 removed.',
  ),
  unknown: v.array(v.string()),
  duplicates: v.array(v.string()),
  syntaxErrors: v.array(v.string()),
  invalidValues: described(
    v.array(
      v.object({
        tag: oneOf(['p', 'sp', 'np', 'psd', 't', 'adkim', 'aspf', 'fo', 'pct', 'rf', 'ri'], 'Lower-case.'),
        value: v.string(),
        problem: v.string(),
      }),
    ),
    'Their default applies.',
  ),
  policyNotSecond: v.boolean(),
  policyFallback: v.array(v.string()),
  // p=; none when policyFallback applies and rua holds a valid URI (RFC 9989 §4.10.1, RFC 7489
  // §6.6.3); null: ignored (fallback without a valid rua, a repeated tag, or no v=DMARC1 first).
  effectivePolicy: orNull(DmarcPolicySchema, 'null: receivers ignore the record.'),
});
export type DmarcRecord = v.InferOutput<typeof DmarcRecordSchema>;

export const DkimKeyRecordSchema = v.object({
  text: v.string(),
  keyType: v.string(),
  bits: orNull(whole, 'null: Ed25519 or unreadable.'),
  keyFormat: orNull(v.picklist(['spki', 'pkcs1', 'raw']), 'null: unreadable.'),
  revoked: v.boolean(),
  testing: v.boolean(),
  hashAlgorithms: orNull(v.array(v.string()), 'null: absent (any).'),
  serviceTypes: v.array(v.string()),
  problems: described(
    v.array(
      v.object({
        id: oneOf(DKIM_KEY_PROBLEM_IDS, "The finding's id."),
        severity: described(SeveritySchema, "The finding's."),
        message: v.string(),
        rfc: v.string(),
      }),
    ),
    'Each is also a finding.',
  ),
  valid: flag('No high or critical problem; a proper revocation is valid.'),
});
export type DkimKeyRecord = v.InferOutput<typeof DkimKeyRecordSchema>;

export const StsRecordSchema = v.object({
  text: v.string(),
  id: orNull(v.string(), 'null: missing or invalid.'),
  extensions: v.array(v.string()),
  problems: v.array(v.string()),
  notes: v.array(v.string()),
  valid: v.boolean(),
});
export type StsRecord = v.InferOutput<typeof StsRecordSchema>;

export const StsPolicySchema = v.object({
  version: orNull(v.string(), 'null: missing.'),
  mode: orNull(v.picklist(['enforce', 'testing', 'none']), 'null: missing or invalid.'),
  maxAge: orNull(whole, 'Seconds; null: missing or invalid.'),
  mx: v.array(v.string()),
  extensions: v.array(v.string()),
  problems: v.array(v.string()),
  notes: v.array(v.string()),
  valid: v.boolean(),
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
  url: v.string(),
  status: orNull(whole, 'null: no response.'),
  contentType: orNull(v.string(), 'null: absent or no response.'),
  body: orNull(v.string(), 'null: none read.'),
  error: orNull(v.picklist(POLICY_FETCH_ERRORS), 'Why no usable response; null: none.'),
  redirects: v.array(v.string()),
});

export const TlsRptRecordSchema = v.object({
  text: v.string(),
  rua: described(v.array(ReportUriSchema), 'The first 50.'),
  ruaOmitted: whole,
  extensions: v.array(v.string()),
  problems: v.array(v.string()),
  valid: v.boolean(),
});
export type TlsRptRecord = v.InferOutput<typeof TlsRptRecordSchema>;

export const BimiRecordSchema = v.object({
  text: v.string(),
  location: orNull(v.string(), 'null: l= empty.'),
  authority: orNull(v.string(), 'null: a= absent or empty.'),
  declined: v.boolean(),
  problems: v.array(v.string()),
  notes: v.array(v.string()),
  valid: v.boolean(),
});
export type BimiRecord = v.InferOutput<typeof BimiRecordSchema>;

const universalMatch = orNull(
  v.object({ qualifier: oneOf(QUALIFIERS, '+ when omitted.'), via: v.string() }),
  'null: none.',
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
  text: v.string(),
  position: whole,
  name: v.string(),
  qualifier: orNull(v.picklist(QUALIFIERS), '+ when omitted; null: modifier.'),
  status: oneOf(TERM_STATUSES, 'after-all, unreachable: never reached.'),
  target: orNull(v.string(), 'Expanded; null: none.'),
  lookups: whole,
  lookupIndex: orNull(whole, '1-based; null: costs none.'),
  void: v.boolean(),
  note: v.exactOptional(v.string()),
  addresses: v.exactOptional(v.array(v.string())),
  mxHosts: v.exactOptional(
    described(v.array(v.object({ exchange: v.string(), addresses: v.array(v.string()) })), 'mx: the hosts.'),
  ),
};

const nodeEntries = {
  domain: v.string(),
  state: oneOf(RECORD_STATES, 'not-retrieved: past a limit or budget.'),
  record: orNull(v.string(), 'null: none.'),
  candidates: v.array(v.string()),
  nearMisses: v.array(v.string()),
  errors: described(v.array(v.object({ position: whole, message: v.string() })), 'Syntax errors, the first 500.'),
  dns: orNull(
    v.object({
      outcome: oneOf(['answer', 'nodata', 'nxdomain', 'servfail', 'timeout', 'error'], 'error: another failure.'),
      error: v.exactOptional(v.string()),
    }),
    'null: not asked.',
  ),
  lookups: whole,
  voidLookups: whole,
  all: orNull(v.picklist(QUALIFIERS), 'Terminal policy; null: no all, even via redirect.'),
  universal: described(
    v.object({ ipv4: universalMatch, ipv6: universalMatch }),
    'The first term matching every sender, per family.',
  ),
  termsOmitted: v.exactOptional(whole),
  errorsOmitted: v.exactOptional(whole),
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
              "include, redirect: the target's record.",
            ),
          ),
        } satisfies Record<keyof TermNode, v.GenericSchema>),
      ),
      'The first 500.',
    ),
  } satisfies Record<keyof SpfRecordNode, v.GenericSchema>),
  v.title('SpfRecord'),
);
