/**
 * What every page needs to know about the deployment. Pages link to each other and load their
 * assets with paths (src/paths.ts) under the base URL's path (same origin, whatever host the
 * visitor used); text meant to be copied (curl lines, skills, llms.txt) uses absolute URLs built
 * from the base URL, as the catalog does.
 */
import { DEFAULT_ACCOUNT_URL } from '../config.ts';
import { DEFAULT_KEY_PREFIX } from '../keys/key-format.ts';
import { SPEC_LIMITS, type Limits } from '../limits.ts';
import { withoutTrailingSlashes } from '../net/host-text.ts';
import type { RequestContext } from '../context.ts';

export interface Site {
  /** BASE_URL or the request's origin, without a trailing slash. */
  baseUrl: string;
  /** The path part of the base URL ('' at the root of an origin). */
  root: string;
  accountUrl: string;
  keyPrefix: string;
  limits: Limits;
}

export type SiteOptions = Partial<Omit<Site, 'baseUrl' | 'root'>>;

export function siteFor(baseUrl: string, options: SiteOptions = {}): Site {
  let root: string;
  try {
    root = withoutTrailingSlashes(new URL(baseUrl).pathname);
  } catch {
    root = '';
  }
  return {
    baseUrl,
    root,
    accountUrl: options.accountUrl ?? DEFAULT_ACCOUNT_URL,
    keyPrefix: options.keyPrefix ?? DEFAULT_KEY_PREFIX,
    limits: options.limits ?? SPEC_LIMITS,
  };
}

export function siteFromContext(ctx: RequestContext): Site {
  const { config, limits } = ctx.services;
  return siteFor(ctx.baseUrl, { accountUrl: config.accountUrl, keyPrefix: config.apiKeyPrefix, limits });
}

/** A same-origin path for links and assets in HTML. */
export const href = (site: Site, path: string) => site.root + path;

/** An absolute URL for text meant to be copied. */
export const absolute = (site: Site, path: string) => site.baseUrl + (path === '/' ? '/' : path);

/** 1000 → "1,000", without Intl. */
export const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
