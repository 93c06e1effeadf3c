/** `/scans/{scanId}` for an id that is unknown or expired: a 404 page for people, with the ways on. */
import { errorPath } from '../http/errors.ts';
import { PATHS, scanHistoryPath, toolPagePath } from '../paths.ts';
import { ALLOWLISTED_TOOLS } from '../tools/registry.ts';
import { html } from './html.ts';
import { renderLayout } from './layout.ts';
import { absolute, href, siteFor, type SiteOptions } from './site.ts';

export function renderScanNotFound(scanId: string, baseUrl: string, options: SiteOptions = {}): string {
  const site = siteFor(baseUrl, options);
  const main = html`<h1>Scan not found</h1>
<p class="lead">${[
    html`There is no scan with the id <code>${scanId.slice(0, 64)}</code>: it never existed, `,
    html`or it is older than 30 days. Results are kept 30 days, the 50 newest per tool and target.`,
  ]}</p>
<h2>Scan again</h2>
<ul class="link-list">${ALLOWLISTED_TOOLS.map(
    (t) => html`<li><a href="${href(site, toolPagePath(t.name))}">${t.title}</a>: ${t.description}</li>`,
  )}</ul>
<h2>Find a kept scan</h2>
<p>${[
    html`A target's kept scans, newest first, with their links: `,
    html`<code>GET ${absolute(site, scanHistoryPath('{tool}'))}?target=…</code> `,
    html`(<a href="${href(site, errorPath('not_found'))}">about this error</a>).`,
  ]}</p>
<p><a href="${href(site, PATHS.home)}">All tools and documents</a></p>`;
  return renderLayout(site, {
    title: 'Scan not found',
    description: 'There is no kept scan with this id.',
    main,
    head: html`<meta name="robots" content="noindex">`,
  });
}
