/**
 * Reading an `Accept` field (RFC 9110, section 12.5.1) without regular-expression backtracking:
 * split on commas and semicolons, one pass. Media-type parameters other than `q` are ignored.
 */

interface MediaRange {
  /** Lower-cased: a type (`text/html`), a subtype wildcard (`text/*`) or the wildcard of every type. */
  type: string;
  /** 0 to 1; a quality that is not a number counts as 0. */
  quality: number;
}

function mediaRanges(accept: string | null): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const range of (accept ?? '').split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type === '') continue;
    const q = parameters.find((p) => /^q\s*=/.test(p))?.replace(/^q\s*=\s*/, '');
    const quality = q === undefined ? 1 : Number(q);
    ranges.push({ type, quality: Number.isFinite(quality) ? quality : 0 });
  }
  return ranges;
}

/** The media types an `Accept` field names itself, with a quality above zero (wildcards name none). */
export function namedMediaTypes(accept: string | null): Set<string> {
  return new Set(
    mediaRanges(accept)
      .filter((range) => range.quality > 0)
      .map((range) => range.type),
  );
}

/** The quality of `type` by the most specific range that matches it: itself, its subtype wildcard, then any type. */
function qualityOf(ranges: MediaRange[], type: string): number {
  const wildcard = `${type.slice(0, type.indexOf('/'))}/*`;
  let specificity = -1;
  let quality = 0;
  for (const range of ranges) {
    const rank = range.type === type ? 2 : range.type === wildcard ? 1 : range.type === '*/*' ? 0 : -1;
    if (rank > specificity) [specificity, quality] = [rank, range.quality];
  }
  return quality;
}

/**
 * Whether a client would rather have an HTML page than JSON, as a browser navigating does (`text/html`
 * first, any type at q=0.8). No `Accept`, one that accepts any type alike, or a tie all mean JSON,
 * the API's own format.
 */
export function prefersHtml(accept: string | null): boolean {
  const ranges = mediaRanges(accept);
  const html = qualityOf(ranges, 'text/html');
  return (
    html > 0 && html > Math.max(qualityOf(ranges, 'application/json'), qualityOf(ranges, 'application/problem+json'))
  );
}
