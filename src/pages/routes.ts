/**
 * The handlers of the human- and agent-facing pages. Each is meant for one GET path (HEAD is
 * answered by the app as GET without a body):
 *
 *   GET /                                  landingPage
 *   GET /tools/:tool                       toolPage         (one per registered tool; others 404;
 *                                                            ?target= shows its newest stored scan)
 *   GET /scans/:scanId                     scanPage         (one stored scan; unknown ids an HTML 404)
 *   GET /agent-skills/:skill               agentSkill       (<tool>.md per registered tool)
 *   GET /developers/errors                 errorIndexPage
 *   GET /developers/errors/:slug           errorPage        (one per code of src/http/errors.ts; others 404)
 *   GET /llms.txt                          llmsTxt
 *   GET /assets/tool-page.js               toolPageScript
 *   GET /assets/site.css                   siteStylesheet
 *   GET any other path outside the API     notFoundPage     (a browser's HTML 404; anyone else falls
 *                                                            through to the problem)
 *
 * A 404 is the not-found page for a browser (its Accept prefers HTML) and the problem for anyone
 * else, so those answers vary with Accept.
 *
 * Handlers read the page name from `ctx.path`, not from route params, so they work however the
 * route is spelled (`/agent-skills/:skill` or `/agent-skills/:name.md`). src/app.ts registers
 * them at the paths of src/paths.ts. Rendered pages are kept per base URL, like the catalog;
 * pages that show a stored scan are rendered for each request.
 */
import { BoundedCache } from '../cache/bounded-cache.ts';
import { prefersHtml } from '../http/accept.ts';
import { ApiError } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import { isMachinePath, PATHS, skillPath, toolPagePath } from '../paths.ts';
import { ALLOWLISTED_TOOLS, findTool, TOOLS_ELSEWHERE } from '../tools/registry.ts';
import type { Handler, RequestContext } from '../context.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';
import { IMMUTABLE_CACHE, SITE_STYLESHEET, TOOL_PAGE_SCRIPT, type Asset } from './assets.ts';
import { errorCodeForSlug, renderErrorIndex, renderErrorPage } from './error-pages.ts';
import { renderLandingPage } from './landing.ts';
import { renderLlmsTxt } from './llms-txt.ts';
import { renderNotFoundPage } from './not-found-page.ts';
import { keptScanForPage, pageScanFor, pageScanOf } from './page-scans.ts';
import { renderScanNotFound } from './scan-not-found.ts';
import { percentDecode } from '../net/host-text.ts';
import {
  DOCUMENT_PAGE_CSP,
  documentHeaders,
  htmlHeaders,
  rendered,
  sendRendered,
  STORED_SCAN_CACHE,
  TOOL_PAGE_CSP,
  type Rendered,
} from './send.ts';
import { absolute, siteFromContext, type SiteOptions } from './site.ts';
import { renderSkill } from './skill.ts';
import type { PageScan } from './stored-result.ts';
import { renderToolPage } from './tool-page.ts';

const cache = new WeakMap<RequestContext['services'], BoundedCache<string, Promise<Rendered>>>();

/** Renders (and tags) once per services, base URL and page; at most 64 pages per services are kept. */
function page(
  ctx: RequestContext,
  name: string,
  render: (baseUrl: string, options: SiteOptions) => string,
): Promise<Rendered> {
  let pages = cache.get(ctx.services);
  if (!pages) cache.set(ctx.services, (pages = new BoundedCache({ maxEntries: 64 })));
  return pages.getOrCreate(`${ctx.baseUrl} ${name}`, () => {
    const { baseUrl, accountUrl, keyPrefix, limits } = siteFromContext(ctx);
    return rendered(render(baseUrl, { accountUrl, keyPrefix, limits }));
  });
}

/** The last path segment, percent-decoded (as it is when the encoding is broken). */
function lastSegment(path: string): string {
  // The router takes trailing slashes (`/tools/security-headers/` is the tool page): not a segment.
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end--;
  const trimmed = path.slice(0, end);
  const segment = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return percentDecode(segment) ?? segment;
}

const HTML_PAGE = htmlHeaders(TOOL_PAGE_CSP);
const HTML_STORED_SCAN = htmlHeaders(TOOL_PAGE_CSP, STORED_SCAN_CACHE);
const HTML_DOCUMENT = htmlHeaders(DOCUMENT_PAGE_CSP);
// Shows the request id, and the same URL answers a problem to other clients.
const HTML_NOT_FOUND = { ...htmlHeaders(DOCUMENT_PAGE_CSP, 'no-store'), vary: 'Accept' };

/** A tool page showing a stored scan (or the form filled in), rendered for this request. */
function sendPageScan(request: Request, ctx: RequestContext, tool: ToolEntry, scan: PageScan): Promise<Response> {
  const { baseUrl, accountUrl, keyPrefix, limits } = siteFromContext(ctx);
  const body = renderToolPage(tool, baseUrl, { accountUrl, keyPrefix, limits }, scan);
  return sendRendered(request, ctx, rendered(body), HTML_STORED_SCAN);
}

/** GET / */
export const landingPage: Handler = (request, ctx) =>
  sendRendered(request, ctx, page(ctx, 'home', renderLandingPage), HTML_DOCUMENT);

/** GET /tools/:tool, and ?target= (what the form sends without JavaScript) */
export const toolPage: Handler = async (request, ctx) => {
  const name = lastSegment(ctx.path);
  const tool = findTool(name);
  if (!tool) return pageNotFound(request, ctx, toolPageNotFound(name, ctx));
  const scan = await pageScanFor(ctx, tool, new URL(request.url).searchParams);
  if (scan) return sendPageScan(request, ctx, tool, scan);
  return sendRendered(
    request,
    ctx,
    page(ctx, `tool:${tool.name}`, (baseUrl, options) => renderToolPage(tool, baseUrl, options)),
    HTML_PAGE,
  );
};

function toolPageNotFound(name: string, ctx: RequestContext): ApiError {
  const pages = ALLOWLISTED_TOOLS.map((t) => absolute(siteFromContext(ctx), toolPagePath(t.name))).join(' and ');
  const elsewhere = TOOLS_ELSEWHERE.find((t) => t.name === name);
  const detail = elsewhere
    ? `This service has no page for the ${name} tool: it ${elsewhere.reason}, not on this API.`
    : `There is no tool page named ${JSON.stringify(name.slice(0, 100))}.`;
  return new ApiError('not_found', {
    detail,
    hint: `This service has tool pages for ${ALLOWLISTED_TOOLS.map((t) => t.name).join(' and ')}: ${pages}.`,
  });
}

/** GET /agent-skills/:skill (the file name ends in .md) */
export const agentSkill: Handler = (request, ctx) => {
  const file = lastSegment(ctx.path);
  const tool = file.endsWith('.md') ? findTool(file.slice(0, -3)) : undefined;
  if (!tool) {
    const names = ALLOWLISTED_TOOLS.map((t) => absolute(siteFromContext(ctx), skillPath(t.name))).join(' and ');
    return pageNotFound(
      request,
      ctx,
      new ApiError('not_found', {
        detail: `There is no agent skill named ${JSON.stringify(file.slice(0, 100))}.`,
        hint: `The skills are ${names}.`,
      }),
    );
  }
  const skill = page(ctx, `skill:${tool.name}`, (baseUrl, options) => renderSkill(tool, baseUrl, options));
  return sendRendered(request, ctx, skill, documentHeaders('text/markdown; charset=utf-8'));
};

/** GET /developers/errors */
export const errorIndexPage: Handler = (request, ctx) =>
  sendRendered(request, ctx, page(ctx, 'errors', renderErrorIndex), HTML_DOCUMENT);

/** GET /developers/errors/:slug */
export const errorPage: Handler = (request, ctx) => {
  const slug = lastSegment(ctx.path);
  const code = errorCodeForSlug(slug);
  if (!code) {
    const problem = new ApiError('not_found', {
      detail: `There is no error code with the slug ${JSON.stringify(slug.slice(0, 100))}.`,
      hint: `${absolute(siteFromContext(ctx), PATHS.errors)} lists every error code.`,
    });
    return pageNotFound(request, ctx, problem);
  }
  return sendRendered(
    request,
    ctx,
    page(ctx, `error:${code}`, (baseUrl, options) => renderErrorPage(code, baseUrl, options)),
    HTML_DOCUMENT,
  );
};

/** GET /llms.txt */
export const llmsTxt: Handler = (request, ctx) =>
  sendRendered(request, ctx, page(ctx, 'llms', renderLlmsTxt), documentHeaders('text/plain; charset=utf-8'));

function assetHandler(asset: Asset): Handler {
  // Tagged once, on first use (not at start-up: some runtimes allow no crypto at module scope).
  let tagged: Promise<Rendered> | undefined;
  return (request, ctx) => {
    tagged ??= rendered(asset.body);
    const versioned = new URL(request.url).searchParams.get('v') === asset.hash;
    return sendRendered(request, ctx, tagged, {
      'content-type': asset.contentType,
      'cache-control': versioned ? IMMUTABLE_CACHE : 'no-cache',
    });
  };
}

/** GET /assets/tool-page.js */
export const toolPageScript: Handler = assetHandler(TOOL_PAGE_SCRIPT);

/** GET /assets/site.css */
export const siteStylesheet: Handler = assetHandler(SITE_STYLESHEET);

/** GET /scans/:scanId: one stored scan on its tool's page; an unknown or expired id is an HTML 404 page. */
export const scanPage: Handler = async (request, ctx) => {
  const scanId = lastSegment(ctx.path);
  const scan = await keptScanForPage(ctx, scanId).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'not_found') return null;
    throw error;
  });
  const tool = scan && findTool(scan.tool);
  if (scan && tool) return sendPageScan(request, ctx, tool, await pageScanOf(scan, ctx));
  const { baseUrl, accountUrl, keyPrefix, limits } = siteFromContext(ctx);
  const body = renderScanNotFound(scanId, baseUrl, { accountUrl, keyPrefix, limits });
  return respond(ctx, body, { status: 404, headers: HTML_DOCUMENT });
};

function sendNotFoundPage(ctx: RequestContext, detail?: string): Response {
  const { baseUrl, accountUrl, keyPrefix, limits } = siteFromContext(ctx);
  const notFound = { path: ctx.path, requestId: ctx.requestId, detail };
  const body = renderNotFoundPage(notFound, baseUrl, { accountUrl, keyPrefix, limits });
  return respond(ctx, body, { status: 404, headers: HTML_NOT_FOUND });
}

/**
 * Any other GET path outside the API, from a browser (its Accept prefers HTML): a 404 page with the
 * ways on. Other clients, and every path under the API, fall through to the problem.
 */
export const notFoundPage: Handler = (request, ctx) => {
  if (isMachinePath(ctx.path) || !prefersHtml(request.headers.get('accept'))) return undefined;
  return sendNotFoundPage(ctx);
};

/**
 * An unknown tool, skill or error code: for a browser, the not-found page with the problem's detail;
 * for anyone else, the problem.
 */
function pageNotFound(request: Request, ctx: RequestContext, problem: ApiError): Response {
  if (prefersHtml(request.headers.get('accept'))) return sendNotFoundPage(ctx, problem.options.detail);
  throw new ApiError(problem.code, { ...problem.options, headers: { ...problem.options.headers, vary: 'Accept' } });
}
