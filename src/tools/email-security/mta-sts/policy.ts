/**
 * The MTA-STS policy file (RFC 8461 §3.2): `key: value` lines (LF or CRLF) with `version:
 * STSv1`, `mode: enforce|testing|none`, `max_age` (seconds, at most 31557600) and one `mx:`
 * line per allowed MX pattern (a host name, or `*.` plus a domain matching one label, §4.1).
 */
import { normalizeName } from '../../../net/dns-records.ts';
import type { StsPolicy } from '../result-schema-records.ts';

export type StsMode = NonNullable<StsPolicy['mode']>;

export const MAX_POLICY_AGE_SECONDS = 31_557_600;
/** Below a day, a policy protects little between fetches (RFC 8461 §3.2 suggests weeks). */
export const SHORT_POLICY_AGE_SECONDS = 86_400;

export type { StsPolicy };

const KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
const MODES: readonly StsMode[] = ['enforce', 'testing', 'none'];
const SINGLE = ['version', 'mode', 'max_age'];

const isSpaceOrTab = (char: string | undefined) => char === ' ' || char === '\t';

/**
 * A `key: value` line as [key, value], the value without surrounding spaces and tabs; null when
 * the line is not one. Read in linear time: the regular expression it replaces,
 * `/^(key):[ \t]*(.*?)[ \t]*$/`, retried its trailing `[ \t]*` at every character of a long run
 * of spaces or tabs inside the value.
 */
export function parsePolicyLine(line: string): [key: string, value: string] | null {
  const colon = line.indexOf(':');
  if (colon < 0) return null;
  const key = line.slice(0, colon);
  const rest = line.slice(colon + 1);
  if (!KEY.test(key) || LINE_TERMINATOR.test(rest)) return null;
  let start = 0;
  let end = rest.length;
  while (isSpaceOrTab(rest[start])) start++;
  while (end > start && isSpaceOrTab(rest[end - 1])) end--;
  return [key, rest.slice(start, end)];
}

const LDH_LABEL = /^[A-Za-z0-9-]{1,63}$/;

/** RFC 5321 Domain: LDH labels that neither start nor end with "-", no trailing dot. */
function isDomain(name: string): boolean {
  return (
    name.length <= 253 &&
    name.split('.').every((label) => LDH_LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-'))
  );
}

/** §3.2: sts-policy-mx-value = ["*."] Domain. */
function isMxPattern(pattern: string): boolean {
  return isDomain(pattern.startsWith('*.') ? pattern.slice(2) : pattern);
}

export function parseStsPolicy(body: string): StsPolicy {
  const problems: string[] = [];
  const notes: string[] = [];
  const fields = new Map<string, string>();
  const mx: string[] = [];
  const extensions: string[] = [];
  body.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const field = parsePolicyLine(line);
    if (!field) {
      problems.push(`line ${index + 1} is not "key: value": ${JSON.stringify(line.slice(0, 80))}`);
      return;
    }
    const [key, value] = field;
    if (key === 'mx') {
      if (isMxPattern(value)) mx.push(normalizeName(value));
      else problems.push(`mx: ${value} is not a host name or *.domain pattern`);
    } else if (SINGLE.includes(key)) {
      if (fields.has(key)) notes.push(`${key} appears more than once: senders use the first (${fields.get(key)})`);
      else fields.set(key, value);
    } else {
      extensions.push(key);
    }
  });
  const version = fields.get('version') ?? null;
  if (version === null) problems.push('version is missing');
  else if (version !== 'STSv1') problems.push(`version: ${version} is not STSv1`);
  const modeText = fields.get('mode');
  const mode = MODES.find((m) => m === modeText) ?? null;
  if (modeText === undefined) problems.push('mode is missing');
  else if (mode === null) problems.push(`mode: ${modeText} is not enforce, testing or none`);
  const ageText = fields.get('max_age');
  const maxAge = ageText !== undefined && /^[0-9]{1,10}$/.test(ageText) ? Number(ageText) : null;
  if (ageText === undefined) problems.push('max_age is missing');
  else if (maxAge === null) problems.push(`max_age: ${ageText} is not a number of seconds`);
  if (mx.length === 0 && mode !== 'none') problems.push('no mx: line names the allowed MX hosts');
  return { version, mode, maxAge, mx, extensions, problems, notes, valid: problems.length === 0 };
}

/** RFC 8461 §4.1: exact match, or `*.example.com` matching exactly one more label. */
export function mxMatches(pattern: string, host: string): boolean {
  const h = normalizeName(host);
  const p = normalizeName(pattern);
  if (!p.startsWith('*.')) return h === p;
  const suffix = p.slice(1);
  return h.endsWith(suffix) && h.length > suffix.length && !h.slice(0, h.length - suffix.length).includes('.');
}

/** MX hosts no pattern matches. */
export function uncoveredMx(patterns: string[], hosts: string[]): string[] {
  return hosts.filter((host) => !patterns.some((pattern) => mxMatches(pattern, host)));
}
