/**
 * The TLS-RPT section: whether `_smtp._tls.<domain>` publishes one valid record (record.ts), so
 * that senders report TLS failures (MTA-STS and DANE ones included) to its destinations.
 */
import { exchange, type EmailSecurityCapture } from '../capture.ts';
import { lookupEvidence, recordsAt } from '../common-findings.ts';
import { describeExchange, isDnsFailure, quoteRecord, txtTexts } from '../dns-answers.ts';
import { statusFromFindings } from '../finding.ts';
import { receivesNoMail } from '../mx/facts.ts';
import { nearMissEvidence, nearMissesAmong } from '../near-miss.ts';
import type { TlsRptSection } from '../result-schema-sections.ts';
import type { Finding } from '../section.ts';
import { tlsRptFinding } from './catalogue.ts';
import { isTlsRptRecord, parseTlsRptRecord, TLS_RPT_VERSION } from './record.ts';
import { tlsRptName } from './retrieve.ts';

export function analyzeTlsRpt(capture: EmailSecurityCapture, noMail = receivesNoMail(capture)): TlsRptSection {
  const name = tlsRptName(capture.domain);
  const result = exchange(capture, name, 'TXT');
  if (!result || isDnsFailure(result)) {
    return {
      status: 'error',
      summary: 'The TLS-RPT record could not be looked up.',
      records: [],
      findings: [tlsRptFinding('tls-rpt-lookup-failed', [lookupEvidence(result, `${name} TXT`)])],
      facts: { present: false, valid: false },
      record: null,
    };
  }
  const texts = txtTexts(result).filter(isTlsRptRecord);
  const nearMisses = nearMissesAmong(txtTexts(result), TLS_RPT_VERSION);
  const nearMissFindings = (place: 'no-record' | 'beside-a-record'): Finding[] =>
    nearMisses.length === 0
      ? []
      : [
          tlsRptFinding('tls-rpt-near-miss', nearMissEvidence(name, nearMisses), {
            case: place,
            problem: nearMisses[0]!.miss.problem,
            fix: nearMisses[0]!.miss.fix,
          }),
        ];
  if (texts.length === 0) {
    if (noMail)
      return {
        status: 'not-applicable',
        summary:
          'The domain declares it takes no part in mail (null MX, or no MX and v=spf1 -all); ' +
          'TLS reporting does not apply.',
        records: [],
        findings: [],
        facts: { present: false, valid: false },
        record: null,
      };
    return {
      status: 'fail',
      summary: 'No TLS-RPT record is read: TLS delivery failures to this domain go unreported.',
      records: [],
      findings:
        nearMisses.length > 0
          ? nearMissFindings('no-record')
          : [tlsRptFinding('tls-rpt-missing', [describeExchange(result)], { name, domain: capture.domain })],
      facts: { present: false, valid: false },
      record: null,
    };
  }
  const record = parseTlsRptRecord(texts[0]!);
  const findings = nearMissFindings('beside-a-record');
  if (texts.length > 1) findings.push(tlsRptFinding('tls-rpt-multiple', recordsAt(name, texts)));
  else if (!record.valid)
    findings.push(tlsRptFinding('tls-rpt-invalid', [`${name}: ${quoteRecord(record.text)}`, ...record.problems]));
  if (record.extensions.length > 0)
    findings.push(tlsRptFinding('tls-rpt-extensions', [`${name}: ${record.extensions.join(', ')}`]));
  const valid = texts.length === 1 && record.valid;
  return {
    status: valid ? statusFromFindings(findings) : 'fail',
    summary: valid
      ? `TLS reports go to ${record.rua.map((u) => u.uri).join(', ')}` +
        `${record.ruaOmitted > 0 ? ` and ${record.ruaOmitted} more` : ''}.`
      : 'A TLS-RPT record is published but not usable.',
    records: texts,
    findings,
    facts: { present: true, valid },
    record,
  };
}
