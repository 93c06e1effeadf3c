import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { describe, test } from 'node:test';
import { answerClientErrors, requestTimeoutProblem, requestTimeoutResponse } from '../../deploy/node/client-errors.ts';
import { problemBody } from '../../src/http/problem.ts';

const BASE = 'https://scan.test';
const ANSWERS = { baseUrl: BASE, headersMs: 10_000, requestMs: 25_000 };

/** A socket that records what is written to it. */
class FakeSocket extends EventEmitter {
  writable = true;
  written: string[] = [];
  destroyed = false;
  write(data: string) {
    this.written.push(data);
    return true;
  }
  destroy() {
    this.destroyed = true;
  }
}

function serverWithAnswers() {
  const server = new EventEmitter();
  answerClientErrors(server as Server, ANSWERS);
  const socket = new FakeSocket();
  const fail = (code: string) => server.emit('clientError', Object.assign(new Error(code), { code }), socket);
  const startRequest = (
    request: { complete: boolean },
    response: { headersSent: boolean; writableFinished: boolean },
  ) => server.emit('request', { ...request, socket }, response);
  return { socket, fail, startRequest };
}

const statusLine = (raw: string | undefined) => raw?.split('\r\n')[0];

describe('the 408 problem Node sends itself', () => {
  test('is the error table’s request_timeout problem, as the app would build it', () => {
    const detail = 'The request headers did not arrive within 10 s.';
    assert.deepEqual(
      requestTimeoutProblem(BASE, detail, 'r-1'),
      problemBody(BASE, 'request_timeout', { detail }, 'r-1'),
    );
  });

  test('is a complete HTTP/1.1 response that closes the connection', () => {
    const raw = requestTimeoutResponse(BASE, 'The request headers did not arrive within 10 s.');
    const [head, body] = raw.split('\r\n\r\n') as [string, string];
    const headers = new Map(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(': ') as [string, string]),
    );
    assert.equal(statusLine(head), 'HTTP/1.1 408 Request Timeout');
    assert.equal(headers.get('Content-Type'), 'application/problem+json');
    assert.equal(headers.get('Connection'), 'close');
    assert.equal(headers.get('Content-Length'), String(Buffer.byteLength(body)));
    assert.equal(JSON.parse(body).code, 'request_timeout');
    assert.match(headers.get('X-Request-Id') ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(JSON.parse(body).requestId, headers.get('X-Request-Id'), 'its own request id, in both places');
  });
});

describe("answering Node's clientError events", () => {
  test('headers that missed their deadline: the 408 problem, then the connection is closed', () => {
    const { socket, fail } = serverWithAnswers();
    fail('ERR_HTTP_REQUEST_TIMEOUT');
    assert.equal(statusLine(socket.written[0]), 'HTTP/1.1 408 Request Timeout');
    assert.match(socket.written[0] ?? '', /"detail":"The request headers did not arrive within 10 s\."/);
    assert.ok(socket.destroyed);
  });

  test('a request whose body had not arrived in full names the whole-request deadline', () => {
    const { socket, fail, startRequest } = serverWithAnswers();
    startRequest({ complete: false }, { headersSent: false, writableFinished: false });
    fail('ERR_HTTP_REQUEST_TIMEOUT');
    assert.match(socket.written[0] ?? '', /"detail":"The request did not arrive in full within 25 s\."/);
  });

  test('the next request on a kept-alive connection is timed as headers again', () => {
    const { socket, fail, startRequest } = serverWithAnswers();
    startRequest({ complete: true }, { headersSent: true, writableFinished: true });
    fail('ERR_HTTP_REQUEST_TIMEOUT');
    assert.match(socket.written[0] ?? '', /"detail":"The request headers did not arrive/);
  });

  test('nothing is written into a response already under way; the connection is closed', () => {
    const { socket, fail, startRequest } = serverWithAnswers();
    startRequest({ complete: false }, { headersSent: true, writableFinished: false });
    fail('ERR_HTTP_REQUEST_TIMEOUT');
    assert.deepEqual(socket.written, []);
    assert.ok(socket.destroyed);
  });

  test('parser errors keep the bare statuses Node sends', () => {
    for (const [code, status] of [
      ['HPE_INVALID_METHOD', 'HTTP/1.1 400 Bad Request'],
      ['HPE_HEADER_OVERFLOW', 'HTTP/1.1 431 Request Header Fields Too Large'],
      ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 'HTTP/1.1 413 Payload Too Large'],
    ] as const) {
      const { socket, fail } = serverWithAnswers();
      fail(code);
      assert.equal(statusLine(socket.written[0]), status, code);
      assert.ok(socket.destroyed, code);
    }
  });

  test('a connection that can no longer be written to is only closed', () => {
    const { socket, fail } = serverWithAnswers();
    socket.writable = false;
    fail('ECONNRESET');
    assert.deepEqual(socket.written, []);
    assert.ok(socket.destroyed);
  });
});
