/**
 * The SPF tree: the domain's record and, recursively, every include and redirect target, each
 * term annotated with what its DNS lookups returned and how many of the 10 lookups it costs.
 * Built by tree.ts from DNS answers; judged by verdict.ts; plain JSON.
 */
import type { DnsOutcome } from '../../../net/resolver.ts';
import type { SpfFacts } from '../section.ts';
import type { SpfSyntaxError } from './parse.ts';
import type { Qualifier } from './rfc7208.ts';

export type RecordState =
  /** One `v=spf1` record, parsed without error. */
  | 'ok'
  | 'syntax-error'
  | 'multiple-records'
  /** No `v=spf1` record: NXDOMAIN, no TXT records, or only other TXT records. */
  | 'no-record'
  /** SERVFAIL, timeout or another DNS failure (temperror). */
  | 'dns-error'
  /**
   * Not asked: past the point where the lookup limit is clearly exceeded, or past the query
   * budget; or answered but not read, past the character budget of the tree (`dns` is then set).
   */
  | 'not-retrieved';

export interface SpfRecordNode {
  domain: string;
  state: RecordState;
  /** The selected record, as published. */
  record: string | null;
  /** Every `v=spf1` record at the name, when there are several. */
  candidates: string[];
  /** TXT records that look meant as SPF but are not (`v=spf10`, `v=spf1mx`, Sender ID). */
  nearMisses: string[];
  errors: SpfSyntaxError[];
  /** How the TXT query ended. */
  dns: { outcome: DnsOutcome; error?: string } | null;
  terms: TermNode[];
  /** Lookups this record costs, its includes and redirect included (reachable terms only). */
  lookups: number;
  voidLookups: number;
  /** The terminal policy: the first `all`, else the redirect target's; null when neither. */
  all: Qualifier | null;
  /** Per address family, the first term that matches every sender of it (universal.ts); null when none. */
  universal: { ipv4: UniversalMatch | null; ipv6: UniversalMatch | null };
  /** Terms and errors past the ones listed, in the SPF section's reported tree only. */
  termsOmitted?: number;
  errorsOmitted?: number;
}

export interface UniversalMatch {
  qualifier: Qualifier;
  /** The term, where it is, and for an include the term inside that matches everyone. */
  via: string;
}

export type TermStatus =
  /** Looked up (or needing no lookup) and understood. */
  | 'evaluated'
  /** Depends on the sender (macros, ptr): counted, not looked up. */
  | 'not-evaluable'
  /** The expanded name cannot be sent to DNS (empty or over-long label, space, …). */
  | 'unqueryable'
  /** After the first `all`: never evaluated (RFC 7208 §5.1). */
  | 'after-all'
  /** After terms that match every sender of both address families: evaluation never gets there (§4.6.2). */
  | 'unreachable'
  /** `redirect` in a record that has `all`: ignored (RFC 7208 §6.1). */
  | 'ignored'
  | 'loop'
  | 'too-many-mx'
  | 'dns-error'
  /** Not looked up: past the lookup limit by far, or past the query budget. */
  | 'not-retrieved';

export interface TermNode {
  text: string;
  position: number;
  /** Mechanism or modifier name, lower-case. */
  name: string;
  qualifier: Qualifier | null;
  status: TermStatus;
  /** The domain the term looks up, once expanded. */
  target: string | null;
  /** What this term costs: 1 for a DNS term, plus everything its include or redirect target costs. */
  lookups: number;
  /** Which lookup (1-based, in evaluation order) this term is; null when it costs none. */
  lookupIndex: number | null;
  /**
   * The lookup found nothing (NXDOMAIN or no records): a void lookup. An `a` term is void only when
   * its name has no address of either family (docs/email-security-grading.md).
   */
  void: boolean;
  note?: string;
  /** a, exists: addresses found. */
  addresses?: string[];
  /** mx: the MX hosts and their addresses. */
  mxHosts?: { exchange: string; addresses: string[] }[];
  /** include, redirect: the target's record. */
  child?: SpfRecordNode;
}

export type PermerrorReason = NonNullable<SpfFacts['permerror']>['reason'];

/** Something that makes evaluation fail, at a point in evaluation order. */
export interface SpfEvent {
  kind: 'permerror' | 'temperror';
  reason: PermerrorReason | 'dns';
  detail: string;
  /** Evaluation order: 0 for the domain's own record, then one per term visited. */
  order: number;
  domain: string;
  term?: string;
  position?: number;
}

export interface SequenceEntry {
  domain: string;
  term: TermNode;
  order: number;
}

export interface SpfTree {
  root: SpfRecordNode;
  /** Every term evaluation can reach, in evaluation order (includes inline, redirect last). */
  sequence: SequenceEntry[];
  events: SpfEvent[];
  /** Worst case: every reachable term that costs a lookup. A lower bound when not complete. */
  lookups: number;
  voidLookups: number;
  /** Every answer the tree needed was there. */
  complete: boolean;
  /** Include or redirect targets far past the limit were not followed: `lookups` is a lower bound. */
  truncated: boolean;
  /** Questions the tree needs and the answers lack, in evaluation order (retrieval asks these). */
  needed: { name: string; type: SpfQueryType }[];
}

export type SpfQueryType = 'TXT' | 'A' | 'AAAA' | 'MX';
