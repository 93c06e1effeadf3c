/**
 * The HTML document around every page: language, viewport, the versioned stylesheet (and script
 * on tool pages), an inline SVG favicon (so browsers do not ask for /favicon.ico), a skip link,
 * the site navigation and the footer. No inline script or style: the CSPs forbid them.
 */
import { SITE_STYLESHEET, TOOL_PAGE_SCRIPT, versionedPath } from './assets.ts';
import { html, type Html } from './html.ts';
import { PATHS, toolPagePath } from '../paths.ts';
import { ALLOWLISTED_TOOLS } from '../tools/registry.ts';
import { href, type Site } from './site.ts';

export const SITE_NAME = 'Agent Scan API';

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E" +
  "%3Crect width='16' height='16' rx='3' fill='%231a7f37'/%3E" +
  "%3Cpath d='M4 8.5l2.5 2.5L12 5.5' stroke='%23fff' stroke-width='2' fill='none'/%3E%3C/svg%3E";

export interface LayoutOptions {
  title: string;
  description: string;
  main: Html;
  /** Loads the tool-page script. */
  script?: boolean;
  /** Extra `<link>` elements for the head (e.g. the Markdown alternate of a tool page). */
  head?: Html;
}

function navigation(site: Site): Html {
  const items: [string, string][] = [
    ...ALLOWLISTED_TOOLS.map((tool): [string, string] => [tool.guide.navLabel, toolPagePath(tool.name)]),
    ['Errors', PATHS.errors],
    ['llms.txt', PATHS.llms],
    ['OpenAPI', PATHS.openapi],
  ];
  return html`<header class="site-header">
<nav aria-label="Site">
<a class="brand" href="${href(site, PATHS.home)}">${SITE_NAME}</a>
<ul>${items.map(([label, path]) => html`<li><a href="${href(site, path)}">${label}</a></li>`)}</ul>
</nav>
</header>`;
}

export function renderLayout(site: Site, options: LayoutOptions): string {
  const title = options.title === SITE_NAME ? SITE_NAME : `${options.title} · ${SITE_NAME}`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${options.description}">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="${FAVICON}">
<link rel="stylesheet" href="${href(site, versionedPath(SITE_STYLESHEET))}">
${options.script ? html`<script src="${href(site, versionedPath(TOOL_PAGE_SCRIPT))}" defer></script>` : null}
${options.head ?? null}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
${navigation(site)}
<main id="main">
${options.main}
</main>
<footer class="site-footer">
<p>${[
    html`${SITE_NAME}: non-intrusive security checks for agents and developers. `,
    html`Machine-readable: <a href="${href(site, PATHS.catalog)}">tool catalog</a>, `,
    html`<a href="${href(site, PATHS.openapi)}">OpenAPI</a>, <a href="${href(site, PATHS.llms)}">llms.txt</a>.`,
  ]}</p>
</footer>
</body>
</html>
`.text;
}
