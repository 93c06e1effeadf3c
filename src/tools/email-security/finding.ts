/** A small constructor for findings, so modules read as tables of what they report. */
import type { Finding, SectionStatus, Severity } from './section.ts';

export function finding(
  id: string,
  severity: Severity,
  title: string,
  evidence: string[],
  recommendation: string,
  rfc?: string,
): Finding {
  return { id, severity, title, evidence, recommendation, ...(rfc !== undefined ? { rfc } : {}) };
}

/** pass when no finding is worse than low; warn otherwise (for sections that found a usable record). */
export function statusFromFindings(findings: Finding[]): Extract<SectionStatus, 'pass' | 'warn'> {
  return findings.some((f) => f.severity === 'critical' || f.severity === 'high' || f.severity === 'medium')
    ? 'warn'
    : 'pass';
}

export type { Finding, SectionStatus, Severity };
