/**
 * The address parts of `ip4:` and `ip6:` (RFC 7208 §5.6 and §12): dotted quads without leading
 * zeros, RFC 4291 §2.2 IPv6 text, and CIDR lengths without leading zeros within range.
 */

/** `qnum` of the ABNF: 0-255 without leading zeros. */
const QNUM = /^(?:\d|[1-9]\d|1\d\d|2[0-4]\d|25[0-5])$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

export function isIp4Network(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => QNUM.test(part));
}

/** RFC 4291 §2.2: eight groups, one `::` for a run of zeros, optionally ending in a dotted quad. */
export function isIp6Network(text: string): boolean {
  if (text.length === 0 || text.length > 45) return false;
  let groups = text;
  let tail = 0;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    if (!isIp4Network(text.slice(lastColon + 1))) return false;
    groups = text.slice(0, lastColon + 1) + '0';
    tail = 1; // the quad takes two groups; "0" stands in for one, count one more
  }
  const halves = groups.split('::');
  if (halves.length > 2) return false;
  const split = (half: string) => (half === '' ? [] : half.split(':'));
  const head = split(halves[0]!);
  const rest = halves.length === 2 ? split(halves[1]!) : [];
  if (![...head, ...rest].every((group) => HEX_GROUP.test(group))) return false;
  const count = head.length + rest.length + tail;
  return halves.length === 2 ? count <= 7 : count === 8;
}

/** A CIDR length: "0" or digits without a leading zero, at most `max`. Null when malformed. */
export function cidrLength(digits: string, max: number): number | null {
  if (!/^(?:0|[1-9]\d{0,2})$/.test(digits)) return null;
  const value = Number(digits);
  return value <= max ? value : null;
}
