/**
 * The 429 page a browser gets when its address has used the page budget (docs/limits.md): how
 * long to wait, and the page reloads itself once the wait is over. Anyone else gets the problem.
 */
import { errorPath } from '../http/errors.ts';
import { respond } from '../http/respond.ts';
import type { RequestContext } from '../context.ts';
import { html } from './html.ts';
import { renderLayout } from './layout.ts';
import { DOCUMENT_PAGE_CSP, htmlHeaders } from './send.ts';
import { href, siteFromContext } from './site.ts';

export function sendTooManyPages(ctx: RequestContext, detail: string, retryAfterSec: number): Response {
  const site = siteFromContext(ctx);
  const main = html`<h1>Too many pages at once</h1>
<p class="lead">${detail}</p>
<p>This page loads again by itself in ${String(retryAfterSec)} seconds.</p>
<p class="meta">${[
    html`Request id: <code class="request-id">${ctx.requestId}</code>. An API client gets this answer as a `,
    html`<a href="${href(site, errorPath('rate_limit_exceeded'))}">`,
    html`<code class="error-code">rate_limit_exceeded</code></a> problem.`,
  ]}</p>`;
  const body = renderLayout(site, {
    title: 'Too many pages at once',
    description: 'This address has viewed as many pages as a minute allows.',
    main,
    head: html`<meta name="robots" content="noindex"><meta http-equiv="refresh" content="${String(retryAfterSec)}">`,
  });
  return respond(ctx, body, {
    status: 429,
    headers: { ...htmlHeaders(DOCUMENT_PAGE_CSP, 'no-store'), vary: 'Accept', 'retry-after': String(retryAfterSec) },
  });
}
