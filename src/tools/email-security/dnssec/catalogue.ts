/**
 * Every DNSSEC finding: its severity, title, advice and the RFC section behind it. analyze.ts
 * decides which apply and with what evidence.
 */
import { lookupFailed } from '../common-findings.ts';
import { findingsFrom, type Catalogue } from '../finding.ts';

export const DNSSEC_FINDINGS = {
  'dnssec-lookup-failed': lookupFailed('SOA', {
    title: 'The SOA lookup failed; a validating resolver also fails this way when DNSSEC signatures are broken',
    recommendation: 'Check the domain with a DNSSEC debugger (e.g. dnsviz.net) if this persists.',
    rfc: 'RFC 4035 §5.5',
  }),
  'dnssec-unsigned': {
    severity: 'low',
    title: 'DNS answers for the domain are not DNSSEC-validated',
    recommendation: 'Enable DNSSEC signing at your DNS host and publish the DS record at your registrar.',
    rfc: 'RFC 4033 §3',
  },
} as const satisfies Catalogue;

/** A DNSSEC finding: its id and evidence. */
export const dnssecFinding = findingsFrom(DNSSEC_FINDINGS);
