/**
 * Browser code, part 1 of the tool-page script: DOM helpers. Every node is built with
 * createElement / createTextNode and every value lands in a text node or a fixed attribute, so
 * nothing a scanned site sends can become markup. (Kept as a string: src/ is typechecked without
 * the DOM library, and assets are modules exporting strings. No backticks or dollar-brace here.)
 */
export const SCRIPT_DOM = String.raw`
const doc = document;

function isNode(value) {
  return value !== null && typeof value === 'object' && typeof value.nodeType === 'number';
}

/** Appends children: nodes as they are, anything else as text. Arrays are flattened; null, undefined and false are skipped. */
function add(node, children) {
  if (children === undefined || children === null || children === false) return node;
  if (!Array.isArray(children)) children = [children];
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) add(node, child);
    else node.appendChild(isNode(child) ? child : doc.createTextNode(text(child)));
  }
  return node;
}

function el(tag, className, children) {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  return add(node, children);
}

function text(value) {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch (error) {
    return String(value);
  }
}

const arr = (value) => (Array.isArray(value) ? value : []);
const obj = (value) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null);
const token = (value) => text(value).toLowerCase().replace(/[^a-z0-9-]/g, '');
const plural = (n, one, many) => n + ' ' + (n === 1 ? one : many);

/** An http(s) URL or null: a link never gets a javascript: or data: address from a response. */
function safeHref(url) {
  try {
    const parsed = new URL(text(url), doc.baseURI);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch (error) {
    return null;
  }
}

function link(url, label) {
  const target = safeHref(url);
  if (target === null) return el('span', null, label);
  const a = el('a', null, label);
  a.setAttribute('href', target);
  return a;
}

/** A definition list of [term, value] pairs; empty values are left out. */
function facts(pairs) {
  const dl = el('dl', 'facts');
  for (const [term, value] of pairs) {
    if (value === undefined || value === null || value === '') continue;
    add(dl, [el('dt', null, term), el('dd', null, value)]);
  }
  return dl;
}

function codeList(items) {
  return el('ul', null, arr(items).map((item) => el('li', null, el('code', null, text(item)))));
}

function badge(label, tone) {
  return el('span', 'badge ' + tone, label);
}

/** +5, 0, −20 (with a real minus sign). */
function signed(n) {
  if (typeof n !== 'number') return text(n);
  return n > 0 ? '+' + n : n < 0 ? '\u2212' + Math.abs(n) : '0';
}

function section(title, children) {
  return el('section', 'block', [el('h3', null, title), children]);
}

function rawJson(data) {
  return el('details', null, [el('summary', null, 'Raw JSON response'), el('pre', null, el('code', null, JSON.stringify(data, null, 2)))]);
}

function findingCards(findings, sectionLabels) {
  const list = arr(findings).map(obj).filter(Boolean);
  if (list.length === 0) return el('p', null, 'No findings.');
  return el(
    'ul',
    'cards',
    list.map((f) => {
      const severity = text(f.severity) || 'info';
      const where = f.section !== undefined ? sectionLabels[text(f.section)] || text(f.section) : null;
      return el('li', 'card sev-' + token(severity), [
        el('div', 'head', [el('h4', null, text(f.title) || text(f.id)), badge(severity, 'sev-' + token(severity))]),
        el('p', 'meta', [where ? where + ' \u00b7 ' : null, el('code', null, text(f.id)), f.rfc ? ' \u00b7 ' + text(f.rfc) : null]),
        arr(f.evidence).length > 0 ? [el('p', null, 'Evidence:'), codeList(f.evidence)] : null,
        f.recommendation ? el('p', null, [el('strong', null, 'Recommendation: '), text(f.recommendation)]) : null,
      ]);
    }),
  );
}
`;
