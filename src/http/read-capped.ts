/**
 * Reads a byte stream up to a cap and stops there, so no more than `maxBytes` is ever held. The
 * one stream reader for request bodies (refused when over) and scanned responses (cut).
 */
export interface CappedBytes {
  bytes: Uint8Array;
  /** The stream had more than `maxBytes`. */
  overflowed: boolean;
  /** Set when reading failed part way; `bytes` holds what arrived. */
  error?: unknown;
}

export async function readCapped(stream: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<CappedBytes> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let overflowed = false;
  let failure: unknown;
  const reader = stream?.getReader();
  if (reader) {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const room = maxBytes - total;
        if (value.byteLength > room) {
          chunks.push(value.subarray(0, room));
          total += room;
          overflowed = true;
          break;
        }
        chunks.push(value);
        total += value.byteLength;
      }
    } catch (error) {
      failure = error;
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
  return failure === undefined ? { bytes, overflowed } : { bytes, overflowed, error: failure };
}
