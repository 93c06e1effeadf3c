/** Percent-decoding of URL text that never throws. */

/** `decodeURIComponent(text)`, or null when `text` has a "%" that does not start valid percent-encoded UTF-8. */
export function percentDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
