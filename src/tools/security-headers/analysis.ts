/**
 * The output of `analyze(capture)`: an MDN HTTP Observatory (algorithm version 6) compatible grade
 * with its 12 tests, plus findings that go beyond the Observatory and never change the score.
 */
import type * as v from 'valibot';
import type { Grade, Severity as AnySeverity } from '../grading.ts';
import type { HeaderPairs, RetrievalError } from './capture.ts';
import type { FINDING_CATALOGUE } from './findings/catalogue.ts';
import type { FindingSchema } from './result-schema.ts';
import type { SecurityHeadersStatusSchema } from './status-schema.ts';

export const TEST_NAMES = [
  'content-security-policy',
  'cookies',
  'cross-origin-resource-sharing',
  'redirection',
  'referrer-policy',
  'strict-transport-security',
  'subresource-integrity',
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-resource-policy',
  'cross-origin-opener-policy',
  'cross-origin-embedder-policy',
] as const;

export type TestName = (typeof TEST_NAMES)[number];

export type { Grade };

export interface TestResult {
  name: TestName;
  title: string;
  /** The Observatory's result id, e.g. `csp-implemented-with-unsafe-inline`. */
  result: string;
  pass: boolean;
  scoreModifier: number;
  description: string;
  recommendation: string;
  /** Test-specific details (parsed values, policy flags, the redirect route, ...). */
  data: Record<string, unknown>;
  /** The raw header values the test read, as `[name, value]` pairs. */
  headers: HeaderPairs;
}

export type Severity = Exclude<AnySeverity, 'critical'>;

/** One finding, as the result schema publishes it (result-schema.ts `FindingSchema`). */
export type Finding = v.InferOutput<typeof FindingSchema>;

/** The ids of the findings: the keys of the catalogue. */
export type FindingId = keyof typeof FINDING_CATALOGUE;

export interface Retrieval {
  /** URL of the graded response (the https session's final response, else the http one's). */
  finalUrl: string | null;
  finalStatus: number | null;
  /** The hops before the graded response, in order. */
  redirects: { url: string; status: number }[];
  /** Whether TLS verified for the graded session. */
  verified: boolean | null;
  errors?: { http?: RetrievalError; https?: RetrievalError };
}

/**
 * `passed`: no test failed and no high or medium finding; `failed`: score below 50 (grade C- or
 * worse); `warnings`: anything in between (the statuses the result schema publishes for a grade);
 * `error`: not assessable (no grade).
 */
export type AnalysisStatus = v.InferOutput<typeof SecurityHeadersStatusSchema> | 'error';

export type NotAssessableReason = 'no-response' | 'unexpected-status';

export interface SecurityHeadersAnalysis {
  assessable: boolean;
  /** Why the Observatory model refuses to grade; only when `assessable` is false. */
  reason?: NotAssessableReason;
  algorithmVersion: 6;
  /** 0–165; null when not assessable. */
  score: number | null;
  grade: Grade | null;
  testsPassed: number;
  testsFailed: number;
  testsQuantity: number;
  tests: TestResult[];
  findings: Finding[];
  retrieval: Retrieval;
  status: AnalysisStatus;
  /** One sentence for people. */
  message: string;
}

export type PreloadAnswer = { preloaded: boolean; includeSubDomains: boolean } | null;

export interface AnalyzeOptions {
  /**
   * HSTS preload list lookup for one host name (exact entry, no parent walk: the analyzer walks
   * the parents itself). `null` means the host has no entry. Overrides `capture.preload`.
   */
  preload?: (host: string) => PreloadAnswer;
}
