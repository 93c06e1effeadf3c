/**
 * Raw HTTP/1.1 over `node:net`, for requests that fetch cannot send: forbidden or malformed
 * methods, bytes outside what the Headers class allows, chunked or lying bodies, and garbage the
 * Node HTTP parser refuses before the app sees it. Every request has a deadline, so a server that
 * never answers fails the test instead of hanging it.
 */
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  statusText: string;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  text: string;
  /** True when the body was delimited (Content-Length or chunked) and arrived in full. */
  complete: boolean;
}

export interface RawRequestOptions {
  /** Give up (destroy the socket, reject) after this long. Default 5000 ms. */
  timeoutMs?: number;
  /** Half-close the connection (send FIN) once everything is written. */
  endAfterWrite?: boolean | undefined;
  /** Pause between writing the pieces of a multi-part request. Default 0 (no pause). */
  pauseMs?: number | undefined;
  /** Resolve only once the server has also closed the connection; a server that keeps it open fails at the deadline. */
  untilClosed?: boolean | undefined;
}

/** `http://127.0.0.1:1234` → host and port. */
function endpoint(baseUrl: string): { host: string; port: number } {
  const url = new URL(baseUrl);
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 80) };
}

const HEADER_END = Buffer.from('\r\n\r\n');

interface Parsed {
  response: RawResponse;
  /** The response is fully delimited: no more bytes belong to it. */
  done: boolean;
}

/** Decodes a chunked body; null while incomplete. */
function dechunk(data: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) return null;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1').split(';')[0]!.trim(), 16);
    if (!Number.isFinite(size)) return null;
    const start = lineEnd + 2;
    if (size === 0) {
      // The last chunk, then trailers (none expected), then an empty line.
      return data.indexOf('\r\n\r\n', lineEnd) === -1 ? null : Buffer.concat(parts);
    }
    if (data.length < start + size + 2) return null;
    parts.push(data.subarray(start, start + size));
    at = start + size + 2;
  }
}

/** Parses the first final (non-1xx) response in `data`; null while its head is incomplete. */
function parse(data: Buffer, closed: boolean): Parsed | null {
  let offset = 0;
  for (;;) {
    const headEnd = data.indexOf(HEADER_END, offset);
    if (headEnd === -1) return null;
    const lines = data.subarray(offset, headEnd).toString('latin1').split('\r\n');
    const statusLine = /^HTTP\/\d\.\d (\d{3})(?: (.*))?$/.exec(lines[0] ?? '');
    if (!statusLine) throw new Error(`not an HTTP response: ${JSON.stringify(lines[0])}`);
    const status = Number(statusLine[1]);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    const bodyStart = headEnd + HEADER_END.length;
    if (status >= 100 && status < 200) {
      offset = bodyStart;
      continue;
    }
    const rest = data.subarray(bodyStart);
    const make = (body: Buffer, complete: boolean): RawResponse => ({
      status,
      statusText: statusLine[2] ?? '',
      headers,
      body,
      text: body.toString('utf8'),
      complete,
    });
    if (status === 204 || status === 304) return { response: make(Buffer.alloc(0), true), done: true };
    if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) {
      const body = dechunk(rest);
      if (body) return { response: make(body, true), done: true };
      return closed ? { response: make(rest, false), done: true } : null;
    }
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (rest.length >= length) return { response: make(rest.subarray(0, length), true), done: true };
      return closed ? { response: make(rest, false), done: true } : null;
    }
    // Neither: the body runs to the end of the connection.
    return closed ? { response: make(rest, true), done: true } : null;
  }
}

/**
 * Sends `request` (bytes, or several pieces written in order; strings go out as Latin-1, one byte
 * per character, so a header can carry any byte) to the server and resolves with the
 * first final response: as soon as it has fully arrived, or when the server closes the
 * connection. Write errors after the server has answered (EPIPE, ECONNRESET when it closes on an
 * oversized body) do not lose the answer. Rejects when no response arrives before the deadline.
 */
export function rawRequest(
  baseUrl: string,
  request: string | Buffer | (string | Buffer)[],
  options: RawRequestOptions = {},
): Promise<RawResponse> {
  const { host, port } = endpoint(baseUrl);
  const pieces = (Array.isArray(request) ? request : [request]).map((p) =>
    typeof p === 'string' ? Buffer.from(p, 'latin1') : p,
  );
  const timeoutMs = options.timeoutMs ?? 5000;

  return new Promise<RawResponse>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let settled = false;

    const finish = (error: Error | null, closed: boolean) => {
      if (settled) return;
      let parsed: Parsed | null = null;
      try {
        parsed = parse(Buffer.concat(chunks), closed);
      } catch (parseError) {
        error = parseError as Error;
      }
      if (parsed?.done && (closed || !options.untilClosed)) {
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        resolve(parsed.response);
        return;
      }
      if (error || closed) {
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        const received = Buffer.concat(chunks).toString('latin1').slice(0, 200);
        reject(
          new Error(
            `no complete response (${error ? error.message : 'connection closed'}); ` +
              `received ${JSON.stringify(received)}`,
          ),
        );
      }
    };

    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      socket.destroy();
      const received = Buffer.concat(chunks).toString('latin1').slice(0, 200);
      reject(new Error(`no response within ${timeoutMs} ms; received ${JSON.stringify(received)}`));
    }, timeoutMs);

    // Writes the request once connected. Never rejects (see its catch).
    const writePieces = async () => {
      try {
        for (const [i, piece] of pieces.entries()) {
          if (settled || socket.destroyed) return;
          if (i > 0 && options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs).unref());
          if (settled || socket.destroyed) return;
          const flushed = socket.write(piece);
          if (!flushed)
            await new Promise<void>((r) => {
              const done = () => {
                socket.off('drain', done);
                socket.off('close', done);
                r();
              };
              socket.once('drain', done).once('close', done);
            });
        }
        if (options.endAfterWrite && !settled && !socket.destroyed) socket.end();
      } catch {
        // A write error surfaces as the socket's 'error' event.
      }
    };

    const socket = connect({ host, port }, () => void writePieces());
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      finish(null, false);
    });
    // Reading stops at the response; errors while writing the rest of a body are expected then.
    socket.on('error', (error) => finish(error, true));
    socket.on('end', () => finish(null, true));
    socket.on('close', () => finish(null, true));
  });
}

/** Builds a request head: request line, headers (Host included unless given), blank line. */
export function rawHead(method: string, path: string, headers: [string, string][] = [], host = 'scan.test'): string {
  const all: [string, string][] = headers.some(([n]) => n.toLowerCase() === 'host')
    ? headers
    : [['Host', host], ...headers];
  return `${method} ${path} HTTP/1.1\r\n${all.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`;
}

/** One chunk of a chunked body. */
export function chunk(data: string | Buffer): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  return Buffer.concat([
    Buffer.from(`${bytes.length.toString(16)}\r\n`, 'latin1'),
    bytes,
    Buffer.from('\r\n', 'latin1'),
  ]);
}

/** The end of a chunked body. */
export const LAST_CHUNK = Buffer.from('0\r\n\r\n', 'latin1');
