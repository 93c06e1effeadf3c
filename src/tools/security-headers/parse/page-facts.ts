/**
 * What the Observatory reads from the graded response's body, and when. Two rules, kept apart as
 * the Observatory keeps them:
 * - the subresource-integrity test parses the body unless the media type (the first Content-Type,
 *   up to its first ";", exactly as written) is set and is not `text/html` or
 *   `application/xhtml+xml`;
 * - meta CSP and referrer policies are read only when that media type is one of those two.
 * Its HTTP client (axios) also turns every body that is valid JSON into the JSON value: a page
 * that is a JSON string is read as that string; `null`, `0` and `false` read as an empty page.
 * Any other value reaches the parser (htmlparser2 12), which reads it as a string by its `length`:
 * a value whose length is not a positive number (an empty array, `{"length": 0}`) is no text at
 * all, an empty page; any other (a non-empty array, an object, a number, `true`) cannot be parsed.
 * (An object whose `length` is a string is read by JavaScript's `+`; docs/observatory-oracle.md.)
 */
import { declaredEncoding } from '../../../net/body-reader.ts';
import type { HeaderView } from './headers.ts';
import { extractHtmlFacts, type ScriptElement } from './html-facts.ts';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** Encodings in which markup is not ASCII bytes, so a UTF-8 reading and a browser's differ. */
const NON_ASCII_ENCODINGS = new Set(['utf-16le', 'utf-16be', 'replacement']);

export interface PageFacts {
  /** The media type as the Observatory compares it: as written, '' when absent. */
  mediaType: string;
  /** Whether the subresource-integrity test reads the body. */
  scriptsRead: boolean;
  /** The `<script>` elements; null when the body is a JSON value no HTML parser accepts. */
  scripts: ScriptElement[] | null;
  /** Meta CSP contents read as policies (empty when meta tags are not read). */
  metaCsp: string[];
  metaReferrer: string | null;
  /** An HTML type spelled so the Observatory does not recognise it (odd case or spaces). */
  unrecognisedHtmlType: boolean;
  /**
   * The encoding browsers decode the page with when its markup is not ASCII in it (UTF-16, or an
   * encoding they refuse): the Observatory reads every body as UTF-8, so the tags each sees differ.
   */
  browserEncoding: string | null;
}

/** The body after the client's JSON transform: text, or null for a non-text JSON value. */
export function clientBody(body: string | null): string | null {
  if (!body) return '';
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof value === 'string') return value;
  if (!value) return '';
  const length = typeof value === 'object' ? (value as { length?: unknown }).length : undefined;
  return typeof length === 'number' && !(length > 0) ? '' : null;
}

export function readPage(headers: HeaderView, body: string | null): PageFacts {
  const mediaType = (headers.values('content-type')[0] ?? '').split(';')[0]!;
  const normalised = mediaType.trim().toLowerCase();
  const text = clientBody(body);
  const scriptsRead = mediaType === '' || HTML_TYPES.has(mediaType);
  const metasRead = HTML_TYPES.has(mediaType) && text !== '';
  const facts = text ? extractHtmlFacts(text) : { metaCsp: [], metaReferrer: null, scripts: [] };
  return {
    mediaType,
    scriptsRead,
    scripts: text === null ? null : facts.scripts,
    metaCsp: metasRead ? facts.metaCsp : [],
    metaReferrer: metasRead ? facts.metaReferrer : null,
    unrecognisedHtmlType: !HTML_TYPES.has(mediaType) && HTML_TYPES.has(normalised),
    browserEncoding: browserEncoding(headers.values('content-type')[0] ?? null),
  };
}

function browserEncoding(contentType: string | null): string | null {
  const encoding = declaredEncoding(contentType);
  return encoding !== null && NON_ASCII_ENCODINGS.has(encoding) ? encoding : null;
}
