/**
 * `GET /api/badge/{domain}` (registered as `/api/badge/:domain+`, so a pasted URL with slashes
 * arrives whole): the badge with a domain's latest grade of one tool, as SVG or as shields.io
 * endpoint JSON. A wrong parameter answers an error badge (a README never shows a broken image),
 * or the problem to clients that ask for JSON. HEAD is served by the app as a GET without the
 * body. See docs/badge.md.
 */
import type { Handler, RequestContext } from '../context.ts';
import { namedMediaTypes } from '../http/accept.ts';
import { ifNoneMatchMatches, strongEtag } from '../http/etag.ts';
import type { ErrorCode } from '../http/errors.ts';
import { ApiError, PROBLEM_CONTENT_TYPE } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import { loadPublicSuffixList } from '../net/site-domain.ts';
import { SCAN_RECORD_TTL_MS, StoreUnavailableError, type GradedTool } from '../store/port.ts';
import { errorContent, gradeContent, type BadgeError } from './content.ts';
import { refreshIfStale } from './refresh.ts';
import { readBadgeRequest, type BadgeFormat, type BadgeRequest } from './query.ts';
import { renderSvg } from './render.ts';
import { SHIELDS_CONTENT_TYPE, shieldsEndpoint } from './shields.ts';

const BADGE_CONTENT_TYPE = 'image/svg+xml; charset=utf-8';
/** No scripts, no fetches, no navigation, even when the SVG is opened directly or in `<object>`. */
export const BADGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/**
 * Five minutes fresh in browsers and CDNs (and image proxies such as GitHub's camo), then a day of
 * serving stale while revalidating.
 */
export const BADGE_CACHE_CONTROL = 'public, max-age=300, s-maxage=300, stale-while-revalidate=86400';
/** When the store could not say: `?`, and a minute until anyone asks again. */
export const BADGE_CACHE_CONTROL_DEGRADED = 'public, max-age=60, s-maxage=60';

/**
 * The latest grade, or `degraded` when the store cannot answer (any other failure is a bug and
 * propagates). A scan's grade shows for as long as the scan is kept, by this app's clock whatever
 * the store's own expiry does; the operator's website-security grade does not expire.
 */
async function latestGrade(
  ctx: RequestContext,
  domain: string,
  tool: GradedTool,
): Promise<{ grade: string | null; at: number | null; degraded: boolean }> {
  try {
    const latest = await ctx.store.latestGrade(domain, tool);
    const expired =
      latest !== null && tool !== 'website-security' && latest.at < ctx.services.now() - SCAN_RECORD_TTL_MS;
    return { grade: expired ? null : (latest?.grade ?? null), at: latest?.at ?? null, degraded: false };
  } catch (error) {
    if (error instanceof StoreUnavailableError) return { grade: null, at: null, degraded: true };
    throw error;
  }
}

interface BadgeAnswer {
  status: 200 | 400;
  format: BadgeFormat;
  body: string;
  cacheControl: string;
  /** Set on error badges: the same URL answers a problem to clients that ask for JSON. */
  varyAccept?: boolean;
}

/** The badge headers, and the ETag and a 304 for a 200 (conditional requests only apply to those). */
async function answer(request: Request, ctx: RequestContext, a: BadgeAnswer): Promise<Response> {
  const headers: Record<string, string> = {
    'cache-control': a.cacheControl,
    'content-security-policy': BADGE_CSP,
    'cross-origin-resource-policy': 'cross-origin',
    ...(a.varyAccept ? { vary: 'Accept' } : {}),
  };
  if (a.status === 200) {
    headers['etag'] = await strongEtag(a.body);
    if (ifNoneMatchMatches(request.headers.get('if-none-match'), headers['etag']))
      return respond(ctx, null, { status: 304, headers });
  }
  headers['content-type'] = a.format === 'shields' ? SHIELDS_CONTENT_TYPE : BADGE_CONTENT_TYPE;
  return respond(ctx, a.body, { status: a.status, headers });
}

/**
 * A wrong parameter. The problem goes to clients that name problem+json in `Accept` (or JSON,
 * unless they asked for shields' JSON); shields gets its error JSON with a 200, because it shows
 * "invalid" for any other status without reading the body; everyone else gets a 400 SVG, which
 * browsers draw in an `<img>` all the same.
 */
function refuse(request: Request, ctx: RequestContext, { error, look }: Extract<BadgeRequest, { ok: false }>) {
  const accepted = namedMediaTypes(request.headers.get('accept'));
  if (accepted.has(PROBLEM_CONTENT_TYPE) || (look.format !== 'shields' && accepted.has('application/json')))
    throw new ApiError('bad_request', { ...error.problem, headers: { ...error.problem.headers, vary: 'Accept' } });
  const content = errorContent(error.badge, look.label);
  const common = { format: look.format, cacheControl: BADGE_CACHE_CONTROL, varyAccept: true };
  if (look.format === 'shields')
    return answer(request, ctx, { ...common, status: 200, body: shieldsEndpoint(content, look.style, true) });
  return answer(request, ctx, { ...common, status: 400, body: renderSvg(content, look.style) });
}

export const badge: Handler = async (request, ctx) => {
  const read = readBadgeRequest(request.params.domain, request.query, await loadPublicSuffixList());
  if (!read.ok) return refuse(request, ctx, read);
  const { domain, tool, style, format, label } = read.query;
  const { grade, at, degraded } = await latestGrade(ctx, domain, tool);
  // A badge no scan here ever fed starts none: viewing badges must not make this service scan anything.
  if (at !== null && tool !== 'website-security') refreshIfStale(ctx, tool, domain, at);
  const content = gradeContent(grade, label);
  return answer(request, ctx, {
    status: 200,
    format,
    body: format === 'shields' ? shieldsEndpoint(content, style) : renderSvg(content, style),
    cacheControl: degraded ? BADGE_CACHE_CONTROL_DEGRADED : BADGE_CACHE_CONTROL,
  });
};

/** The error badge of each refusal that can reach a badge request before the badge handler. */
const REFUSAL_BADGES: Partial<Record<ErrorCode, BadgeError>> = {
  unauthorized: 'invalid key',
  forbidden: 'key lacks scope',
  rate_limit_exceeded: 'rate limited',
  service_unavailable: 'unavailable',
};

/**
 * A refusal of a badge request by the middleware (a bad key, the per-minute limit, the store): the
 * problem, with its status and headers, drawn as an error badge unless the client asked for JSON,
 * so that a README shows why instead of a broken image.
 */
export function badgeRefusal(request: Request, problem: Response, code: ErrorCode): Response {
  const accepted = namedMediaTypes(request.headers.get('accept'));
  const headers = new Headers(problem.headers);
  // Either answer depends on Accept: the problem too, so that no cache hands it to an <img>.
  headers.set('vary', 'Accept');
  if (accepted.has(PROBLEM_CONTENT_TYPE) || accepted.has('application/json'))
    return new Response(problem.body, { status: problem.status, statusText: problem.statusText, headers });
  headers.set('content-type', BADGE_CONTENT_TYPE);
  headers.set('content-security-policy', BADGE_CSP);
  headers.set('cross-origin-resource-policy', 'cross-origin');
  headers.set('vary', 'Accept');
  const svg = renderSvg(errorContent(REFUSAL_BADGES[code] ?? 'error'), 'default');
  return new Response(svg, { status: problem.status, headers });
}
