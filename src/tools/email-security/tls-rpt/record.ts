/**
 * SMTP TLS Reporting (RFC 8460 §3): `_smtp._tls.<domain>` TXT `v=TLSRPTv1; rua=<uri>[,<uri>]`,
 * where each URI is `mailto:` or `https:`. Senders then report TLS failures (including MTA-STS
 * and DANE ones) to those destinations.
 */
import { EXTENSION_NAME, EXTENSION_VALUE, readFieldList } from '../field-list.ts';
import type { RecordVersion } from '../near-miss.ts';
import { MAX_REPORT_URIS, parseReportUri, splitUriList } from '../report-uri.ts';
import type { TlsRptRecord } from '../result-schema-records.ts';

export type { TlsRptRecord };

/** Records that begin with the version (RFC 8460 §3); others are discarded. */
export function isTlsRptRecord(text: string): boolean {
  return /^v=TLSRPTv1[ \t]*(;|$)/.test(text);
}

/** The version the record starts with, for telling near misses (near-miss.ts). */
export const TLS_RPT_VERSION: RecordVersion = {
  version: 'v=TLSRPTv1',
  name: 'TLSRPT',
  separator: ';',
  isRecord: isTlsRptRecord,
};

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
