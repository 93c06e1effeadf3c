/**
 * Reading DMARC TXT records: which texts at `_dmarc.<name>` are DMARC records (RFC 9989 §4.7
 * and §4.10: those starting with `v=DMARC1`), and one record's tags, validated against
 * `DMARC_TAGS`, with the policy receivers will apply:
 * - a segment that is not a tag, or a tag with an invalid value, is discarded and the rest
 *   applied (§4.8), with one exception:
 * - a missing or invalid `p`, or an invalid `sp` or `np`, makes receivers act as if the record
 *   were "p=none" when `rua` holds a valid URI, and ignore it otherwise (§4.10.1);
 * - a repeated tag makes the whole tag list invalid (§4.7 adopts DKIM's tag-value syntax, and
 *   RFC 6376 §3.2 says so); RFC 9989 names no winner, so the record is graded as ignored.
 */
import { nearMissOf, type RecordVersion } from '../near-miss.ts';
import { MAX_REPORT_URIS, parseReportUri, splitUriList } from '../report-uri.ts';
import type { DmarcRecord } from '../result-schema-records.ts';
import { parseTagList } from '../tag-list.ts';
import { DMARC_TAGS, tagValueProblem, type DmarcPolicy } from './tags.ts';

export type { DmarcRecord };

/**
 * dmarc: a DMARC record. malformed: meant as one but receivers discard it (quoted, leading space,
 * version not exactly `DMARC1`, `v=` not first: near-miss.ts). spf: an SPF record (often a
 * wildcard TXT leaking in). other.
 */
export type DmarcTextKind = 'dmarc' | 'malformed' | 'spf' | 'other';

function isDmarcRecord(text: string): boolean {
  return /^[vV][ \t]*=[ \t]*DMARC1[ \t]*(;|$)/.test(text);
}

/** The version the record starts with, for telling near misses (near-miss.ts). */
export const DMARC_VERSION: RecordVersion = {
  version: 'v=DMARC1',
  name: 'DMARC',
  separator: ';',
  isRecord: isDmarcRecord,
};

export function classifyDmarcText(text: string): DmarcTextKind {
  if (isDmarcRecord(text)) return 'dmarc';
  if (nearMissOf(text, DMARC_VERSION)) return 'malformed';
  if (/^\s*v=spf1/i.test(text)) return 'spf';
  return 'other';
}

export type DmarcTagProblem = DmarcRecord['invalidValues'][number];

const fold = (name: string) => name.toLowerCase();

function keyword<T extends string>(
  tags: Map<string, string>,
  name: DmarcTagProblem['tag'],
  invalid: DmarcTagProblem[],
): T | null {
  const value = tags.get(name);
  if (value === undefined) return null;
  const problem = tagValueProblem(DMARC_TAGS[name]!, value);
  if (problem) {
    invalid.push({ tag: name, value, problem });
    return null;
  }
  return value.toLowerCase() as T;
}

function isAbsoluteUri(text: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\S*$/.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

export function parseDmarcRecord(text: string): DmarcRecord {
  const list = parseTagList(text, fold);
  const first = new Map<string, string>();
  for (const tag of list.tags) if (!first.has(fold(tag.name))) first.set(fold(tag.name), tag.value);
  const invalid: DmarcTagProblem[] = [];
  const policy = keyword<DmarcPolicy>(first, 'p', invalid);
  const subdomainPolicy = keyword<DmarcPolicy>(first, 'sp', invalid);
  const nonExistentPolicy = keyword<DmarcPolicy>(first, 'np', invalid);
  const psd = keyword<'y' | 'n' | 'u'>(first, 'psd', invalid) ?? 'u';
  const testing = keyword<'y' | 'n'>(first, 't', invalid) === 'y';
  const adkim = keyword<'r' | 's'>(first, 'adkim', invalid) ?? 'r';
  const aspf = keyword<'r' | 's'>(first, 'aspf', invalid) ?? 'r';
  // A valid fo= is keywords from its list, so each item is one of them.
  const fo = (keyword<string>(first, 'fo', invalid)
    ?.split(':')
    .map((v) => v.trim()) ?? ['0']) as DmarcRecord['fo'];
  const removed: DmarcRecord['removed'] = [];
  for (const name of ['pct', 'rf', 'ri'] as const) {
    const value = first.get(name);
    if (value === undefined) continue;
    removed.push({ name, value });
    const problem = tagValueProblem(DMARC_TAGS[name]!, value);
    if (problem) invalid.push({ tag: name, value, problem });
  }
  const listed = { rua: splitUriList(first.get('rua') ?? ''), ruf: splitUriList(first.get('ruf') ?? '') };
  const uris = (name: 'rua' | 'ruf') =>
    listed[name].slice(0, MAX_REPORT_URIS).map((uri) => parseReportUri(uri, { schemes: ['mailto'], allowSize: true }));
  const rua = uris('rua');
  const ruf = uris('ruf');
  const versionTag = list.tags[0];
  const versionOk = versionTag !== undefined && fold(versionTag.name) === 'v' && versionTag.value === 'DMARC1';
  const policyFallback = [
    ...(!first.has('p') ? ['p= is missing'] : []),
    ...invalid.filter((v) => ['p', 'sp', 'np'].includes(v.tag)).map((v) => `${v.tag}=${v.value} is not a policy`),
  ];
  // §4.10.1 asks for "a syntactically valid reporting URI": any scheme counts, and so does "mailto:"
  // without an address (RFC 6068), though only a mailto: address ever gets reports.
  const reportsRequested = listed.rua.slice(0, MAX_REPORT_URIS).some(isAbsoluteUri);
  const effectivePolicy =
    !versionOk || list.duplicates.length > 0
      ? null
      : policyFallback.length === 0
        ? policy
        : reportsRequested
          ? 'none'
          : null;
  return {
    text,
    tags: list.tags,
    policy,
    policyMissing: !first.has('p'),
    subdomainPolicy,
    nonExistentPolicy,
    psd,
    testing,
    adkim,
    aspf,
    fo,
    rua,
    ruf,
    urisOmitted: {
      rua: Math.max(0, listed.rua.length - MAX_REPORT_URIS),
      ruf: Math.max(0, listed.ruf.length - MAX_REPORT_URIS),
    },
    removed,
    unknown: [...new Set(list.tags.map((tag) => fold(tag.name)).filter((name) => !Object.hasOwn(DMARC_TAGS, name)))],
    duplicates: list.duplicates,
    syntaxErrors: list.errors,
    invalidValues: invalid,
    policyNotSecond: first.has('p') && fold(list.tags[1]?.name ?? '') !== 'p',
    policyFallback,
    effectivePolicy,
  };
}
