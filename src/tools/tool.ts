/**
 * What the scan pipeline knows about a tool: a pure definition, and the scanner that runs it.
 * src/tools/tool-entry.ts adds what the surfaces need; src/tools/registry.ts lists the tools.
 */
import type { PublicSuffixList } from '../net/site-domain.ts';
import type { Grade } from './grading.ts';
/**
 * The `?tool=` badge a target belongs to, and whether its grade feeds it: only a scan of what the
 * badge names does (docs/badge.md); `why` says, for people, why a scan does not.
 */
export type BadgeFeed = { domain: string; feeds: true } | { domain: string | null; feeds: false; why: string };

export type TargetParse =
  { ok: true; target: string; quotaKey: string; badge: BadgeFeed } | { ok: false; detail: string; hint?: string };

export interface ToolDefinition<Name extends string = string> {
  name: Name;
  title: string;
  description: string;
  /** How `target` is read, for the catalog and the request schema. */
  targetDescription: string;
  targetExamples: string[];
  gradeScale: readonly Grade[];
  scoreRange: { min: number; max: number; note: string };
  /**
   * Validates and normalises a target; never touches the network. `suffixes` is the public-suffix
   * list (src/net/site-domain.ts `loadPublicSuffixList`).
   */
  parseTarget(raw: string, suffixes: PublicSuffixList): TargetParse;
  /** The targets whose scans feed the `?tool=` badge of `domain` (a badge's normal form). */
  badgeTargets(domain: string): string[];
}

export interface ScanResult {
  status: string;
  message: string;
  details: Record<string, unknown>;
}

export interface ScanOutcome {
  /** False when the scan ran but could not assess the target (answered with 422). */
  assessed: boolean;
  grade: string | null;
  gradeScore: number | null;
  result: ScanResult;
}

export interface ScanContext {
  signal: AbortSignal;
  now: () => number;
  /** email-security: DKIM selectors the caller asked to check. */
  selectors?: string[];
  /** Told when the service's DNS resolver gave a DNS response, so an outage can be seen to end. */
  resolverAnswered?: () => void;
  /** Told as each phase of the scan finishes (an MCP client that asked for progress hears of it). */
  progress?: ProgressListener;
}

/** One finished phase of a scan: `progress` of `total` phases are done; `message` names the phase. */
export interface ScanProgress {
  progress: number;
  total: number;
  message: string;
}

export type ProgressListener = (step: ScanProgress) => void;

/**
 * Counts the phases of a scan of `total` phases as they finish, in whatever order, telling
 * `listener` each one: the count only rises, and never past `total`.
 */
export function phaseCounter(total: number, listener: ProgressListener | undefined): (message: string) => void {
  let done = 0;
  return (message) => {
    if (!listener || done >= total) return;
    done++;
    listener({ progress: done, total, message });
  };
}

/** The network part of a tool: given a parsed target, produce the outcome. */
export type Scanner = (target: string, context: ScanContext) => Promise<ScanOutcome>;

/**
 * A scan could not run because something the service itself depends on failed (e.g. its DNS
 * resolver cannot be reached), not the target: answered 503, the scan quota given back.
 */
export class ScanDependencyError extends Error {
  override name = 'ScanDependencyError';

  constructor(
    /** What failed, for people: e.g. "the DNS resolver". */
    readonly dependency: string,
    message: string,
    readonly retryAfterSec: number,
  ) {
    super(message);
  }
}
