import { MAX_TARGET_LENGTH } from '../limits.ts';

// Whitespace and control characters, including the Unicode ones that render as nothing.
const FORBIDDEN = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/u;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Checks shared by every tool's target before any tool-specific parsing; null when fine. */
export function targetTextProblem(target: string): string | null {
  if (target.length === 0) return '"target" is empty.';
  const length = [...target].length;
  if (length > MAX_TARGET_LENGTH) return `"target" is ${length} characters long; at most ${MAX_TARGET_LENGTH} are allowed.`;
  if (LONE_SURROGATE.test(target)) return '"target" contains an unpaired surrogate (invalid Unicode).';
  if (FORBIDDEN.test(target)) return '"target" contains whitespace or control characters.';
  return null;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A syntactically valid DNS host name in ASCII (punycode) form, without a trailing dot. */
export function isHostname(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  return host.split('.').every((label) => LABEL.test(label));
}

/** Lower-cases, converts an IDN to punycode and drops one trailing dot; null when it is not a host name. */
export function asciiHostname(input: string): string | null {
  if (/[/\\?#@:%\[\]]/.test(input)) return null;
  let host: string;
  try {
    host = new URL(`http://${input}`).hostname;
  } catch {
    return null;
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  return isHostname(host) ? host : null;
}
