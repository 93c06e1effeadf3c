/**
 * The `_mta-sts.<domain>` TXT record (RFC 8461 §3.1): `v=STSv1` first, then `id=` and extension
 * fields in the strict field-list grammar of field-list.ts. Names and the version are
 * case-sensitive. A repeated `id` is not an error: senders use the first (RFC 8461 §3.2, which
 * covers TXT records and policy files).
 */
import { EXTENSION_NAME, EXTENSION_VALUE, readFieldList } from '../field-list.ts';
import type { StsRecord } from '../result-schema-records.ts';

export type { StsRecord };

/** Senders keep only TXT records that begin with "v=STSv1;" (RFC 8461 §3.1). */
export function isStsRecord(text: string): boolean {
  return /^v=STSv1[ \t]*(;|$)/.test(text);
}

const ID = /^[A-Za-z0-9]{1,32}$/;

export function parseStsRecord(text: string): StsRecord {
  const list = readFieldList(text);
  const problems = [...list.problems];
  const notes: string[] = [];
  if (!/^v=STSv1$/.test(list.version)) problems.push('the record must start with "v=STSv1;"');
  let id: string | null = null;
  let idSeen = false;
  const extensions: string[] = [];
  for (const { name, value, text: field } of list.fields) {
    if (name === 'id' && idSeen) {
      // Every field must still be well formed (sts-id or sts-extension); then the first counts (§3.2).
      if (ID.test(value) || EXTENSION_VALUE.test(value))
        notes.push(`id repeated: senders use the first (${id === null ? 'an invalid one' : `id=${id}`})`);
      else problems.push(`"${field}": not a valid field (name=value, no spaces around "=")`);
    } else if (name === 'id') {
      idSeen = true;
      if (ID.test(value)) id = value;
      else problems.push(`id=${value}: must be 1 to 32 letters or digits`);
    } else if (!EXTENSION_NAME.test(name) || !EXTENSION_VALUE.test(value)) {
      problems.push(`"${field}": not a valid field (name=value, no spaces around "=")`);
    } else {
      extensions.push(name);
    }
  }
  if (!idSeen) problems.push('the id= field is missing');
  return { text, id, extensions, problems, notes, valid: problems.length === 0 };
}
