import ipaddr from 'ipaddr.js';
import { BoundedCache } from '../cache/bounded-cache.ts';
import { withoutZone } from '../net/host-text.ts';

/**
 * The identity that anonymous limits count against. IPv4 addresses count one by one; IPv6
 * clients count per /64, since a single host usually controls a whole /64 and could otherwise
 * step to a fresh address for every request.
 */
export function clientIdentity(address: string | undefined): string {
  if (!address) return 'unknown';
  let identity = recent.get(address);
  if (identity === undefined) {
    identity = identify(address);
    recent.set(address, identity);
  }
  return identity;
}

// Parsing an address costs more than the rest of identifying a client; the same ones recur.
const recent = new BoundedCache<string, string>({ maxEntries: 4096 });

function identify(address: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(withoutZone(address.replace(/^\[|\]$/g, '')));
  } catch {
    return 'unknown';
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * The network a client identity belongs to, for the per-network scan quota: an IPv4 /24 or an
 * IPv6 /48, the smallest blocks that are routed, and so what one holder usually has.
 */
export function networkOf(identity: string): string {
  if (identity.endsWith('/64')) {
    const [a = 0, b = 0, c = 0] = ipaddr.IPv6.parse(identity.slice(0, -3)).parts;
    return `${new ipaddr.IPv6([a, b, c, 0, 0, 0, 0, 0]).toString()}/48`;
  }
  const octets = identity.split('.');
  return octets.length === 4 ? `${octets.slice(0, 3).join('.')}.0/24` : identity;
}

/**
 * The client's address: the connection's, unless `trustProxy` names a header that the proxy in
 * front of us sets. For X-Forwarded-For-style lists the right-most entry is the one our proxy
 * appended; entries to its left come from the client and are not trusted. Some proxies append a
 * port (`203.0.113.9:41234`, `[2001:db8::1]:443`), which is dropped; an entry that is not a plain
 * address (an IPv4 spelling other than four decimal numbers included) is not trusted.
 */
export function clientAddress(
  headers: Headers,
  connectionAddress: string | undefined,
  trustProxy: string | null,
): string | undefined {
  if (trustProxy === null) return connectionAddress;
  const value = headers.get(trustProxy);
  if (!value) return connectionAddress;
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const candidate = entries[entries.length - 1];
  return (candidate !== undefined && plainAddress(candidate)) || connectionAddress;
}

/** The address in a forwarded entry, without brackets or port, or null when it is not one. */
function plainAddress(entry: string): string | null {
  let address = entry;
  if (entry.startsWith('[')) {
    const end = entry.indexOf(']');
    if (end < 0 || (end + 1 < entry.length && !/^:\d{1,5}$/.test(entry.slice(end + 1)))) return null;
    address = entry.slice(1, end);
  } else if (entry.indexOf(':') === entry.lastIndexOf(':') && entry.includes(':')) {
    const [host = '', port = ''] = entry.split(':');
    if (!/^\d{1,5}$/.test(port)) return null;
    address = host;
  }
  if (ipaddr.IPv4.isValidFourPartDecimal(address) || ipaddr.IPv6.isValid(address)) return address;
  return null;
}
