/**
 * The DNS record types the resolver answers with, as plain JSON-friendly objects, and the
 * conversion from `@leichtgewicht/dns-packet`'s decoded answers.
 */
import type { Answer } from '@leichtgewicht/dns-packet';

export const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'PTR', 'SOA', 'SPF', 'TLSA', 'TXT'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export function isRecordType(value: string): value is RecordType {
  return (RECORD_TYPES as readonly string[]).includes(value);
}

/** The type-specific part of each record. */
export interface RecordDataByType {
  A: { address: string };
  AAAA: { address: string };
  CNAME: { target: string };
  NS: { target: string };
  PTR: { target: string };
  MX: { preference: number; exchange: string };
  /** `text` is the character-strings joined without separators (RFC 7208 §3.3); `strings` are the strings as sent. */
  TXT: { text: string; strings: string[] };
  /** The obsolete SPF type (99); same data as TXT. */
  SPF: { text: string; strings: string[] };
  SOA: {
    mname: string;
    rname: string;
    serial: number;
    refresh: number;
    retry: number;
    expire: number;
    minimum: number;
  };
  /** DANE: certificate association data as lower-case hex. */
  TLSA: { usage: number; selector: number; matchingType: number; data: string };
}

/** One resource record: owner `name` (lower-case, no trailing dot), `ttl` in seconds, and its data. */
export type DnsRecord<T extends RecordType = RecordType> = T extends RecordType
  ? { type: T; name: string; ttl: number } & RecordDataByType[T]
  : never;

/** Lower-case, without the trailing dot of a fully qualified name ("." stays the root). */
export function normalizeName(name: string): string {
  const lower = name.toLowerCase();
  return lower.length > 1 && lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

// Character-strings are bytes; invalid UTF-8 becomes U+FFFD (still visibly non-ASCII to a grader).
const utf8 = new TextDecoder('utf-8', { fatal: false });

function characterStrings(data: unknown): string[] {
  const parts = Array.isArray(data) ? data : [data];
  return parts.map((part) =>
    typeof part === 'string' ? part : part instanceof Uint8Array ? utf8.decode(part) : String(part),
  );
}

/** Splits the RDATA of a TXT-shaped record (length-prefixed strings) that the codec left as bytes. */
function splitCharacterStrings(rdata: Uint8Array): Uint8Array[] {
  const strings: Uint8Array[] = [];
  let offset = 0;
  while (offset < rdata.length) {
    const length = rdata[offset]!;
    if (offset + 1 + length > rdata.length) throw new Error('character-string runs past the end of the record');
    strings.push(rdata.subarray(offset + 1, offset + 1 + length));
    offset += 1 + length;
  }
  return strings;
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

function rawBytes(data: unknown): Uint8Array {
  if (data instanceof Uint8Array) return data;
  throw new Error('expected raw record data');
}

/** Converts one decoded answer; null for types we do not model (RRSIG, OPT, …). */
export function toDnsRecord(answer: Answer): DnsRecord | null {
  const name = normalizeName(answer.name);
  const ttl = answer.ttl ?? 0;
  const data: unknown = answer.data;
  switch (answer.type) {
    case 'A':
    case 'AAAA':
      return { type: answer.type, name, ttl, address: String(data) };
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return { type: answer.type, name, ttl, target: normalizeName(String(data)) };
    case 'MX': {
      const mx = data as { preference?: number; exchange: string };
      return { type: 'MX', name, ttl, preference: mx.preference ?? 0, exchange: normalizeName(mx.exchange) };
    }
    case 'TXT': {
      const strings = characterStrings(data);
      return { type: 'TXT', name, ttl, text: strings.join(''), strings };
    }
    case 'SOA': {
      const soa = data as RecordDataByType['SOA'];
      return {
        type: 'SOA',
        name,
        ttl,
        mname: normalizeName(soa.mname),
        rname: normalizeName(soa.rname),
        serial: soa.serial ?? 0,
        refresh: soa.refresh ?? 0,
        retry: soa.retry ?? 0,
        expire: soa.expire ?? 0,
        minimum: soa.minimum ?? 0,
      };
    }
    // The codec leaves TLSA data as raw RDATA.
    case 'TLSA': {
      const bytes = rawBytes(data);
      if (bytes.length < 3) throw new Error('TLSA record too short');
      return {
        type: 'TLSA',
        name,
        ttl,
        usage: bytes[0]!,
        selector: bytes[1]!,
        matchingType: bytes[2]!,
        data: hex(bytes.subarray(3)),
      };
    }
    // Types we do not model.
    case 'AFSDB':
    case 'APL':
    case 'AXFR':
    case 'CAA':
    case 'CDNSKEY':
    case 'CDS':
    case 'CERT':
    case 'DHCID':
    case 'DLV':
    case 'DNAME':
    case 'DNSKEY':
    case 'DS':
    case 'HINFO':
    case 'HIP':
    case 'IPSECKEY':
    case 'IXFR':
    case 'KEY':
    case 'KX':
    case 'LOC':
    case 'NAPTR':
    case 'NSEC':
    case 'NSEC3':
    case 'NSEC3PARAM':
    case 'NULL':
    case 'OPT':
    case 'RP':
    case 'RRSIG':
    case 'SIG':
    case 'SRV':
    case 'SSHFP':
    case 'TA':
    case 'TKEY':
    case 'TSIG':
    case 'URI':
      return null;
  }
  // Types the codec does not know (SPF among them) come back as raw RDATA.
  const type = (answer as { type: string }).type;
  if (type === 'SPF') {
    const strings = characterStrings(splitCharacterStrings(rawBytes(data)));
    return { type: 'SPF', name, ttl, text: strings.join(''), strings };
  }
  return null;
}
