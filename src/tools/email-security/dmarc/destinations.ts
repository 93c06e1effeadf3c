/**
 * External report destinations (RFC 9989 §4.7 with RFC 9990 §4 / RFC 7489 §7.1): a `rua`
 * or `ruf` address outside the policy domain's Organizational Domain receives reports only when
 * the destination publishes `<policy-domain>._report._dmarc.<destination-host>` TXT `v=DMARC1`
 * (a wildcard `*._report._dmarc.<host>` answers the same query).
 */
import type { DnsExchange } from '../capture.ts';
import { isDnsFailure, txtTexts } from '../dns-answers.ts';
import type { DmarcSection } from '../result-schema-sections.ts';
import type { DmarcRecord } from './parse.ts';

type DmarcDestinationReport = DmarcSection['destinations'][number];

/** A usable report destination of the record, before its authorization is read. */
export type ReportDestination = Omit<DmarcDestinationReport, 'authorization'>;

type Authorization = NonNullable<DmarcDestinationReport['authorization']>;

function isWithin(host: string, organizationalDomain: string): boolean {
  return host === organizationalDomain || host.endsWith(`.${organizationalDomain}`);
}

function authorizationName(policyDomain: string, host: string): string {
  return `${policyDomain}._report._dmarc.${host}`;
}

/** Every valid mailto: destination of the record, external ones with their authorization name. */
export function reportDestinations(
  record: DmarcRecord,
  policyDomain: string,
  organizationalDomain: string,
): ReportDestination[] {
  const tagged = [
    ...record.rua.map((uri) => ({ tag: 'rua' as const, uri })),
    ...record.ruf.map((uri) => ({ tag: 'ruf' as const, uri })),
  ];
  return tagged
    .filter(({ uri }) => uri.problem === null && uri.host !== null)
    .map(({ tag, uri }) => {
      const external = !isWithin(uri.host!, organizationalDomain);
      return { tag, uri, external, authorizationName: external ? authorizationName(policyDomain, uri.host!) : null };
    });
}

/**
 * External destinations whose authorization is asked, the first ones of the record. Receivers may
 * send reports to as few as two (RFC 7489 §6.2), and a record can name thousands, each one more
 * DNS query of the scan.
 */
export const MAX_AUTHORIZATION_LOOKUPS = 10;

/** The authorization names to ask: distinct, in the record's order, at most `MAX_AUTHORIZATION_LOOKUPS`. */
export function authorizationNames(destinations: ReportDestination[]): string[] {
  const names = new Set<string>();
  for (const { authorizationName } of destinations) {
    if (names.size === MAX_AUTHORIZATION_LOOKUPS) break;
    if (authorizationName) names.add(authorizationName);
  }
  return [...names];
}

/** authorized: a TXT record starting `v=DMARC1`; unknown: the lookup failed or was not made. */
export function readAuthorization(result: DnsExchange | undefined): Authorization {
  if (!result || isDnsFailure(result)) return 'unknown';
  return txtTexts(result).some((text) => /^v\s*=\s*DMARC1(\s*;|\s*$)/i.test(text)) ? 'authorized' : 'unauthorized';
}
