/**
 * Text rules for host names and the URL text they arrive in: invisible characters,
 * percent-decoding, trailing dots, IP literals, DNS name and label lengths, and the IDNA
 * conversion to an ASCII host name. Tool targets, the badge's domain, report destinations and
 * the scan's URL vetting all read them from here.
 */

/** DNS names are at most 253 characters in text form, labels at most 63 (RFC 1035 §2.3.4). */
export const MAX_DNS_NAME_LENGTH = 253;
export const MAX_DNS_LABEL_LENGTH = 63;

// Whitespace and control characters, including the Unicode ones that render as nothing.
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/u;

export const hasInvisibleCharacters = (text: string): boolean => INVISIBLE.test(text);

/** `decodeURIComponent(text)`, or null when `text` has a "%" that does not start valid percent-encoded UTF-8. */
export function percentDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Drops one trailing dot (the root of a fully qualified name). */
export const withoutTrailingDot = (host: string): string => (host.endsWith('.') ? host.slice(0, -1) : host);

/**
 * Drops every trailing "/": what `text.replace(/\/+$/, '')` gives, in one pass (that regex restarts
 * at each slash of a long run that does not end the text, which takes quadratic time).
 */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}

const LINE_TERMINATORS = ['\n', '\r', '\u2028', '\u2029'];

/**
 * Drops an IPv6 zone ("%eth0" in fe80::1%eth0): what `text.replace(/%.*$/, '')` gives, in one pass.
 * That regex cuts at the first "%" with no line terminator after it, and restarts at each "%"
 * before one, which takes quadratic time.
 */
export function withoutZone(text: string): string {
  const lastLineTerminator = Math.max(...LINE_TERMINATORS.map((terminator) => text.lastIndexOf(terminator)));
  const zoneStart = text.indexOf('%', lastLineTerminator + 1);
  return zoneStart === -1 ? text : text.slice(0, zoneStart);
}

// The form the WHATWG URL parser serialises every IPv4 host to, whatever its spelling (octal, hex, dotted or not).
const DOTTED_QUAD = /^\d{1,3}(?:\.\d{1,3}){3}$/;

export const isDottedQuad = (text: string): boolean => DOTTED_QUAD.test(text);

/** Whether a URL's `hostname` is an IP literal: bracketed IPv6, or IPv4 (which the parser made a dotted quad). */
export const isIpLiteralHostname = (hostname: string): boolean => hostname.startsWith('[') || isDottedQuad(hostname);

/**
 * Whether the last label is all digits. No top-level domain is numeric, so such a name is an IPv4
 * address in one of its spellings (127.0.0.1, 0x7f.1, 2130706433) or no host name at all.
 */
export const endsInNumericLabel = (host: string): boolean => /(?:^|\.)\d+$/.test(host);

/** Whether a label has only the letters, digits and hyphens of a host name (lower-case ASCII). */
export const hasHostnameCharacters = (label: string): boolean => /^[a-z0-9-]+$/.test(label);

const isHostnameLabel = (label: string): boolean =>
  label.length <= MAX_DNS_LABEL_LENGTH &&
  hasHostnameCharacters(label) &&
  !label.startsWith('-') &&
  !label.endsWith('-');

/** A syntactically valid DNS host name in ASCII (punycode) form, without a trailing dot. */
export function isHostname(host: string): boolean {
  if (host.length === 0 || host.length > MAX_DNS_NAME_LENGTH) return false;
  return host.split('.').every(isHostnameLabel);
}

/**
 * The host name the URL parser makes of `host` (lower case, IDN to punycode), without one
 * trailing dot; null when it refuses.
 */
export function urlHostname(host: string): string | null {
  try {
    return withoutTrailingDot(new URL(`http://${host}`).hostname);
  } catch {
    return null;
  }
}

/** Lower-cases, converts an IDN to punycode and drops one trailing dot; null when it is not a host name. */
export function asciiHostname(input: string): string | null {
  if (/[/\\?#@:%[\]]/.test(input)) return null;
  const host = urlHostname(input);
  return host !== null && isHostname(host) ? host : null;
}
