/**
 * Record selection (RFC 7208 §4.5): of the TXT records at a name, keep those whose version
 * section is exactly `v=spf1` (case-insensitive, ended by a space or the end of the record).
 * None: no SPF record; more than one: permerror. Records that look meant as SPF but are not
 * (quoted, a leading space, `v=spf10`, `v=spf1mx`, `v=spf1` not first: near-miss.ts; Sender ID
 * `spf2.0/`) are returned as near misses.
 */
import { nearMissOf, type NearMiss } from '../near-miss.ts';

export type SpfSelection =
  | { kind: 'none'; nearMisses: string[] }
  | { kind: 'one'; record: string; nearMisses: string[] }
  | { kind: 'multiple'; records: string[]; nearMisses: string[] };

const VERSION = /^v=spf1(?: |$)/i;

function isSpfRecord(text: string): boolean {
  return VERSION.test(text);
}

const SPF_VERSION = { version: 'v=spf1', name: 'spf', separator: ' ', isRecord: isSpfRecord } as const;

const SENDER_ID: NearMiss = {
  reason: 'version-misspelt',
  problem: 'is a Sender ID record ("spf2.0/"), which receivers no longer read',
  fix: 'Publish the senders in a "v=spf1" record and remove the Sender ID record',
};

/** Why a TXT text meant as SPF is not read as SPF, or null when it is read or not meant as SPF. */
export function spfNearMiss(text: string): NearMiss | null {
  const miss = nearMissOf(text, SPF_VERSION);
  if (miss) return miss;
  return !isSpfRecord(text) && text.slice(0, 64).trimStart().toLowerCase().startsWith('spf2.0/') ? SENDER_ID : null;
}

export function selectSpfRecord(texts: readonly string[]): SpfSelection {
  const records = texts.filter(isSpfRecord);
  const nearMisses = texts.filter((text) => spfNearMiss(text) !== null);
  if (records.length === 0) return { kind: 'none', nearMisses };
  if (records.length === 1) return { kind: 'one', record: records[0]!, nearMisses };
  return { kind: 'multiple', records, nearMisses };
}
