/**
 * The open-element stack of the Observatory's HTML parser (htmlparser2 in HTML mode), kept only
 * for what it decides for the grader: whether the tokenizer is in SVG or MathML content, where no
 * element has raw-text content and `/>` closes an element. The parser is not a browser's tree
 * builder: an end tag closes the innermost open element of its name and everything opened after
 * it, some start tags first close elements they imply (`<p>` closes an open `<p>`), void elements
 * are never open, and a second `<form>` is ignored. Names are matched as the parser stores them,
 * with SVG's camel-case names restored inside SVG.
 *
 * Linear however hostile the nesting: counts per name answer "is one open?" at once, and each
 * element is popped at most once.
 */

const VOID_ELEMENTS = new Set([
  ...['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input'],
  ...['isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr'],
]);

const P = ['p'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p'];
const FORM_CONTROLS = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];

/** Start tag → the elements it closes first, innermost first, while one of them is the innermost. */
const IMPLIED_CLOSES = new Map<string, ReadonlySet<string>>(
  Object.entries({
    tr: ['tr', 'th', 'td'],
    th: ['th'],
    td: ['thead', 'th', 'td'],
    body: ['head', 'link', 'script'],
    a: ['a'],
    li: ['li'],
    option: ['option'],
    optgroup: ['optgroup', 'option'],
    dd: ['dd', 'dt'],
    dt: ['dd', 'dt'],
    rt: ['rt', 'rp'],
    rp: ['rt', 'rp'],
    tbody: ['thead', 'tbody'],
    tfoot: ['thead', 'tbody'],
    ...Object.fromEntries(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => [h, HEADINGS])),
    ...Object.fromEntries(
      ['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((t) => [t, FORM_CONTROLS]),
    ),
    ...Object.fromEntries(
      [
        ...['p', 'address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption'],
        ...['figure', 'footer', 'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section', 'table', 'ul'],
      ].map((t) => [t, P]),
    ),
  }).map(([name, closes]) => [name, new Set(closes)]),
);

/** SVG element names whose case the parser restores (the HTML standard's adjustment table). */
const SVG_NAMES = new Map(
  [
    ...['altGlyph', 'altGlyphDef', 'altGlyphItem', 'animateColor', 'animateMotion', 'animateTransform'],
    ...['clipPath', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix'],
    ...['feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA'],
    ...['feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode'],
    ...['feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile'],
    ...['feTurbulence', 'foreignObject', 'glyphRef', 'linearGradient', 'radialGradient', 'textPath'],
  ].map((name) => [name.toLowerCase(), name]),
);

type Context = 'html' | 'svg' | 'math';

/** Elements that enter SVG or MathML, and those that go back to HTML inside (compared as stored). */
const FOREIGN_ELEMENTS = new Map<string, Context>([
  ['svg', 'svg'],
  ['math', 'math'],
]);
const INTEGRATION_ELEMENTS = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignObject',
  'desc',
  'title',
]);

export class OpenElements {
  private readonly stack: string[] = [];
  private readonly counts = new Map<string, number>();
  /** One entry per open foreign or integration element, innermost last. */
  private readonly contexts: Context[] = [];

  /** Whether the tokenizer is in SVG or MathML content now. */
  get foreign(): boolean {
    return (this.contexts.at(-1) ?? 'html') !== 'html';
  }

  /** A start tag (its name lower-cased) ended; `selfClosing` when it ended with `/>`. */
  start(lowerName: string, selfClosing: boolean): void {
    const name = this.storedName(lowerName);
    if (name === 'form' && this.isOpen('form')) return;
    const closes = IMPLIED_CLOSES.get(name);
    if (closes) while (this.stack.length > 0 && closes.has(this.stack.at(-1)!)) this.pop();
    if (VOID_ELEMENTS.has(name)) return;
    this.push(name);
    // `/>` closes an element only in foreign content (the element just opened counts).
    if (selfClosing && this.foreign) this.pop();
  }

  /** An end tag (its name lower-cased). */
  end(lowerName: string): void {
    const name = this.storedName(lowerName);
    // An end tag with no open element of its name changes nothing (`</p>` opens and closes a p).
    if (VOID_ELEMENTS.has(name) || !this.isOpen(name)) return;
    while (this.pop() !== name);
  }

  /** The name as the parser stores it: SVG's case inside SVG, or to match an open SVG element. */
  private storedName(lowerName: string): string {
    const context = this.contexts.at(-1) ?? 'html';
    if (context === 'svg') return SVG_NAMES.get(lowerName) ?? lowerName;
    if (this.contexts.length > 0) {
      const svgName = SVG_NAMES.get(lowerName);
      if (svgName !== undefined && this.isOpen(svgName)) return svgName;
    }
    return context === 'html' && lowerName === 'image' ? 'img' : lowerName;
  }

  private isOpen(name: string): boolean {
    return (this.counts.get(name) ?? 0) > 0;
  }

  private push(name: string): void {
    this.stack.push(name);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    const context = FOREIGN_ELEMENTS.get(name) ?? (INTEGRATION_ELEMENTS.has(name) ? 'html' : undefined);
    if (context) this.contexts.push(context);
  }

  private pop(): string {
    const name = this.stack.pop()!;
    this.counts.set(name, this.counts.get(name)! - 1);
    if (FOREIGN_ELEMENTS.has(name) || INTEGRATION_ELEMENTS.has(name)) this.contexts.pop();
    return name;
  }
}
