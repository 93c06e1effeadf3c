/**
 * /developers/errors and /developers/errors/{slug}: one page per code of the error table, with
 * the longer explanation of error-docs.ts and an example problem built by the same `problemBody`
 * the API uses, so the example has exactly the shape clients receive.
 */
import { ERROR_CODES, errorPath, ERRORS, errorSlug, type ErrorCode } from '../http/errors.ts';
import { PROBLEM_CONTENT_TYPE, problemBody, type ProblemOptions } from '../http/problem.ts';
import { ERROR_DOCS } from './error-docs.ts';
import { html, type Html } from './html.ts';
import { renderLayout } from './layout.ts';
import { PATHS } from '../paths.ts';
import { absolute, href, siteFor, type Site, type SiteOptions } from './site.ts';

export function errorCodeForSlug(slug: string): ErrorCode | undefined {
  return ERROR_CODES.find((code) => errorSlug(code) === slug);
}

export interface ExampleProblem {
  request: string;
  statusLine: string;
  headers: [string, string][];
  body: Record<string, unknown>;
}

const headerCase = (name: string) =>
  name === 'www-authenticate'
    ? 'WWW-Authenticate'
    : name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());

/** The request id the examples show: what a service-made id looks like. */
const EXAMPLE_REQUEST_ID = '5f0c7a1e-8b2d-4c3e-9a47-0d6b2e9f1c38';

export function exampleProblem(code: ErrorCode, site: Site): ExampleProblem {
  const doc = ERROR_DOCS[code].example;
  const options: ProblemOptions = typeof doc.options === 'function' ? doc.options(site.accountUrl) : doc.options;
  const headers: [string, string][] = [
    ['Content-Type', PROBLEM_CONTENT_TYPE],
    ['API-Version', '1'],
    ['X-Request-Id', EXAMPLE_REQUEST_ID],
  ];
  if (options.retryAfterSec !== undefined) headers.push(['Retry-After', String(options.retryAfterSec)]);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.push([headerCase(name), value]);
  return {
    request: doc.request,
    statusLine: `HTTP/1.1 ${ERRORS[code].status} ${ERRORS[code].title}`,
    headers,
    body: problemBody(site.baseUrl, code, options, EXAMPLE_REQUEST_ID),
  };
}

/** An error code: never broken across lines (site.css). */
const codeName = (code: ErrorCode) => html`<code class="error-code">${code}</code>`;

/** A URL or request line that may wrap after each slash, instead of inside a word. */
function breakAfterSlashes(text: string): Html[] {
  return text.split('/').map((part, i) => (i === 0 ? html`${part}` : html`/<wbr>${part}`));
}

export function renderErrorPage(code: ErrorCode, baseUrl: string, options: SiteOptions = {}): string {
  const site = siteFor(baseUrl, options);
  const entry = ERRORS[code];
  const doc = ERROR_DOCS[code];
  const example = exampleProblem(code, site);
  const exampleText = [
    example.statusLine,
    ...example.headers.map(([n, v]) => `${n}: ${v}`),
    '',
    JSON.stringify(example.body, null, 2),
  ].join('\n');
  const main = html`<p class="meta"><a href="${href(site, PATHS.errors)}">Errors</a> / ${codeName(code)}</p>
<h1>${entry.title} <span class="meta">(${entry.status}, ${codeName(code)})</span></h1>
<p class="lead">${doc.meaning}</p>
<dl class="facts">
<dt>HTTP status</dt><dd>${entry.status}</dd>
<dt>Code</dt><dd>${codeName(code)} (in <code>code</code> and <code>error.code</code>)</dd>
<dt>Type URL</dt><dd><code>${breakAfterSlashes(absolute(site, errorPath(code)))}</code></dd>
<dt>Retry?</dt><dd>${doc.retry}</dd>
</dl>
<h2>Why it happens</h2>
<ul>${doc.causes.map((c) => html`<li>${c}</li>`)}</ul>
<h2>What to do</h2>
<ol>${doc.actions.map((a) => html`<li>${a}</li>`)}</ol>
<p>The default hint in <code>error.hint</code>: “${entry.hint}”</p>
<h2>Example</h2>
<p>Request: <code>${breakAfterSlashes(example.request)}</code></p>
<pre><code>${exampleText}</code></pre>
<p>${[
    html`Every problem is <code>${PROBLEM_CONTENT_TYPE}</code> (RFC 9457) with <code>success: false</code>, `,
    html`<code>error {code, message, hint}</code>, <code>type</code>, <code>title</code>, <code>status</code>, `,
    html`<code>detail</code> and <code>code</code>; <code>retryAfterSec</code> comes with a wait. `,
    html`<a href="${href(site, PATHS.errors)}">All error codes</a>.`,
  ]}</p>`;
  return renderLayout(site, {
    title: `${entry.title} (${entry.status})`,
    description: `${code}: ${doc.meaning}`,
    main,
  });
}

export function renderErrorIndex(baseUrl: string, options: SiteOptions = {}): string {
  const site = siteFor(baseUrl, options);
  const rows = ERROR_CODES.map(
    (code) =>
      html`<tr>${[
        html`<td class="num">${ERRORS[code].status}</td>`,
        html`<th scope="row"><a href="${href(site, errorPath(code))}">${codeName(code)}</a></th>`,
        html`<td class="title">${ERRORS[code].title}</td>`,
        html`<td class="meaning">${ERROR_DOCS[code].meaning}</td>`,
      ]}</tr>`,
  );
  const main = html`<h1>Error codes</h1>
<p class="lead">${[
    html`Every error of the API is an <code>${PROBLEM_CONTENT_TYPE}</code> body `,
    html`whose <code>type</code> is the URL of one of these pages.`,
  ]}</p>
<div class="table-wrap"><table class="error-table">
<caption class="visually-hidden">Error codes with status and meaning</caption>
<thead><tr>${[
    html`<th scope="col" class="num">Status</th><th scope="col">Code</th>`,
    html`<th scope="col">Title</th><th scope="col">Meaning</th>`,
  ]}</tr></thead>
<tbody>${rows}</tbody>
</table></div>
<p>${[
    html`On a <code>429</code> or <code>503</code>, wait the <code>Retry-After</code> seconds `,
    html`(also <code>retryAfterSec</code>) before retrying.`,
  ]}</p>`;
  return renderLayout(site, {
    title: 'Error codes',
    description: 'Every error code of the Agent Scan API: what it means, why it happens and what to do.',
    main,
  });
}
