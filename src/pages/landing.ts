/** `/`: a small page for people, linking the tool pages, skills, catalog, OpenAPI, llms.txt and error docs. */
import { badgePath, executePath, PATHS, skillPath, toolPagePath } from '../paths.ts';
import { ALLOWLISTED_TOOLS } from '../tools/registry.ts';
import { html } from './html.ts';
import { renderLayout, SITE_NAME } from './layout.ts';
import { absolute, href, siteFor, thousands, type SiteOptions } from './site.ts';

export function renderLandingPage(baseUrl: string, options: SiteOptions = {}): string {
  const site = siteFor(baseUrl, options);
  const { limits } = site;
  const tools = ALLOWLISTED_TOOLS.map(
    (t) => html`<li class="card is-na"><h3><a href="${href(site, toolPagePath(t.name))}">${t.title}</a></h3>
<p>${t.description}</p>
<p class="meta">${[
      html`<code>POST ${absolute(site, executePath(t.name))}</code> · `,
      html`<a href="${href(site, skillPath(t.name))}">agent skill</a>`,
    ]}</p></li>`,
  );
  const main = html`<h1>${SITE_NAME}</h1>
<p class="lead">${[
    html`Non-intrusive security checks over HTTP, for AI agents and developers. `,
    html`No sign-up: use it anonymously, or with a free developer key for a higher rate limit.`,
  ]}</p>
<h2>Tools</h2>
<ul class="cards">${tools}</ul>
<h2>For agents and developers</h2>
<ul class="link-list">
<li>${[
    html`<a href="${href(site, PATHS.catalog)}">Tool catalog</a> (<code>GET ${absolute(site, PATHS.catalog)}</code>): `,
    html`tools, input schemas, authentication, rate limits, error codes.`,
  ]}</li>
<li><a href="${href(site, PATHS.openapi)}">OpenAPI description</a> (<code>${PATHS.openapi}</code>).</li>
<li><a href="${href(site, PATHS.llms)}">llms.txt</a>: an index of everything here for language models.</li>
${ALLOWLISTED_TOOLS.map(
  (t) =>
    html`<li><a href="${href(site, skillPath(t.name))}">${t.name} skill</a> (Agent Skills <code>SKILL.md</code>).</li>`,
)}
<li><a href="${href(site, PATHS.errors)}">Error codes</a>: what each problem means and what to do.</li>
</ul>
<h2>Keys and limits</h2>
<p>${[
    html`Without a key: ${limits.anonymousPerMinute} requests per minute per client address. `,
    html`With a free key from the <a href="${site.accountUrl}">account portal</a>, `,
    html`sent as <code>Authorization: Bearer &lt;key&gt;</code> or <code>X-Api-Key: &lt;key&gt;</code>: `,
    html`${limits.keyPerMinute} per minute. `,
    html`Scans: ${limits.scansPerHourPerClient} per hour per client address `,
    html`and ${limits.scansPerHourPerTarget} per target (${limits.scansPerHourPerClientPerTarget} by one client), `,
    html`${thousands(limits.scansPerHourOverall)} for the whole service, with or without a key.`,
  ]}</p>
<h2>Badge</h2>
<p>${[
    html`An SVG badge with the newest grade a scan here gave a site: `,
    html`<code>${absolute(site, badgePath('example.com'))}?tool=security-headers</code> `,
    html`(fed by scans of <code>https://example.com/</code>; every result page gives its Markdown), `,
    html`or <code>?tool=email-security</code>. `,
    html`Without <code>?tool=</code> it shows the website-security grade the operator records.`,
  ]}</p>`;
  return renderLayout(site, {
    title: SITE_NAME,
    description:
      'Non-intrusive security checks over HTTP for AI agents and developers: ' +
      'HTTP security headers and email authentication grades.',
    main,
  });
}
