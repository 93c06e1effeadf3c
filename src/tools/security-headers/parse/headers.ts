/**
 * Header lookup over the capture: the final responses of the sessions, every instance of a header,
 * and RFC 9110 list semantics (a header sent twice reads like one value joined with ", ").
 */
import type { HeaderPairs, Hop, SecurityHeadersCapture, Session } from '../capture.ts';

/** The headers of one response, names compared case-insensitively. */
export class HeaderView {
  readonly pairs: HeaderPairs;

  constructor(pairs: HeaderPairs) {
    this.pairs = pairs.map(([name, value]) => [name.toLowerCase(), value]);
  }

  /** Every instance of the header, in order. */
  values(name: string): string[] {
    return this.pairs.filter(([n]) => n === name).map(([, v]) => v);
  }

  has(name: string): boolean {
    return this.pairs.some(([n]) => n === name);
  }

  count(name: string): number {
    return this.values(name).length;
  }

  /** All instances joined with ", " (what an HTTP client shows for a repeated header); null when absent. */
  combined(name: string): string | null {
    const values = this.values(name);
    return values.length === 0 ? null : values.join(', ');
  }

  /** The pairs of the named headers, in response order. */
  pick(...names: string[]): HeaderPairs {
    return this.pairs.filter(([n]) => names.includes(n));
  }
}

/** One response as the tests see it. */
export interface ResponseRef {
  url: string;
  status: number;
  verified: boolean;
  headers: HeaderView;
}

export function finalHop(session: Session | null): Hop | null {
  return session?.chain[session.chain.length - 1] ?? null;
}

function responseOf(session: Session | null): ResponseRef | null {
  const hop = finalHop(session);
  if (!session || !hop) return null;
  return { url: hop.url, status: hop.status, verified: session.verified, headers: new HeaderView(hop.headers) };
}

/** The final response of the https session. */
export const httpsResponse = (capture: SecurityHeadersCapture): ResponseRef | null => responseOf(capture.https);

/** The response most tests read: the https session's final response if https answered, else the http one's. */
export function autoResponse(capture: SecurityHeadersCapture): ResponseRef | null {
  return responseOf(capture.https) ?? responseOf(capture.http);
}

/** The session `autoResponse` comes from. */
export function autoSession(capture: SecurityHeadersCapture): Session | null {
  return finalHop(capture.https) ? capture.https : finalHop(capture.http) ? capture.http : null;
}

/**
 * Whether the graded session started on https: what the model means by "the site is https" for
 * CSP schemes and relative script URLs, whatever the final URL.
 */
export const sessionStartsOnHttps = (capture: SecurityHeadersCapture): boolean =>
  autoSession(capture)?.chain[0]?.url.startsWith('https:') ?? false;

/** Every hop of both sessions, http first, in order. */
export function allHops(capture: SecurityHeadersCapture): Hop[] {
  return [...(capture.http?.chain ?? []), ...(capture.https?.chain ?? [])];
}

/** Splits a header list on commas outside quoted strings; trims elements and drops empty ones. */
export function splitList(value: string): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (quoted && c === '\\' && i + 1 < value.length) {
      current += c + value[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === ',' && !quoted) {
      items.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  items.push(current);
  return items.map((s) => s.trim()).filter((s) => s !== '');
}

/** The media type of a Content-Type value, lower-case, without parameters ('' when absent). */
function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** Whether a body is parsed as HTML: an HTML media type, or none at all (browsers sniff). */
export function isHtmlType(headers: HeaderView): boolean {
  const type = mediaType(headers.values('content-type')[0] ?? null);
  return type === '' || HTML_TYPES.has(type);
}
