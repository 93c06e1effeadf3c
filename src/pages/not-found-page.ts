/**
 * The 404 page a browser gets on an unknown path outside the API, or for an unknown tool, skill or
 * error code (src/pages/routes.ts): where to go instead, and the request id to quote. The path
 * comes from the request, so it is shown escaped (by `html`) and cut short.
 */
import { errorPath } from '../http/errors.ts';
import { PATHS, toolPagePath } from '../paths.ts';
import { ALLOWLISTED_TOOLS } from '../tools/registry.ts';
import { html } from './html.ts';
import { percentDecode } from '../net/host-text.ts';
import { renderLayout } from './layout.ts';
import { href, siteFor, type SiteOptions } from './site.ts';

/** Enough to recognise a mistyped path; a longer one is cut. */
const SHOWN_PATH_LENGTH = 80;

/** The path as people typed it (percent-decoded when it decodes), cut to SHOWN_PATH_LENGTH characters. */
function shownPath(path: string): string {
  // Not valid percent-encoding: shown as sent.
  const decoded = percentDecode(path) ?? path;
  const chars = Array.from(decoded);
  return chars.length > SHOWN_PATH_LENGTH ? `${chars.slice(0, SHOWN_PATH_LENGTH).join('')}…` : decoded;
}

export interface NotFound {
  /** The request's path. */
  path: string;
  requestId: string;
  /** What the problem would say (`detail`), when it says more than that nothing is here. */
  detail?: string | undefined;
}

export function renderNotFoundPage(notFound: NotFound, baseUrl: string, options: SiteOptions = {}): string {
  const { path, requestId, detail } = notFound;
  const site = siteFor(baseUrl, options);
  const link = (target: string, label: string) => html`<a href="${href(site, target)}">${label}</a>`;
  const main = html`<h1>Page not found</h1>
<p class="lead">There is no page at <bdi><code class="not-found-path">${shownPath(path)}</code></bdi>.</p>
${detail === undefined ? null : html`<p>${detail}</p>`}
<h2>Run a check</h2>
<ul class="link-list">${ALLOWLISTED_TOOLS.map(
    (t) => html`<li>${link(toolPagePath(t.name), t.title)}: ${t.description}</li>`,
  )}</ul>
<h2>Read the documentation</h2>
<ul class="link-list">
<li>${link(PATHS.home, 'Home')}: every tool, the API and the MCP endpoint</li>
<li>${link(PATHS.errors, 'Error codes')}: what each problem means and what to do</li>
<li>${link(PATHS.openapi, 'OpenAPI document')} and the ${link(PATHS.catalog, 'tool catalog')}, for programs</li>
<li>${link(PATHS.llms, 'llms.txt')}, for language models</li>
</ul>
<p class="meta">${[
    html`Request id: <code class="request-id">${requestId}</code> (quote it if you report a broken link). `,
    html`An API client gets this answer as a `,
    html`<a href="${href(site, errorPath('not_found'))}"><code class="error-code">not_found</code></a> problem.`,
  ]}</p>`;
  return renderLayout(site, {
    title: 'Page not found',
    description: 'There is no page at this address.',
    main,
    head: html`<meta name="robots" content="noindex">`,
  });
}
