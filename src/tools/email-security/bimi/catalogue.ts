/**
 * Every BIMI finding: its severity, title, advice and the section of the draft behind it.
 * analyze.ts decides which apply and with what evidence.
 */
import { lookupFailed, severalRecords } from '../common-findings.ts';
import { findingsFrom, type Catalogue } from '../finding.ts';

const RECORD = 'draft-brand-indicators-for-message-identification §4.3';
const AUTHENTICATION = 'draft-brand-indicators-for-message-identification §7.1';

export const BIMI_FINDINGS = {
  'bimi-lookup-failed': lookupFailed('BIMI'),
  'bimi-missing': {
    severity: 'info',
    title: 'No BIMI record',
    recommendation: ({ name }: { name: string }) =>
      `Optional: once DMARC is at enforcement, publish "v=BIMI1; l=https://…/logo.svg" at ${name}.`,
    rfc: RECORD,
  },
  'bimi-near-miss': {
    severity: 'info',
    rfc: RECORD,
    cases: {
      'no-record': {
        title: ({ problem }: { problem: string }) =>
          `No BIMI record is read: the TXT record meant as one ${problem}, so receivers discard it`,
        recommendation: ({ fix }: { fix: string }) => `${fix}.`,
      },
      'beside-a-record': {
        title: ({ problem }: { problem: string }) => `A TXT record looks meant as BIMI but is not read: it ${problem}`,
        recommendation:
          'Remove it: receivers read the BIMI record beside it, and a second valid one would make them ignore both.',
      },
    },
  },
  'bimi-multiple': severalRecords({ name: 'BIMI', version: 'v=BIMI1', who: 'receivers', rfc: RECORD }),
  'bimi-invalid': {
    // BIMI is optional and cosmetic: a broken record shows no logo, and risks no mail.
    severity: 'low',
    title: 'The BIMI record is not valid',
    recommendation: 'Write it as "v=BIMI1; l=https://…/logo.svg; a=https://…/certificate.pem".',
    rfc: RECORD,
  },
  'bimi-location-notes': {
    severity: 'low',
    title: 'The logo location may not be usable',
    recommendation: 'Point l= at one https URL of an SVG Tiny PS logo.',
    rfc: RECORD,
  },
  'bimi-declined': {
    severity: 'info',
    title: 'The record declines to publish a logo (l= and a= empty)',
    recommendation: 'Nothing to do unless you want a logo shown.',
    rfc: RECORD,
  },
  'bimi-no-evidence': {
    severity: 'low',
    title: 'No mark certificate (a=): several mailbox providers show logos only with one',
    recommendation: 'Obtain a Verified or Common Mark Certificate and publish its URL in a=.',
    rfc: RECORD,
  },
  'bimi-dmarc-not-enforced': {
    severity: 'medium',
    title: 'BIMI needs DMARC at enforcement; logos are not shown without it',
    recommendation: 'Set DMARC p=quarantine or p=reject (no t=y, no pct below 100, sp not none).',
    rfc: AUTHENTICATION,
  },
} as const satisfies Catalogue;

/** A BIMI finding: its id, evidence, and the parameters its words need. */
export const bimiFinding = findingsFrom(BIMI_FINDINGS);
