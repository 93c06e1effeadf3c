/**
 * Small, linear-time extraction of what the grader needs from an HTML body, read as the
 * Observatory reads it (a streaming tokenizer's start tags, wherever they are: inside template,
 * noscript and svg too): meta CSP and referrer policies and the `<script>` elements. Not a full
 * HTML parser: it skips comments and the contents of raw-text elements, reads attributes like a
 * browser does (the first of a repeated attribute wins), and never backtracks (every step
 * consumes input).
 */
import { OpenElements } from './html-elements.ts';

/** Attribute values as written (entities decoded), null when absent. */
export interface ScriptElement {
  src: string | null;
  integrity: string | null;
  crossorigin: string | null;
}

export interface HtmlFacts {
  /** Non-empty `content` of every `<meta http-equiv=content-security-policy>`, in document order. */
  metaCsp: string[];
  /**
   * The non-empty `content` of the last `<meta name=referrer>` that has one. A meta with both
   * http-equiv and content counts only as http-equiv (the Observatory's rule).
   */
  metaReferrer: string | null;
  /** Every `<script>` element, inline ones included (src null). */
  scripts: ScriptElement[];
}

interface Tag {
  name: string;
  attributes: Map<string, string>;
}

/** Elements whose content is text up to their end tag, not markup (plaintext has no end). */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
function isAlpha(c: string | undefined): boolean {
  const code = c === undefined ? 0 : c.charCodeAt(0) | 0x20;
  return code >= 0x61 && code <= 0x7a;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references that matter in attribute values. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,6});?/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      // NUL, surrogates and anything past U+10FFFF become the replacement character, as in HTML.
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/**
 * Reads the attributes of a start tag from `start` (just after the tag name); returns them (only
 * when `keep`: most tags are only stepped over) and the index after `>`, or `closed: false` when
 * the document ends first (such a tag is not emitted).
 */
function readAttributes(
  html: string,
  start: number,
  keep: boolean,
): { attributes: Map<string, string>; end: number; closed: boolean; selfClosing: boolean } {
  const attributes = new Map<string, string>();
  const n = html.length;
  let i = start;
  while (i < n) {
    const gap = i;
    while (i < n && (isSpace(html[i]) || html[i] === '/')) i++;
    if (i >= n) break;
    if (html[i] === '>') return { attributes, end: i + 1, closed: true, selfClosing: i > gap && html[i - 1] === '/' };
    const nameStart = i;
    i++; // the first character always belongs to the name, even "=" (as in browsers)
    while (i < n && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=') i++;
    const nameEnd = i;
    while (i < n && isSpace(html[i])) i++;
    let valueStart = i;
    let valueEnd = i;
    if (html[i] === '=') {
      i++;
      while (i < n && isSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        valueStart = i + 1;
        valueEnd = close < 0 ? n : close;
        i = valueEnd + 1;
      } else {
        valueStart = i;
        while (i < n && !isSpace(html[i]) && html[i] !== '>') i++;
        valueEnd = i;
      }
    }
    if (!keep) continue;
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(html.slice(valueStart, valueEnd)));
  }
  return { attributes, end: n, closed: false, selfClosing: false };
}

const COMMENT_END = /--!?>/g;

/** The only elements whose attributes the grader reads. */
const READ_ELEMENTS = new Set(['meta', 'script']);

/** Yields the meta and script start tags of the document in order. */
function* startTags(html: string): Generator<Tag> {
  // ASCII-only lower-casing keeps every index aligned with the original text.
  const lower = html.replace(/[A-Z]+/g, (s) => s.toLowerCase());
  const n = html.length;
  const elements = new OpenElements();
  let i = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) return;
    if (html.startsWith('<!--', lt)) {
      // `<!-->` and `<!--->` are whole (empty) comments; others end at "-->" or "--!>".
      if (html[lt + 4] === '>' || html.startsWith('->', lt + 4)) {
        i = html.indexOf('>', lt + 4) + 1;
        continue;
      }
      COMMENT_END.lastIndex = lt + 4;
      const close = COMMENT_END.exec(html);
      if (!close) return;
      i = close.index + close[0].length;
      continue;
    }
    if (html.startsWith('<![CDATA[', lt)) {
      const close = html.indexOf(']]>', lt + 9);
      if (close < 0) return;
      i = close + 3;
      continue;
    }
    const next = html[lt + 1];
    if (next === '!' || next === '?' || next === '/') {
      const gt = html.indexOf('>', lt + 2);
      if (gt < 0) return;
      if (next === '/') elements.end(/^[^\s/>]*/.exec(lower.slice(lt + 2, gt))![0]);
      i = gt + 1;
      continue;
    }
    if (!isAlpha(next)) {
      i = lt + 1;
      continue;
    }
    let j = lt + 2;
    while (j < n && !isSpace(html[j]) && html[j] !== '/' && html[j] !== '>') j++;
    const name = lower.slice(lt + 1, j);
    const read = READ_ELEMENTS.has(name);
    const { attributes, end, closed, selfClosing } = readAttributes(html, j, read);
    if (!closed) return;
    if (read) yield { name, attributes };
    i = end;
    const rawText = !elements.foreign;
    elements.start(name, selfClosing);
    if (!rawText) continue;
    if (name === 'plaintext') return;
    if (RAW_TEXT.has(name)) {
      const close = lower.indexOf(`</${name}`, i);
      if (close < 0) return;
      i = close;
    }
  }
}

function attributeReader(tag: Tag): (name: string) => string | null {
  return (name) => tag.attributes.get(name) ?? null;
}

export function extractHtmlFacts(html: string): HtmlFacts {
  const facts: HtmlFacts = { metaCsp: [], metaReferrer: null, scripts: [] };
  for (const tag of startTags(html)) {
    const attr = attributeReader(tag);
    if (tag.name === 'meta') {
      const content = attr('content');
      const equiv = attr('http-equiv');
      if (equiv !== null && content !== null) {
        if (content && equiv.trim().toLowerCase() === 'content-security-policy') facts.metaCsp.push(content);
      } else if (content && attr('name')?.trim().toLowerCase() === 'referrer') {
        facts.metaReferrer = content;
      }
    } else if (tag.name === 'script') {
      facts.scripts.push({ src: attr('src'), integrity: attr('integrity'), crossorigin: attr('crossorigin') });
    }
  }
  return facts;
}
