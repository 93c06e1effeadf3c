/**
 * `GET /api/badge/{domain}` (registered as `/api/badge/:domain+`, so a pasted URL with slashes
 * arrives whole): the SVG badge with the latest website-security grade of a domain.
 * HEAD is served by the app as a GET without the body. See docs/badge.md.
 */
import { ifNoneMatchMatches, strongEtag } from '../http/etag.ts';
import { ApiError } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import { StoreUnavailableError } from '../store/port.ts';
import { normalizeBadgeDomain } from './domain.ts';
import { BADGE_STYLES, renderBadge, type BadgeStyle } from './render.ts';
import type { Handler, RequestContext } from '../context.ts';

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

const BADGE_HINT =
  'Request GET /api/badge/<domain>, e.g. /api/badge/example.com or /api/badge/example.com?style=compact; ' +
  'style is one of default, compact, mini.';

/** The `style` query parameter; absent means `default`. */
function badgeStyle(value: string | string[] | undefined): BadgeStyle {
  if (value === undefined) return 'default';
  if (Array.isArray(value)) {
    throw new ApiError('bad_request', {
      detail: `"style" was given ${value.length} times; give it once, as one of ${BADGE_STYLES.join(', ')}.`,
      hint: BADGE_HINT,
    });
  }
  if ((BADGE_STYLES as readonly string[]).includes(value)) return value as BadgeStyle;
  throw new ApiError('bad_request', {
    detail:
      `Unknown badge style${/^[\w-]{1,40}$/.test(value) ? ` "${value}"` : ''}; ` +
      `"style" must be one of ${BADGE_STYLES.join(', ')} (or absent for default).`,
    hint: BADGE_HINT,
    extra: { allowedStyles: [...BADGE_STYLES] },
  });
}

/** The normalised domain from the path parameter, or a 400 problem that says what is wrong with it. */
function badgeDomain(raw: string | undefined): string {
  const result = normalizeBadgeDomain(raw ?? '');
  if (!result.ok) throw new ApiError('bad_request', { detail: result.reason, hint: BADGE_HINT });
  return result.domain;
}

/** The latest grade, or `degraded` when the store cannot answer (any other failure is a bug and propagates). */
async function latestGrade(ctx: RequestContext, domain: string): Promise<{ grade: string | null; degraded: boolean }> {
  try {
    const latest = await ctx.services.store.latestGrade(domain);
    return { grade: latest?.grade ?? null, degraded: false };
  } catch (error) {
    if (error instanceof StoreUnavailableError) return { grade: null, degraded: true };
    throw error;
  }
}

export const badge: Handler = async (request, ctx) => {
  const style = badgeStyle(request.query.style);
  const domain = badgeDomain(request.params.domain);
  const { grade, degraded } = await latestGrade(ctx, domain);
  const svg = renderBadge(grade, style);
  const etag = await strongEtag(svg);
  const headers: Record<string, string> = {
    etag,
    'cache-control': degraded ? BADGE_CACHE_CONTROL_DEGRADED : BADGE_CACHE_CONTROL,
    'content-security-policy': BADGE_CSP,
    'cross-origin-resource-policy': 'cross-origin',
  };
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), etag))
    return respond(ctx, null, { status: 304, headers });
  return respond(ctx, svg, { headers: { ...headers, 'content-type': BADGE_CONTENT_TYPE } });
};
