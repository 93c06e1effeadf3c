/**
 * Near misses: a TXT record meant as a mechanism's record that receivers discard, because it
 * does not start with exactly the version they look for (RFC 7208 §4.5, RFC 9989 §4.7,
 * RFC 8460 §3, BIMI draft §4.3). The usual reasons: it was published with the quotes a zone
 * file or a DNS tool shows (`"v=spf1 -all"` as the literal text), it starts with white space,
 * the version is misspelt (`v=spf10`, `v=dmarc1`, `v = spf1`, `v=BIMI`, no separator after it),
 * or `v=` is not the first tag. Only the start of a text is read: records can be long.
 */
import { quoteRecord } from './dns-answers.ts';

export interface RecordVersion {
  /** The version exactly as a record must start: "v=spf1". */
  version: string;
  /** The mechanism's name in the version, matched in any case: "spf". */
  name: string;
  /** What must follow the version: a space (SPF) or ";" (the tag lists). */
  separator: ' ' | ';';
  /** Whether receivers read the text as the mechanism's record. */
  isRecord: (text: string) => boolean;
}

export type NearMissReason = 'quoted' | 'leading-space' | 'version-misspelt' | 'version-not-first';

export interface NearMiss {
  reason: NearMissReason;
  /** What the record says where receivers look for the version. */
  problem: string;
  /** How to fix the record. */
  fix: string;
}

/** A text and why receivers discard it. */
export interface TextNearMiss {
  text: string;
  miss: NearMiss;
}

/** The characters of a text that are read; a version further in is not looked for. */
const SCAN_LENGTH = 1024;
const QUOTES = new Set(['"', "'", '\\', '\u201c', '\u201d', '\u2018', '\u2019']);
const isSpace = (char: string | undefined) => char !== undefined && char.trim() === '';
const isVersionChar = (char: string | undefined) => char !== undefined && /^[A-Za-z0-9.]$/.test(char);

/** The version as written at `at` ("v", "=", the name, then letters, digits and dots), or null. */
function versionAt(text: string, at: number, name: string): string | null {
  let i = at;
  if (text[i] !== 'v' && text[i] !== 'V') return null;
  i += 1;
  while (isSpace(text[i])) i += 1;
  if (text[i] !== '=') return null;
  i += 1;
  while (isSpace(text[i])) i += 1;
  if (text.slice(i, i + name.length).toLowerCase() !== name.toLowerCase()) return null;
  i += name.length;
  while (isVersionChar(text[i])) i += 1;
  return text.slice(at, i);
}

function misspelt(written: string, spec: RecordVersion): NearMiss {
  const { version, separator } = spec;
  const fix = `Start the record with exactly "${version}"${separator === ' ' ? ' followed by a space' : ''}`;
  const problem = spec.isRecord(`${written}${separator}`)
    ? `has no ${separator === ' ' ? 'space' : '";"'} after "${written}"`
    : `starts "${written}", not "${version}"`;
  return { reason: 'version-misspelt', problem, fix };
}

/** Why receivers discard a text meant as the record, or null when it is read or not meant as one. */
export function nearMissOf(text: string, spec: RecordVersion): NearMiss | null {
  if (spec.isRecord(text)) return null;
  const start = text.slice(0, SCAN_LENGTH);
  let skipped = 0;
  while (skipped < start.length && (isSpace(start[skipped]) || QUOTES.has(start[skipped]!))) skipped += 1;
  const leading = start.slice(0, skipped);
  const written = versionAt(start, skipped, spec.name);
  if (written !== null) {
    if ([...leading].some((char) => QUOTES.has(char) && char !== '\\'))
      return {
        reason: 'quoted',
        problem: 'is published with its quotes',
        fix:
          'Publish the text without the quotes: DNS tools show TXT records quoted, ' +
          'but the quotes are not part of the record',
      };
    if (leading.length > 0 && leading.trim() === '')
      return {
        reason: 'leading-space',
        problem: `starts with white space before "${written}"`,
        fix: `Remove the white space before "${written}"`,
      };
    if (leading.length === 0) return misspelt(written, spec);
    return null;
  }
  for (let at = 1; at < start.length; at += 1) {
    const before = start[at - 1];
    if (before !== ';' && !isSpace(before)) continue;
    const later = versionAt(start, at, spec.name);
    if (later !== null)
      return {
        reason: 'version-not-first',
        problem: `has "${later}" after other ${spec.separator === ' ' ? 'terms' : 'tags'}, not first`,
        fix: `Move "${spec.version}" to the start of the record`,
      };
  }
  return null;
}

/** The near misses among the TXT texts at a name, in their order. */
export function nearMissesAmong(texts: readonly string[], spec: RecordVersion): TextNearMiss[] {
  return texts.flatMap((text) => {
    const miss = nearMissOf(text, spec);
    return miss ? [{ text, miss }] : [];
  });
}

/** Each near miss at `where`, quoted, with its reason: a finding's evidence. */
export function nearMissEvidence(where: string, misses: readonly TextNearMiss[]): string[] {
  return misses.map(({ text, miss }) => `${where}: ${quoteRecord(text)}: it ${miss.problem}`);
}
