/**
 * Realistic mail domains for the email-security end-to-end grading test
 * (test/api/email-security-realistic.integration.test.ts): the zones a domain publishes, the
 * MTA-STS policy its policy host serves, and the grade a careful postmaster would sign for it.
 *
 * The expected grades follow docs/email-security-grading.md (points and caps: +all → F, no DMARC →
 * at most D, SPF permerror → at most C, p=none → at most B) and what receivers actually do with
 * the records, not whatever the code returns.
 *
 * The scenarios live in realistic-mail/, by theme; the provider records they share and the
 * record helpers in realistic-mail/model.ts.
 */
import type { Zones } from './dns-zones.ts';
import { DMARC_DOMAINS } from './realistic-mail/dmarc.ts';
import { PROVIDER_ZONES, type RealisticMailDomain } from './realistic-mail/model.ts';
import { SPF_DOMAINS } from './realistic-mail/spf.ts';
import { TRANSPORT_DOMAINS } from './realistic-mail/transport.ts';
import { WELL_RUN_DOMAINS } from './realistic-mail/well-run.ts';

export type { ExpectedFact, ExpectedFinding, RealisticMailDomain } from './realistic-mail/model.ts';

export const REALISTIC_MAIL_DOMAINS: RealisticMailDomain[] = [
  ...WELL_RUN_DOMAINS,
  ...SPF_DOMAINS,
  ...DMARC_DOMAINS,
  ...TRANSPORT_DOMAINS,
];

/** Every zone the scenarios need, provider records included; a name defined twice is an error. */
export function realisticZones(): Zones {
  const zones: Zones = { ...PROVIDER_ZONES };
  for (const scenario of REALISTIC_MAIL_DOMAINS) {
    for (const [name, entry] of Object.entries(scenario.zones)) {
      if (Object.hasOwn(zones, name)) throw new Error(`${scenario.domain}: ${name} is already defined`);
      zones[name] = entry;
    }
  }
  return zones;
}

/** The MTA-STS policy host of each scenario that serves one, and its policy. */
export function mtaStsPolicies(): Map<string, string> {
  return new Map(
    REALISTIC_MAIL_DOMAINS.flatMap((s) => (s.mtaStsPolicy ? [[`mta-sts.${s.domain}`, s.mtaStsPolicy] as const] : [])),
  );
}
