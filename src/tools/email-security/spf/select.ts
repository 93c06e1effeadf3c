/**
 * Record selection (RFC 7208 §4.5): of the TXT records at a name, keep those whose version
 * section is exactly `v=spf1` (case-insensitive, ended by a space or the end of the record).
 * None: no SPF record; more than one: permerror. Records that look meant as SPF but are not
 * (`v=spf10`, `v=spf1mx`, leading space, Sender ID `spf2.0/`) are returned as near misses.
 */

export type SpfSelection =
  | { kind: 'none'; nearMisses: string[] }
  | { kind: 'one'; record: string; nearMisses: string[] }
  | { kind: 'multiple'; records: string[]; nearMisses: string[] };

const VERSION = /^v=spf1(?: |$)/i;
const LOOKS_LIKE_SPF = /^\s*(?:v\s*=\s*spf|spf2\.0\/)/i;

function isSpfRecord(text: string): boolean {
  return VERSION.test(text);
}

export function selectSpfRecord(texts: readonly string[]): SpfSelection {
  const records = texts.filter(isSpfRecord);
  const nearMisses = texts.filter((text) => !isSpfRecord(text) && LOOKS_LIKE_SPF.test(text));
  if (records.length === 0) return { kind: 'none', nearMisses };
  if (records.length === 1) return { kind: 'one', record: records[0]!, nearMisses };
  return { kind: 'multiple', records, nearMisses };
}
