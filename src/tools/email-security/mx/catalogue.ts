/**
 * Every MX finding: its severity, title, advice and the RFC section behind it. analyze.ts decides
 * which apply and with what evidence.
 */
import { lookupFailed, TRY_AGAIN_THEN_NAME_SERVERS } from '../common-findings.ts';
import { findingsFrom, type Catalogue } from '../finding.ts';

const NULL_MX = 'RFC 7505 §3';
const MAIL_HOSTS = 'RFC 5321 §5.1';
const DANGLING = 'Remove MX records for hosts that no longer exist, or give them addresses.';

export const MX_FINDINGS = {
  'mx-lookup-failed': lookupFailed('MX', { recommendation: TRY_AGAIN_THEN_NAME_SERVERS }),
  'mx-domain-missing': {
    severity: 'high',
    title: 'The domain does not exist (NXDOMAIN)',
    recommendation: 'Check the domain name and its delegation.',
    rfc: 'RFC 8020 §2',
  },
  'mx-none': {
    severity: 'medium',
    title: "No MX records: mail falls back to the domain's own address",
    recommendation: 'Publish MX records for your mail hosts, or a null MX ("MX 0 .") if the domain receives no mail.',
    rfc: MAIL_HOSTS,
  },
  'mx-none-parked': {
    severity: 'low',
    title: 'No MX records on a domain whose SPF says it sends no mail',
    recommendation: 'Publish a null MX ("MX 0 .") to say explicitly that the domain accepts no mail.',
    rfc: NULL_MX,
  },
  'mx-null': {
    severity: 'info',
    title: 'Null MX: the domain accepts no mail',
    recommendation: 'Nothing to do if the domain should receive no mail.',
    rfc: NULL_MX,
  },
  'mx-null-with-senders': {
    severity: 'high',
    title:
      'A null MX says the domain handles no mail, yet its SPF record authorizes senders: ' +
      'receivers may refuse that mail, and bounces to it cannot be delivered',
    recommendation:
      'If the domain sends mail, publish real MX hosts that accept bounces; if not, publish "v=spf1 -all".',
    rfc: 'RFC 7505 §4.2',
  },
  'mx-null-preference': {
    severity: 'low',
    title: 'The null MX has a preference other than 0',
    recommendation: 'Publish the null MX as "MX 0 .".',
    rfc: NULL_MX,
  },
  'mx-null-mixed': {
    severity: 'high',
    title: 'A null MX is published alongside other MX records',
    recommendation: 'Publish either the single null MX "0 ." (no mail) or only real mail hosts, not both.',
    rfc: NULL_MX,
  },
  'mx-ip-literal': {
    severity: 'high',
    title: 'An MX record points at an IP address instead of a host name',
    recommendation: 'Point MX records at host names that have A/AAAA records.',
    rfc: MAIL_HOSTS,
  },
  'mx-all-dangling': {
    severity: 'critical',
    title: 'No MX host has an address: mail to this domain cannot be delivered',
    recommendation: DANGLING,
    rfc: MAIL_HOSTS,
  },
  'mx-dangling': {
    severity: 'high',
    title: 'Some MX hosts have no A or AAAA record',
    recommendation: DANGLING,
    rfc: MAIL_HOSTS,
  },
  'mx-host-unresolved': {
    severity: 'info',
    title: 'The addresses of some MX hosts could not be checked',
    recommendation: 'Nothing to do if the hosts resolve; the check could not confirm it.',
  },
  'mx-cname': {
    severity: 'low',
    title: 'An MX host name is an alias (CNAME)',
    recommendation: 'Point the MX record at the canonical host name instead of an alias.',
    rfc: 'RFC 2181 §10.3',
  },
  'mx-duplicate-host': {
    severity: 'info',
    title: 'A host is listed in several MX records',
    recommendation: 'Keep one MX record per host.',
  },
  'mx-many': {
    severity: 'low',
    title: 'More than 10 MX records',
    recommendation: 'Keep at most 10 MX records: an SPF "mx" mechanism fails beyond 10.',
    rfc: 'RFC 7208 §4.6.4',
  },
} as const satisfies Catalogue;

/** An MX finding: its id and evidence. */
export const mxFinding = findingsFrom(MX_FINDINGS);
