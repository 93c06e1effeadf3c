/**
 * The Observatory on npm (1.4.8) is algorithm v4; the model this project implements is main's
 * algorithm v6. Every behaviour main changed since 1.4.8 that a capture can reach is one rule
 * here, applied to what 1.4.8 reads or to what it answers, so that the comparison checks v6.
 * Each rule names the commit on main that made the change (docs/observatory-oracle.md has the
 * evidence for each). Differences that live in HTML parsing (jsdom in v4, htmlparser2 in v6) are
 * not rules over arbitrary HTML: the generator renders, next to each page, the page that makes
 * v4 read what v6 reads (see `htmlForV4` in captures.ts), and `htmlParsersAgree` says when a page
 * needs no such twin.
 */
import { Parser } from 'htmlparser2';
import type { SecurityHeadersCapture } from '../../../src/tools/security-headers/capture.ts';
import type { OraclePackage } from './oracle-package.ts';
import { firstHeader, nodeHeaders } from './requests.ts';

const CSP = 'content-security-policy';

/**
 * 08a2456 (#496): v6 splits every CSP header value and every meta CSP on commas into separate
 * policies (trimmed; an empty piece is an empty policy, which makes the CSP invalid). v4 takes a
 * list of values as a list of policies, so it is handed the split list.
 */
export function splitCspPolicies(values: string[]): string[] {
  return values.flatMap((value) => value.split(',').map((policy) => policy.trim()));
}

/** The folded headers of the graded response as v4 must read them to answer as v6. */
export function autoHeadersForV4(headers: Record<string, string | string[]>): Record<string, string | string[]> {
  const view = { ...headers };
  const csp = view[CSP];
  if (csp !== undefined) view[CSP] = splitCspPolicies([csp].flat());
  // 6bcf71e (#302): the SRI test treats an empty media type (no Content-Type, an empty one, or
  // only parameters) as HTML. Only the SRI test reads Content-Type, and whether meta tags are read
  // is decided by the retriever from the original header (unchanged), so v4 is shown text/html.
  if ((firstHeader(view, 'content-type') ?? '').split(';', 1)[0] === '') view['content-type'] = 'text/html';
  return view;
}

export function httpEquivForV4(httpEquiv: Map<string, string[]>): Map<string, string[]> {
  const view = new Map(httpEquiv);
  const csp = view.get(CSP);
  if (csp) view.set(CSP, splitCspPolicies(csp));
  return view;
}

/**
 * Whether v6's parser call (`collectElements(data || "", "script")`) throws on a value, asked of
 * htmlparser2 12 itself: it reads a non-string by its `length`, so an empty array, or an object
 * whose length is 0, is no text at all, and anything else fails.
 */
function parserThrows(body: unknown): boolean {
  try {
    const parser = new Parser({}, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true });
    parser.write(body as string);
    parser.end();
    return false;
  } catch {
    return true;
  }
}

/**
 * 4b4204e (#419): v6 hands the body to htmlparser2, and the SRI test answers `html-not-parseable`
 * when it throws. axios parses every body that is valid JSON (whatever its type), so `{…}`, `[…]`,
 * a number or `true` reach the parser as non-strings; falsy values (`0`, `false`, `null`) read as
 * "". v4 (jsdom) turned them into text. Only when the SRI test reads the body at all: an HTML
 * media type or an empty one (6bcf71e).
 */
export function sriOverride(
  oracle: OraclePackage,
  capture: SecurityHeadersCapture,
  body: unknown,
): 'html-not-parseable' | null {
  const session = capture.https ?? capture.http;
  const hop = session?.chain.at(-1);
  if (!hop || !body || typeof body === 'string' || !parserThrows(body)) return null;
  const mime = (firstHeader(nodeHeaders(hop.headers), 'content-type') ?? '').split(';', 1)[0]!;
  return mime === '' || oracle.HTML_TYPES.has(mime) ? 'html-not-parseable' : null;
}

/** 102df60 (#332): DENY and SAMEORIGIN score +5 in v6 (0 in v4); no other shared modifier changed. */
export const V6_MODIFIERS: Readonly<Record<string, number>> = { 'x-frame-options-sameorigin-or-deny': 5 };

/**
 * 6bcf71e (#302): v6's redirection test throws on a chain through a host name without a dot
 * (`localhost`) or an IPv6 literal (`Site.fromSiteString`), so v6 grades no such site at all.
 */
export function v6RedirectionThrows(capture: SecurityHeadersCapture): boolean {
  if (!capture.http) return false;
  return capture.http.chain.some((hop) => {
    const host = new URL(hop.url).hostname;
    return !host.includes('.') || host.startsWith('[');
  });
}

/**
 * Markup on which v4's jsdom and v6's htmlparser2 read scripts or meta tags differently
 * (4b4204e): template contents, noscript (meta), SVG scripts, src attributes that jsdom
 * normalises (scheme case, surrounding white space), and CSS in style attributes that jsdom
 * rejects. A page without any of these reads the same in both; one with them needs a v4 twin.
 */
const PARSER_SENSITIVE = /<\s*(?:template|noscript|svg)\b|\ssrc\s*=\s*["']?(?:\s|[a-z]*[A-Z])|style\s*=\s*["'][^"']*@/i;

export function htmlParsersAgree(html: string): boolean {
  return !PARSER_SENSITIVE.test(html);
}
