/**
 * BIMI records (draft-brand-indicators-for-message-identification §4.3): `default._bimi.<domain>`
 * TXT `v=BIMI1; l=<https URL of an SVG logo>; a=<https URL of a mark certificate (PEM)>`. `l=` and
 * `a=` both empty (or `a=` absent) decline to publish a logo; an empty `l=` beside an `a=` URL is
 * invalid, as a missing `l=` is: indicator discovery needs a valid logo location even when a mark
 * certificate is given (§7.3 step 1), and receivers (mailauth) fail it.
 */
import type { RecordVersion } from '../near-miss.ts';
import { isHostName } from '../report-uri.ts';
import type { BimiRecord } from '../result-schema-records.ts';
import { parseTagList, tagValue } from '../tag-list.ts';

export type { BimiRecord };

export function isBimiRecord(text: string): boolean {
  return /^v\s*=\s*BIMI1\s*(;|$)/i.test(text);
}

/** The version the record starts with, for telling near misses (near-miss.ts). */
export const BIMI_VERSION: RecordVersion = { version: 'v=BIMI1', name: 'BIMI', separator: ';', isRecord: isBimiRecord };

function httpsProblem(tag: string, value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${tag}=${value}: not a valid URL`;
  }
  if (url.protocol !== 'https:') return `${tag}=${value}: must be an https: URL`;
  if (!isHostName(url.hostname)) return `${tag}=${value}: "${url.hostname}" is not a host name`;
  return null;
}

export function parseBimiRecord(text: string): BimiRecord {
  const fold = (name: string) => name.toLowerCase();
  const list = parseTagList(text, fold);
  const problems = [...list.errors];
  if (list.emptySegments > 0) problems.push('an empty field (";;") breaks the record\'s grammar');
  const notes: string[] = [];
  const first = list.tags[0];
  if (first?.name.toLowerCase() !== 'v' || first.value !== 'BIMI1') problems.push('the record must start with v=BIMI1');
  if (list.duplicates.length > 0) problems.push(`tags repeated: ${list.duplicates.join(', ')}`);
  const value = (name: string) => tagValue(list, name, fold);
  const l = value('l');
  const a = value('a');
  if (l === undefined) problems.push('the l= tag (logo location) is missing');
  else if (l === '' && a)
    problems.push('l= is empty beside a=: receivers need a logo location even with a mark certificate');
  let location: string | null = null;
  if (l) {
    // §4.3: l= holds a single URI; an old-style comma list is read as one (broken) URL.
    if (l.includes(',')) notes.push('l= holds a comma: receivers read the whole value as one logo URL');
    location = l;
    const problem = httpsProblem('l', location);
    if (problem) problems.push(problem);
    else if (!/\.svg$/i.test(new URL(location).pathname))
      notes.push(`l=${location}: the logo should be an SVG Tiny PS file (.svg)`);
  }
  let authority: string | null = null;
  if (a) {
    authority = a;
    const problem = httpsProblem('a', a);
    if (problem) problems.push(problem);
  }
  const avp = value('avp');
  // §4.3: other avp values "MUST be ignored" (brand applies).
  if (avp !== undefined && !['brand', 'personal'].includes(avp.toLowerCase()))
    notes.push(`avp=${avp}: not brand or personal, so receivers ignore it`);
  const declined = !l && !a;
  return { text, location, authority, declined, problems, notes, valid: problems.length === 0 };
}
