/**
 * Shared vocabulary for the bad-input case tables: what a case is, how a request goes out, and the
 * small builders the tables use. Each `cases-*.ts` module next to this one holds one category of
 * malformed requests; `test/api/bad-input.test.ts` assembles and runs them.
 */
import { EXECUTE_ES, EXECUTE_SH } from '../../support/harness.ts';
import { rawHead } from '../../support/raw-http.ts';

export type ProblemStatus = 400 | 401 | 404 | 405 | 413;
export const CODE_OF = {
  400: 'bad_request',
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
} as const;

export type Outgoing =
  /** Through fetch (via the harness, which adds a fresh X-Forwarded-For). */
  | { via: 'fetch'; method: string; path: string; headers?: Record<string, string>; body?: string | Uint8Array }
  /** Raw bytes over a socket; see rawRequest for the options. */
  | { via: 'raw'; pieces: (string | Buffer)[]; endAfterWrite?: boolean; pauseMs?: number };

export type Case = { name: string; request: Outgoing } & (
  | { status: ProblemStatus }
  /** Node's HTTP parser (or its HTTP server) answers before the app: any 4xx, no problem body. */
  | { refusedByHttpParser: true }
);

export const enc = (s: string) => Buffer.from(s, 'utf8');
export const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? enc(p) : Buffer.from(p))));
export const KB = 1024;

export function post(path: string, body: string | Uint8Array, headers: Record<string, string> = {}): Outgoing {
  return { via: 'fetch', method: 'POST', path, headers: { 'content-type': 'application/json', ...headers }, body };
}

/** A raw POST with a correct Content-Length. */
export function rawPost(path: string, body: Buffer | string, headers: [string, string][] = []): Outgoing {
  const b = typeof body === 'string' ? enc(body) : body;
  return {
    via: 'raw',
    pieces: [
      rawHead('POST', path, [['Content-Type', 'application/json'], ['Content-Length', String(b.length)], ...headers]),
      b,
    ],
  };
}

export const TOOLS = [
  { tool: 'security-headers', path: EXECUTE_SH },
  { tool: 'email-security', path: EXECUTE_ES },
] as const;

/** The same target sent to both execute endpoints. */
export function forBothTools(name: string, target: unknown, status: ProblemStatus = 400): Case[] {
  return TOOLS.map(({ tool, path }) => ({
    name: `${tool}: ${name}`,
    request: post(path, JSON.stringify({ target })),
    status,
  }));
}

/** A raw request with any method and a JSON body with a correct Content-Length. */
export function rawPostWithMethod(method: string, path: string, body: string): Outgoing {
  return {
    via: 'raw',
    pieces: [
      rawHead(method, path, [
        ['Content-Type', 'application/json'],
        ['Content-Length', String(enc(body).length)],
      ]),
      body,
    ],
  };
}
