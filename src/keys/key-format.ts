/**
 * Developer key format: `<prefix><30 random base62><6 base62 CRC-32 of the random part>`.
 * The checksum lets anyone (a secret scanner, or this service before any store lookup) tell a
 * real key from a typo or a look-alike offline.
 */
export const DEFAULT_KEY_PREFIX = 'asc_live_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
export const KEY_BODY_LENGTH = RANDOM_LENGTH + CHECKSUM_LENGTH;
const PREFIX_PATTERN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*_$/;
const BODY_PATTERN = /^[0-9A-Za-z]+$/;

export function isValidKeyPrefix(prefix: string): boolean {
  return prefix.length >= 2 && prefix.length <= 16 && PREFIX_PATTERN.test(prefix);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
    table[byte] = crc >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, as zlib) of an ASCII string. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function base62(value: number, width: number): string {
  let out = '';
  do {
    out = ALPHABET[value % 62] + out;
    value = Math.floor(value / 62);
  } while (value > 0);
  return out.padStart(width, '0');
}

/** Uniform random base62 characters (rejection sampling, so no character is favoured). */
export function randomBase62(length: number): string {
  let out = '';
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const b of bytes) {
      if (b < 248 && out.length < length) out += ALPHABET[b % 62];
    }
  }
  return out;
}

export function generateKey(prefix: string): string {
  const random = randomBase62(RANDOM_LENGTH);
  return prefix + random + base62(crc32(random), CHECKSUM_LENGTH);
}

export type KeyShapeProblem = 'prefix' | 'length' | 'characters' | 'checksum';

/** Checks a presented key offline. Returns null when it is well formed, or what is wrong. */
export function keyShapeProblem(key: string, prefix: string): KeyShapeProblem | null {
  if (!key.startsWith(prefix)) return 'prefix';
  const body = key.slice(prefix.length);
  if (body.length !== KEY_BODY_LENGTH) return 'length';
  if (!BODY_PATTERN.test(body)) return 'characters';
  const random = body.slice(0, RANDOM_LENGTH);
  return base62(crc32(random), CHECKSUM_LENGTH) === body.slice(RANDOM_LENGTH) ? null : 'checksum';
}

/** The part of a key that is safe to show in listings and logs. */
export function displayPrefix(key: string, prefix: string): string {
  return key.slice(0, prefix.length + 4);
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let hex = '';
  for (const b of new Uint8Array(digest)) hex += b.toString(16).padStart(2, '0');
  return hex;
}
