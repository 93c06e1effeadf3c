/**
 * Seeded fast-check generators of differential cases, one arbitrary per family: SPF in
 * gen-spf.ts, the tag-list records (DMARC, DKIM, BIMI) in gen-tags.ts, MTA-STS in gen-sts.ts.
 * Most cases are well formed enough to reach the deep rules (lookup and void limits, policy
 * fallbacks, key checks, MX matching); the rest sit at the corners of each grammar.
 */
import fc from 'fast-check';
import type { Case, Family } from './cases.ts';
import { SPF_CASE } from './gen-spf.ts';
import { MX_HOST, STS_POLICY, STS_RECORD, VALID_POLICY } from './gen-sts.ts';
import { BIMI, DKIM, DMARC } from './gen-tags.ts';

const ARBITRARIES: Record<Family, fc.Arbitrary<Case>> = {
  spf: SPF_CASE,
  dmarc: DMARC.map((record): Case => ({ family: 'dmarc', record })),
  dkim: DKIM.map((record): Case => ({ family: 'dkim', record })),
  'mta-sts-record': STS_RECORD.map((record): Case => ({ family: 'mta-sts-record', record })),
  'mta-sts-policy': STS_POLICY.map((policy): Case => ({ family: 'mta-sts-policy', policy })),
  'mta-sts-mx': fc.tuple(VALID_POLICY, MX_HOST).map(([policy, host]): Case => ({ family: 'mta-sts-mx', policy, host })),
  bimi: BIMI.map((record): Case => ({ family: 'bimi', record })),
};

/** `count` cases, spread evenly over the families, the same for the same seed. */
export function generateCases(count: number, seed: number): Case[] {
  const families = Object.keys(ARBITRARIES) as Family[];
  return families.flatMap((family, i) => {
    const share = Math.floor(count / families.length) + (i < count % families.length ? 1 : 0);
    return share === 0 ? [] : fc.sample(ARBITRARIES[family], { numRuns: share, seed: seed + i });
  });
}
