/**
 * The `_mta-sts.<domain>` TXT record (RFC 8461 §3.1): `v=STSv1; id=<1–32 letters or digits>`,
 * with optional extension fields. Names and the version are case-sensitive.
 */
import { parseTagList, tagValue } from '../tag-list.ts';

export interface StsRecord {
  text: string;
  id: string | null;
  extensions: string[];
  /** Why senders would ignore the record; empty when valid. */
  problems: string[];
  valid: boolean;
}

/** Senders keep only TXT records that begin with "v=STSv1;" (RFC 8461 §3.1). */
export function isStsRecord(text: string): boolean {
  return /^v=STSv1[ \t]*(;|$)/.test(text);
}

const ID = /^[A-Za-z0-9]{1,32}$/;
const EXTENSION_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;
const EXTENSION_VALUE = /^[\x21-\x3a\x3c\x3e-\x7e]+$/;

export function parseStsRecord(text: string): StsRecord {
  const list = parseTagList(text);
  const problems = [...list.errors];
  if (list.tags[0]?.name !== 'v' || list.tags[0].value !== 'STSv1') problems.push('the record must start with v=STSv1');
  if (list.duplicates.length > 0) problems.push(`fields repeated: ${list.duplicates.join(', ')}`);
  const id = tagValue(list, 'id') ?? null;
  if (id === null) problems.push('the id= field is missing');
  else if (!ID.test(id)) problems.push(`id=${id}: must be 1 to 32 letters or digits`);
  const extensions = list.tags.filter((t) => t.name !== 'v' && t.name !== 'id');
  for (const ext of extensions) {
    if (!EXTENSION_NAME.test(ext.name) || !EXTENSION_VALUE.test(ext.value))
      problems.push(`${ext.name}=${ext.value}: not a valid extension field`);
  }
  return { text, id, extensions: extensions.map((t) => t.name), problems, valid: problems.length === 0 };
}
