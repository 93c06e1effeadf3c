/**
 * Small, linear-time extraction of what the grader needs from an HTML body: `<meta http-equiv>`,
 * `<meta name=referrer>` and the `<script>` elements with their src/integrity. Not a full HTML
 * parser: it skips comments and the contents of raw-text elements, reads attributes like a
 * browser does, and never backtracks (every step consumes input).
 */

export interface ScriptElement {
  src: string | null;
  integrity: string | null;
  crossorigin: string | null;
}

export interface HtmlFacts {
  /** `<meta http-equiv=X content=Y>`: lower-case X → every Y, in document order. */
  httpEquiv: Map<string, string[]>;
  /** `<meta name=referrer content=Y>` values. */
  metaReferrer: string[];
  /** Every `<script>` element, inline ones included (src null). */
  scripts: ScriptElement[];
}

interface Tag {
  name: string;
  attributes: Map<string, string>;
}

/** Elements whose content is text up to their end tag, not markup. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'plaintext']);

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
const isAlpha = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z]$/.test(c);

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references that matter in attribute values. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,6});?/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Reads the attributes of a start tag from `start` (just after the tag name); returns them and the index after `>`. */
function readAttributes(html: string, start: number): { attributes: Map<string, string>; end: number } {
  const attributes = new Map<string, string>();
  const n = html.length;
  let i = start;
  while (i < n) {
    while (i < n && (isSpace(html[i]) || html[i] === '/')) i++;
    if (i >= n) break;
    if (html[i] === '>') return { attributes, end: i + 1 };
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
  return { attributes, end: n };
}

/** Yields the start tags of the document in order. */
function* startTags(html: string): Generator<Tag> {
  // ASCII-only lower-casing keeps every index aligned with the original text.
  const lower = html.replace(/[A-Z]+/g, (s) => s.toLowerCase());
  const n = html.length;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) return;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      if (close < 0) return;
      i = close + 3;
      continue;
    }
    const next = html[lt + 1];
    if (next === '!' || next === '?' || next === '/') {
      const gt = html.indexOf('>', lt + 2);
      if (gt < 0) return;
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
    const { attributes, end } = readAttributes(html, j);
    yield { name, attributes };
    i = end;
    if (RAW_TEXT.has(name)) {
      const close = lower.indexOf(`</${name}`, i);
      if (close < 0) return;
      i = close;
    }
  }
}

export function extractHtmlFacts(html: string): HtmlFacts {
  const facts: HtmlFacts = { httpEquiv: new Map(), metaReferrer: [], scripts: [] };
  for (const tag of startTags(html)) {
    const attr = (name: string): string | null => tag.attributes.get(name) ?? null;
    if (tag.name === 'meta') {
      const content = attr('content');
      if (content === null) continue;
      const equiv = attr('http-equiv')?.trim().toLowerCase();
      if (equiv) {
        const list = facts.httpEquiv.get(equiv) ?? [];
        list.push(content);
        facts.httpEquiv.set(equiv, list);
      }
      if (attr('name')?.trim().toLowerCase() === 'referrer') facts.metaReferrer.push(content);
    } else if (tag.name === 'script') {
      const src = attr('src')?.trim();
      facts.scripts.push({ src: src ? src : null, integrity: attr('integrity'), crossorigin: attr('crossorigin') });
    }
  }
  return facts;
}
