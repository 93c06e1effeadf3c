/**
 * The SPF tree: the domain's record and, recursively, every include and redirect target, each
 * term annotated with what its DNS lookups returned and how many of the 10 lookups it costs.
 * Built by tree.ts from DNS answers; judged by verdict.ts; plain JSON, whose shape is the result
 * schema's (result-schema-records.ts).
 */
import type { SpfRecordNode, TermNode } from '../result-schema-records.ts';
import type { SpfFacts } from '../section.ts';

export type { SpfRecordNode, TermNode };

/** Per address family, the term that matches every sender of it (universal.ts). */
export type UniversalMatch = NonNullable<SpfRecordNode['universal']['ipv4']>;

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
