/**
 * DOM helpers of the tool-page script. Every node is built with createElement / createTextNode and
 * every value lands in a text node or a fixed attribute, so nothing a scanned site sends can
 * become markup.
 */

/** What the helpers append: nodes as they are, anything else as text; null, undefined and false are skipped. */
export type Child = Node | string | number | boolean | null | undefined | Child[];

/** A JSON object from a response, its fields not yet checked. */
export type Json = Record<string, unknown>;

export function add<T extends Node>(node: T, children: Child): T {
  if (children === undefined || children === null || children === false) return node;
  for (const child of Array.isArray(children) ? children : [children]) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) add(node, child);
    else node.appendChild(typeof child === 'object' ? child : document.createTextNode(text(child)));
  }
  return node;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string | null,
  children?: Child,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  return add(node, children);
}

export function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    // It throws on a cycle or a BigInt, which parsed JSON never holds; better nothing than "[object Object]".
    return '';
  }
}

export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const obj = (value: unknown): Json | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
/** The objects of a JSON array; anything else in it is dropped. */
export const objects = (value: unknown): Json[] =>
  arr(value)
    .map(obj)
    .filter((item): item is Json => item !== null);
export const token = (value: unknown): string =>
  text(value)
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '');
export const plural = (n: number, one: string, many: string): string => n + ' ' + (n === 1 ? one : many);

/** An http(s) URL or null: a link never gets a javascript: or data: address from a response. */
function safeHref(url: unknown): string | null {
  try {
    const parsed = new URL(text(url), document.baseURI);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function link(url: unknown, label: Child): HTMLElement {
  const target = safeHref(url);
  if (target === null) return el('span', null, label);
  const a = el('a', null, label);
  a.setAttribute('href', target);
  return a;
}

/** A definition list of [term, value] pairs; empty values are left out. */
export function facts(pairs: ReadonlyArray<readonly [string, Child]>): HTMLDListElement {
  const dl = el('dl', 'facts');
  for (const [term, value] of pairs) {
    if (value === undefined || value === null || value === '') continue;
    add(dl, [el('dt', null, term), el('dd', null, value)]);
  }
  return dl;
}

export function codeList(items: unknown): HTMLUListElement {
  return el(
    'ul',
    null,
    arr(items).map((item) => el('li', null, el('code', null, text(item)))),
  );
}

export function badge(label: string, tone: string): HTMLSpanElement {
  return el('span', 'badge ' + tone, label);
}

/** +5, 0, −20 (with a real minus sign). */
export function signed(n: unknown): string {
  if (typeof n !== 'number') return text(n);
  return n > 0 ? '+' + n : n < 0 ? '\u2212' + Math.abs(n) : '0';
}

export function section(title: string, children: Child): HTMLElement {
  return el('section', 'block', [el('h3', null, title), children]);
}

export function rawJson(data: unknown): HTMLDetailsElement {
  return el('details', null, [
    el('summary', null, 'Raw JSON response'),
    el('pre', null, el('code', null, JSON.stringify(data, null, 2))),
  ]);
}

/** A fixed label table read with keys from a response: inherited names such as `constructor` are not labels. */
export function label(table: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

export function findingCards(findings: unknown, sectionLabels: Readonly<Record<string, string>>): HTMLElement {
  const list = objects(findings);
  if (list.length === 0) return el('p', null, 'No findings.');
  return el(
    'ul',
    'cards',
    list.map((f) => {
      const severity = text(f.severity) || 'info';
      const where = f.section !== undefined ? label(sectionLabels, text(f.section)) || text(f.section) : null;
      return el('li', 'card sev-' + token(severity), [
        el('div', 'head', [el('h4', null, text(f.title) || text(f.id)), badge(severity, 'sev-' + token(severity))]),
        el('p', 'meta', [
          where ? where + ' \u00b7 ' : null,
          el('code', null, text(f.id)),
          f.rfc ? ' \u00b7 ' + text(f.rfc) : null,
        ]),
        arr(f.evidence).length > 0 ? [el('p', null, 'Evidence:'), codeList(f.evidence)] : null,
        f.recommendation ? el('p', null, [el('strong', null, 'Recommendation: '), text(f.recommendation)]) : null,
      ]);
    }),
  );
}
