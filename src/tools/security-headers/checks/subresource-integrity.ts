import { getDomain } from 'tldts';
import type { CheckContext, Check } from './check-context.ts';
import { sessionStartsOnHttps } from '../parse/headers.ts';
import type { ScriptElement } from '../parse/html-facts.ts';

type Placement = 'same-site' | 'external';

interface ScriptFacts {
  src: string;
  element: ScriptElement;
  placement: Placement;
  secure: boolean;
  integrity: boolean;
}

/** What an external script costs, by (integrity, loaded over https); null: nothing to blame. */
const EXTERNAL_OUTCOMES: Record<`${boolean}/${boolean}`, string | null> = {
  'true/true': null,
  'true/false': 'sri-implemented-but-external-scripts-not-loaded-securely',
  'false/true': 'sri-not-implemented-but-external-scripts-loaded-securely',
  'false/false': 'sri-not-implemented-and-external-scripts-not-loaded-securely',
};

/** The model's order, best first: the worst outcome found is the result. */
const ORDER = [
  'sri-implemented-and-all-scripts-loaded-securely',
  'sri-implemented-and-external-scripts-loaded-securely',
  'sri-implemented-but-external-scripts-not-loaded-securely',
  'sri-not-implemented-but-external-scripts-loaded-securely',
  'sri-not-implemented-and-external-scripts-not-loaded-securely',
];

/** External scripts listed in the test data at most. */
const MAX_LISTED = 100;

/**
 * Where a script comes from, read from the attribute as written (the Observatory's rules):
 * `//host/x.js` is external and insecure; a URL starting with `http://` or `https://` (lower-case,
 * no leading space) is same-site when it shares the scanned host's registrable domain; anything
 * else is relative to the page, and secure when the graded session started on https.
 */
function describeScript(
  script: ScriptElement & { src: string },
  context: CheckContext,
  domainOf: (src: string) => string | null,
  siteDomain: string | null,
): ScriptFacts {
  const integrity = Boolean(script.integrity);
  const element = script;
  if (/^\/\/[^/]/.test(script.src))
    return { src: script.src, element, placement: 'external', secure: false, integrity };
  if (/^https?:\/\//.test(script.src)) {
    const placement = domainOf(script.src) === siteDomain ? 'same-site' : 'external';
    return { src: script.src, element, placement, secure: script.src.startsWith('https:'), integrity };
  }
  return { src: script.src, element, placement: 'same-site', secure: sessionStartsOnHttps(context.capture), integrity };
}

function resultOf(scripts: ScriptFacts[]): string {
  const external = scripts.filter((s) => s.placement === 'external');
  const blamed = external
    .map((s) => EXTERNAL_OUTCOMES[`${s.integrity}/${s.secure}`])
    .filter((r): r is string => r !== null);
  if (blamed.length > 0) return blamed.sort((a, b) => ORDER.indexOf(b) - ORDER.indexOf(a))[0]!;
  if (scripts.some((s) => s.placement === 'same-site' && s.integrity && s.secure))
    return 'sri-implemented-and-all-scripts-loaded-securely';
  if (external.length > 0) return 'sri-implemented-and-external-scripts-loaded-securely';
  return 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin';
}

/** Reads the `<script>` elements of the HTML body. */
export const subresourceIntegrityCheck: Check = (context) => {
  const headers = context.auto.headers.pick('content-type');
  const { page } = context;
  if (!page.scriptsRead) return { result: 'sri-not-implemented-response-not-html', data: { scripts: {} }, headers };
  if (page.scripts === null)
    return { result: 'html-not-parseable', data: { scripts: {}, problem: 'the body is JSON, not HTML' }, headers };
  const elements = page.scripts;
  const siteDomain = getDomain(context.site);
  // Pages repeat script URLs; a registrable-domain lookup costs microseconds each.
  const domains = new Map<string, string | null>();
  const domainOf = (src: string): string | null => {
    const known = domains.get(src);
    if (known !== undefined) return known;
    const domain = getDomain(src);
    domains.set(src, domain);
    return domain;
  };
  if (elements.length === 0)
    return { result: 'sri-not-implemented-but-no-scripts-loaded', data: { scripts: {} }, headers };
  const scripts = elements
    .filter((s): s is ScriptElement & { src: string } => Boolean(s.src))
    .map((s) => describeScript(s, context, domainOf, siteDomain));
  const external = scripts.filter((s) => s.placement === 'external');
  const listed = Object.fromEntries(
    external
      .slice(0, MAX_LISTED)
      .map((s) => [s.src, { integrity: s.element.integrity, crossorigin: s.element.crossorigin }]),
  );
  return {
    result: resultOf(scripts),
    data: { scripts: listed, count: elements.length, withSrc: scripts.length, external: external.length },
    headers,
  };
};
