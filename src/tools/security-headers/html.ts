/**
 * Small, linear-time extraction of what the grader needs from an HTML body, read as the
 * Observatory reads it (a streaming tokenizer's start tags, wherever they are: inside template,
 * noscript and svg too): meta CSP and referrer policies and the `<script>` elements. Not a full
 * HTML parser: it skips comments and the contents of raw-text elements, reads attributes like a
 * browser does (the first of a repeated attribute wins), and never backtracks (every step
 * consumes input).
 */

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
const isAlpha = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z]$/.test(c);

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
 * Reads the attributes of a start tag from `start` (just after the tag name); returns them and the
 * index after `>`, or `closed: false` when the document ends first (such a tag is not emitted).
 */
function readAttributes(
  html: string,
  start: number,
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
    const name = html.slice(nameStart, i).toLowerCase();
    while (i < n && isSpace(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < n && isSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        const stop = close < 0 ? n : close;
        value = html.slice(i + 1, stop);
        i = stop + 1;
      } else {
        const valueStart = i;
        while (i < n && !isSpace(html[i]) && html[i] !== '>') i++;
        value = html.slice(valueStart, i);
      }
    }
    if (!attributes.has(name)) attributes.set(name, decodeEntities(value));
  }
  return { attributes, end: n, closed: false, selfClosing: false };
}

/** Elements that open a foreign (SVG, MathML) context, and those that go back to HTML inside one. */
const FOREIGN_ELEMENTS = new Set(['svg', 'math']);
const INTEGRATION_ELEMENTS = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignobject',
  'desc',
  'title',
]);

/**
 * Whether the tokenizer is inside SVG or MathML, where no element has raw-text content, as the
 * Observatory's parser tracks it: the innermost svg/math (foreign) or integration element decides;
 * an end tag closes the innermost open one of its name and everything opened after it.
 */
class ForeignContext {
  private readonly open: { name: string; foreign: boolean }[] = [];

  get foreign(): boolean {
    return this.open.at(-1)?.foreign ?? false;
  }

  start(name: string, selfClosing: boolean): void {
    if (!FOREIGN_ELEMENTS.has(name) && !INTEGRATION_ELEMENTS.has(name)) return;
    this.open.push({ name, foreign: FOREIGN_ELEMENTS.has(name) });
    // Self-closing syntax is honoured only in a foreign context (the one just entered counts).
    if (selfClosing && this.foreign) this.open.pop();
  }

  end(name: string): void {
    const at = this.open.map((e) => e.name).lastIndexOf(name);
    if (at >= 0) this.open.length = at;
  }
}

const COMMENT_END = /--!?>/g;

/** Yields the start tags of the document in order. */
function* startTags(html: string): Generator<Tag> {
  // ASCII-only lower-casing keeps every index aligned with the original text.
  const lower = html.replace(/[A-Z]+/g, (s) => s.toLowerCase());
  const n = html.length;
  const context = new ForeignContext();
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
      if (next === '/') context.end(/^[^\s/>]*/.exec(lower.slice(lt + 2, gt))![0]);
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
    const { attributes, end, closed, selfClosing } = readAttributes(html, j);
    if (!closed) return;
    yield { name, attributes };
    i = end;
    const rawText = !context.foreign;
    context.start(name, selfClosing);
    if (!rawText) continue;
    if (name === 'plaintext') return;
    if (RAW_TEXT.has(name)) {
      const close = lower.indexOf(`</${name}`, i);
      if (close < 0) return;
      i = close;
    }
  }
}

export function extractHtmlFacts(html: string): HtmlFacts {
  const facts: HtmlFacts = { metaCsp: [], metaReferrer: null, scripts: [] };
  for (const tag of startTags(html)) {
    const attr = (name: string): string | null => tag.attributes.get(name) ?? null;
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
