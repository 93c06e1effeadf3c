/**
 * Every SPF finding: one id, one severity, one title, one line of advice and the RFC section
 * behind it. findings.ts decides which apply and with what evidence.
 */
import type { Catalogue } from '../finding.ts';
import type { PermerrorReason } from './model.ts';

export const SPF_FINDINGS = {
  'spf-missing': {
    severity: 'high',
    title: 'No SPF record: receivers cannot tell which servers may send mail for the domain',
    recommendation:
      'Publish one TXT record starting "v=spf1" that lists your senders and ends in "-all" ' +
      '(or "v=spf1 -all" if the domain sends no mail).',
    rfc: 'RFC 7208 §4.5',
  },
  'spf-near-miss': {
    rfc: 'RFC 7208 §4.5',
    cases: {
      'no-record': {
        severity: 'high',
        title: ({ problem }: { problem: string }) =>
          `No SPF record is read: the TXT record meant as one ${problem}, so receivers discard it`,
        recommendation: ({ fix }: { fix: string }) => `${fix}.`,
      },
      'beside-a-record': {
        severity: 'low',
        title: ({ problem }: { problem: string }) => `A TXT record looks meant as SPF but is not read: it ${problem}`,
        recommendation:
          'Remove it: receivers read the SPF record beside it, and a second valid one would make both fail.',
      },
    },
  },
  'spf-multiple-records': {
    severity: 'high',
    title: 'More than one SPF record: receivers return permerror',
    recommendation: 'Merge the records into a single "v=spf1" TXT record.',
    rfc: 'RFC 7208 §4.5',
  },
  'spf-syntax-error': {
    severity: 'high',
    title: 'The SPF record has a syntax error: receivers return permerror',
    recommendation: 'Fix the term at the position shown; every term must follow the RFC 7208 grammar.',
    rfc: 'RFC 7208 §4.6, §12',
  },
  'spf-too-many-lookups': {
    severity: 'high',
    title:
      'More than 10 DNS lookups: every sender listed at or past the 11th (a, mx, exists, include, redirect, ip4/ip6) ' +
      'meets permerror instead of pass',
    recommendation:
      'Remove unused includes, replace a/mx with ip4/ip6 ranges, or move ip4/ip6 terms before the includes.',
    rfc: 'RFC 7208 §4.6.4',
  },
  'spf-lookups-near-limit': {
    severity: 'info',
    title: 'The record uses 9 or 10 of the 10 DNS lookups allowed',
    recommendation: 'Leave room before adding another include; a provider adding one lookup would break the record.',
    rfc: 'RFC 7208 §4.6.4',
  },
  'spf-too-many-void-lookups': {
    severity: 'high',
    title: 'More than 2 lookups find nothing (NXDOMAIN or no records): receivers return permerror',
    recommendation: 'Remove mechanisms that point at names without records.',
    rfc: 'RFC 7208 §4.6.4',
  },
  'spf-void-lookups': {
    severity: 'low',
    title: 'Some mechanisms look up names that have no records (void lookups; more than 2 is a permerror)',
    recommendation: 'Remove the mechanisms that point at names without records.',
    rfc: 'RFC 7208 §4.6.4',
  },
  'spf-too-many-mx': {
    severity: 'high',
    title: 'An mx mechanism finds more than 10 MX records: receivers return permerror',
    recommendation: 'List the mail servers with ip4/ip6 instead of mx, or reduce the MX records to 10.',
    rfc: 'RFC 7208 §4.6.4',
  },
  'spf-loop': {
    severity: 'high',
    title: 'An include or redirect leads back to a record already being evaluated: receivers return permerror',
    recommendation: 'Remove the include or redirect that closes the loop.',
    rfc: 'RFC 7208 §4.6.4',
  },
  'spf-include-missing': {
    severity: 'high',
    title: 'An include points at a domain without an SPF record: receivers return permerror',
    recommendation: 'Fix the include target (a typo, or a provider that moved its record) or remove the include.',
    rfc: 'RFC 7208 §5.2',
  },
  'spf-include-invalid': {
    severity: 'high',
    title: 'An included record is invalid (syntax error or several records): receivers return permerror',
    recommendation: 'Have the included domain fix its record, or stop including it.',
    rfc: 'RFC 7208 §5.2',
  },
  'spf-redirect-missing': {
    severity: 'high',
    title: 'The redirect points at a domain without an SPF record: receivers return permerror',
    recommendation: 'Point redirect= at a domain that publishes an SPF record.',
    rfc: 'RFC 7208 §6.1',
  },
  'spf-redirect-invalid': {
    severity: 'high',
    title: 'The redirect target record is invalid (syntax error or several records): receivers return permerror',
    recommendation: 'Fix the record at the redirect target.',
    rfc: 'RFC 7208 §6.1',
  },
  'spf-dns-failure': {
    severity: 'medium',
    title: 'A DNS lookup the SPF check needs failed (SERVFAIL or timeout): receivers return temperror',
    recommendation: 'Check the authoritative DNS servers of the name shown; the record itself was not judged invalid.',
    rfc: 'RFC 7208 §2.6.6, §4.4',
  },
  'spf-plus-all': {
    severity: 'critical',
    title: 'The record ends in "+all": every server on the internet may send as this domain',
    recommendation: 'End the record in "-all" (or "~all") after listing your senders.',
    rfc: 'RFC 7208 §5.1',
  },
  'spf-passes-every-sender': {
    severity: 'critical',
    title:
      'A term matches every sender (e.g. ip4:0.0.0.0/0, a/0, or exists: of a name that always resolves): ' +
      'the record is "+all" in effect',
    recommendation: 'List only your senders (exact ip4/ip6 ranges, a, mx, include) and end the record in "-all".',
    rfc: 'RFC 7208 §5',
  },
  'spf-include-passes-all': {
    severity: 'critical',
    title: 'An included record passes every sender ("+all"), so the include authorizes the whole internet',
    recommendation: 'Remove the include or have its owner end the record in "-all" or "~all".',
    rfc: 'RFC 7208 §5.2',
  },
  'spf-broad-range': {
    severity: 'high',
    title: 'An ip4/ip6 mechanism authorizes a huge address range (IPv4 /8 or wider, IPv6 /16 or wider)',
    recommendation: 'List only the addresses of your actual senders.',
    rfc: 'RFC 7208 §5.6',
  },
  'spf-neutral-all': {
    severity: 'medium',
    title: 'The record ends in "?all" (neutral): mail from unlisted servers gets no SPF verdict',
    recommendation: 'End the record in "-all" or "~all".',
    rfc: 'RFC 7208 §8.2',
  },
  'spf-no-all': {
    severity: 'medium',
    title: 'The record has no "all" and no redirect: unlisted servers get the default, neutral',
    recommendation: 'End the record in "-all" or "~all".',
    rfc: 'RFC 7208 §4.7',
  },
  'spf-softfail-all': {
    severity: 'low',
    title: 'The record ends in "~all" (softfail): unlisted servers are marked suspicious, not rejected',
    recommendation:
      'With DMARC enforcing, "~all" is fine; use "-all" once every sender is listed for the strictest SPF.',
    rfc: 'RFC 7208 §8.5',
  },
  'spf-ptr': {
    severity: 'medium',
    title: 'The record uses ptr, which is slow and unreliable and should not be used',
    recommendation: 'Replace ptr with ip4/ip6 ranges or a/mx.',
    rfc: 'RFC 7208 §5.5',
  },
  'spf-sender-dependent': {
    severity: 'info',
    title:
      'Some terms depend on the sender (macros or ptr): they were counted but could not be checked without a message',
    recommendation: 'Nothing to do if intended; make sure the names they build exist for your senders.',
    rfc: 'RFC 7208 §7',
  },
  'spf-unqueryable-name': {
    severity: 'low',
    title: 'A mechanism names a domain that cannot be looked up (empty or over-long label, spaces)',
    recommendation: 'Correct the domain in the mechanism.',
    rfc: 'RFC 7208 §4.8, §7.3',
  },
  'spf-terms-after-all': {
    severity: 'low',
    title: 'Terms after "all" are never evaluated',
    recommendation: 'Move them before "all" or remove them.',
    rfc: 'RFC 7208 §5.1',
  },
  'spf-redirect-ignored': {
    severity: 'low',
    title: 'redirect= is ignored because the record also has "all"',
    recommendation: 'Remove either the redirect or the "all" mechanism.',
    rfc: 'RFC 7208 §6.1',
  },
  'spf-duplicate-include': {
    severity: 'low',
    title: 'The same domain is included more than once: each include costs lookups again',
    recommendation: 'Keep one include per domain.',
    rfc: 'RFC 7208 §4.6.4',
  },
  'spf-mx-host-without-address': {
    severity: 'low',
    title: 'An MX host named by an mx mechanism has no A or AAAA record',
    recommendation: 'Fix or remove the MX record, or list the senders with ip4/ip6.',
    rfc: 'RFC 7208 §5.4',
  },
  'spf-unknown-modifier': {
    severity: 'info',
    title: 'The record has modifiers RFC 7208 does not define; receivers ignore them',
    recommendation: 'Remove them unless a tool of yours needs them ("default=" is obsolete).',
    rfc: 'RFC 7208 §6',
  },
  'spf-record-too-long': {
    severity: 'low',
    title: 'The record is longer than 450 characters; with other TXT records the answer may exceed 512 bytes',
    recommendation: 'Shorten the record, for instance by moving ranges into an included record.',
    rfc: 'RFC 7208 §3.4',
  },
  'spf-not-retrieved': {
    severity: 'info',
    title:
      'Parts of the SPF tree were not looked up or not read ' +
      '(far past the lookup limit, the query budget ran out, or the records are too large)',
    recommendation: 'Reduce the number of lookups; counts shown are lower bounds.',
    rfc: 'RFC 7208 §4.6.4',
  },
} as const satisfies Catalogue;

export type SpfFindingId = keyof typeof SPF_FINDINGS;

export const PERMERROR_FINDING: Record<PermerrorReason, SpfFindingId> = {
  syntax: 'spf-syntax-error',
  'multiple-records': 'spf-multiple-records',
  'too-many-lookups': 'spf-too-many-lookups',
  'too-many-void-lookups': 'spf-too-many-void-lookups',
  'too-many-mx': 'spf-too-many-mx',
  loop: 'spf-loop',
  'include-missing': 'spf-include-missing',
  'include-invalid': 'spf-include-invalid',
  'redirect-missing': 'spf-redirect-missing',
  'redirect-invalid': 'spf-redirect-invalid',
};
