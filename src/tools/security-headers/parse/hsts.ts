/**
 * Strict-Transport-Security parsing (Observatory-compatible) and HSTS preload list resolution: a
 * host is preloaded when it has an entry, or a parent has one with includeSubDomains.
 */
import { normalizeName } from '../../../net/dns-records.ts';
import type { AnalyzeOptions, PreloadAnswer } from '../analysis.ts';
import type { SecurityHeadersCapture } from '../capture.ts';

/** Six months, give or take: 180 days, the value many sites use. */
export const SIX_MONTHS = 15_552_000;

export interface HstsHeader {
  /** The value read (every instance joined with ", "), cut at 1024 characters. */
  value: string;
  maxAge: number | null;
  includeSubDomains: boolean;
  preload: boolean;
  /** Why the header is invalid, when it is. */
  problem: string | null;
}

/**
 * Reads Strict-Transport-Security as browsers do (RFC 6797 §6.1, as Chromium and Firefox apply
 * it): max-age is digits, quoted or not, any number of them (a longer one than fits is taken as
 * the largest); a repeated max-age or includeSubDomains makes the header ignored.
 */
export function parseHsts(raw: string): HstsHeader {
  const value = raw.slice(0, 1024);
  const header: HstsHeader = { value, maxAge: null, includeSubDomains: false, preload: false, problem: null };
  let repeated: string | null = null;
  for (const directive of value.split(';').map((d) => d.trim().toLowerCase())) {
    const [name = '', ...rest] = directive.split('=');
    const argument = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (name.trim() === 'max-age') {
      if (header.maxAge !== null) repeated ??= 'max-age';
      header.maxAge = /^\d+$/.test(argument) ? Math.min(Number(argument), Number.MAX_SAFE_INTEGER) : NaN;
    } else if (directive === 'includesubdomains') {
      if (header.includeSubDomains) repeated ??= 'includeSubDomains';
      header.includeSubDomains = true;
    } else if (directive === 'preload') header.preload = true;
  }
  if (value.includes(',')) header.problem = 'the header is sent more than once';
  else if (repeated !== null) header.problem = `the ${repeated} directive is repeated`;
  else if (header.maxAge === null) header.problem = 'max-age is missing';
  else if (Number.isNaN(header.maxAge)) header.problem = 'max-age is not a number';
  return header;
}

/** The header as the Observatory grades it (its `strict-transport-security` test). */
export interface ModelHsts {
  /** `parseInt` of what follows the first `max-age=` directive: NaN when not a number, null when absent. */
  maxAge: number | null;
  includeSubDomains: boolean;
  preload: boolean;
  /** Why the model calls the header invalid, when it does. */
  problem: string | null;
}

/**
 * Reads Strict-Transport-Security as the Observatory does: the value cut at 1024 characters, a
 * comma anywhere makes it invalid (the header was sent twice), directives are split on ";",
 * trimmed and lower-cased, and `max-age=` must be written without spaces; its value is read with
 * `parseInt` (so `"31536000"`, `abc` or nothing give NaN, which the model counts as at least six
 * months, and `300abc` gives 300). Browsers read the header differently (`parseHsts`).
 */
export function modelHsts(raw: string): ModelHsts {
  const value = raw.slice(0, 1024);
  const header: ModelHsts = { maxAge: null, includeSubDomains: false, preload: false, problem: null };
  for (const directive of value.split(';').map((d) => d.trim().toLowerCase())) {
    if (directive.startsWith('max-age=')) header.maxAge = parseInt(directive.slice(8, 128), 10);
    else if (directive === 'includesubdomains') header.includeSubDomains = true;
    else if (directive === 'preload') header.preload = true;
  }
  if (value.includes(',')) header.problem = 'the header is sent more than once';
  else if (header.maxAge === null) header.problem = 'max-age is missing';
  return header;
}

export type PreloadState = 'preloaded' | 'not-preloaded' | 'unknown';

export interface PreloadResolution {
  state: PreloadState;
  /** The list entry that covers the host (the host itself or a parent with includeSubDomains). */
  via: string | null;
  includeSubDomains: boolean;
}

export type PreloadResolver = (host: string) => PreloadResolution;

/**
 * The names whose preload status decides a host's: the host and every parent down to the
 * top-level domain (TLDs such as dev are preloaded), lower-case, without a trailing dot;
 * a.b.example.com → a.b.example.com, b.example.com, example.com, com. The retriever looks up
 * exactly these, the resolver reads exactly these.
 */
export function preloadCandidates(host: string): string[] {
  const labels = normalizeName(host).split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

/** Resolves preload status from `options.preload` when given, else from `capture.preload`. */
export function preloadResolver(capture: SecurityHeadersCapture, options: AnalyzeOptions): PreloadResolver {
  const recorded = capture.preload;
  const lookup = (host: string): PreloadAnswer | 'unknown' | undefined => {
    if (options.preload) return options.preload(host);
    return recorded?.[host];
  };
  return (host) => {
    const names = preloadCandidates(host);
    let unknown = !options.preload && (recorded === undefined || recorded[names[0]!] === undefined);
    for (const [i, name] of names.entries()) {
      const answer = lookup(name);
      if (answer === 'unknown') unknown = true;
      if (!answer || answer === 'unknown' || !answer.preloaded) continue;
      if (i === 0 || answer.includeSubDomains)
        return { state: 'preloaded', via: name, includeSubDomains: answer.includeSubDomains };
    }
    return { state: unknown ? 'unknown' : 'not-preloaded', via: null, includeSubDomains: false };
  };
}
