/** Reads a response body as a stream, up to a byte cap, and decodes it as text. */

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
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  let failure: unknown;
  const reader = response.body?.getReader();
  if (reader) {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const room = maxBytes - total;
        if (value.byteLength > room) {
          chunks.push(value.subarray(0, room));
          total += room;
          truncated = true;
          break;
        }
        chunks.push(value);
        total += value.byteLength;
      }
    } catch (error) {
      failure = error;
      truncated = true;
    } finally {
      // Stop the transfer (and free the connection) when we stop early; harmless when done.
      void reader.cancel().catch(() => {});
    }
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const text = decoderFor(response.headers.get('content-type')).decode(bytes);
  return failure === undefined ? { text, bytes: total, truncated } : { text, bytes: total, truncated, error: failure };
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
