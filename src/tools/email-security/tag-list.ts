/**
 * The `name=value; name=value` tag lists of DKIM (RFC 6376 §3.2), DMARC (RFC 9989 §4.7),
 * MTA-STS and TLS-RPT TXT records (RFC 8461 §3.1, RFC 8460 §3) and BIMI. Names keep their case
 * (DKIM and MTA-STS compare them case-sensitively, DMARC does not); callers decide. Empty
 * segments are skipped and counted: the grammars allow one trailing `;`, not `;;`, and each
 * caller decides what a break costs.
 */

export interface Tag {
  /** As written, whitespace trimmed. */
  name: string;
  /** Whitespace around the value trimmed. */
  value: string;
  /** Position of the tag in the list (0-based, counting tags only). */
  index: number;
}

export interface TagList {
  tags: Tag[];
  /** Segments that are not `name=value`, or have a malformed name. */
  errors: string[];
  /** Names (compared as given by `fold`) that appear more than once. */
  duplicates: string[];
  /** Empty segments (`;;`), not counting one trailing `;`. */
  emptySegments: number;
}

/** RFC 6376 tag-name: ALPHA *(ALPHA / DIGIT / "_"). */
const TAG_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

export function parseTagList(text: string, fold: (name: string) => string = (name) => name): TagList {
  const tags: Tag[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  const segments = text.split(';');
  let emptySegments = 0;
  for (const [index, segment] of segments.entries()) {
    if (segment.trim() === '') {
      if (index < segments.length - 1) emptySegments += 1;
      continue;
    }
    const equals = segment.indexOf('=');
    if (equals < 0) {
      errors.push(`"${segment.trim()}" is not a name=value tag`);
      continue;
    }
    const name = segment.slice(0, equals).trim();
    const value = segment.slice(equals + 1).trim();
    if (!TAG_NAME.test(name)) {
      errors.push(`"${name}" is not a valid tag name`);
      continue;
    }
    const key = fold(name);
    if (seen.has(key)) duplicates.add(key);
    seen.add(key);
    tags.push({ name, value, index: tags.length });
  }
  return { tags, errors, duplicates: [...duplicates], emptySegments };
}

/** The first tag of that name (compared with `fold`). */
export function tagValue(
  list: Pick<TagList, 'tags'>,
  name: string,
  fold: (name: string) => string = (n) => n,
): string | undefined {
  return list.tags.find((tag) => fold(tag.name) === name)?.value;
}
