/**
 * How pages and documents are sent: the page CSPs, the HTML headers, and ETag revalidation. Every
 * response still goes through `respond`, which adds the standard headers (HSTS, nosniff, COOP,
 * …); the headers here override its JSON CSP, CORP and Cache-Control.
 */
import { ifNoneMatchMatches, strongEtag } from '../http/etag.ts';
import { respond } from '../http/respond.ts';
import type { RequestContext } from '../context.ts';

/** Tool pages: own script and stylesheet, fetch to the same origin, nothing else. */
export const TOOL_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Pages without a script (landing, error docs): the stylesheet and the inline favicon only. */
export const DOCUMENT_PAGE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; " +
  "form-action 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The pages use no powerful browser feature; saying so is free. Only features Chromium knows: it
 * logs a console warning for any other (`bluetooth` was one), which the browser tests refuse.
 */
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), ' +
  'display-capture=(), idle-detection=(), screen-wake-lock=(), xr-spatial-tracking=(), local-fonts=()';

/**
 * Pages built from stored scans change with every scan and differ by URL (`?target=`, the scan id):
 * always revalidated, and kept by no shared cache, as the API's scan answers are not.
 */
export const STORED_SCAN_CACHE = 'private, no-cache';

export function htmlHeaders(csp: string, cacheControl = 'no-cache'): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': cacheControl,
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/** Markdown and plain-text documents for agents: readable from any origin, cached briefly. */
export function documentHeaders(contentType: string): Record<string, string> {
  return { 'content-type': contentType, 'cache-control': 'public, max-age=300' };
}

export interface Rendered {
  body: string;
  /** A strong ETag of the body (`strongEtag`, the badge's too). */
  etag: string;
}

export async function rendered(body: string): Promise<Rendered> {
  return { body, etag: await strongEtag(body) };
}

/** 200 with the body, or 304 when the client's copy is current. */
export async function sendRendered(
  request: Request,
  ctx: RequestContext,
  rendering: Promise<Rendered>,
  headers: Record<string, string>,
): Promise<Response> {
  const page = await rendering;
  const all = { ...headers, etag: page.etag };
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), page.etag))
    return respond(ctx, null, { status: 304, headers: all });
  return respond(ctx, page.body, { headers: all });
}
