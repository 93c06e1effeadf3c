import { ApiError } from './problem.ts';
import { readCapped } from './read-capped.ts';

function tooLarge(maxBytes: number, what: string): ApiError {
  return new ApiError('payload_too_large', {
    detail: `The request body ${what}; at most ${maxBytes} bytes are allowed.`,
    // The rest of an oversized body is never read: close the connection rather than drain it.
    headers: { connection: 'close' },
  });
}

/**
 * Reads a JSON body without ever holding more than `maxBytes` of it: a declared length over the
 * limit is refused before reading, and the stream is cut off as soon as it passes the limit, so a
 * missing or lying Content-Length or a chunked body cannot get more in.
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
  expected = 'a JSON object such as {"target": "example.com"}',
): Promise<unknown> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    throw tooLarge(maxBytes, `declares ${declared.trim()} bytes`);
  }
  const { bytes, overflowed, error } = await readCapped(request.body, maxBytes);
  if (overflowed) throw tooLarge(maxBytes, 'is larger than that');
  if (error !== undefined)
    throw new ApiError('bad_request', { detail: 'The request body could not be read completely.' });
  if (bytes.byteLength === 0) {
    throw new ApiError('bad_request', { detail: `The request body is empty; send ${expected}.` });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError('bad_request', { detail: 'The request body is not valid UTF-8.' });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 200) : 'syntax error';
    throw new ApiError('bad_request', { detail: `The request body is not valid JSON: ${reason}.` });
  }
}
