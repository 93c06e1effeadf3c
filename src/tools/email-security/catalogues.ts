/**
 * Every section's finding catalogue, by the section's name in `result.details.sections`: the one
 * list the result schema publishes the ids from and docs/email-security-grading.md is checked against.
 */
import { BIMI_FINDINGS } from './bimi/catalogue.ts';
import { DKIM_FINDINGS } from './dkim/catalogue.ts';
import { DMARC_FINDINGS } from './dmarc/catalogue.ts';
import { DNSSEC_FINDINGS } from './dnssec/catalogue.ts';
import type { Catalogue } from './finding.ts';
import { MTA_STS_FINDINGS } from './mta-sts/catalogue.ts';
import { MX_FINDINGS } from './mx/catalogue.ts';
import { SPF_FINDINGS } from './spf/catalogue.ts';
import { TLS_RPT_FINDINGS } from './tls-rpt/catalogue.ts';

export const FINDING_CATALOGUES = {
  dmarc: DMARC_FINDINGS,
  spf: SPF_FINDINGS,
  dkim: DKIM_FINDINGS,
  mx: MX_FINDINGS,
  mtaSts: MTA_STS_FINDINGS,
  tlsRpt: TLS_RPT_FINDINGS,
  bimi: BIMI_FINDINGS,
  dnssec: DNSSEC_FINDINGS,
} as const satisfies Record<string, Catalogue>;

type Catalogues = typeof FINDING_CATALOGUES;
export type SectionName = keyof Catalogues;
export type FindingIdOf<S extends SectionName> = keyof Catalogues[S] & string;

/** The ids of one section's findings, in catalogue order. */
export const findingIdsOf = <S extends SectionName>(section: S) =>
  Object.keys(FINDING_CATALOGUES[section]) as FindingIdOf<S>[];

/** Every email-security finding id, section by section. */
export const EMAIL_FINDING_IDS = (Object.keys(FINDING_CATALOGUES) as SectionName[]).flatMap(findingIdsOf);
