/**
 * SMTP TLS Reporting (RFC 8460 §3): `_smtp._tls.<domain>` TXT `v=TLSRPTv1; rua=<uri>[,<uri>]`,
 * where each URI is `mailto:` or `https:`. Senders then report TLS failures (including MTA-STS
 * and DANE ones) to those destinations.
 */
import { exchange, type EmailSecurityCapture, type RecordingResolver } from './capture.ts';
import { lookupEvidence, recordsAt } from './common-findings.ts';
import { describeExchange, isDnsFailure, quoteRecord, txtTexts } from './dns-answers.ts';
import { statusFromFindings } from './finding.ts';
import { receivesNoMail } from './mx.ts';
import { tlsRptFinding } from './tls-rpt-catalogue.ts';
import { MAX_REPORT_URIS, parseReportUri, splitUriList, type ReportUri } from './report-uri.ts';
import type { Finding, Section, SimpleFacts } from './section.ts';
import { EXTENSION_NAME, EXTENSION_VALUE, readFieldList } from './field-list.ts';

export const tlsRptName = (domain: string) => `_smtp._tls.${domain}`;

export interface TlsRptRecord {
  text: string;
  /** The first `MAX_REPORT_URIS`, parsed. */
  rua: ReportUri[];
  /** URIs past the ones parsed. */
  ruaOmitted: number;
  extensions: string[];
  /** Why senders would ignore it; empty when valid. */
  problems: string[];
  valid: boolean;
}

export type TlsRptSection = Section & { facts: SimpleFacts; record: TlsRptRecord | null };

/** Records that begin with the version (RFC 8460 §3); others are discarded. */
export function isTlsRptRecord(text: string): boolean {
  return /^v=TLSRPTv1[ \t]*(;|$)/.test(text);
}

export function parseTlsRptRecord(text: string): TlsRptRecord {
  const list = readFieldList(text);
  const problems = [...list.problems];
  if (list.version !== 'v=TLSRPTv1') problems.push('the record must start with v=TLSRPTv1');
  const ruaFields = list.fields.filter((f) => f.name === 'rua');
  // RFC 8460 names no winner for a repeated field (RFC 8461 §3.2 does, for MTA-STS only).
  if (ruaFields.length > 1) problems.push('fields repeated: rua');
  const ruaValue = ruaFields[0]?.value;
  const listed = splitUriList(ruaValue ?? '');
  const rua = listed
    .slice(0, MAX_REPORT_URIS)
    .map((uri) => parseReportUri(uri, { schemes: ['mailto', 'https'], allowSize: false }));
  if (ruaValue === undefined) problems.push('the rua= field is missing');
  else if (rua.length === 0) problems.push('rua= names no destination');
  problems.push(...rua.flatMap((uri) => (uri.problem ? [uri.problem] : [])));
  const extensions = list.fields.filter((f) => f.name !== 'rua').map((f) => f.name);
  for (const field of list.fields.filter((f) => f.name !== 'rua'))
    if (!EXTENSION_NAME.test(field.name) || !EXTENSION_VALUE.test(field.value))
      problems.push(`"${field.text}": not a valid extension field`);
  return {
    text,
    rua,
    ruaOmitted: Math.max(0, listed.length - MAX_REPORT_URIS),
    extensions,
    problems,
    valid: problems.length === 0,
  };
}

export async function retrieveTlsRpt(resolver: RecordingResolver, domain: string): Promise<void> {
  await resolver.query(tlsRptName(domain), 'TXT');
}

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
      summary: 'No TLS-RPT record: TLS delivery failures to this domain go unreported.',
      records: [],
      findings: [tlsRptFinding('tls-rpt-missing', [describeExchange(result)], { name, domain: capture.domain })],
      facts: { present: false, valid: false },
      record: null,
    };
  }
  const record = parseTlsRptRecord(texts[0]!);
  const findings: Finding[] = [];
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
