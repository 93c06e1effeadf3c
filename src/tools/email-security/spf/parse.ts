/**
 * The SPF record parser (RFC 7208 §4.6.1 and the §12 ABNF). Pure: text in, terms and syntax
 * errors out. Every error carries the character offset in the record where it was found; a
 * record with any error is a permerror as a whole (§4.6), wherever the error sits.
 */
import { excerpt } from '../../excerpt.ts';
import { cidrLength, isIp4Network, isIp6Network } from './ip.ts';
import { describeChar, parseDomainSpec, parseMacroString, type MacroParse, type MacroString } from './macro.ts';
import { MECHANISMS, isMechanismName, type MechanismName, type MechanismRule, type Qualifier } from './rfc7208.ts';

export { selectSpfRecord } from './select.ts';

export interface SpfSyntaxError {
  /** Character offset in the record. */
  position: number;
  message: string;
}

interface TermBase {
  /** The term as written. */
  text: string;
  /** Offset of the term in the record. */
  position: number;
}

export interface MechanismTerm extends TermBase {
  kind: 'mechanism';
  qualifier: Qualifier;
  name: MechanismName;
  /** `:domain-spec`, when given (include, a, mx, ptr, exists). */
  domainSpec: MacroString | null;
  /** ip4/ip6: the network address as written. */
  network: string | null;
  cidr4: number | null;
  cidr6: number | null;
}

export interface ModifierTerm extends TermBase {
  kind: 'modifier';
  /** Lower-case. */
  name: string;
  value: MacroString;
}

export type SpfTerm = MechanismTerm | ModifierTerm;

export interface ParsedSpfRecord {
  text: string;
  /** The well-formed terms, in order (the version excluded). */
  terms: SpfTerm[];
  /** Every syntax error, in order of position; empty when the record is valid. */
  errors: SpfSyntaxError[];
  redirect: ModifierTerm | null;
  explanation: ModifierTerm | null;
}

const VERSION = /^v=spf1(?= |$)/i;
const MODIFIER = /^([A-Za-z][A-Za-z0-9_.-]*)=(.*)$/s;
const MODIFIER_LIKE = /^[+\-~?]?[A-Za-z0-9_.-]*=/;
const MECHANISM = /^([+\-~?]?)([A-Za-z][A-Za-z0-9]*)(.*)$/s;
const DUAL_CIDR = /^(?:\/(\d+))?(?:\/\/(\d+))?$/;
const DOMAIN_AND_DUAL_CIDR = /^(.*?)((?:\/\d+)?(?:\/\/\d+)?)$/s;

type TermResult = { term: SpfTerm } | { error: SpfSyntaxError };

export function parseSpfRecord(text: string): ParsedSpfRecord {
  const result: ParsedSpfRecord = { text, terms: [], errors: [], redirect: null, explanation: null };
  if (!VERSION.test(text)) {
    result.errors.push({
      position: 0,
      message: 'an SPF record starts with "v=spf1" followed by a space or the end of the record',
    });
    return result;
  }
  for (const { token, position } of splitTerms(text, 'v=spf1'.length)) {
    const parsed = parseTerm(token, position);
    if ('error' in parsed) {
      result.errors.push(parsed.error);
      continue;
    }
    const term = parsed.term;
    result.terms.push(term);
    if (term.kind !== 'modifier' || (term.name !== 'redirect' && term.name !== 'exp')) continue;
    const slot = term.name === 'redirect' ? 'redirect' : 'explanation';
    if (result[slot])
      result.errors.push({
        position,
        message: `"${term.name}=" appears more than once; it is allowed once (RFC 7208 §6)`,
      });
    else result[slot] = term;
  }
  return result;
}

/** Terms are separated by one or more spaces (only SP, %x20). */
function splitTerms(text: string, from: number): { token: string; position: number }[] {
  const tokens: { token: string; position: number }[] = [];
  const pattern = /[^ ]+/g;
  pattern.lastIndex = from;
  for (let match = pattern.exec(text); match; match = pattern.exec(text))
    tokens.push({ token: match[0], position: match.index });
  return tokens;
}

function parseTerm(token: string, position: number): TermResult {
  const bad = /[^\x21-\x7e]/.exec(token);
  if (bad)
    return error(
      position + bad.index,
      `${describeChar(bad[0])} is not allowed in an SPF record (printable ASCII only)`,
    );
  const modifier = MODIFIER.exec(token);
  if (modifier) return parseModifier(token, position, modifier[1]!.toLowerCase(), modifier[2]!);
  if (MODIFIER_LIKE.test(token)) return error(position, modifierNameProblem(token));
  const mechanism = MECHANISM.exec(token);
  const name = mechanism?.[2]?.toLowerCase();
  if (!mechanism || !name || !isMechanismName(name)) {
    const hint = /^redirect:/i.test(token)
      ? ' (redirect is a modifier: write redirect=domain)'
      : /^exp:/i.test(token)
        ? ' (exp is a modifier: write exp=domain)'
        : '';
    return error(position, `"${token}" is neither a known mechanism nor a modifier${hint}`);
  }
  const qualifier = (mechanism[1] || '+') as Qualifier;
  const rest = mechanism[3]!;
  const restAt = position + mechanism[1]!.length + mechanism[2]!.length;
  const args = parseArguments(name, MECHANISMS[name], rest, restAt);
  if ('error' in args) return args;
  return { term: { kind: 'mechanism', text: token, position, qualifier, name, ...args } };
}

function modifierNameProblem(token: string): string {
  if (/^[+\-~?]/.test(token)) return `"${token}": a modifier takes no qualifier`;
  if (token.startsWith('=')) return `"${token}": the modifier name is empty`;
  return `"${token}": a modifier name starts with a letter, then letters, digits, "-", "_" or "."`;
}

function parseModifier(token: string, position: number, name: string, raw: string): TermResult {
  const valueAt = position + name.length + 1;
  const parsed: MacroParse =
    name === 'redirect' || name === 'exp' ? parseDomainSpec(raw) : parseMacroString(raw, 'modifier');
  if (!parsed.ok) return error(valueAt + parsed.error.offset, `${name}=: ${parsed.error.message}`);
  return { term: { kind: 'modifier', text: token, position, name, value: parsed.value } };
}

type Arguments = Pick<MechanismTerm, 'domainSpec' | 'network' | 'cidr4' | 'cidr6'>;

function parseArguments(
  name: MechanismName,
  rule: MechanismRule,
  rest: string,
  at: number,
): Arguments | { error: SpfSyntaxError } {
  const none: Arguments = { domainSpec: null, network: null, cidr4: null, cidr6: null };
  if (rule.network !== null) return parseNetwork(name, rule.network, rest, at);
  if (!rest.startsWith(':')) {
    if (rule.domain === 'required') return error(at, `${name} needs a domain: ${name}:<domain>`);
    if (rest === '') return none;
    if (rule.cidr !== 'dual')
      return error(at, `${name} takes no ${rest.startsWith('/') ? 'CIDR length' : 'argument'} ("${rest}")`);
    return parseDualCidr(rest, at, none);
  }
  if (rule.domain === 'none') return error(at, `${name} takes no argument ("${rest}")`);
  const value = rest.slice(1);
  let domainText = value;
  let cidrText = '';
  if (rule.cidr === 'dual') {
    const split = DOMAIN_AND_DUAL_CIDR.exec(value)!;
    domainText = split[1]!;
    cidrText = split[2]!;
  } else if (/\/\/?\d+$/.test(value)) {
    return error(at + 1 + value.search(/\/\/?\d+$/), `${name} takes no CIDR length`);
  }
  const domain = parseDomainSpec(domainText);
  if (!domain.ok) return error(at + 1 + domain.error.offset, `${name}: ${domain.error.message}`);
  return parseDualCidr(cidrText, at + 1 + domainText.length, { ...none, domainSpec: domain.value });
}

function parseDualCidr(text: string, at: number, base: Arguments): Arguments | { error: SpfSyntaxError } {
  const match = DUAL_CIDR.exec(text);
  if (!match) return error(at, `"${text}" is not a CIDR length: use /n for IPv4 (0-32) and //n for IPv6 (0-128)`);
  const [, v4, v6] = match;
  const cidr4 = v4 === undefined ? null : cidrLength(v4, 32);
  if (v4 !== undefined && cidr4 === null)
    return error(at, `IPv4 CIDR length "/${v4}" must be 0-32 without leading zeros`);
  const cidr6 = v6 === undefined ? null : cidrLength(v6, 128);
  if (v6 !== undefined && cidr6 === null)
    return error(
      at + (v4 === undefined ? 0 : v4.length + 1),
      `IPv6 CIDR length "//${v6}" must be 0-128 without leading zeros`,
    );
  return { ...base, cidr4, cidr6 };
}

function parseNetwork(
  name: MechanismName,
  family: 4 | 6,
  rest: string,
  at: number,
): Arguments | { error: SpfSyntaxError } {
  if (!rest.startsWith(':') || rest.length === 1)
    return error(at, `${name} needs an address: ${name}:<${family === 4 ? '192.0.2.0' : '2001:db8::'}>[/prefix]`);
  const value = rest.slice(1);
  const slash = value.indexOf('/');
  const network = slash < 0 ? value : value.slice(0, slash);
  if (!(family === 4 ? isIp4Network(network) : isIp6Network(network))) {
    return error(
      at + 1,
      `"${network}" is not an IPv${family} address${family === 4 ? ' (four numbers 0-255 without leading zeros)' : ''}`,
    );
  }
  const max = family === 4 ? 32 : 128;
  if (slash < 0) return { domainSpec: null, network, cidr4: null, cidr6: null };
  const digits = /^\/(\d+)$/.exec(value.slice(slash))?.[1];
  const length = digits === undefined ? null : cidrLength(digits, max);
  if (length === null)
    return error(
      at + 1 + slash,
      `"${value.slice(slash)}" is not a prefix length for ${name}: use /0-${max} without leading zeros`,
    );
  return { domainSpec: null, network, cidr4: family === 4 ? length : null, cidr6: family === 6 ? length : null };
}

function error(position: number, message: string): { error: SpfSyntaxError } {
  return { error: { position, message: excerpt(message) } };
}
