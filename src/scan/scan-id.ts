/**
 * Scan ids: 128 random bits in base64url (22 characters), so an id is safe in a URL path and
 * cannot be guessed or enumerated; holding one is what lets a caller read the scan.
 */
const ID_BYTES = 16;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export const SCAN_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newScanId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(ID_BYTES));
  let id = '';
  let bits = 0;
  let pending = 0;
  for (const byte of bytes) {
    pending = (pending << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      id += ALPHABET[(pending >> bits) & 63];
    }
  }
  return bits > 0 ? id + ALPHABET[(pending << (6 - bits)) & 63] : id;
}

/** Whether `text` could be a scan id; anything else is answered 404 without asking the store. */
export const isScanId = (text: string) => SCAN_ID_PATTERN.test(text);
