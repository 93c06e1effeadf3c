/**
 * Pages as sites serve them: scripts (inline, relative, same-site, third-party over https or
 * http, with and without SRI, with odd scheme case and white space) and meta CSP/referrer tags,
 * placed in head, body, or in the containers where the Observatory's two HTML parsers disagree
 * (template, noscript, svg). Each page is rendered twice: as served, and as the Observatory 1.4.8
 * (jsdom) must see it to read what main (htmlparser2) reads from the served one (v6-rules.ts).
 */
import fc from 'fast-check';
import { metaCspArbitrary } from './header-values.ts';

type ScriptSource =
  | 'inline'
  | 'relative'
  | 'same-host'
  | 'same-site'
  | 'third-party-https'
  | 'third-party-http'
  | 'protocol-relative'
  | 'upper-case-https'
  | 'upper-case-http'
  | 'space-before-http';

interface Script {
  source: ScriptSource;
  integrity: boolean;
  crossorigin: null | '' | 'anonymous' | 'use-credentials';
  placement: 'head' | 'body' | 'noscript' | 'template' | 'svg';
}

interface Meta {
  kind: 'csp' | 'referrer';
  attribute: string;
  content: string;
  placement: 'head' | 'body' | 'noscript' | 'template';
}

export interface PageModel {
  scripts: Script[];
  metas: Meta[];
  /** A style attribute holding an at-rule, which jsdom (v4) fails to parse. */
  styledAtRule: boolean;
}

const META_CSP = [
  "default-src 'self'",
  "default-src 'none'; script-src 'self'",
  "script-src 'unsafe-inline'",
  "default-src 'none', script-src 'self'",
  'upgrade-insecure-requests; default-src https:',
  "default-src 'self'; frame-ancestors 'none'",
  '',
];
const META_REFERRER = ['no-referrer', 'strict-origin-when-cross-origin', 'unsafe-url', 'origin', 'same-origin', ''];

const scriptArbitrary: fc.Arbitrary<Script> = fc.record({
  source: fc.constantFrom<ScriptSource>(
    ...(['inline', 'relative', 'same-host', 'same-site', 'third-party-https', 'third-party-http'] as const),
    ...(['protocol-relative', 'upper-case-https', 'upper-case-http', 'space-before-http'] as const),
  ),
  integrity: fc.boolean(),
  crossorigin: fc.constantFrom(null, '', 'anonymous', 'use-credentials'),
  placement: fc.constantFrom('head', 'body', 'body', 'noscript', 'template', 'svg'),
});

const metaArbitrary: fc.Arbitrary<Meta> = fc.oneof(
  fc.record({
    kind: fc.constant('csp' as const),
    attribute: fc.constantFrom('http-equiv="Content-Security-Policy"', 'http-equiv="content-security-policy "'),
    content: fc.oneof(
      fc.constantFrom(...META_CSP),
      metaCspArbitrary.map((p) => p.replaceAll('"', '')),
    ),
    placement: fc.constantFrom('head', 'head', 'body', 'noscript', 'template'),
  }),
  fc.record({
    kind: fc.constant('referrer' as const),
    attribute: fc.constantFrom('name="referrer"', 'name="Referrer"'),
    content: fc.constantFrom(...META_REFERRER),
    placement: fc.constantFrom('head', 'head', 'body', 'noscript', 'template'),
  }),
);

export const pageArbitrary: fc.Arbitrary<PageModel> = fc.record({
  scripts: fc.array(scriptArbitrary, { maxLength: 4 }),
  metas: fc.array(metaArbitrary, { maxLength: 3 }),
  styledAtRule: fc.integer({ min: 1, max: 10 }).map((i) => i === 1),
});

function sourceUrl(source: ScriptSource, host: string, domain: string): string | null {
  const urls: Record<ScriptSource, string | null> = {
    inline: null,
    relative: '/static/app.js',
    'same-host': `https://${host}/app.js`,
    'same-site': `https://static.${domain}/app.js`,
    'third-party-https': 'https://cdn.thirdparty.net/lib.js',
    'third-party-http': 'http://cdn.thirdparty.net/lib.js',
    'protocol-relative': '//cdn.thirdparty.net/lib.js',
    'upper-case-https': 'HTTPS://cdn.thirdparty.net/lib.js',
    'upper-case-http': 'HTTP://cdn.thirdparty.net/lib.js',
    'space-before-http': ' http://cdn.thirdparty.net/lib.js',
  };
  return urls[source];
}

const CONTAINERS: Partial<Record<Script['placement'], string>> = {
  noscript: 'noscript',
  template: 'template',
  svg: 'svg',
};

function wrap(element: string, placement: Script['placement']): string {
  const container = CONTAINERS[placement];
  return container ? `<${container}>${element}</${container}>` : element;
}

function renderScript(script: Script, host: string, domain: string, forV4: boolean): string {
  let src = sourceUrl(script.source, host, domain);
  // v6 reads the raw attribute: a scheme in capitals or a leading space is no scheme to it, so the
  // script counts as same-origin (relative); v4 would resolve it as jsdom does.
  if (forV4 && src !== null && /^(?:\s|[A-Z])/.test(src)) src = '/static/rewritten.js';
  const attributes = [
    src === null ? '' : ` src="${src}"`,
    script.integrity ? ' integrity="sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC"' : '',
    script.crossorigin === null ? '' : ` crossorigin="${script.crossorigin}"`,
  ].join('');
  const element = `<script${attributes}>${src === null ? 'window.x = 1;' : ''}</script>`;
  // v6 sees scripts inside template and svg; jsdom's querySelectorAll (v4) does not: v4 gets them in the body.
  if (forV4 && (script.placement === 'template' || script.placement === 'svg')) return element;
  return wrap(element, script.placement);
}

function renderMeta(meta: Meta, forV4: boolean): string {
  const element = `<meta ${meta.attribute} content="${meta.content}">`;
  // v6 reads meta tags inside template and noscript; v4 (a scripting-enabled jsdom fragment) does not.
  return forV4 ? element : wrap(element, meta.placement);
}

/** The served page, and the page v4 must read instead (null when it reads the served one as v6 does). */
export function renderPage(page: PageModel, host: string, domain: string): { html: string; htmlForV4: string | null } {
  const render = (forV4: boolean) => {
    // The twin keeps document order (the last referrer meta wins): elements are unwrapped in place.
    const metas = (head: boolean) =>
      page.metas
        .filter((m) => (m.placement === 'head') === head)
        .map((m) => renderMeta(m, forV4))
        .join('');
    const scripts = (head: boolean) =>
      page.scripts
        .filter((s) => (s.placement === 'head') === head)
        .map((s) => renderScript(s, host, domain, forV4))
        .join('');
    // jsdom (v4) throws on this style attribute and gives html-not-parseable; v6 parses it.
    const style = page.styledAtRule && !forV4 ? ' style="@media only screen{background:red}"' : '';
    return (
      `<!doctype html><html><head><title>Page</title>${metas(true)}${scripts(true)}</head>` +
      `<body><div${style}>Hello</div>${metas(false)}${scripts(false)}</body></html>`
    );
  };
  const html = render(false);
  const htmlForV4 = render(true);
  return { html, htmlForV4: htmlForV4 === html ? null : htmlForV4 };
}
