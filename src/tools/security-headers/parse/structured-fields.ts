/**
 * RFC 8941 structured field values: items and dictionaries (the two kinds the grader reads),
 * strict as the RFC asks (any syntax error fails the whole field). Used for COOP/COEP (tokens)
 * and Permissions-Policy.
 */

export type BareItem =
  | { type: 'integer' | 'decimal'; value: number }
  | { type: 'string' | 'token' | 'binary'; value: string }
  | { type: 'boolean'; value: boolean };

export type Parameters = Map<string, BareItem>;
export interface Item {
  kind: 'item';
  value: BareItem;
  params: Parameters;
}
export interface InnerList {
  kind: 'inner-list';
  items: Item[];
  params: Parameters;
}
export type Member = Item | InnerList;

class SyntaxFailure extends Error {}

class Reader {
  pos = 0;
  constructor(readonly text: string) {}
  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(): string {
    return this.text[this.pos] ?? '';
  }
  take(): string {
    return this.text[this.pos++] ?? '';
  }
  skip(chars: string): void {
    while (!this.done && chars.includes(this.peek())) this.pos++;
  }
  fail(what: string): never {
    throw new SyntaxFailure(`${what} at position ${this.pos}`);
  }
}

const DIGIT = /[0-9]/;
const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z:/]/;
const KEY_START = /[a-z*]/;
const KEY_CHAR = /[a-z0-9_\-.*]/;
const BASE64 = /[A-Za-z0-9+/=]/;

function readKey(r: Reader): string {
  if (!KEY_START.test(r.peek())) r.fail('key expected');
  let key = '';
  while (!r.done && KEY_CHAR.test(r.peek())) key += r.take();
  return key;
}

function readNumber(r: Reader): BareItem {
  let text = r.peek() === '-' ? r.take() : '';
  if (!DIGIT.test(r.peek())) r.fail('digit expected');
  let decimal = false;
  while (!r.done && (DIGIT.test(r.peek()) || (r.peek() === '.' && !decimal))) {
    if (r.peek() === '.') decimal = true;
    text += r.take();
  }
  const digits = text.replace('-', '');
  if (decimal) {
    const [whole = '', fraction = ''] = digits.split('.');
    if (whole.length > 12 || fraction.length < 1 || fraction.length > 3) r.fail('bad decimal');
    return { type: 'decimal', value: Number(text) };
  }
  if (digits.length > 15) r.fail('integer too long');
  return { type: 'integer', value: Number(text) };
}

function readString(r: Reader): BareItem {
  r.take(); // opening quote
  let value = '';
  for (;;) {
    if (r.done) r.fail('unterminated string');
    const c = r.take();
    if (c === '\\') {
      const escaped = r.take();
      if (escaped !== '"' && escaped !== '\\') r.fail('bad escape');
      value += escaped;
    } else if (c === '"') {
      return { type: 'string', value };
    } else {
      const code = c.charCodeAt(0);
      if (code < 0x20 || code > 0x7e) r.fail('bad string character');
      value += c;
    }
  }
}

function readBareItem(r: Reader): BareItem {
  const c = r.peek();
  if (c === '-' || DIGIT.test(c)) return readNumber(r);
  if (c === '"') return readString(r);
  if (c === '?') {
    r.take();
    const b = r.take();
    if (b !== '0' && b !== '1') r.fail('boolean expected');
    return { type: 'boolean', value: b === '1' };
  }
  if (c === ':') {
    r.take();
    let value = '';
    while (!r.done && BASE64.test(r.peek())) value += r.take();
    if (r.take() !== ':') r.fail('unterminated byte sequence');
    return { type: 'binary', value };
  }
  if (/[A-Za-z*]/.test(c)) {
    let value = '';
    while (!r.done && TCHAR.test(r.peek())) value += r.take();
    return { type: 'token', value };
  }
  return r.fail('item expected');
}

function readParameters(r: Reader): Parameters {
  const params: Parameters = new Map();
  while (r.peek() === ';') {
    r.take();
    r.skip(' ');
    const key = readKey(r);
    let value: BareItem = { type: 'boolean', value: true };
    if (r.peek() === '=') {
      r.take();
      value = readBareItem(r);
    }
    params.set(key, value);
  }
  return params;
}

function readItem(r: Reader): Item {
  const value = readBareItem(r);
  return { kind: 'item', value, params: readParameters(r) };
}

function readMember(r: Reader): Member {
  if (r.peek() !== '(') return readItem(r);
  r.take();
  const items: Item[] = [];
  for (;;) {
    r.skip(' ');
    if (r.peek() === ')') {
      r.take();
      return { kind: 'inner-list', items, params: readParameters(r) };
    }
    items.push(readItem(r));
    if (r.peek() !== ' ' && r.peek() !== ')') r.fail('inner list separator expected');
  }
}

/** Parses a whole field; returns null on any syntax error. */
function parseField<T>(text: string, read: (r: Reader) => T): T | null {
  const r = new Reader(text);
  try {
    r.skip(' ');
    const value = read(r);
    r.skip(' ');
    return r.done ? value : r.fail('trailing characters');
  } catch (error) {
    if (error instanceof SyntaxFailure) return null;
    throw error;
  }
}

/** Reads "member *(OWS , OWS member)" (a dictionary's members); an empty field is an empty collection. */
function readCollection(r: Reader, readEntry: (r: Reader) => void): void {
  while (!r.done) {
    readEntry(r);
    r.skip(' \t');
    if (r.done) return;
    if (r.take() !== ',') r.fail('comma expected');
    r.skip(' \t');
    if (r.done) r.fail('trailing comma');
  }
}

export const parseItem = (text: string): Item | null => parseField(text, readItem);

export function parseDictionary(text: string): Map<string, Member> | null {
  return parseField(text, (r) => {
    const dictionary = new Map<string, Member>();
    readCollection(r, (reader) => {
      const key = readKey(reader);
      if (reader.peek() === '=') {
        reader.take();
        dictionary.set(key, readMember(reader));
      } else {
        dictionary.set(key, { kind: 'item', value: { type: 'boolean', value: true }, params: readParameters(reader) });
      }
    });
    return dictionary;
  });
}
