/**
 * A small ASN.1 DER reader, enough to read a DKIM public key: a SubjectPublicKeyInfo (RFC 5280
 * §4.1.2.7) or a bare PKCS#1 RSAPublicKey (RFC 8017 §A.1.1, which some DKIM records publish),
 * and the size of an RSA modulus in bits. Malformed input throws `DerError`.
 */

export class DerError extends Error {}

const DER_TAG = { INTEGER: 0x02, BIT_STRING: 0x03, NULL: 0x05, OID: 0x06, SEQUENCE: 0x30 } as const;

export interface DerElement {
  tag: number;
  contents: Uint8Array;
  /** Offset just past the element. */
  end: number;
}

function readElement(bytes: Uint8Array, offset = 0): DerElement {
  if (offset + 2 > bytes.length) throw new DerError('truncated element header');
  const tag = bytes[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not supported');
  let length = bytes[offset + 1]!;
  let start = offset + 2;
  if (length === 0x80) throw new DerError('indefinite length is not DER');
  if (length > 0x80) {
    const count = length & 0x7f;
    if (count > 4 || start + count > bytes.length) throw new DerError('bad length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[start + i]!;
    start += count;
  }
  const end = start + length;
  if (end > bytes.length) throw new DerError('element runs past the end of the data');
  return { tag, contents: bytes.subarray(start, end), end };
}

/** The elements inside a constructed element's contents. */
function readChildren(contents: Uint8Array): DerElement[] {
  const children: DerElement[] = [];
  for (let offset = 0; offset < contents.length;) {
    const child = readElement(contents, offset);
    children.push(child);
    offset = child.end;
  }
  return children;
}

/** Dotted form of an OBJECT IDENTIFIER's contents, e.g. 1.2.840.113549.1.1.1. */
export function oidToString(contents: Uint8Array): string {
  if (contents.length === 0) throw new DerError('empty OID');
  if ((contents[contents.length - 1]! & 0x80) !== 0) throw new DerError('the OID ends inside a component');
  const parts: number[] = [];
  let value = 0;
  for (const byte of contents) {
    value = value * 128 + (byte & 0x7f);
    if (value > Number.MAX_SAFE_INTEGER) throw new DerError('an OID component is too large');
    if ((byte & 0x80) === 0) {
      parts.push(value);
      value = 0;
    }
  }
  const first = parts.shift()!;
  const head = first < 80 ? [Math.floor(first / 40), first % 40] : [2, first - 80];
  return [...head, ...parts].join('.');
}

/** Bits in a non-negative INTEGER's value (leading zero bytes ignored). */
export function integerBits(contents: Uint8Array): number {
  let i = 0;
  while (i < contents.length && contents[i] === 0) i++;
  if (i === contents.length) return 0;
  return (contents.length - i - 1) * 8 + (32 - Math.clz32(contents[i]!));
}

const OID = { rsaEncryption: '1.2.840.113549.1.1.1', ed25519: '1.3.101.112' } as const;

export interface PublicKeyInfo {
  /** spki: SubjectPublicKeyInfo; pkcs1: a bare RSAPublicKey. */
  format: 'spki' | 'pkcs1';
  algorithm: 'rsa' | 'ed25519' | 'other';
  oid: string | null;
  /** RSA modulus size; null for other algorithms. */
  rsaBits: number | null;
}

function rsaPublicKeyBits(der: Uint8Array): number {
  const sequence = readElement(der);
  if (sequence.tag !== DER_TAG.SEQUENCE || sequence.end !== der.length)
    throw new DerError('RSAPublicKey is not a SEQUENCE');
  const [modulus, exponent] = readChildren(sequence.contents);
  if (modulus?.tag !== DER_TAG.INTEGER || exponent?.tag !== DER_TAG.INTEGER)
    throw new DerError('RSAPublicKey needs a modulus and an exponent');
  return integerBits(modulus.contents);
}

/** Reads a DER public key: SubjectPublicKeyInfo, or PKCS#1 RSAPublicKey. */
export function readPublicKey(der: Uint8Array): PublicKeyInfo {
  const outer = readElement(der);
  if (outer.tag !== DER_TAG.SEQUENCE || outer.end !== der.length) throw new DerError('not a DER SEQUENCE');
  const children = readChildren(outer.contents);
  if (children[0]?.tag === DER_TAG.INTEGER)
    return { format: 'pkcs1', algorithm: 'rsa', oid: null, rsaBits: rsaPublicKeyBits(der) };
  const [algorithm, key] = children;
  if (algorithm?.tag !== DER_TAG.SEQUENCE || key?.tag !== DER_TAG.BIT_STRING)
    throw new DerError('not a SubjectPublicKeyInfo');
  const oidElement = readChildren(algorithm.contents)[0];
  if (oidElement?.tag !== DER_TAG.OID) throw new DerError('the algorithm has no OID');
  const oid = oidToString(oidElement.contents);
  if (key.contents.length < 1 || key.contents[0] !== 0) throw new DerError('the key BIT STRING has unused bits');
  const keyBytes = key.contents.subarray(1);
  if (oid === OID.rsaEncryption) return { format: 'spki', algorithm: 'rsa', oid, rsaBits: rsaPublicKeyBits(keyBytes) };
  return { format: 'spki', algorithm: oid === OID.ed25519 ? 'ed25519' : 'other', oid, rsaBits: null };
}
