/**
 * Reads a byte stream up to a cap and stops there, so no more than `maxBytes` is ever held. The
 * one stream reader for request bodies (refused when over) and scanned responses (cut).
 */
export interface CappedBytes {
  bytes: Uint8Array;
  /** The stream had more than `maxBytes`. */
  overflowed: boolean;
  /** The deadline passed before the stream ended; `bytes` holds what arrived. */
  timedOut: boolean;
  /** Set when reading failed part way; `bytes` holds what arrived. */
  error?: unknown;
}

const DEADLINE_PASSED = Symbol('deadline passed');

/** The next chunk, or DEADLINE_PASSED when the deadline comes first (the read itself stays pending). */
function readBefore(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  deadline: AbortSignal,
): Promise<ReadableStreamReadResult<Uint8Array> | typeof DEADLINE_PASSED> {
  if (deadline.aborted) return Promise.resolve(DEADLINE_PASSED);
  return new Promise((resolve, reject) => {
    const expire = () => resolve(DEADLINE_PASSED);
    deadline.addEventListener('abort', expire, { once: true });
    void reader
      .read()
      .then(resolve, reject)
      .finally(() => deadline.removeEventListener('abort', expire));
  });
}

/** Reads until the end, the cap, or `deadline` (when given), whichever comes first. */
export async function readCapped(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  deadline?: AbortSignal,
): Promise<CappedBytes> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let overflowed = false;
  let timedOut = false;
  let failure: unknown;
  const reader = stream?.getReader();
  if (reader) {
    try {
      for (;;) {
        const result = deadline ? await readBefore(reader, deadline) : await reader.read();
        if (result === DEADLINE_PASSED) {
          timedOut = true;
          break;
        }
        const { done, value } = result;
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
      // Cancelling also settles a read left pending by the deadline.
      void reader.cancel().catch(() => {});
    }
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return failure === undefined ? { bytes, overflowed, timedOut } : { bytes, overflowed, timedOut, error: failure };
}
