/**
 * The `_mta-sts.<domain>` TXT record (RFC 8461 §3.1). Its grammar is stricter than the generic
 * tag list: `v=STSv1` first, then fields separated by ";" with optional spaces or tabs around the
 * ";", no empty field (`;;`), at most one trailing ";", nothing after it, no spaces around "=".
 * Names and the version are case-sensitive. A repeated `id` is not an error: senders use the first
 * (RFC 8461 §3.2, which covers TXT records and policy files).
 */

export interface StsRecord {
  text: string;
  id: string | null;
  extensions: string[];
  /** Why senders would ignore the record; empty when valid. */
  problems: string[];
  /** Not fatal: e.g. `id` repeated (the first is used). */
  notes: string[];
  valid: boolean;
}

/** Senders keep only TXT records that begin with "v=STSv1;" (RFC 8461 §3.1). */
export function isStsRecord(text: string): boolean {
  return /^v=STSv1[ \t]*(;|$)/.test(text);
}

const ID = /^[A-Za-z0-9]{1,32}$/;
const EXTENSION_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;
const EXTENSION_VALUE = /^[\x21-\x3a\x3c\x3e-\x7e]+$/;
const isSpaceOrTab = (char: string | undefined) => char === ' ' || char === '\t';

/** The field without the spaces or tabs the grammar allows around ";" (none after the last field). */
function trimField(segment: string, last: boolean): string | null {
  let start = 0;
  let end = segment.length;
  while (isSpaceOrTab(segment[start])) start++;
  if (!last) while (end > start && isSpaceOrTab(segment[end - 1])) end--;
  return start === end ? null : segment.slice(start, end);
}

export function parseStsRecord(text: string): StsRecord {
  const problems: string[] = [];
  const notes: string[] = [];
  const segments = text.split(';');
  const trailingDelimiter = segments.length > 1 && /^[ \t]*$/.test(segments.at(-1)!);
  if (trailingDelimiter) segments.pop();
  const [version, ...rest] = segments;
  if (!/^v=STSv1[ \t]*$/.test(version!)) problems.push('the record must start with "v=STSv1;"');
  let id: string | null = null;
  let idSeen = false;
  const extensions: string[] = [];
  rest.forEach((segment, index) => {
    const written = trimField(segment, index === rest.length - 1 && !trailingDelimiter);
    if (written === null) {
      problems.push(`an empty field (";;" or "; ;") breaks the record's grammar`);
      return;
    }
    const field = written.trimEnd();
    if (field !== written)
      problems.push(`"${written}": spaces or tabs after the last field break the record's grammar`);
    const equals = field.indexOf('=');
    const name = equals < 0 ? field : field.slice(0, equals);
    const value = equals < 0 ? '' : field.slice(equals + 1);
    if (name === 'id' && idSeen) {
      // Every field must still be well formed (sts-id or sts-extension); then the first counts (§3.2).
      if (ID.test(value) || EXTENSION_VALUE.test(value))
        notes.push(`id repeated: senders use the first (${id === null ? 'an invalid one' : `id=${id}`})`);
      else problems.push(`"${field}": not a valid field (name=value, no spaces around "=")`);
    } else if (name === 'id') {
      idSeen = true;
      if (ID.test(value)) id = value;
      else problems.push(`id=${value}: must be 1 to 32 letters or digits`);
    } else if (equals < 0 || !EXTENSION_NAME.test(name) || !EXTENSION_VALUE.test(value)) {
      problems.push(`"${field}": not a valid field (name=value, no spaces around "=")`);
    } else {
      extensions.push(name);
    }
  });
  if (!idSeen) problems.push('the id= field is missing');
  return { text, id, extensions, problems, notes, valid: problems.length === 0 };
}
