/**
 * /tools/{tool}: a form that runs the tool through its execute endpoint (same origin, by the
 * script at /assets/tool-page.js) and explains how to read the result and call the API directly.
 * Opened for a target or a stored scan (`PageScan`), the form is filled in and the results region
 * shows the stored scan (stored-result.ts); the script renders results as text nodes.
 */
import { executePath, PATHS, scanPagePath, skillPath, toolPagePath } from '../paths.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';
import { curlExample } from './examples.ts';
import { html } from './html.ts';
import { renderLayout } from './layout.ts';
import { absolute, href, siteFor, type Site, type SiteOptions } from './site.ts';
import { resultRegion, scanDataBlock, scoreBaseline, type PageScan } from './stored-result.ts';

function scanForm(tool: ToolEntry, site: Site, scan: PageScan | null) {
  const { guide, scoreRange: score } = tool;
  const selectors = tool.acceptsSelectors
    ? html`<div class="field">
<label for="selectors">DKIM selectors <span class="meta">(optional)</span></label>
${[
  html`<input type="text" id="selectors" name="selectors" autocomplete="off" autocapitalize="none" spellcheck="false" `,
  html`placeholder="google, s1" aria-describedby="selectors-help"`,
  scan && scan.selectors.length > 0 ? html` value="${scan.selectors.join(', ')}">` : html`>`,
]}
<p id="selectors-help" class="help">${[
        html`Comma-separated, at most 10. `,
        html`The scan also tries the selectors of the mail providers it recognises and common ones.`,
      ]}</p>
</div>`
    : null;
  return html`<form id="scan-form" class="scan-form" action="${href(site, toolPagePath(tool.name))}" method="get"
 data-tool="${tool.name}" data-execute="${href(site, executePath(tool.name))}"
 data-scan-page="${href(site, scanPagePath(''))}"
 data-score-baseline="${scoreBaseline(tool)}" data-score-note="${score.note}">
<div class="field">
<label for="target">${guide.targetLabel}</label>
${[
  html`<input type="text" id="target" name="target" required maxlength="2048" inputmode="url" `,
  html`autocomplete="off" autocapitalize="none" spellcheck="false" `,
  html`placeholder="${tool.targetExamples[0] ?? ''}" aria-describedby="target-help"`,
  scan ? html` value="${scan.target}">` : html`>`,
]}
<p id="target-help" class="help">${tool.targetDescription}</p>
</div>
${selectors}
<button type="submit">Scan</button>
</form>
<noscript><p>${[
    html`Without JavaScript this form shows the newest stored result for a target but cannot scan; `,
    html`to scan, call the API as shown under “Use it from code”.`,
  ]}</p></noscript>
<p id="scan-status" class="scan-status" role="status" aria-live="polite"></p>
<section id="results" class="results" aria-label="Scan results" tabindex="-1">${
    scan ? resultRegion(tool, site, scan) : null
  }</section>
${scan ? scanDataBlock(scan) : null}`;
}

/** The words the result table uses, for people (docs/pages.md); agents read the skill. */
const VERDICT_WORDS: readonly (readonly [string, string])[] = [
  ['FAIL', 'costs points: a test that loses points, or a critical or high finding. Each has its fix.'],
  ['WARN', 'worth fixing soon: a medium finding, or a test that fails without costing points.'],
  ['NOTE', 'for information: a low or info finding, or advice for a test that passes.'],
  ['PASS', 'nothing to change.'],
  ['N/A', 'does not apply to this target.'],
];

function aboutTool(tool: ToolEntry, site: Site) {
  const { scoreRange: score } = tool;
  const { limits } = site;
  return html`<details class="more about">
<summary>How to read the result</summary>
<p>${[
    html`Grades, best to worst: ${tool.gradeScale.join(', ')}. `,
    html`The score is shown out of ${scoreBaseline(tool)}. ${score.note}`,
  ]}</p>
<dl class="facts">${VERDICT_WORDS.map(([word, meaning]) => html`<dt>${word}</dt><dd>${meaning}</dd>`)}</dl>
<p>${[
    html`Open a row to see what the scan read. When a scan cannot grade its target, `,
    html`the page says why and what you can do.`,
  ]}</p>
</details>
<details class="more code">
<summary>Use it from code</summary>
<p>${[
    html`This page calls <code>POST ${absolute(site, executePath(tool.name))}</code>. `,
    html`So can you, anonymously (${limits.anonymousPerMinute} requests per minute) `,
    html`or with a free developer key from the <a href="${site.accountUrl}">account portal</a> `,
    html`(${limits.keyPerMinute} per minute). `,
    html`Scans are limited to ${limits.scansPerHourPerClient} per hour per client address `,
    html`and ${limits.scansPerHourPerTarget} per target (${limits.scansPerHourPerClientPerTarget} by one client), `,
    html`with or without a key.`,
  ]}</p>
<pre><code>${curlExample(tool, site)}</code></pre>
<p>${[
    html`For agents: the <a href="${href(site, skillPath(tool.name))}">${tool.name} skill</a> (Agent Skills format), `,
    html`the <a href="${href(site, PATHS.catalog)}">tool catalog</a> `,
    html`and the <a href="${href(site, PATHS.errors)}">error codes</a>.`,
  ]}</p>
</details>`;
}

/** The tool page; with `scan`, for a target or a stored scan (such pages are not for search engines). */
export function renderToolPage(
  tool: ToolEntry,
  baseUrl: string,
  options: SiteOptions = {},
  scan: PageScan | null = null,
): string {
  const site = siteFor(baseUrl, options);
  const skillHref = href(site, skillPath(tool.name));
  const main = html`<h1>${tool.title}</h1>
<p class="lead">${tool.description}</p>
${scanForm(tool, site, scan)}
${aboutTool(tool, site)}`;
  return renderLayout(site, {
    title: scan ? `${tool.title}: ${scan.stored?.scan.target ?? scan.target}` : tool.title,
    description: tool.description,
    main,
    script: true,
    head: html`<link rel="alternate" type="text/markdown" href="${skillHref}" title="Agent skill">${
      scan ? html`\n<meta name="robots" content="noindex">` : null
    }`,
  });
}
