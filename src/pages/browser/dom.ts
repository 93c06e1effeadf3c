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

export function rawJson(data: unknown): HTMLDetailsElement {
  return el('details', 'more', [
    el('summary', null, 'Raw JSON response'),
    el('pre', null, el('code', null, JSON.stringify(data, null, 2))),
  ]);
}

/** A fixed label table read with keys from a response: inherited names such as `constructor` are not labels. */
export function label<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}
