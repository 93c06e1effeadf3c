/**
 * The field lists of the `_mta-sts` and `_smtp._tls` TXT records (RFC 8461 §3.1, RFC 8460 §3),
 * stricter than the generic tag list: `version 1*(*WSP ";" *WSP field) [*WSP ";" *WSP]`. So no
 * empty field (`;;`), at most one trailing ";" (spaces around it allowed), no spaces after the
 * last field without one, no spaces before "=". Names are case-sensitive; values are the callers'.
 */

export interface FieldList {
  /** The first segment (the version) without the spaces before its ";". */
  version: string;
  fields: { name: string; value: string; text: string }[];
  /** Where the text breaks the grammar. */
  problems: string[];
}

export const EXTENSION_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;
export const EXTENSION_VALUE = /^[\x21-\x3a\x3c\x3e-\x7e]+$/;

const isSpaceOrTab = (char: string | undefined) => char === ' ' || char === '\t';

function trimLeading(segment: string): string {
  let start = 0;
  while (isSpaceOrTab(segment[start])) start++;
  return segment.slice(start);
}

function trimTrailing(segment: string): string {
  let end = segment.length;
  while (end > 0 && isSpaceOrTab(segment[end - 1])) end--;
  return segment.slice(0, end);
}

export function readFieldList(text: string): FieldList {
  const problems: string[] = [];
  const segments = text.split(';');
  const trailingDelimiter = segments.length > 1 && trimLeading(segments.at(-1)!) === '';
  if (trailingDelimiter) segments.pop();
  const fields: FieldList['fields'] = [];
  segments.slice(1).forEach((segment, index) => {
    const leading = trimLeading(segment);
    const field = trimTrailing(leading);
    if (field === '') return void problems.push(`an empty field (";;" or "; ;") breaks the record's grammar`);
    const lastField = index === segments.length - 2 && !trailingDelimiter;
    if (lastField && field !== leading)
      problems.push(`"${leading}": spaces or tabs after the last field break the record's grammar`);
    const equals = field.indexOf('=');
    if (equals < 0 || /[ \t]$/.test(field.slice(0, equals))) {
      problems.push(`"${field}": not a valid field (name=value, no spaces before "=")`);
      return;
    }
    fields.push({ name: field.slice(0, equals), value: field.slice(equals + 1), text: field });
  });
  return { version: trimTrailing(segments[0]!), fields, problems };
}
