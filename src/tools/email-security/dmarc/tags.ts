/**
 * The DMARC tags as data: what each one means (RFC 9989 §4.7) and accepts (§4.8), its default, and the tags
 * RFC 9989 removed (`pct`, `rf`, `ri`) that RFC 7489 receivers still read. Tag names and
 * keyword values compare case-insensitively (ABNF literal strings).
 */

export type DmarcPolicy = 'none' | 'quarantine' | 'reject';

const POLICIES: readonly DmarcPolicy[] = ['none', 'quarantine', 'reject'];

/** Weakest to strongest, to compare policies (e.g. `sp` against `p`). */
export const POLICY_STRENGTH: Readonly<Record<DmarcPolicy, number>> = { none: 0, quarantine: 1, reject: 2 };

export interface DmarcTagRule {
  /**
   * keyword: one of `values`; keywords: a `:`-separated list of `values`; integer: in [min, max];
   * uris: a report URI list.
   */
  kind: 'version' | 'keyword' | 'keywords' | 'integer' | 'uris';
  values?: readonly string[];
  /** keywords: values that must not appear together. */
  exclusive?: readonly string[];
  min?: number;
  max?: number;
  /** What receivers assume when the tag is absent (or invalid). */
  default?: string;
  /** Removed in RFC 9989; RFC 7489 receivers still read it. */
  removed?: true;
  /** For people: what the tag means. */
  meaning: string;
}

export const DMARC_TAGS: Readonly<Record<string, DmarcTagRule>> = {
  v: { kind: 'version', meaning: 'version (must be DMARC1, first)' },
  p: { kind: 'keyword', values: POLICIES, meaning: 'policy for the domain' },
  sp: { kind: 'keyword', values: POLICIES, meaning: 'policy for existing subdomains (default: p)' },
  np: { kind: 'keyword', values: POLICIES, meaning: 'policy for non-existent subdomains (default: sp, then p)' },
  psd: { kind: 'keyword', values: ['y', 'n', 'u'], default: 'u', meaning: 'public suffix domain flag' },
  t: { kind: 'keyword', values: ['y', 'n'], default: 'n', meaning: 'testing mode (y: receivers apply one step less)' },
  adkim: { kind: 'keyword', values: ['r', 's'], default: 'r', meaning: 'DKIM alignment (relaxed or strict)' },
  aspf: { kind: 'keyword', values: ['r', 's'], default: 'r', meaning: 'SPF alignment (relaxed or strict)' },
  fo: {
    kind: 'keywords',
    values: ['0', '1', 'd', 's'],
    exclusive: ['0', '1'],
    default: '0',
    meaning: 'failure reporting options',
  },
  rua: { kind: 'uris', meaning: 'aggregate report destinations' },
  ruf: { kind: 'uris', meaning: 'failure report destinations' },
  pct: {
    kind: 'integer',
    min: 0,
    max: 100,
    default: '100',
    removed: true,
    meaning: 'percentage of failing mail the policy applies to (RFC 7489)',
  },
  rf: {
    kind: 'keywords',
    values: ['afrf'],
    default: 'afrf',
    removed: true,
    meaning: 'failure report format (RFC 7489)',
  },
  ri: {
    kind: 'integer',
    min: 0,
    max: 4294967295,
    default: '86400',
    removed: true,
    meaning: 'aggregate report interval (RFC 7489)',
  },
};

/** Why `value` is not acceptable for the tag; null when it is (URI lists are checked elsewhere). */
export function tagValueProblem(rule: DmarcTagRule, value: string): string | null {
  const lower = value.toLowerCase();
  switch (rule.kind) {
    case 'keyword':
      return rule.values!.includes(lower) ? null : `expected one of ${rule.values!.join(', ')}`;
    case 'keywords': {
      const items = lower.split(':').map((item) => item.trim());
      const bad = items.filter((item) => !rule.values!.includes(item));
      if (bad.length > 0)
        return (
          `${bad.map((b) => JSON.stringify(b)).join(', ')} not among ${rule.values!.join(', ')} ` +
          '(separate values with ":")'
        );
      return rule.exclusive?.every((item) => items.includes(item))
        ? `${rule.exclusive.join(' and ')} are mutually exclusive`
        : null;
    }
    case 'integer': {
      if (!/^[0-9]+$/.test(value)) return 'expected a whole number';
      const number = Number(value);
      return number >= (rule.min ?? 0) && number <= (rule.max ?? Number.MAX_SAFE_INTEGER)
        ? null
        : `expected a number from ${rule.min} to ${rule.max}`;
    }
    case 'version':
    case 'uris':
      return null;
  }
}
