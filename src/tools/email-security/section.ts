/**
 * The shapes every email-security section shares, and the facts each section hands the grader.
 * Sections are produced by pure `analyzeX(capture)` functions, one module per mechanism.
 */
import type { BaseFinding, Severity } from '../grading.ts';

export type { Severity };

export interface Finding extends BaseFinding {
  /** The RFC section that says so, e.g. `RFC 7208 §4.6.4`. */
  rfc?: string;
}

/** pass: good; warn: works with weaknesses; fail: missing or broken; not-applicable; error: DNS failed. */
export type SectionStatus = 'pass' | 'warn' | 'fail' | 'not-applicable' | 'error';

export interface Section {
  status: SectionStatus;
  /** One sentence for people. */
  summary: string;
  /** The records this section read, as published. */
  records: string[];
  findings: Finding[];
}

export interface MxFacts {
  /** mail: MX hosts; null-mx: RFC 7505 "0 ."; none: no MX (implicit MX on the A record); error: lookup failed. */
  state: 'mail' | 'null-mx' | 'none' | 'error';
  hosts: { preference: number; exchange: string }[];
}

export interface SpfFacts {
  found: boolean;
  /** Exactly one valid record that evaluates without permerror (syntax, limits, loops, broken includes). */
  valid: boolean;
  /** Why the record is a permerror, when it is. */
  permerror: null | {
    reason:
      | 'syntax'
      | 'multiple-records'
      | 'too-many-lookups'
      | 'too-many-void-lookups'
      | 'too-many-mx'
      | 'loop'
      | 'include-missing'
      | 'include-invalid'
      | 'redirect-missing'
      | 'redirect-invalid';
    detail: string;
    position?: number;
  };
  /** A DNS failure (temperror) stopped evaluation. */
  temperror: boolean;
  /** The terminal policy: the `all` qualifier (or the redirect's), or null when neither exists. */
  all: '+' | '-' | '~' | '?' | null;
  /**
   * The term that passes every sender of an address family, as "+all" does (`+all` itself,
   * `ip4:0.0.0.0/0`, `a/0`, an include of such a record, …), where it is; null when none.
   */
  passesEverySender: string | null;
  lookups: number;
  voidLookups: number;
}

export interface DmarcFacts {
  found: boolean;
  valid: boolean;
  multiple: boolean;
  /**
   * Where the policy came from: the domain itself, its organizational domain, or a public suffix
   * that publishes one with psd=y (RFC 9989 tree walk).
   */
  source: 'domain' | 'organizational' | 'public-suffix' | null;
  policy: 'none' | 'quarantine' | 'reject' | null;
  subdomainPolicy: 'none' | 'quarantine' | 'reject' | null;
  /** RFC 9989 `np` (non-existent subdomains). */
  nonExistentPolicy: 'none' | 'quarantine' | 'reject' | null;
  /** RFC 9989 `t=y` (testing) downgrades enforcement. */
  testing: boolean;
  /**
   * RFC 7489 `pct` (removed by RFC 9989) when published as a valid number: receivers still on
   * RFC 7489 apply the next weaker policy to the rest of failing mail; null when absent.
   */
  percentage: number | null;
  /** Aggregate reports requested (`rua`), and every external destination authorized. */
  aggregateReports: boolean;
  externalDestinationsAuthorized: boolean;
}

export type DkimState = 'found' | 'likely-present' | 'not-found' | 'not-applicable' | 'error';

export interface DkimKeyFacts {
  selector: string;
  /** The k= tag, lower-cased: `rsa` (its default), `ed25519`, or another value as published. */
  keyType: string;
  /** RSA modulus size in bits (null for ed25519 or when unreadable). */
  bits: number | null;
  revoked: boolean;
  testing: boolean;
  valid: boolean;
}

export interface DkimFacts {
  state: DkimState;
  keys: DkimKeyFacts[];
}

export interface MtaStsFacts {
  /** The `_mta-sts` TXT record is present and valid. */
  record: boolean;
  mode: 'enforce' | 'testing' | 'none' | null;
  policyValid: boolean;
  /** Every MX host matches a policy `mx` pattern (null when there is no policy or no MX). */
  coversAllMx: boolean | null;
  /** How many MX hosts no `mx` pattern matches (0 when not judged). */
  uncoveredMx: number;
}

export interface SimpleFacts {
  present: boolean;
  valid: boolean;
}

export interface DnssecFacts {
  /** The resolver validated the domain's answers (AD bit). */
  signed: boolean;
}
