/** Reads a response body as a stream, up to a byte cap, and decodes it as text. */
import { readCapped } from '../http/read-capped.ts';

export interface CappedBody {
  text: string;
  /** Bytes kept (at most the cap). */
  bytes: number;
  /** The body was longer than the cap, or stopped early (`error` says why). */
  truncated: boolean;
  /** Set when reading failed part way (for example the time ran out); `text` holds what arrived. */
  error?: unknown;
}

/**
 * How a body becomes text: by the charset its Content-Type names (`declared`, UTF-8 when it
 * names none the runtime knows), or always as UTF-8 (`utf-8`, as Node HTTP clients such as axios
 * read every body). A leading byte-order mark of the chosen encoding is dropped either way.
 */
export type BodyDecoding = 'declared' | 'utf-8';

export async function readBodyCapped(
  response: Response,
  maxBytes: number,
  decoding: BodyDecoding = 'declared',
): Promise<CappedBody> {
  const { bytes, overflowed, error } = await readCapped(response.body, maxBytes);
  const decoder = decoding === 'utf-8' ? new TextDecoder('utf-8') : decoderFor(response.headers.get('content-type'));
  const text = decoder.decode(bytes);
  const truncated = overflowed || error !== undefined;
  return error === undefined
    ? { text, bytes: bytes.byteLength, truncated }
    : { text, bytes: bytes.byteLength, truncated, error };
}

/** Labels of the WHATWG "replacement" encoding, which browsers decode to one U+FFFD. */
const REPLACEMENT_LABELS = new Set(['csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'iso-2022-cn-ext', 'iso-2022-kr']);

/** The encoding the Content-Type's charset names (its WHATWG name), null when none or unknown. */
export function declaredEncoding(contentType: string | null): string | null {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  if (!charset) return null;
  if (REPLACEMENT_LABELS.has(charset.toLowerCase())) return 'replacement';
  try {
    return new TextDecoder(charset).encoding;
  } catch {
    return null;
  }
}

/** The declared charset's decoder, UTF-8 when there is none the runtime decodes. */
function decoderFor(contentType: string | null): TextDecoder {
  const encoding = declaredEncoding(contentType);
  return new TextDecoder(encoding === null || encoding === 'replacement' ? 'utf-8' : encoding);
}
