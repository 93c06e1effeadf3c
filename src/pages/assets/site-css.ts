/**
 * The one stylesheet of every page (served at /assets/site.css). System fonts only, no external
 * resource; readable from 320 px wide; light and dark schemes; visible focus.
 */
export const SITE_CSS =
  `:root {
  color-scheme: light dark;
  --bg: #ffffff;
  --fg: #1b1f24;
  --muted: #57606a;
  --line: #d0d7de;
  --card: #f6f8fa;
  --link: #0a58ca;
  --focus: #0a58ca;
  --good: #1a7f37;
  --fair: #7d6a00;
  --poor: #bc4c00;
  --bad: #cf222e;
  --info: #0969da;
  --code-bg: #eff1f3;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117;
    --fg: #e6edf3;
    --muted: #9da7b3;
    --line: #30363d;
    --card: #161b22;
    --link: #6cb6ff;
    --focus: #6cb6ff;
    --good: #3fb950;
    --fair: #d4b72c;
    --poor: #f0883e;
    --bad: #ff7b72;
    --info: #58a6ff;
    --code-bg: #1f2428;
  }
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  background: var(--bg);
  color: var(--fg);
  font: 1rem/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  overflow-wrap: anywhere;
}
a { color: var(--link); text-underline-offset: 0.2em; }
a:focus-visible, button:focus-visible, input:focus-visible, summary:focus-visible, [tabindex]:focus-visible {
  outline: 3px solid var(--focus);
  outline-offset: 2px;
}
code, pre, kbd {` +
  ` font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.9em; }
code { background: var(--code-bg); padding: 0.1em 0.3em; border-radius: 4px; }
pre { background: var(--code-bg); padding: 0.75rem; border-radius: 6px; overflow-x: auto;` +
  ` white-space: pre; overflow-wrap: normal; }
pre code { background: none; padding: 0; }
h1, h2, h3, h4 { line-height: 1.25; margin: 1.5em 0 0.5em; }
h1 { font-size: 1.75rem; margin-top: 0.5em; }
h2 { font-size: 1.35rem; }
h3 { font-size: 1.1rem; }
h4 { font-size: 1rem; margin: 0 0 0.25em; }
.skip-link { position: absolute; left: -9999px; top: 0; }
.skip-link:focus { left: 0.5rem; top: 0.5rem; background: var(--bg); padding: 0.5rem; z-index: 1; }
.visually-hidden {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.site-header, main, .site-footer { max-width: 60rem; margin: 0 auto; padding: 0 1rem; }
.site-header { padding-top: 0.75rem; padding-bottom: 0.75rem; border-bottom: 1px solid var(--line); }
.site-header nav { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; align-items: baseline; }
.site-header .brand { font-weight: 700; text-decoration: none; color: var(--fg); margin-right: auto; }
.site-header ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
.site-footer { margin-top: 3rem; padding-top: 1rem; padding-bottom: 2rem; border-top: 1px solid var(--line);` +
  ` color: var(--muted); font-size: 0.9rem; }
.lead { font-size: 1.1rem; color: var(--muted); }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; }
th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.5rem; border-bottom: 1px solid var(--line); }
th { font-weight: 600; }
td.num, th.num { text-align: right; white-space: nowrap; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0.5rem 0; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
.scan-form { display: grid; gap: 0.75rem; background: var(--card); border: 1px solid var(--line);` +
  ` border-radius: 8px; padding: 1rem; }
.field { display: grid; gap: 0.25rem; }
.field label { font-weight: 600; }
.field .help { color: var(--muted); font-size: 0.9rem; }
input[type="text"] {
  font: inherit; width: 100%; padding: 0.55rem 0.65rem; border: 1px solid var(--muted); border-radius: 6px;
  background: var(--bg); color: var(--fg); min-height: 2.75rem;
}
button {
  font: inherit; font-weight: 600; justify-self: start; min-height: 2.75rem; padding: 0.5rem 1.25rem;
  border: 0; border-radius: 6px; background: var(--link); color: var(--bg); cursor: pointer;
}
button[disabled] { opacity: 0.6; cursor: progress; }
.scan-status { min-height: 1.5em; margin: 1rem 0 0.5rem; font-weight: 600; }
.scanned { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; }
.results:focus { outline: none; }
.verdict { display: flex; flex-wrap: wrap; gap: 1rem 1.5rem; align-items: center; border: 1px solid var(--line);` +
  ` border-radius: 8px; padding: 1rem; }
.grade {
  font-size: 4.5rem; font-weight: 800; line-height: 1; margin: 0; min-width: 2.2em; text-align: center;
  padding: 0.5rem 0.25rem; border-radius: 8px; border: 4px solid currentColor;
}
.grade-a { color: var(--good); }
.grade-b { color: var(--fair); }
.grade-c { color: var(--poor); }
.grade-d, .grade-f { color: var(--bad); }
.verdict .summary { flex: 1 1 12rem; }
.verdict .message { font-size: 1.05rem; margin: 0.5rem 0 0; }
.verdict .meta { margin: 0.35rem 0 0; }
.badge {
  display: inline-block; font-size: 0.8rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.03em;
  padding: 0.05rem 0.45rem; border-radius: 999px; border: 1px solid currentColor; white-space: nowrap;
}
.v-pass { color: var(--good); }
.v-warn { color: var(--poor); }
.v-note { color: var(--info); }
.v-fail { color: var(--bad); }
.v-na, .is-na { color: var(--muted); }
.summary-table { margin-top: 1rem; }
.summary-table th, .summary-table td { color: var(--fg); overflow-wrap: normal; }
.summary-table thead th, .summary-table td.verdict-cell { white-space: nowrap; }
.summary-table th.name { font-weight: 600; min-width: 9rem; }
.summary-table td.reason { width: 60%; }
.row-details { margin: 0; }
.row-details > summary { font-weight: 400; }
.row-details[open] > summary { margin-bottom: 0.25rem; }
.row-details .detail-body { padding: 0.25rem 0 0.25rem 1rem; border-left: 2px solid var(--line); }
.summary-table .fix { display: block; color: var(--muted); font-size: 0.9rem; }
.summary-table tr.v-fail > th { box-shadow: inset 4px 0 0 var(--bad); }
.summary-table tr.v-warn > th { box-shadow: inset 4px 0 0 var(--poor); }
.details-list { display: grid; gap: 0.4rem; }
details.detail, details.more { margin: 0; border: 1px solid var(--line); border-radius: 6px; background: var(--card); }
details.more { margin: 0.75rem 0; }
details.more > summary { font-size: 1.05rem; }
details.detail > summary, details.more > summary { padding: 0.4rem 0.75rem; }
details.detail > summary .detail-title { color: var(--fg); }
.detail-body { padding: 0 0.75rem 0.5rem; color: var(--fg); }
.detail-body p { margin: 0.35rem 0; }
.detail-body ul { margin: 0.35rem 0; padding-left: 1.25rem; }
.detail-body details.detail { margin: 0.35rem 0; background: var(--bg); }
.caps { border-left: 4px solid var(--bad); padding: 0.25rem 0.75rem; margin: 0.75rem 0; }
.caps ul { margin: 0.25rem 0; }
.progress { border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem 1rem; }
.progress-line { margin: 0 0 0.5rem; }
.progress .elapsed { font-variant-numeric: tabular-nums; color: var(--muted); }
.progress .steps { margin: 0.25rem 0 0.5rem; padding-left: 1.5rem; color: var(--muted); }
button.cancel, button.rescan { min-height: 2.25rem; padding: 0.3rem 1rem; background: transparent;` +
  ` color: var(--link); border: 2px solid var(--link); }
.problem .cause { font-size: 1.05rem; }
.cards { list-style: none; padding: 0; margin: 0.5rem 0; display: grid; gap: 0.75rem; }
.card { background: var(--card); border: 1px solid var(--line); border-left-width: 5px; border-radius: 6px;` +
  ` padding: 0.75rem 1rem; }
.card.is-na { border-left-color: var(--line); }
.card > * { color: var(--fg); }
.card .head { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; align-items: baseline; }
.card p { margin: 0.35rem 0; }
.card ul { margin: 0.35rem 0; padding-left: 1.25rem; }
.meta { color: var(--muted); font-size: 0.9rem; }
.problem { border: 2px solid var(--bad); border-radius: 8px; padding: 0.75rem 1rem; }
.problem h3 { margin-top: 0; }
.problem.is-wait { border-color: var(--fair); }
.countdown { font-variant-numeric: tabular-nums; font-weight: 700; }
details { margin: 1rem 0; }
summary { cursor: pointer; font-weight: 600; }
.link-list li { margin: 0.25rem 0; }
@media (max-width: 40rem) {
  .summary-table, .summary-table tbody { display: block; }
  .summary-table thead { display: none; }
  .summary-table tr { display: grid; grid-template-columns: 1fr auto auto; gap: 0 0.75rem; padding: 0.4rem 0;` +
  ` border-bottom: 1px solid var(--line); }
  .summary-table th, .summary-table td { border: 0; padding: 0 0.25rem; }
  .summary-table th.name { min-width: 0; }
  .summary-table td.reason { width: auto; }
  .summary-table td.reason { grid-column: 1 / -1; }
  .summary-table tr.v-fail > th, .summary-table tr.v-warn > th { box-shadow: none; }
}
@media (max-width: 30rem) {
  .grade { font-size: 3.5rem; }
  dl.facts { grid-template-columns: 1fr; }
  dl.facts dd { margin-bottom: 0.35rem; }
  .verdict dl.facts { grid-template-columns: max-content 1fr; }
  .verdict dl.facts dd { margin-bottom: 0; }
  .verdict { padding: 0.75rem; gap: 0.75rem; }
}
@media print {
  .scan-form, .site-header nav ul { display: none; }
}
/* Error pages and the not-found page */
code.error-code { white-space: nowrap; overflow-wrap: normal; }
.error-table th, .error-table td { overflow-wrap: normal; }
.error-table th[scope="row"] { font-weight: normal; }
@media (max-width: 40rem) {
  .error-table thead {
    position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
  }
  .error-table, .error-table tbody { display: block; }
  .error-table tr { display: grid; grid-template-columns: max-content 1fr; gap: 0.15rem 0.75rem;` +
  ` padding: 0.6rem 0; border-bottom: 1px solid var(--line); }
  .error-table th, .error-table td { display: block; padding: 0; border: 0; }
  .error-table td.num { text-align: left; font-weight: 600; }
  .error-table td.title, .error-table td.meaning { grid-column: 1 / -1; }
  .error-table td.title { font-weight: 600; }
}
`;
