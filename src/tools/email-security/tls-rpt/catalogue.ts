/**
 * Every TLS-RPT finding: its severity, title, advice and the RFC section behind it. analyze.ts
 * decides which apply and with what evidence.
 */
import { lookupFailed, severalRecords } from '../common-findings.ts';
import { findingsFrom, type Catalogue } from '../finding.ts';

const RECORD = 'RFC 8460 §3';

export const TLS_RPT_FINDINGS = {
  'tls-rpt-lookup-failed': lookupFailed('TLS-RPT'),
  'tls-rpt-missing': {
    severity: 'low',
    title: 'No TLS-RPT record',
    recommendation: ({ name, domain }: { name: string; domain: string }) =>
      `Publish "v=TLSRPTv1; rua=mailto:tls-reports@${domain}" at ${name}.`,
    rfc: RECORD,
  },
  'tls-rpt-near-miss': {
    rfc: RECORD,
    cases: {
      'no-record': {
        severity: 'low',
        title: ({ problem }: { problem: string }) =>
          `No TLS-RPT record is read: the TXT record meant as one ${problem}, so senders discard it`,
        recommendation: ({ fix }: { fix: string }) => `${fix}.`,
      },
      'beside-a-record': {
        severity: 'info',
        title: ({ problem }: { problem: string }) =>
          `A TXT record looks meant as TLS-RPT but is not read: it ${problem}`,
        recommendation:
          'Remove it: senders read the TLS-RPT record beside it, and a second valid one would make them ignore both.',
      },
    },
  },
  'tls-rpt-multiple': severalRecords({ name: 'TLS-RPT', version: 'v=TLSRPTv1', who: 'senders', rfc: RECORD }),
  'tls-rpt-invalid': {
    severity: 'high',
    title: 'The TLS-RPT record is not valid',
    recommendation: 'Write it as "v=TLSRPTv1; rua=mailto:…" (mailto: or https: destinations, comma-separated).',
    rfc: RECORD,
  },
  'tls-rpt-extensions': {
    severity: 'info',
    title: 'The record has fields TLS-RPT does not define',
    recommendation: 'Remove fields senders ignore (check for typos).',
    rfc: RECORD,
  },
} as const satisfies Catalogue;

/** A TLS-RPT finding: its id, evidence, and the parameters its words need. */
export const tlsRptFinding = findingsFrom(TLS_RPT_FINDINGS);
