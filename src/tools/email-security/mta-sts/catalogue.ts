/**
 * Every MTA-STS finding: its severity, title, advice and the RFC section behind it. analyze.ts
 * (the TXT record) and findings.ts (the policy fetch and the policy) decide which apply and with
 * what evidence.
 */
import { lookupFailed, severalRecords } from '../common-findings.ts';
import { findingsFrom, type Catalogue } from '../finding.ts';
import { MAX_POLICY_AGE_SECONDS } from './policy.ts';

/** The policy's format and its fetch. */
const POLICY = 'RFC 8461 §3.2';
const FETCH = 'RFC 8461 §3.3';

export const MTA_STS_FINDINGS = {
  'mta-sts-lookup-failed': lookupFailed('MTA-STS'),
  'mta-sts-missing': {
    severity: 'low',
    title: 'No MTA-STS record',
    recommendation: ({ name, domain }: { name: string; domain: string }) =>
      `Publish "v=STSv1; id=<date>" at ${name} and a policy at https://mta-sts.${domain}/.well-known/mta-sts.txt.`,
    rfc: 'RFC 8461 §3',
  },
  'mta-sts-multiple': severalRecords({ name: 'MTA-STS', version: 'v=STSv1', who: 'senders', rfc: 'RFC 8461 §3.1' }),
  'mta-sts-record-invalid': {
    severity: 'high',
    title: 'The MTA-STS record is not valid',
    recommendation: ({ name }: { name: string }) => `Publish "v=STSv1; id=<1–32 letters or digits>" at ${name}.`,
    rfc: 'RFC 8461 §3.1',
  },
  'mta-sts-repeated-fields': {
    severity: 'low',
    rfc: POLICY,
    cases: {
      record: {
        title: 'The MTA-STS record repeats id=: senders use the first',
        recommendation: 'Keep one id= field, and change it whenever the policy changes.',
      },
      policy: {
        title: 'Policy fields are repeated: senders use the first of each',
        recommendation: 'Keep one version:, mode: and max_age: line.',
      },
    },
  },
  'mta-sts-policy-not-fetched': {
    severity: 'info',
    title: 'The policy file was not fetched',
    recommendation: 'Scan again to check the policy file.',
  },
  'mta-sts-policy-redirect': {
    severity: 'high',
    title: 'The policy URL redirects; senders must not follow redirects',
    recommendation: 'Serve the policy directly at https://mta-sts.<domain>/.well-known/mta-sts.txt with status 200.',
    rfc: FETCH,
  },
  'mta-sts-policy-too-large': {
    severity: 'high',
    title: 'The policy file is larger than 64 KiB',
    recommendation: 'Serve a short policy file.',
    rfc: FETCH,
  },
  'mta-sts-policy-tls': {
    // Senders that cannot fetch the policy apply none (RFC 8461 §3.3): mail is delivered as without it.
    severity: 'medium',
    title: 'The policy host has no valid certificate',
    recommendation: 'Serve mta-sts.<domain> over HTTPS with a certificate valid for that name.',
    rfc: FETCH,
  },
  'mta-sts-policy-unreachable': {
    // Senders that cannot fetch the policy apply none (RFC 8461 §3.3): mail is delivered as without it.
    severity: 'medium',
    title: 'The policy file could not be fetched',
    recommendation: 'Serve the policy at https://mta-sts.<domain>/.well-known/mta-sts.txt.',
    rfc: FETCH,
  },
  'mta-sts-policy-status': {
    // Senders that cannot fetch the policy apply none (RFC 8461 §3.3): mail is delivered as without it.
    severity: 'medium',
    title: ({ status }: { status: number | null }) => `The policy URL answered HTTP ${status}`,
    recommendation: 'Serve the policy file with status 200.',
    rfc: FETCH,
  },
  'mta-sts-policy-content-type': {
    severity: 'medium',
    title: 'The policy is not served as text/plain',
    recommendation: 'Serve the policy with Content-Type: text/plain.',
    rfc: POLICY,
  },
  'mta-sts-policy-invalid': {
    severity: 'high',
    title: 'The policy file is not valid',
    recommendation: 'Publish "version: STSv1", "mode:", "max_age:" and one "mx:" line per MX host.',
    rfc: POLICY,
  },
  'mta-sts-mode-testing': {
    severity: 'low',
    title: 'The policy is in testing mode: failures are only reported',
    recommendation: 'Switch to mode: enforce once TLS reports show no failures.',
    rfc: 'RFC 8461 §5',
  },
  'mta-sts-mode-none': {
    severity: 'medium',
    title: 'The policy mode is none: MTA-STS is switched off',
    recommendation: 'Use mode: testing, then enforce; mode none is meant for withdrawing a policy.',
    rfc: 'RFC 8461 §5',
  },
  'mta-sts-max-age-too-long': {
    severity: 'medium',
    title: `max_age is above the maximum of ${MAX_POLICY_AGE_SECONDS} seconds`,
    recommendation: `Use at most ${MAX_POLICY_AGE_SECONDS} (a year); senders cap it anyway.`,
    rfc: POLICY,
  },
  'mta-sts-max-age-short': {
    severity: 'low',
    title: 'max_age is under a day: the policy protects little between fetches',
    recommendation: 'Use a max_age of weeks (e.g. 604800 or more) once the policy is stable.',
    rfc: POLICY,
  },
  'mta-sts-mx-not-covered': {
    rfc: 'RFC 8461 §4.1, §5, §5.1',
    cases: {
      'enforce-none-covered': {
        severity: 'critical',
        title: 'No MX host matches the enforced policy: MTA-STS senders defer and finally bounce mail to the domain',
        recommendation: 'Add an mx: line for every MX host (or switch to mode: testing until the policy is right).',
      },
      // Senders skip the unmatched hosts and deliver to the matched ones: redundancy is lost, not mail.
      'enforce-some-uncovered': {
        severity: 'medium',
        title: ({ hosts }: { hosts: string[] }) => {
          const one = hosts.length === 1;
          return (
            `MX ${one ? 'host' : 'hosts'} ${hosts.join(', ')} ${one ? 'matches' : 'match'} no mx pattern of the ` +
            `enforced policy: MTA-STS senders skip ${one ? 'it' : 'them'} and deliver to the MX hosts that match`
          );
        },
        recommendation: 'Add an mx: line for every MX host, so that MTA-STS senders can fall back to each of them.',
      },
      testing: {
        severity: 'medium',
        title: 'Some MX hosts match no mx pattern in the policy; in enforce mode senders would refuse them',
        recommendation: 'Add an mx: line for every MX host before switching to mode: enforce.',
      },
    },
  },
  'mta-sts-policy-extensions': {
    severity: 'info',
    title: 'The policy has fields MTA-STS does not define',
    recommendation: 'Remove fields senders ignore (check for typos).',
    rfc: POLICY,
  },
  'mta-sts-no-mx': {
    severity: 'info',
    title: 'An MTA-STS policy is published but the domain has no MX hosts',
    recommendation: 'Nothing to check the policy against.',
  },
} as const satisfies Catalogue;

/** An MTA-STS finding: its id, evidence, and the parameters its words need. */
export const mtaStsFinding = findingsFrom(MTA_STS_FINDINGS);
