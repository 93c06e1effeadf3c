/**
 * Entity tags for what is served from memory (the badge, the pages and their assets), and the
 * `If-None-Match` check that answers a GET or HEAD with 304 (RFC 9110 §8.8.3, §13.1.2).
 */
import { sha256Hex } from '../keys/key-format.ts';

/** A strong entity tag: the SHA-256 of the UTF-8 bytes of `body`, in hex, quoted. */
export async function strongEtag(body: string): Promise<string> {
  return `"${await sha256Hex(body)}"`;
}

// An entity-tag: optional W/ and a quoted opaque tag (which may itself contain commas).
const ENTITY_TAG = /(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"/g;

/**
 * Whether `If-None-Match` matches the current tag, so that a GET or HEAD answers 304. The field
 * is `*` or a comma-separated list of entity tags; the comparison is weak, so `W/"x"` matches
 * `"x"`. An absent or unparsable field never matches.
 */
export function ifNoneMatchMatches(field: string | null, currentTag: string): boolean {
  if (field === null) return false;
  if (field.trim() === '*') return true;
  const current = currentTag.replace(/^W\//, '');
  for (const match of field.matchAll(ENTITY_TAG)) {
    if (`"${match[2]}"` === current) return true;
  }
  return false;
}
