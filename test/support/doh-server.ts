/**
 * A real DNS-over-HTTPS server for tests (RFC 8484: POST and GET `?dns=` at /dns-query, over
 * plain HTTP on loopback) answering from zone data (see dns-zones.ts for the format). Every
 * query is logged. TIMEOUT names are never answered; the connection is dropped at close.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import * as packet from '@leichtgewicht/dns-packet';
import { createDohResolver, type Resolver } from '../../src/net/resolver.ts';
import { atEnd } from './cleanup.ts';
import { PATIENT_MS } from './deadlines.ts';
import { ZoneBook, type AnswerOptions, type ZoneEntry, type ZoneRecord, type Zones } from './dns-zones.ts';

export type { ZoneEntry, ZoneRecord, Zones } from './dns-zones.ts';

export interface DohLogEntry {
  method: 'GET' | 'POST';
  name: string;
  type: string;
  id: number;
  /** The query's RD flag and EDNS DO bit. */
  recursionDesired: boolean;
  dnssecOk: boolean;
  /** What was sent back: an RCODE, 'TIMEOUT', or 'HTTP <status>' for an injected failure. */
  answer: string;
}

export interface DohServer {
  /** The endpoint to give the resolver (…/dns-query). */
  url: string;
  log: DohLogEntry[];
  /** Replace or add the entry for a name. */
  setZone(name: string, entry: ZoneEntry): void;
  /** The next `count` requests get this HTTP status (no DNS answer) instead. */
  failNext(count: number, status: number): void;
  /**
   * A resolver on this server that waits as long as a busy machine needs for the queries it
   * answers (test/support/deadlines.ts), and gives up after `timeoutMs` on those it never does
   * (a TIMEOUT zone): quick, and no answer is ever turned into a time-out.
   */
  resolver(options?: { timeoutMs?: number; retries?: number }): Resolver;
  close(): Promise<void>;
}

const RCODES = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;
const encoder = new TextEncoder();

function characterStrings(data: string | Uint8Array | (string | Uint8Array)[]): Uint8Array[] {
  const parts = Array.isArray(data) ? data : [data];
  return parts.map((part) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    if (bytes.length > 255)
      throw new Error(`a TXT character-string is at most 255 bytes (got ${bytes.length}); give a list of strings`);
    return bytes;
  });
}

function hexBytes(hex: string): number[] {
  return (hex.match(/../g) ?? []).map((pair) => parseInt(pair, 16));
}

function toAnswer(record: ZoneRecord & { name: string }): packet.Answer {
  const base = { name: record.name, ttl: record.ttl ?? 300, class: 'IN' as const };
  switch (record.type) {
    case 'TXT':
      return { ...base, type: 'TXT', data: characterStrings(record.data) };
    case 'SPF': {
      // The codec does not know type 99: hand it the RDATA (length-prefixed strings).
      const rdata = characterStrings(record.data).flatMap((bytes) => [bytes.length, ...bytes]);
      return { ...base, type: 'SPF' as 'NULL', data: new Uint8Array(rdata) };
    }
    case 'TLSA': {
      const { usage, selector, matchingType, data } = record.data;
      return { ...base, type: 'TLSA', data: new Uint8Array([usage, selector, matchingType, ...hexBytes(data)]) };
    }
    case 'A':
    case 'AAAA':
    case 'CNAME':
    case 'MX':
    case 'NS':
    case 'PTR':
    case 'SOA':
      return { ...base, type: record.type, data: record.data } as packet.Answer;
  }
}

function base64url(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
}

async function readBody(request: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

export interface DohServerOptions extends AnswerOptions {
  /** Every answer waits this long first, like a resolver far away (the latency bench). */
  delayMs?: number;
}

export async function startDohServer(zones: Zones, options: DohServerOptions = {}): Promise<DohServer> {
  const book = new ZoneBook(zones, options);
  const log: DohLogEntry[] = [];
  const failures: number[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://doh.test');
    if (url.pathname !== '/dns-query') return void response.writeHead(404).end();
    let wire: Uint8Array;
    if (request.method === 'POST') {
      if (request.headers['content-type'] !== 'application/dns-message') return void response.writeHead(415).end();
      wire = await readBody(request);
    } else if (request.method === 'GET' && url.searchParams.has('dns')) {
      wire = base64url(url.searchParams.get('dns')!);
    } else {
      return void response.writeHead(400).end();
    }
    let query: packet.Packet;
    try {
      query = packet.decode(wire);
    } catch {
      return void response.writeHead(400).end('malformed DNS message');
    }
    const question = query.questions?.[0];
    if (!question) return void response.writeHead(400).end('no question');
    const opt = query.additionals?.find((a) => a.type === 'OPT') as { flag_do?: boolean } | undefined;
    const entry: DohLogEntry = {
      method: request.method,
      name: question.name,
      type: String(question.type),
      id: query.id ?? 0,
      recursionDesired: query.flag_rd === true,
      dnssecOk: opt?.flag_do === true,
      answer: '',
    };
    log.push(entry);
    const failure = failures.shift();
    if (failure !== undefined) {
      entry.answer = `HTTP ${failure}`;
      return void response.writeHead(failure, { 'content-type': 'text/plain' }).end('injected failure');
    }
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const answer = book.answer(question.name, String(question.type));
    if (answer.kind === 'timeout') {
      entry.answer = 'TIMEOUT';
      return; // never answered; closeAllConnections() ends it
    }
    entry.answer = answer.rcode;
    const flags =
      (query.flag_rd ? packet.RECURSION_DESIRED : 0) |
      packet.RECURSION_AVAILABLE |
      (answer.authenticated && answer.rcode === 'NOERROR' ? packet.AUTHENTIC_DATA : 0) |
      RCODES[answer.rcode];
    const body = packet.encode({
      type: 'response',
      id: query.id ?? 0,
      flags,
      questions: [question],
      answers: answer.records.map(toAnswer),
      additionals: opt
        ? [
            {
              type: 'OPT',
              name: '.',
              udpPayloadSize: 1232,
              flags: opt.flag_do ? packet.DNSSEC_OK : 0,
              options: [],
            } as unknown as packet.Answer,
          ]
        : [],
    });
    response.writeHead(200, {
      'content-type': 'application/dns-message',
      'content-length': body.length,
      'cache-control': 'max-age=0',
    });
    response.end(body);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  let closed: Promise<void> | null = null;
  const doh: DohServer = {
    url: `http://127.0.0.1:${port}/dns-query`,
    log,
    setZone: (name, zoneEntry) => book.set(name, zoneEntry),
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    resolver({ timeoutMs = 250, retries } = {}) {
      const url = `http://127.0.0.1:${port}/dns-query`;
      const settings = { url, fetch: globalThis.fetch, ...(retries === undefined ? {} : { retries }) };
      const answering = createDohResolver({ ...settings, timeoutMs: PATIENT_MS });
      const silent = createDohResolver({ ...settings, timeoutMs });
      return {
        query: (name, type, options) => (book.timesOut(name, type) ? silent : answering).query(name, type, options),
      };
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
  atEnd(() => doh.close());
  return doh;
}
