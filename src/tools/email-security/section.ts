/**
 * The shapes every email-security section shares, and the facts each section hands the grader.
 * Sections are produced by pure `analyzeX(capture)` functions, one module per mechanism. The
 * result schema is the source of these types (result-schema-sections.ts); a finding keeps the
 * shape both tools share, and the schema's finding is checked against it when compiling.
 */
import type { BaseFinding, Severity } from '../grading.ts';
import type { DkimFacts } from './result-schema-sections.ts';

export type { Severity };

export interface Finding extends BaseFinding {
  /** The RFC section that says so, e.g. `RFC 7208 §4.6.4`. */
  rfc?: string;
}

export type {
  BimiFacts,
  DkimFacts,
  DmarcFacts,
  DnssecFacts,
  MtaStsFacts,
  MxFacts,
  Section,
  SectionStatus,
  SpfFacts,
  TlsRptFacts,
} from './result-schema-sections.ts';

export type DkimState = DkimFacts['state'];
export type DkimKeyFacts = DkimFacts['keys'][number];
