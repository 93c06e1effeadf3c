/**
 * Which addresses and host names a scan may reach: public unicast only. Everything special
 * purpose (loopback, private, link-local and cloud metadata, CGNAT, unique-local, multicast,
 * reserved, documentation, transition formats that embed an IPv4 address …) is refused.
 */
import ipaddr from 'ipaddr.js';
import { MAX_DNS_NAME_LENGTH, withoutTrailingDot, withoutZone } from './host-text.ts';

/** ipaddr.js range names, plus `ipv4Compatible` (::a.b.c.d), `invalid` and `unicast` (allowed). */
export type AddressRange = string;

export interface AddressVerdict {
  allowed: boolean;
  range: AddressRange;
  /** The IPv4 address carried inside a transition address (NAT64, 6to4, Teredo, ::a.b.c.d), and its range. */
  embedded?: { address: string; range: AddressRange };
}

export interface AddressPolicyOptions {
  /**
   * Lift the restriction (tests and local use, `SCAN_ALLOW_PRIVATE_TARGETS`); the unspecified
   * address stays refused.
   */
  allowPrivate?: boolean;
}

/**
 * Classifies an IP address given as text. IPv6 is first put in canonical form by the WHATWG URL
 * parser: ipaddr.js reads "::a.b.c.d" as IPv4-mapped, which would let "::8.8.8.8"-style
 * IPv4-compatible addresses pass as public. IPv4-mapped IPv6 is then unwrapped to its IPv4 address.
 */
export function checkAddress(ip: string, options: AddressPolicyOptions = {}): AddressVerdict {
  const parsed = parseAddress(ip);
  if (parsed === null) return { allowed: false, range: 'invalid' };
  const { range, embedded } = classify(parsed);
  const allowed = range === 'unicast' || (options.allowPrivate === true && range !== 'unspecified');
  return embedded ? { allowed, range, embedded } : { allowed, range };
}

/** Parses an address in any form ipaddr.js accepts (including legacy IPv4 forms); null when it is none. */
function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  if (text.includes(':')) {
    // A zone (fe80::1%eth0) names an interface, not a different address: classify the address.
    try {
      text = new URL(`http://[${withoutZone(text)}]/`).hostname.slice(1, -1);
    } catch {
      return null;
    }
    if (!ipaddr.IPv6.isValid(text)) return null;
    const v6 = ipaddr.IPv6.parse(text);
    return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
  }
  return ipaddr.IPv4.isValid(text) ? ipaddr.IPv4.parse(text) : null;
}

const ALL_ZERO = (parts: number[], upTo: number) => parts.slice(0, upTo).every((p) => p === 0);

function v4(bytes: number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes.map((b) => b & 0xff));
}

function classify(address: ipaddr.IPv4 | ipaddr.IPv6): Pick<AddressVerdict, 'range' | 'embedded'> {
  if (address.kind() === 'ipv4') return { range: address.range() };
  const v6 = address as ipaddr.IPv6;
  const p = v6.parts;
  let range: AddressRange = v6.range();
  let inner: ipaddr.IPv4 | null = null;
  // A unicast address outside 2000::/3, the global unicast block, is reserved.
  if (range === 'unicast' && ALL_ZERO(p, 6)) range = 'ipv4Compatible';
  else if (range === 'unicast' && (p[0]! & 0xe000) !== 0x2000) range = 'reserved';
  switch (range) {
    case 'ipv4Compatible':
    case 'rfc6145':
      inner = v4([p[6]! >> 8, p[6]!, p[7]! >> 8, p[7]!]);
      break;
    case 'rfc6052':
      // The well-known NAT64 prefix 64:ff9b::/96 carries it in the last 32 bits. The local-use
      // 64:ff9b:1::/48 (RFC 8215) may use any prefix length, so where it sits is unknown.
      if (p[2] === 0) inner = v4([p[6]! >> 8, p[6]!, p[7]! >> 8, p[7]!]);
      break;
    case '6to4':
      inner = v4([p[1]! >> 8, p[1]!, p[2]! >> 8, p[2]!]);
      break;
    case 'teredo': // the client's address, obfuscated by inverting every bit (RFC 4380 §4)
      inner = v4([~p[6]! >> 8, ~p[6]!, ~p[7]! >> 8, ~p[7]!]);
      break;
  }
  return inner ? { range, embedded: { address: inner.toString(), range: inner.range() } } : { range };
}

const RANGE_NAMES: Record<string, string> = {
  unspecified: 'unspecified ("this host")',
  loopback: 'loopback',
  private: 'private network',
  linkLocal: 'link-local (includes cloud metadata services)',
  carrierGradeNat: 'carrier-grade NAT',
  uniqueLocal: 'unique-local (private IPv6)',
  multicast: 'multicast',
  broadcast: 'broadcast',
  reserved: 'reserved or documentation',
  benchmarking: 'benchmarking',
  as112: 'AS112',
  as112v6: 'AS112',
  amt: 'AMT',
  ipv4Mapped: 'IPv4-mapped',
  ipv4Compatible: 'IPv4-compatible IPv6',
  rfc6145: 'IPv4-translated IPv6',
  rfc6052: 'NAT64',
  '6to4': '6to4',
  teredo: 'Teredo',
  deprecatedSiteLocal: 'site-local (deprecated)',
  discard: 'discard-only',
  orchid2: 'ORCHID',
  droneRemoteIdProtocolEntityTags: 'drone remote ID',
  segmentRouting: 'segment routing',
  invalid: 'invalid',
  unicast: 'public',
};

/** A range for people: says what kind of address it is without showing the address. */
export function describeRange(verdict: Pick<AddressVerdict, 'range' | 'embedded'>): string {
  const name = RANGE_NAMES[verdict.range] ?? verdict.range;
  if (!verdict.embedded) return name;
  return `${name} (carrying a ${RANGE_NAMES[verdict.embedded.range] ?? verdict.embedded.range} IPv4 address)`;
}

export type HostnameRefusal = 'invalid' | 'ip-literal' | 'single-label' | 'localhost' | 'local-network-name';

export type HostnameVerdict =
  { allowed: true; name: string } | { allowed: false; reason: HostnameRefusal; message: string };

/** Suffixes that name the local machine or a private network, never a public site. */
const LOCAL_SUFFIXES = ['local', 'internal', 'arpa', 'localdomain', 'lan', 'home', 'corp', 'intranet', 'private'];

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * Checks a host name (ASCII, as `URL.hostname` gives it) before it is resolved. Anything that
 * reads as an IP address is refused here: pass addresses to `checkAddress`.
 */
export function checkHostname(host: string): HostnameVerdict {
  const name = withoutTrailingDot(host.toLowerCase());
  if (name.startsWith('[') || ipaddr.isValid(name))
    return { allowed: false, reason: 'ip-literal', message: 'an IP address, not a host name' };
  if (name.length === 0 || name.length > MAX_DNS_NAME_LENGTH || !name.split('.').every((label) => LABEL.test(label))) {
    return { allowed: false, reason: 'invalid', message: 'not a valid host name' };
  }
  const labels = name.split('.');
  if (name === 'localhost' || name.endsWith('.localhost'))
    return { allowed: false, reason: 'localhost', message: 'a localhost name' };
  if (labels.length === 1) return { allowed: false, reason: 'single-label', message: 'a single-label (intranet) name' };
  if (LOCAL_SUFFIXES.includes(labels[labels.length - 1]!)) {
    return {
      allowed: false,
      reason: 'local-network-name',
      message: `a local-network name (.${labels[labels.length - 1]})`,
    };
  }
  return { allowed: true, name };
}
