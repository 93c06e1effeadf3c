/**
 * From a received request to the context every middleware and handler reads (src/context.ts):
 * its URL read once, its client, its request id, its notes for the access log.
 */
import { clientAddress, clientIdentity } from './client-address.ts';
import { problemResponse } from './problem.ts';
import type { Surface } from './surface.ts';
import { observedStore } from '../ops/observed-store.ts';
import { requestIdOf } from '../ops/request-id.ts';
import { newRequestNotes } from '../ops/request-notes.ts';
import type { RequestContext, RuntimeContext, Services } from '../context.ts';

/**
 * The request's URL, or null when it does not parse: Node's server writes the Host header into it
 * as sent, so a Host such as `x:99999` or `256.0.0.1` gives a URL the router cannot parse.
 */
export function readUrl(request: Request): string | null {
  try {
    const url = request.url;
    new URL(url); // URL.canParse is missing from some edge sandboxes
    return url;
  } catch {
    return null;
  }
}

/**
 * Stands in for a request whose URL cannot be read, so that it is counted, logged and refused
 * like any other: the service's own origin with the path and method as received.
 */
export function standInRequest(services: Services, received: Request): Request {
  const base = services.config.baseUrl ?? 'http://localhost/';
  let path = '/';
  try {
    path = splitUrl(received.url).path.slice(0, MAX_STAND_IN_PATH);
  } catch {
    // No URL at all: the root stands in.
  }
  for (const [at, method] of [
    [path, received.method],
    ['/', 'GET'],
  ] as const) {
    try {
      return new Request(new URL(at, base), { method });
    } catch {
      // A path or method Request refuses (CONNECT, TRACE): the root and GET stand in.
    }
  }
  return new Request(base);
}
const MAX_STAND_IN_PATH = 2_048;

export function unusableHost(ctx: RequestContext): Response {
  return problemResponse(ctx, 'bad_request', {
    detail: 'The Host header does not name a host and port this service can answer for.',
    hint: 'Send the host name of this service in Host, with a port from 1 to 65535 if any.',
  });
}

/** The context of one request, as every middleware and handler receives it. */
export function createContext(
  services: Services,
  received: Request,
  request: Request,
  runtime: RuntimeContext,
  surfaceOfPath: (path: string) => Surface,
): RequestContext {
  const { origin, path } = splitUrl(request.url);
  const address = clientAddress(received.headers, runtime.clientAddress, services.config.trustProxy);
  const notes = newRequestNotes();
  return {
    services,
    runtime,
    requestId: requestIdOf(received.headers),
    method: received.method,
    path,
    surface: surfaceOfPath(path),
    baseUrl: services.config.baseUrl ?? origin,
    startedAt: services.now(),
    client: clientIdentity(address),
    principal: { kind: 'anonymous' },
    rateLimit: null,
    scanQuota: null,
    waitUntil: runtime.waitUntil ?? ((promise) => void promise.catch(() => {})),
    store: observedStore(services.store, notes, services.watch),
    notes,
  };
}

/**
 * Origin and path of a request URL. `Request` has already parsed and normalised its URL (dot
 * segments resolved, percent-encoding applied), so slicing its serialisation is exact and saves
 * parsing it a second time on every request.
 */
function splitUrl(url: string): { origin: string; path: string } {
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  if (pathStart < 0) return { origin: url, path: '/' };
  const end = url.search(/[?#]/);
  return { origin: url.slice(0, pathStart), path: url.slice(pathStart, end < 0 ? undefined : end) };
}
