/**
 * The static assets of the pages: one stylesheet and one script, each with a content hash. Pages
 * link them as `/assets/<name>?v=<hash>`; that exact URL is cached for a year (`immutable`), any
 * other query (or none) is served with `no-cache` and an ETag, so a stale link still gets the
 * current file after a revalidation.
 */
import { SITE_CSS } from './assets/site-css.ts';
import { TOOL_PAGE_JS } from './assets/tool-page-js.ts';
import { contentHash } from './content-hash.ts';
import { PATHS } from '../paths.ts';

export interface Asset {
  path: string;
  contentType: string;
  body: string;
  hash: string;
}

function asset(path: string, contentType: string, body: string): Asset {
  return { path, contentType, body, hash: contentHash(body) };
}

export const SITE_STYLESHEET = asset(PATHS.stylesheet, 'text/css; charset=utf-8', SITE_CSS);
export const TOOL_PAGE_SCRIPT = asset(PATHS.script, 'text/javascript; charset=utf-8', TOOL_PAGE_JS);

/** The versioned path a page links to. */
export const versionedPath = (a: Asset) => `${a.path}?v=${a.hash}`;

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
