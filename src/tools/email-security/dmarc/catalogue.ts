/**
 * Every DMARC finding: its severity, title, advice and the RFC section behind it. analyze.ts,
 * discovery-findings.ts and findings.ts decide which apply and with what evidence.
 */
import { lookupFailed, severalRecords } from '../common-findings.ts';
import { findingsFrom, type Catalogue } from '../finding.ts';
import type { DmarcPolicy as Policy } from './tags.ts';

/** Tag meanings; the grammar and what happens to syntax errors; policy discovery and its fallback. */
const TAGS = 'RFC 9989 §4.7';
const SYNTAX = 'RFC 9989 §4.8';
const DISCOVERY = 'RFC 9989 §4.10.1';

/** Why receivers act as if p=none or ignore the record (DmarcRecord.policyFallback). */
const fallbackTitle =
  (consequence: string) =>
  ({ fallback }: { fallback: readonly string[] }) =>
    `${fallback.join(', ')}${consequence}`;

const VALID_POLICIES = '(sp= and np= only as none, quarantine or reject).';

export const DMARC_FINDINGS = {
  'dmarc-lookup-failed': lookupFailed('DMARC', {
    recommendation: 'Try again later; if it persists, check the name servers of the domain.',
  }),
  'dmarc-missing': {
    severity: 'high',
    title: 'No DMARC record: receivers apply no policy to mail that fails SPF and DKIM',
    recommendation: ({ name, domain }: { name: string; domain: string }) =>
      `Publish a TXT record at ${name}, e.g. "v=DMARC1; p=none; rua=mailto:dmarc@${domain}", then tighten it.`,
    rfc: DISCOVERY,
  },
  'dmarc-malformed': {
    rfc: TAGS,
    cases: {
      'no-record': {
        severity: 'high',
        title: ({ problem }: { problem: string }) =>
          `No DMARC record is read: the TXT record meant as one ${problem}, so receivers discard it`,
        recommendation: ({ fix }: { fix: string }) => `${fix}.`,
      },
      'beside-a-record': {
        severity: 'low',
        title: ({ problem }: { problem: string }) => `A DMARC-like record is ignored: it ${problem}`,
        recommendation:
          'Remove it: receivers read the DMARC record beside it, and a second valid one would make them discard both.',
      },
    },
  },
  'dmarc-multiple': severalRecords({
    name: 'DMARC',
    version: 'v=DMARC1',
    who: 'receivers',
    verb: 'discard',
    at: '_dmarc',
    rfc: 'RFC 9989 §4.10',
  }),
  'dmarc-spf-at-dmarc': {
    severity: 'low',
    title: 'An SPF record answers at _dmarc (often a wildcard TXT record)',
    recommendation: 'Remove the SPF record at _dmarc, or the wildcard that produces it.',
  },
  'dmarc-unrelated-txt': {
    severity: 'info',
    title: 'Other TXT records at _dmarc',
    recommendation: 'Remove TXT records at _dmarc that are not the DMARC record.',
  },
  'dmarc-at-apex': {
    title: 'A DMARC record is published at the domain itself, where receivers never look',
    recommendation: ({ name }: { name: string }) => `Publish it at ${name} instead.`,
    rfc: DISCOVERY,
    cases: {
      'no-record-at-dmarc': { severity: 'high' },
      'beside-a-record-at-dmarc': { severity: 'low' },
    },
  },
  'dmarc-inherited': {
    recommendation: ({ name }: { name: string }) => `Publish your own record at ${name} to control the policy.`,
    rfc: DISCOVERY,
    cases: {
      organizational: {
        severity: 'info',
        title: ({ from }: { from: string }) => `The policy is inherited from the organizational domain ${from}`,
      },
      'public-suffix': {
        severity: 'medium',
        title: ({ from }: { from: string }) =>
          `The policy comes from the public suffix ${from} (psd=y): receivers that do not implement ` +
          'RFC 9989 public-suffix discovery (RFC 7489 receivers) apply no DMARC policy to this domain',
      },
    },
  },
  'dmarc-psd-self': {
    severity: 'medium',
    title: 'The record declares the domain a public suffix (psd=y)',
    recommendation: 'Remove psd=y unless the domain really is a public suffix operated for others.',
    rfc: TAGS,
  },
  'dmarc-syntax': {
    severity: 'medium',
    title: 'Parts of the record are not tag=value pairs: receivers discard them and apply the rest',
    recommendation:
      'Write every tag as name=value, separated by semicolons; separate several report URIs with commas ' +
      '(rua=mailto:a@example.com,mailto:b@example.com).',
    rfc: SYNTAX,
  },
  'dmarc-tag-invalid': {
    severity: 'medium',
    title: 'Some tags have invalid values, so receivers use their defaults',
    recommendation: 'Correct the values listed.',
    rfc: SYNTAX,
  },
  'dmarc-tag-duplicate': {
    severity: 'high',
    title:
      'Tags appear more than once: under the tag-list rules DMARC adopts the whole record is invalid, ' +
      'and receivers that read it anyway disagree on which value wins',
    recommendation: 'Keep each tag once.',
    rfc: 'RFC 9989 §4.7, RFC 6376 §3.2',
  },
  'dmarc-tag-unknown': {
    severity: 'info',
    title: 'Unknown tags are ignored',
    recommendation: 'Remove tags DMARC does not define (check for typos).',
    rfc: TAGS,
  },
  'dmarc-tag-removed': {
    severity: 'low',
    title: 'Tags removed in RFC 9989 (pct, rf, ri) are still published',
    recommendation: 'Remove them: RFC 9989 receivers ignore them (RFC 7489 receivers still read them).',
    rfc: 'RFC 9989 Appendix C.5.2',
  },
  'dmarc-policy-not-second': {
    severity: 'info',
    title: 'p= is not right after v=DMARC1',
    recommendation: 'Put p= second: RFC 7489 receivers expect it there.',
    rfc: 'RFC 7489 §6.4',
  },
  'dmarc-policy-unusable': {
    severity: 'high',
    title: fallbackTitle(' and there is no valid rua=, so receivers ignore the record'),
    recommendation: `Publish valid policies, e.g. "p=reject" ${VALID_POLICIES}`,
    rfc: DISCOVERY,
  },
  'dmarc-policy-missing': {
    severity: 'medium',
    title: fallbackTitle(': receivers treat the whole record as p=none'),
    recommendation: `Publish valid policies, e.g. "p=reject" right after v=DMARC1 ${VALID_POLICIES}`,
    rfc: DISCOVERY,
  },
  'dmarc-policy-invalid': {
    severity: 'high',
    title: fallbackTitle(': receivers treat the whole record as p=none'),
    recommendation: `Publish valid policies, e.g. "p=reject" right after v=DMARC1 ${VALID_POLICIES}`,
    rfc: DISCOVERY,
  },
  'dmarc-policy-none': {
    severity: 'medium',
    title: 'p=none only monitors: spoofed mail is still delivered',
    recommendation: 'Once reports show your legitimate mail passes, move to p=quarantine and then p=reject.',
    rfc: TAGS,
  },
  'dmarc-policy-quarantine': {
    severity: 'low',
    title: 'p=quarantine sends spoofed mail to spam rather than rejecting it',
    recommendation: 'Move to p=reject when reports show no legitimate mail failing.',
    rfc: TAGS,
  },
  'dmarc-pct-partial': {
    severity: 'medium',
    title: ({ pct, applied }: { pct: string; applied: Policy }) =>
      `pct=${pct}: RFC 7489 receivers apply p=${applied} to only ${Number(pct)} % of failing mail ` +
      'and one step less to the rest',
    recommendation: 'Remove pct= so the policy applies to all failing mail.',
    rfc: 'RFC 7489 §6.3',
  },
  'dmarc-testing': {
    severity: 'medium',
    title: ({ applied }: { applied: Policy }) => `t=y (testing): receivers apply one step less than p=${applied}`,
    recommendation: 'Remove t=y once the policy is proven.',
    rfc: TAGS,
  },
  'dmarc-subdomain-weaker': {
    title: ({ sp, applied }: { sp: Policy; applied: Policy }) => `sp=${sp} leaves subdomains weaker than p=${applied}`,
    recommendation: ({ applied, np }: { applied: Policy; np: Policy | null }) =>
      `Remove sp= or set it to ${applied} so subdomains cannot be spoofed more easily` +
      (np === 'reject'
        ? '; np=reject already covers names that do not exist.'
        : '; np= (names that do not exist) defaults to sp=, so set np=reject too if sp= stays.'),
    rfc: TAGS,
    cases: {
      'sp=none': { severity: 'medium' },
      'sp=quarantine': { severity: 'low' },
    },
  },
  'dmarc-nonexistent-weaker': {
    severity: 'low',
    title: ({ np }: { np: Policy }) => `np=${np} leaves non-existent subdomains weaker than the other policies`,
    recommendation: 'Set np=reject: names that do not exist never send legitimate mail.',
    rfc: TAGS,
  },
  'dmarc-uri-invalid': {
    severity: 'medium',
    title: 'Some report addresses are not valid mailto: URIs',
    recommendation: 'Write report addresses as mailto:reports@example.com, separated by commas.',
    rfc: TAGS,
  },
  'dmarc-uri-size': {
    severity: 'info',
    title: 'The !size suffix on report URIs is obsolete',
    recommendation: 'Drop the !size suffix (RFC 9989 removed it).',
    rfc: SYNTAX,
  },
  'dmarc-no-aggregate-reports': {
    severity: 'low',
    title: 'No aggregate reports requested (rua=)',
    recommendation: 'Add rua=mailto:… to learn who sends mail as your domain before tightening the policy.',
    rfc: TAGS,
  },
  'dmarc-many-rua': {
    severity: 'info',
    title: ({ count }: { count: number }) => `${count} aggregate report destinations`,
    recommendation: 'Keep at most two: receivers may send to the first two only.',
    rfc: 'RFC 7489 §6.2',
  },
  'dmarc-destination-unauthorized': {
    severity: 'medium',
    title: 'External report destinations have not agreed to receive reports',
    recommendation: ({ policyDomain }: { policyDomain: string }) =>
      `Ask each destination to publish "v=DMARC1" at ${policyDomain}._report._dmarc.<their domain>, ` +
      'or use an address in your own domain.',
    rfc: 'RFC 9990 §4',
  },
  'dmarc-destination-unverified': {
    severity: 'info',
    title: 'The authorization of some external report destinations could not be checked',
    recommendation: 'Nothing to do if the destination publishes its authorization; the check could not confirm it.',
    rfc: 'RFC 9990 §4',
  },
  'dmarc-parked-not-reject': {
    severity: 'medium',
    title: 'The domain sends no mail, but its DMARC policy is not reject everywhere',
    recommendation: 'For a domain without mail, publish "v=DMARC1; p=reject; sp=reject".',
    rfc: TAGS,
  },
} as const satisfies Catalogue;

/** A DMARC finding: its id, evidence, and the parameters its words need. */
export const dmarcFinding = findingsFrom(DMARC_FINDINGS);
