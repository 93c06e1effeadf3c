/**
 * What the apex TXT records say about who sends mail for the domain, as far as the other
 * mechanisms need it: the SPF record (when there is exactly one), the domains it includes or
 * redirects to (to pick DKIM selectors by provider), and whether it says "no mail at all"
 * (`v=spf1 -all`). SPF itself is graded in spf/; this reads only what DKIM and MX need.
 */
import { normalizeName } from '../../net/dns-records.ts';
import type { EmailSecurityCapture, RecordingResolver } from './capture.ts';
import { exchange } from './capture.ts';
import { txtTexts } from './dns-answers.ts';
import { parseSpfRecord, selectSpfRecord } from './spf/parse.ts';

const QUALIFIERS = ['+', '-', '~', '?'];

/** The apex TXT strings (the SPF walk asks the same query; the resolver asks it once). */
export async function retrieveApexTxt(resolver: RecordingResolver, domain: string): Promise<string[]> {
  const result = await resolver.query(domain, 'TXT');
  return result.answers.map((record) => record.text);
}

/** The apex TXT texts as recorded. */
export function apexTxtIn(capture: EmailSecurityCapture): string[] {
  return txtTexts(exchange(capture, capture.domain, 'TXT'));
}

/** The one SPF record among the texts, or null when there is none or more than one. */
export function spfRecordIn(texts: string[]): string | null {
  const selection = selectSpfRecord(texts);
  return selection.kind === 'one' ? selection.record : null;
}

/**
 * Targets of well-formed `include:` and `redirect=` terms (normalised; macros skipped: they cannot
 * name a provider).
 */
export function spfIncludedDomains(spf: string): string[] {
  if (spfRecordIn([spf]) === null) return [];
  // Only these terms can name a provider: parsing them alone keeps a record of 60,000 other terms cheap.
  const delegating = spf.split(' ').filter((token) => {
    const lower = token.toLowerCase();
    return (
      lower.startsWith('redirect=') ||
      (QUALIFIERS.includes(lower[0] ?? '') ? lower.slice(1) : lower).startsWith('include:')
    );
  });
  return parseSpfRecord(['v=spf1', ...delegating].join(' ')).terms.flatMap((term) => {
    const target =
      term.kind === 'mechanism'
        ? term.name === 'include'
          ? term.domainSpec
          : null
        : term.name === 'redirect'
          ? term.value
          : null;
    return target && !target.raw.includes('%') ? [normalizeName(target.raw)] : [];
  });
}

/** The record authorizes nobody: exactly `v=spf1 -all` (case and surrounding spaces aside). */
export function spfSendsNothing(spf: string | null): boolean {
  return spf !== null && /^v=spf1\s+-all$/i.test(spf.trim());
}
