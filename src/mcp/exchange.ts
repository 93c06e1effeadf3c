/**
 * One POSTed MCP message and its answer, statelessly, as the Streamable HTTP transport answers it
 * in each era (the MCP SDK's `createMcpHandler`, whose answers these are, byte for byte):
 * - a 2025-era request is answered as a `text/event-stream` of one message (after its progress
 *   notifications, if any), which the client must accept along with JSON;
 * - a 2026-07-28 request is answered as JSON, or as an event stream once a notification precedes
 *   the result; a method that does not exist is an HTTP 404;
 * - a notification (or a response nobody asked for) is accepted with 202 and no body.
 */
import type { RequestContext } from '../context.ts';
import { reportError } from '../ops/access-log.ts';
import { isJsonContentType } from './content-type.ts';
import { answerRequest, answers, methodNotFound, type Era, type Exchange } from './dispatch.ts';
import { routeOf } from './era.ts';
import { EVENT_STREAM_HEADERS, EventStream } from './event-stream.ts';
import {
  echoableId,
  INTERNAL_ERROR,
  isRequest,
  TRANSPORT_ERROR,
  transportError,
  type JsonRpcRequest,
  type Refusal,
} from './json-rpc.ts';
import { issuesOf } from './param-checks.ts';
import { REQUESTS } from './param-schemas.ts';
import { LEGACY_VERSIONS } from './protocol-versions.ts';

/** An answer: a refusal (400 and up, a JSON-RPC error), or what to send. */
export type McpAnswer =
  | { refusal: Refusal }
  | { status: number; headers: Record<string, string>; body: string | ReadableStream<Uint8Array> | null };

const refuse = (status: number, message: string): McpAnswer => ({
  refusal: { status, message: transportError(TRANSPORT_ERROR, message) },
});

const ACCEPTED: McpAnswer = { status: 202, headers: {}, body: null };
/** The answer when the client went away before it (nginx's "client closed request"). */
const CLIENT_GONE: McpAnswer = { status: 499, headers: {}, body: null };

const json = (message: unknown): McpAnswer => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(message),
});

const isInitialize = (message: JsonRpcRequest) =>
  message.method === 'initialize' && issuesOf(REQUESTS.legacy['initialize']!, message).length === 0;

/** Calls `onAbort` when the client's request is aborted; returns the undoing of that. */
function followAbort(request: Request, onAbort: () => void): () => void {
  request.signal?.addEventListener('abort', onAbort, { once: true });
  return () => request.signal?.removeEventListener('abort', onAbort);
}

/** A 2025-era message: JSON and event streams accepted, a served revision named, then one event. */
function answerLegacy(request: Request, message: unknown, ctx: RequestContext): McpAnswer {
  const accept = request.headers.get('accept');
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream'))
    return refuse(406, 'Not Acceptable: Client must accept both application/json and text/event-stream');
  const version = request.headers.get('mcp-protocol-version');
  // initialize names its revision in its params, and is answered with one this server speaks.
  const named = isRequest(message) && isInitialize(message);
  if (!named && version !== null && !LEGACY_VERSIONS.includes(version))
    return refuse(
      400,
      `Bad Request: Unsupported protocol version: ${version} (supported versions: ${LEGACY_VERSIONS.join(', ')})`,
    );
  if (!isRequest(message)) return ACCEPTED;
  const controller = new AbortController();
  const stream = new EventStream(() => controller.abort());
  const unfollow = followAbort(request, () => {
    controller.abort();
    stream.close();
  });
  const exchange = streamedExchange(ctx, controller, () => stream);
  void respondTo('legacy', message, exchange).then((answer) => {
    unfollow();
    if (controller.signal.aborted) return;
    stream.send(answer);
    stream.close();
  });
  return { status: 200, headers: EVENT_STREAM_HEADERS, body: stream.readable };
}

/** An exchange whose notifications go on the stream `open` gives (opening it on first use). */
function streamedExchange(ctx: RequestContext, controller: AbortController, open: () => EventStream): Exchange {
  return {
    ctx,
    signal: controller.signal,
    notify: (notification) => {
      if (!controller.signal.aborted) open().send({ jsonrpc: '2.0', ...notification });
      return Promise.resolve();
    },
  };
}

const respondTo = (era: Era, message: JsonRpcRequest, exchange: Exchange) =>
  answers(era, message.method) ? answerRequest(era, message, exchange) : Promise.resolve(methodNotFound(message.id));

/** A 2026-07-28 message: JSON, or an event stream from the first notification on. */
function answerModern(request: Request, message: unknown, ctx: RequestContext): McpAnswer | Promise<McpAnswer> {
  if (request.signal?.aborted) return CLIENT_GONE;
  if (!isRequest(message)) return ACCEPTED;
  if (!answers('modern', message.method)) return { refusal: { status: 404, message: methodNotFound(message.id) } };
  return new Promise((resolve) => {
    const controller = new AbortController();
    let stream: EventStream | undefined;
    let answered = false;
    const answer = (value: McpAnswer) => {
      if (!answered) resolve(value);
      answered = true;
    };
    const goneAway = () => {
      controller.abort();
      stream?.close();
      answer(CLIENT_GONE);
    };
    const unfollow = followAbort(request, goneAway);
    const open = () => {
      if (!stream) {
        stream = new EventStream(goneAway);
        answer({ status: 200, headers: EVENT_STREAM_HEADERS, body: stream.readable });
      }
      return stream;
    };
    void respondTo('modern', message, streamedExchange(ctx, controller, open)).then((reply) => {
      unfollow();
      if (controller.signal.aborted) return;
      if (!stream) return answer(json(reply));
      stream.send(reply);
      stream.close();
    });
  });
}

/**
 * The answer to one message (never a batch: the endpoint refuses those first), already read and
 * parsed from `request`'s body. The era is the message's (era.ts).
 */
export async function answerMessage(request: Request, message: unknown, ctx: RequestContext): Promise<McpAnswer> {
  if (!isJsonContentType(request.headers.get('content-type')))
    return refuse(415, 'Unsupported Media Type: Content-Type must be application/json');
  try {
    const route = routeOf(message, request.headers);
    if ('refusal' in route) return route;
    return await (route.era === 'legacy' ? answerLegacy(request, message, ctx) : answerModern(request, message, ctx));
  } catch (error) {
    reportError(ctx, error);
    const id = echoableId(message);
    return {
      refusal: { status: 500, message: transportError(INTERNAL_ERROR, 'Internal server error', undefined, id) },
    };
  }
}
