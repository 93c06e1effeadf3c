/**
 * What a badge request asks for: the domain in the path and the `style`, `tool`, `format` and
 * `label` query parameters (docs/badge.md). A wrong one gives both a problem (for clients that
 * ask for JSON) and a short error text (for the error badge everyone else gets); neither repeats
 * what the caller sent beyond a plain word.
 */
import type { ProblemOptions } from '../http/problem.ts';
import { normalizeBadgeDomainWith, type PublicSuffixList } from '../net/site-domain.ts';
import type { GradedTool } from '../store/port.ts';
import { TOOL_LABELS, type BadgeError } from './content.ts';
import type { BadgeStyle } from './render.ts';

export type BadgeFormat = 'svg' | 'shields';

export interface BadgeQuery {
  domain: string;
  tool: GradedTool;
  style: BadgeStyle;
  format: BadgeFormat;
  label: string;
}

/** One wrong parameter: the error badge's text and the problem's detail and hint. */
export interface BadParameter {
  badge: BadgeError;
  problem: ProblemOptions;
}

/** The longest `label`, in characters (code points). */
export const MAX_LABEL_LENGTH = 40;

const HINT =
  'Request GET /api/badge/<domain>, e.g. /api/badge/example.com or /api/badge/example.com?style=compact; ' +
  'style is one of default, compact, mini (or flat, flat-square); tool is one of website-security, ' +
  'security-headers, email-security; format=shields for shields.io JSON; label is 1 to 40 characters.';

type Refused = { ok: false; error: BadParameter };
type Parsed<T> = { ok: true; value: T } | Refused;

const bad = (badge: BadgeError, detail: string, extra?: Record<string, unknown>): Refused => ({
  ok: false,
  error: { badge, problem: { detail, hint: HINT, ...(extra ? { extra } : {}) } },
});

interface Choice<T> {
  parameter: 'style' | 'tool' | 'format';
  absent: T;
  /** Accepted spellings and what they mean, in the order the problem lists them. */
  values: ReadonlyMap<string, T>;
  /** The problem member that lists the accepted spellings. */
  listedAs: string;
}

const CHOICES = {
  style: {
    parameter: 'style',
    absent: 'default',
    // shields' names for the two looks the badge copies are accepted too.
    values: new Map<string, BadgeStyle>([
      ['default', 'default'],
      ['compact', 'compact'],
      ['mini', 'mini'],
      ['flat', 'default'],
      ['flat-square', 'compact'],
    ]),
    listedAs: 'allowedStyles',
  } satisfies Choice<BadgeStyle>,
  tool: {
    parameter: 'tool',
    absent: 'website-security',
    values: new Map((Object.keys(TOOL_LABELS) as GradedTool[]).map((tool) => [tool, tool])),
    listedAs: 'allowedTools',
  } satisfies Choice<GradedTool>,
  format: {
    parameter: 'format',
    absent: 'svg',
    // The SVG has no name: it is what the badge is unless shields' JSON is asked for.
    values: new Map<string, BadgeFormat>([['shields', 'shields']]),
    listedAs: 'allowedFormats',
  } satisfies Choice<BadgeFormat>,
};

function choose<T>(choice: Choice<T>, raw: string | string[] | undefined): Parsed<T> {
  const { parameter, values, listedAs } = choice;
  const allowed = [...values.keys()];
  const oneOf = allowed.length === 1 ? allowed[0]! : `one of ${allowed.join(', ')}`;
  const badge = `invalid ${parameter}` as BadgeError;
  if (raw === undefined) return { ok: true, value: choice.absent };
  if (Array.isArray(raw)) return bad(badge, `"${parameter}" was given ${raw.length} times; give it once, as ${oneOf}.`);
  const value = values.get(raw);
  if (value !== undefined) return { ok: true, value };
  const named = /^[\w-]{1,40}$/.test(raw) ? ` "${raw}"` : '';
  return bad(badge, `Unknown badge ${parameter}${named}; "${parameter}" must be ${oneOf}, or absent.`, {
    [listedAs]: allowed,
  });
}

// Controls, format characters (bidi overrides), surrogates, private use, unassigned, line breaks.
const UNPRINTABLE = /[\p{C}\p{Zl}\p{Zp}]/u;

function chooseLabel(raw: string | string[] | undefined, toolLabel: string): Parsed<string> {
  if (raw === undefined) return { ok: true, value: toolLabel };
  if (Array.isArray(raw)) return bad('invalid label', `"label" was given ${raw.length} times; give it once.`);
  const length = [...raw].length;
  if (length === 0 || length > MAX_LABEL_LENGTH)
    return bad('invalid label', `"label" must be 1 to ${MAX_LABEL_LENGTH} characters; it has ${length}.`);
  if (UNPRINTABLE.test(raw))
    return bad('invalid label', '"label" has a control, formatting or unassigned character; use printable text.');
  return { ok: true, value: raw };
}

function chooseDomain(raw: string | undefined, suffixes: PublicSuffixList): Parsed<string> {
  const result = normalizeBadgeDomainWith(suffixes, raw ?? '');
  return result.ok ? { ok: true, value: result.domain } : bad('invalid domain', result.reason);
}

export type BadgeRequest =
  | { ok: true; query: BadgeQuery }
  /** `look` is how to draw the error: the parameters that were right, defaults for the rest. */
  | { ok: false; error: BadParameter; look: Pick<BadgeQuery, 'style' | 'format' | 'label'> };

/**
 * Reads the request. The first wrong parameter, in the order format, style, tool, label, domain,
 * is the one reported.
 */
export function readBadgeRequest(
  domainParameter: string | undefined,
  query: Record<string, string | string[] | undefined>,
  suffixes: PublicSuffixList,
): BadgeRequest {
  const format = choose(CHOICES.format, query.format);
  const style = choose(CHOICES.style, query.style);
  const tool = choose(CHOICES.tool, query.tool);
  const label = chooseLabel(query.label, TOOL_LABELS[tool.ok ? tool.value : CHOICES.tool.absent]);
  const domain = chooseDomain(domainParameter, suffixes);
  if (format.ok && style.ok && tool.ok && label.ok && domain.ok) {
    return {
      ok: true,
      query: { domain: domain.value, tool: tool.value, style: style.value, format: format.value, label: label.value },
    };
  }
  const { error } = [format, style, tool, label, domain].find((p): p is Refused => !p.ok)!;
  const look = {
    format: format.ok ? format.value : CHOICES.format.absent,
    style: style.ok ? style.value : CHOICES.style.absent,
    label: label.ok ? label.value : TOOL_LABELS[tool.ok ? tool.value : CHOICES.tool.absent],
  };
  return { ok: false, error, look };
}
