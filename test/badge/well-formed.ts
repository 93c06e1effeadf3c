/**
 * A small XML well-formedness check for the badge SVG (no DTD, no CDATA, no comments, no
 * processing instructions: the badge has none, so any of them is an error here). Returns the
 * elements in document order with their attributes, decoded.
 */
export interface XmlElementInfo {
  name: string;
  attributes: Record<string, string>;
  /** Decoded text directly inside the element. */
  text: string;
  depth: number;
}

const NAME = '[A-Za-z_][\\w.:-]*';
const ATTRIBUTE = new RegExp(`\\s+(${NAME})="([^"<]*)"`, 'gy');
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([\da-fA-F]+));/g;

function decode(text: string, where: string): string {
  const stripped = text.replace(ENTITY, '');
  if (stripped.includes('&')) throw new Error(`bare "&" or unknown entity in ${where}: ${text}`);
  return text.replace(ENTITY, (_m, named: string | undefined, dec: string | undefined, hex: string | undefined) => {
    if (named) return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[named]!;
    return String.fromCodePoint(dec ? Number(dec) : parseInt(hex!, 16));
  });
}

export function parseXml(xml: string): XmlElementInfo[] {
  const elements: XmlElementInfo[] = [];
  const open: XmlElementInfo[] = [];
  let i = 0;
  let rootClosed = false;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt < 0 ? undefined : lt);
    if (text.length > 0) {
      if (text.includes('>')) throw new Error(`">" in text: ${text}`);
      const current = open.at(-1);
      if (!current) {
        if (text.trim() !== '') throw new Error(`text outside the root element: ${text}`);
      } else current.text += decode(text, 'text');
    }
    if (lt < 0) break;
    const gt = xml.indexOf('>', lt);
    if (gt < 0) throw new Error('unterminated tag');
    const tag = xml.slice(lt, gt + 1);
    const closing = new RegExp(`^</(${NAME})\\s*>$`).exec(tag);
    if (closing) {
      const top = open.pop();
      if (!top || top.name !== closing[1]) throw new Error(`</${closing[1]}> closes <${top?.name ?? 'nothing'}>`);
      if (open.length === 0) rootClosed = true;
    } else {
      const start = new RegExp(`^<(${NAME})`).exec(tag);
      if (!start) throw new Error(`not a tag: ${tag}`);
      if (rootClosed || (open.length === 0 && elements.length > 0)) throw new Error('more than one root element');
      const element: XmlElementInfo = { name: start[1]!, attributes: {}, text: '', depth: open.length };
      let at = start[0].length;
      ATTRIBUTE.lastIndex = at;
      for (let m = ATTRIBUTE.exec(tag); m; m = ATTRIBUTE.exec(tag)) {
        if (m[1]! in element.attributes) throw new Error(`duplicate attribute ${m[1]} in ${tag}`);
        element.attributes[m[1]!] = decode(m[2]!, `attribute ${m[1]}`);
        at = ATTRIBUTE.lastIndex;
      }
      const rest = tag.slice(at);
      if (rest !== '>' && rest !== '/>' && !/^\s+\/?>$/.test(rest)) throw new Error(`malformed attributes in ${tag}`);
      elements.push(element);
      if (!rest.endsWith('/>')) open.push(element);
      else if (open.length === 0) rootClosed = true;
    }
    i = gt + 1;
  }
  if (open.length > 0) throw new Error(`unclosed <${open.at(-1)!.name}>`);
  if (elements.length === 0) throw new Error('no root element');
  return elements;
}
