/**
 * Macro-strings and domain-specs (RFC 7208 §7 and §12): parsing and validation, and expansion of
 * what a domain grader knows (%{d} the domain being evaluated, %{o} the scanned domain, and the
 * escapes %% %_ %-). Letters that need the sender (i, s, l, h, …) leave the name unexpandable.
 */
import { MAX_DNS_LABEL_LENGTH, MAX_DNS_NAME_LENGTH } from '../../../net/host-text.ts';
import { DOMAIN_LETTERS, EXPLANATION_ONLY_LETTERS, MACRO_DELIMITERS, MACRO_LETTERS } from './rfc7208.ts';

export type MacroPart =
  | { kind: 'literal'; text: string }
  | { kind: 'escape'; text: '%' | ' ' | '%20' }
  | {
      kind: 'macro';
      letter: string;
      urlEscape: boolean;
      keep: number | null;
      reverse: boolean;
      delimiters: string;
      raw: string;
    };

export interface MacroString {
  raw: string;
  parts: MacroPart[];
}

export interface MacroSyntaxError {
  /** Offset within the macro-string. */
  offset: number;
  message: string;
}

export type MacroParse = { ok: true; value: MacroString } | { ok: false; error: MacroSyntaxError };

const ESCAPES: Record<string, '%' | ' ' | '%20'> = { '%': '%', _: ' ', '-': '%20' };
const MACRO_INSIDE_BRACES = /^([a-zA-Z])(\d*)(r?)(.*)$/is;

/** The parts of `{letter digits [r] delimiters}`, as written, and the offset after its "}". */
export interface MacroFields {
  letter: string;
  digits: string;
  reverse: string;
  delimiters: string;
  end: number;
}

/**
 * Reads the macro whose "{" is at `open` in `raw`; null when it is unterminated or malformed. The
 * "}" is found first: in one pattern that also looks for it (`/^\{([a-z])(\d*)(r?)([^}]*)\}/i`),
 * `\d*` and `[^}]*` share a long run of digits in quadratically many ways when the "}" is missing.
 */
export function readMacro(raw: string, open: number): MacroFields | null {
  const close = raw.indexOf('}', open + 1);
  const match = close < 0 ? null : MACRO_INSIDE_BRACES.exec(raw.slice(open + 1, close));
  if (!match) return null;
  const [, letter, digits, reverse, delimiters] = match as unknown as [string, string, string, string, string];
  return { letter, digits, reverse, delimiters, end: close + 1 };
}

/** Parses a macro-string; `domain` context refuses the explanation-only letters c, r, t. */
export function parseMacroString(raw: string, context: 'domain' | 'modifier'): MacroParse {
  const parts: MacroPart[] = [];
  let literal = '';
  for (let i = 0; i < raw.length;) {
    const char = raw[i]!;
    const code = char.charCodeAt(0);
    if (char !== '%') {
      if (code < 0x21 || code > 0x7e)
        return fail(i, `character ${describeChar(char)} is not allowed in a domain or macro-string`);
      literal += char;
      i++;
      continue;
    }
    const next = raw[i + 1];
    if (next !== undefined && next in ESCAPES) {
      literal = pushLiteral(parts, literal);
      parts.push({ kind: 'escape', text: ESCAPES[next]! });
      i += 2;
      continue;
    }
    if (next !== '{')
      return fail(
        i,
        '"%" must start a macro (%{…}) or an escape (%%, %_, %-); ' +
          `found ${next === undefined ? 'the end' : `"%${next}"`}`,
      );
    const macro = readMacro(raw, i + 1);
    if (!macro) return fail(i, 'unterminated or malformed macro: expected %{letter[digits][r][delimiters]}');
    const { letter: letterRaw, digits, reverse, delimiters, end } = macro;
    const letter = letterRaw.toLowerCase();
    if (!MACRO_LETTERS.includes(letter))
      return fail(i + 2, `"${letterRaw}" is not a macro letter (one of ${MACRO_LETTERS.split('').join(' ')})`);
    if (context === 'domain' && EXPLANATION_ONLY_LETTERS.includes(letter)) {
      return fail(
        i + 2,
        `macro letter "${letterRaw}" is allowed only in explanation text, not in a domain (RFC 7208 §7.2)`,
      );
    }
    // RFC 7208 §7.1: transformers = *DIGIT ["r"]; §7.3: the number "MUST be nonzero" (so "01" is 1).
    if (digits !== '' && /^0*$/.test(digits)) return fail(i + 3, 'the macro digit transformer must not be zero');
    const badDelimiter = [...delimiters].findIndex((d) => !MACRO_DELIMITERS.includes(d));
    if (badDelimiter >= 0) {
      const at = i + 2 + letterRaw.length + digits.length + reverse.length + badDelimiter;
      return fail(at, `"${delimiters[badDelimiter]}" is not a macro delimiter (one of ${MACRO_DELIMITERS})`);
    }
    literal = pushLiteral(parts, literal);
    parts.push({
      kind: 'macro',
      letter,
      urlEscape: letterRaw !== letter,
      keep: digits === '' ? null : Number(digits),
      reverse: reverse !== '',
      delimiters,
      raw: raw.slice(i, end),
    });
    i = end;
  }
  pushLiteral(parts, literal);
  return { ok: true, value: { raw, parts } };
}

/** Appends the pending literal text, if any, to `parts`; returns the new pending text (none). */
function pushLiteral(parts: MacroPart[], literal: string): string {
  if (literal) parts.push({ kind: 'literal', text: literal });
  return '';
}

function fail(offset: number, message: string): MacroParse {
  return { ok: false, error: { offset, message } };
}

export function describeChar(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code < 0x20 || code === 0x7f) return `control character ${hex}`;
  if (code > 0x7e) return `non-ASCII character ${hex}`;
  return `"${char}"`;
}

/**
 * `toplabel` of the ABNF: alphanumeric with a letter, or alphanumeric with inner hyphens. Checked
 * in one pass per rule: a target's record controls the label, and the ABNF's own regular
 * expression backtracks quadratically on a long label ending in a hyphen.
 */
export function isTopLabel(label: string): boolean {
  if (!/^[a-z0-9-]+$/i.test(label)) return false;
  if (!label.includes('-')) return /[a-z]/i.test(label);
  return !label.startsWith('-') && !label.endsWith('-');
}

/**
 * Parses a domain-spec: a macro-string ending in a macro or in "." toplabel [ "." ] (§12).
 * Without macros it must also be a usable domain name (labels 1-63, at most 253 characters).
 */
export function parseDomainSpec(raw: string): MacroParse {
  if (raw === '') return fail(0, 'the domain is empty');
  const parsed = parseMacroString(raw, 'domain');
  if (!parsed.ok) return parsed;
  const last = parsed.value.parts.at(-1)!;
  if (last.kind === 'literal') {
    const text = last.text.endsWith('.') ? last.text.slice(0, -1) : last.text;
    const dot = text.lastIndexOf('.');
    const toplabel = dot < 0 ? null : text.slice(dot + 1);
    if (toplabel === null) return fail(0, `"${raw}" is not a domain: it needs a dot and a top-level label`);
    if (!isTopLabel(toplabel)) {
      return fail(
        raw.length - last.text.length + dot + 1,
        `"${toplabel}" is not a valid top-level label (letters, digits and inner hyphens, not all digits)`,
      );
    }
  }
  if (parsed.value.parts.every((part) => part.kind === 'literal')) {
    const problem = domainNameProblem(raw.replace(/\.$/, ''));
    if (problem) return fail(0, `"${raw}" is not a valid domain name: ${problem}`);
  }
  return parsed;
}

function domainNameProblem(name: string): string | null {
  if (name.length > MAX_DNS_NAME_LENGTH) return `longer than ${MAX_DNS_NAME_LENGTH} characters`;
  const labels = name.split('.');
  if (labels.some((label) => label.length === 0)) return 'it has an empty label';
  if (labels.some((label) => label.length > MAX_DNS_LABEL_LENGTH))
    return `a label is longer than ${MAX_DNS_LABEL_LENGTH} characters`;
  return null;
}

export interface ExpansionContext {
  /** %{d}: the domain whose record is being evaluated. */
  domain: string;
  /** %{o}: the domain of the sender; for a domain grader, the scanned domain. */
  senderDomain: string;
}

export type Expansion = { ok: true; name: string } | { ok: false; senderLetters: string[] };

/** Expands a domain-spec; names longer than 253 characters lose labels on the left (§7.3). */
export function expandDomainSpec(spec: MacroString, context: ExpansionContext): Expansion {
  const senderLetters = [
    ...new Set(spec.parts.flatMap((p) => (p.kind === 'macro' && !DOMAIN_LETTERS.includes(p.letter) ? [p.letter] : []))),
  ];
  if (senderLetters.length > 0) return { ok: false, senderLetters };
  let name = spec.parts
    .map((part) => {
      if (part.kind !== 'macro') return part.text;
      const value = expandMacro(part, part.letter === 'd' ? context.domain : context.senderDomain);
      return part.urlEscape ? urlEscape(value) : value;
    })
    .join('');
  name = name.replace(/\.$/, '').toLowerCase();
  while (name.length > MAX_DNS_NAME_LENGTH && name.includes('.')) name = name.slice(name.indexOf('.') + 1);
  return { ok: true, name };
}

/** §7.3: split on the delimiters (default "."), optionally reverse, keep the rightmost N, join with ".". */
function expandMacro(part: Extract<MacroPart, { kind: 'macro' }>, value: string): string {
  let pieces = splitOnAny(value, part.delimiters || '.');
  if (part.reverse) pieces = pieces.reverse();
  if (part.keep !== null && part.keep < pieces.length) pieces = pieces.slice(pieces.length - part.keep);
  return pieces.join('.');
}

/** `value` split at every occurrence of any of the `delimiters` characters. */
export const splitOnAny = (value: string, delimiters: string): string[] =>
  [...new Set(delimiters)].reduce((pieces, delimiter) => pieces.flatMap((piece) => piece.split(delimiter)), [value]);

/** Uppercase macro letters URL-escape everything but the RFC 3986 unreserved characters. */
function urlEscape(value: string): string {
  return value.replace(
    /[^A-Za-z0-9\-._~]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}
