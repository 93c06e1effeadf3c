/** Entity tags for the badge, and the `If-None-Match` check (RFC 9110 §8.8.3, §13.1.2). */

const encoder = new TextEncoder();
// One tag per distinct SVG: there are only 3 styles × 14 messages of them.
const tags = new Map<string, Promise<string>>();

/** A strong entity tag: the SHA-256 of the UTF-8 bytes of `body`, in hex, quoted. */
export function strongEtag(body: string): Promise<string> {
  let tag = tags.get(body);
  if (tag === undefined) {
    tag = crypto.subtle.digest('SHA-256', encoder.encode(body)).then((digest) => {
      const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
      return `"${hex}"`;
    });
    if (tags.size >= 256) tags.clear();
    tags.set(body, tag);
  }
  return tag;
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
