/**
 * What Node's HTTP server sends when it stops a request before the app sees it (its 'clientError'
 * event). A missed deadline gets the API's 408 problem, so a client reads the same document as
 * for a body that came too slowly; parser errors keep the bare status Node itself would send.
 * deploy/ sees the app only through `#agent-scan`, so the 408 body is spelled out here; a test
 * checks it against the error table (src/http/errors.ts).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

const REQUEST_TIMEOUT_HINT =
  'Send the whole request without pausing, with a Content-Length that matches the body; ' +
  'retry on a new connection.';

/** The problem document of the table's `request_timeout`, as src/http/problem.ts builds it. */
export function requestTimeoutProblem(baseUrl: string, detail: string, requestId: string): Record<string, unknown> {
  return {
    success: false,
    error: { code: 'request_timeout', message: detail, hint: REQUEST_TIMEOUT_HINT },
    type: `${baseUrl}/developers/errors/request-timeout`,
    title: 'Request Timeout',
    status: 408,
    detail,
    code: 'request_timeout',
    requestId,
  };
}

/**
 * A complete HTTP/1.1 408 response that closes the connection. Its request never reached the app,
 * so it gets a request id of its own here (the caller's may not even have arrived).
 */
export function requestTimeoutResponse(baseUrl: string, detail: string, requestId = randomUUID()): string {
  const body = JSON.stringify(requestTimeoutProblem(baseUrl, detail, requestId));
  return [
    'HTTP/1.1 408 Request Timeout',
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    'Cache-Control: no-store',
    'API-Version: 1',
    `X-Request-Id: ${requestId}`,
    'Access-Control-Allow-Origin: *',
    'X-Content-Type-Options: nosniff',
    '',
    body,
  ].join('\r\n');
}

/** Node's own answers to parser errors (lib/_http_server.js), kept as they are. */
const PARSER_ERROR_RESPONSES: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
};
const BAD_REQUEST_RESPONSE = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';

export interface ClientErrorAnswers {
  /** Origin of the problem `type` URL (BASE_URL, else the server's own address). */
  baseUrl: string;
  headersMs: number;
  requestMs: number;
}

/**
 * Answers Node's 'clientError' events on `server`. Node's own rule is kept: nothing is written
 * once a response on this connection has begun, so a reply never lands inside another one.
 */
export function answerClientErrors(server: Server, answers: ClientErrorAnswers): void {
  const exchanges = new WeakMap<Duplex, { request: IncomingMessage; response: ServerResponse }>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    exchanges.set(request.socket, { request, response });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const exchange = exchanges.get(socket);
    const { headersSent, writableFinished } = exchange?.response ?? {};
    if (socket.writable && !(headersSent && !writableFinished)) {
      // Headers arrived when the last request on this connection is still incomplete.
      const bodyPending = exchange !== undefined && !exchange.request.complete;
      socket.write(replyTo(error, bodyPending, answers));
    }
    socket.destroy();
  });
}

function replyTo(error: NodeJS.ErrnoException, bodyPending: boolean, answers: ClientErrorAnswers): string {
  if (error.code !== 'ERR_HTTP_REQUEST_TIMEOUT')
    return PARSER_ERROR_RESPONSES[error.code ?? ''] ?? BAD_REQUEST_RESPONSE;
  const detail = bodyPending
    ? `The request did not arrive in full within ${answers.requestMs / 1000} s.`
    : `The request headers did not arrive within ${answers.headersMs / 1000} s.`;
  return requestTimeoutResponse(answers.baseUrl, detail);
}
