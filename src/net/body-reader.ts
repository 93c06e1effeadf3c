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

export async function readBodyCapped(response: Response, maxBytes: number): Promise<CappedBody> {
  const { bytes, overflowed, error } = await readCapped(response.body, maxBytes);
  const text = decoderFor(response.headers.get('content-type')).decode(bytes);
  const truncated = overflowed || error !== undefined;
  return error === undefined
    ? { text, bytes: bytes.byteLength, truncated }
    : { text, bytes: bytes.byteLength, truncated, error };
}

/** The charset the Content-Type names, when the runtime knows it; UTF-8 otherwise. */
function decoderFor(contentType: string | null): TextDecoder {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset);
    } catch {
      // An unknown label: fall through to UTF-8.
    }
  }
  return new TextDecoder('utf-8');
}
