/**
 * The BIMI section: the record at `default._bimi.<domain>` (record.ts), and DMARC, since mailbox
 * providers show the logo only when DMARC is at enforcement (quarantine or reject, not testing,
 * subdomains not `none`). `facts.valid` means "usable": a valid record with a logo, and DMARC at
 * enforcement.
 */
import { exchange, type EmailSecurityCapture } from '../capture.ts';
import { lookupEvidence, recordsAt } from '../common-findings.ts';
import { analyzeDmarc } from '../dmarc/analyze.ts';
import { describeExchange, isDnsFailure, quoteRecord, txtTexts } from '../dns-answers.ts';
import { statusFromFindings } from '../finding.ts';
import { sendsNoMail } from '../mx/facts.ts';
import { nearMissEvidence, nearMissesAmong } from '../near-miss.ts';
import type { BimiSection, DmarcSection } from '../result-schema-sections.ts';
import type { Finding } from '../section.ts';
import { bimiFinding } from './catalogue.ts';
import { BIMI_VERSION, isBimiRecord, parseBimiRecord } from './record.ts';
import { bimiName } from './retrieve.ts';

function dmarcEnforced(dmarc: DmarcSection): boolean {
  const f = dmarc.facts;
  const pct = dmarc.record?.removed.find((t) => t.name === 'pct')?.value;
  const enforcing = (p: string | null) => p === 'quarantine' || p === 'reject';
  return (
    f.valid && !f.testing && enforcing(f.policy) && enforcing(f.subdomainPolicy) && (pct === undefined || pct === '100')
  );
}

export function analyzeBimi(
  capture: EmailSecurityCapture,
  dmarc: DmarcSection = analyzeDmarc(capture),
  noMail = sendsNoMail(capture),
): BimiSection {
  const name = bimiName(capture.domain);
  const result = exchange(capture, name, 'TXT');
  const enforced = dmarcEnforced(dmarc);
  const none = { facts: { present: false, valid: false }, record: null, dmarcEnforced: enforced };
  if (!result || isDnsFailure(result)) {
    return {
      ...none,
      status: 'error',
      summary: 'The BIMI record could not be looked up.',
      records: [],
      findings: [bimiFinding('bimi-lookup-failed', [lookupEvidence(result, `${name} TXT`)])],
    };
  }
  const texts = txtTexts(result).filter(isBimiRecord);
  const nearMisses = nearMissesAmong(txtTexts(result), BIMI_VERSION);
  const nearMissFindings = (place: 'no-record' | 'beside-a-record'): Finding[] =>
    nearMisses.length === 0
      ? []
      : [
          bimiFinding('bimi-near-miss', nearMissEvidence(name, nearMisses), {
            case: place,
            problem: nearMisses[0]!.miss.problem,
            fix: nearMisses[0]!.miss.fix,
          }),
        ];
  if (texts.length === 0) {
    if (noMail)
      return {
        ...none,
        status: 'not-applicable',
        summary: 'The domain sends no mail; BIMI does not apply.',
        records: [],
        findings: [],
      };
    return {
      ...none,
      status: 'fail',
      summary: 'No BIMI record (optional: shows your logo in supporting inboxes).',
      records: [],
      findings:
        nearMisses.length > 0
          ? nearMissFindings('no-record')
          : [bimiFinding('bimi-missing', [describeExchange(result)], { name })],
    };
  }
  const record = parseBimiRecord(texts[0]!);
  const quoted = `${name}: ${quoteRecord(record.text)}`;
  const findings = nearMissFindings('beside-a-record');
  if (texts.length > 1) findings.push(bimiFinding('bimi-multiple', recordsAt(name, texts)));
  else if (!record.valid) findings.push(bimiFinding('bimi-invalid', [quoted, ...record.problems]));
  if (record.notes.length > 0) findings.push(bimiFinding('bimi-location-notes', [quoted, ...record.notes]));
  if (record.valid && record.declined) findings.push(bimiFinding('bimi-declined', [quoted]));
  if (record.valid && record.location !== null && record.authority === null)
    findings.push(bimiFinding('bimi-no-evidence', [quoted]));
  if (!enforced) {
    const { policy, testing, subdomainPolicy } = dmarc.facts;
    const published =
      policy === null ? 'no valid policy' : `p=${policy}${testing ? ' (t=y)' : ''}, subdomains ${subdomainPolicy}`;
    findings.push(bimiFinding('bimi-dmarc-not-enforced', [`DMARC: ${published}`]));
  }
  const valid = texts.length === 1 && record.valid && !record.declined && enforced;
  const usableRecord = texts.length === 1 && record.valid;
  return {
    facts: { present: true, valid },
    record,
    dmarcEnforced: enforced,
    status: !usableRecord ? 'fail' : statusFromFindings(findings),
    summary: !usableRecord
      ? 'A BIMI record is published but not valid.'
      : record.declined
        ? 'The BIMI record declines to publish a logo.'
        : `BIMI logo at ${record.location}${enforced ? '' : ' (not shown: DMARC is not at enforcement)'}.`,
    records: texts,
    findings,
  };
}
