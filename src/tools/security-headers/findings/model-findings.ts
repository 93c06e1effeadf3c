/**
 * Findings where the Observatory model, which the grade follows, reads a response differently
 * from browsers: the grade stays the model's, and these say what browsers will actually do.
 * docs/security-headers-grading.md lists every such place.
 */
import { getDomain } from 'tldts';
import { CORS_PROBE_ORIGIN } from '../capture.ts';
import type { CheckContext } from '../checks/check-context.ts';
import type { Detected } from './catalogue.ts';
import { HeaderView } from '../parse/headers.ts';
import { parseHsts, SIX_MONTHS } from '../parse/hsts.ts';

/** The model reads no Origin from its preflight; browsers would give this origin credentialed access. */
function reflectedOrigin(context: CheckContext): Detected[] {
  const preflight = context.capture.cors;
  if (!preflight || preflight.status < 200 || preflight.status >= 300) return [];
  const headers = new HeaderView(preflight.headers);
  const acao = headers.combined('access-control-allow-origin');
  const credentials = headers.combined('access-control-allow-credentials')?.trim().toLowerCase() === 'true';
  if (acao !== CORS_PROBE_ORIGIN || !credentials) return [];
  return [
    {
      id: 'cors-origin-reflected-with-credentials',
      evidence: [`access-control-allow-origin: ${acao}`, 'access-control-allow-credentials: true'],
    },
  ];
}

/**
 * The model reads max-age with `parseInt` and counts a non-number as long enough; browsers ignore
 * a header whose max-age is not digits, and honour a quoted value as written.
 */
function hstsReading(context: CheckContext): Detected[] {
  const result = context.hsts.result;
  if (!result.startsWith('hsts-implemented-')) return [];
  const first = context.https?.headers.values('strict-transport-security')[0];
  if (first === undefined) return [];
  const browsers = parseHsts(first);
  const modelLong = result === 'hsts-implemented-max-age-at-least-six-months';
  const browsersLong = browsers.maxAge !== null && browsers.maxAge >= SIX_MONTHS;
  if (browsers.problem === null && modelLong === browsersLong) return [];
  const reading = browsers.problem
    ? `browsers ignore it: ${browsers.problem}`
    : `browsers read max-age=${browsers.maxAge}`;
  return [{ id: 'hsts-max-age-misread', evidence: [`strict-transport-security: ${first.slice(0, 200)}`, reading] }];
}

/** An HTML media type the model does not recognise (it compares the exact spelling). */
function contentTypeSpelling(context: CheckContext): Detected[] {
  if (!context.page.unrecognisedHtmlType) return [];
  return [{ id: 'content-type-not-recognised', evidence: [`content-type: ${context.page.mediaType}`] }];
}

/** A declared encoding browsers decode the markup with, where the model reads UTF-8. */
function pageEncoding(context: CheckContext): Detected[] {
  const { browserEncoding, scriptsRead } = context.page;
  if (browserEncoding === null || !scriptsRead || !context.capture.html) return [];
  const contentType = context.auto.headers.values('content-type')[0] ?? '';
  return [{ id: 'page-encoding-misread', evidence: [`content-type: ${contentType.slice(0, 200)}`] }];
}

/** Distinct script URLs listed as evidence at most. */
const MAX_MISREAD_SCRIPTS = 10;

function hostOf(url: string, base: string): string | null {
  try {
    return new URL(url, base).hostname;
  } catch {
    return null;
  }
}

/**
 * Script URLs the model takes for paths on the page's own site (anything but `//host…` or a
 * lower-case `http://`/`https://` URL) that browsers load from another site: a capitalised
 * scheme, leading white space, `///host`, backslashes, `http:host` on an https page. Browsers
 * resolve them against the page's URL as every URL parser does.
 */
function misreadScripts(context: CheckContext): Detected[] {
  if (!context.page.scriptsRead || context.page.scripts === null) return [];
  const siteDomain = getDomain(context.site) ?? context.site;
  const checked = new Set<string>();
  const evidence: string[] = [];
  for (const { src } of context.page.scripts) {
    if (evidence.length === MAX_MISREAD_SCRIPTS) break;
    if (src === null || checked.has(src) || /^(?:\/\/[^/]|https?:\/\/)/.test(src)) continue;
    checked.add(src);
    const host = hostOf(src, context.auto.url);
    if (!host || host === context.site || (getDomain(host) ?? host) === siteDomain) continue;
    evidence.push(`<script src="${src.slice(0, 200)}">`);
  }
  return evidence.length > 0 ? [{ id: 'script-url-misread', evidence }] : [];
}

/** frame-ancestors in a meta policy: browsers ignore it there, the model credits X-Frame-Options for it. */
function metaFrameAncestors(context: CheckContext): Detected[] {
  const viaMeta = context.csp.effective?.directives.has('frame-ancestors') && !context.csp.headerFrameAncestors;
  return viaMeta
    ? [{ id: 'csp-frame-ancestors-in-meta', evidence: context.page.metaCsp.slice(0, 3).map((p) => p.slice(0, 200)) }]
    : [];
}

export function modelFindings(context: CheckContext): Detected[] {
  return [
    ...reflectedOrigin(context),
    ...hstsReading(context),
    ...contentTypeSpelling(context),
    ...pageEncoding(context),
    ...misreadScripts(context),
    ...metaFrameAncestors(context),
  ];
}
