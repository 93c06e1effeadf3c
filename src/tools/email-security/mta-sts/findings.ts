/**
 * MTA-STS findings about the policy fetch (status, content type, size, redirects, TLS) and the
 * policy itself (syntax, mode, max_age, MX coverage, repeated and unknown fields).
 */
import type { PolicyFetch } from '../capture.ts';
import { finding } from '../finding.ts';
import type { Finding } from '../section.ts';
import { MAX_POLICY_AGE_SECONDS, SHORT_POLICY_AGE_SECONDS, type StsPolicy } from './policy.ts';

/** Why the fetched file is not a usable policy response; null when it is. */
export function fetchProblem(fetch: PolicyFetch): Finding | null {
  const evidence = [
    `GET ${fetch.url}`,
    ...(fetch.status !== null ? [`HTTP ${fetch.status}`] : []),
    ...(fetch.error ? [`error: ${fetch.error}`] : []),
  ];
  if (fetch.error === 'redirect')
    return finding(
      'mta-sts-policy-redirect',
      'high',
      'The policy URL redirects; senders must not follow redirects',
      [...evidence, ...fetch.redirects.map((r) => `Location: ${r}`)],
      'Serve the policy directly at https://mta-sts.<domain>/.well-known/mta-sts.txt with status 200.',
      'RFC 8461 §3.3',
    );
  if (fetch.error === 'too-large')
    return finding(
      'mta-sts-policy-too-large',
      'high',
      'The policy file is larger than 64 KiB',
      evidence,
      'Serve a short policy file.',
      'RFC 8461 §3.3',
    );
  if (fetch.error === 'tls')
    return finding(
      'mta-sts-policy-tls',
      'high',
      'The policy host has no valid certificate',
      evidence,
      'Serve mta-sts.<domain> over HTTPS with a certificate valid for that name.',
      'RFC 8461 §3.3',
    );
  if (fetch.error !== null || fetch.body === null)
    return finding(
      'mta-sts-policy-unreachable',
      'high',
      'The policy file could not be fetched',
      evidence,
      'Serve the policy at https://mta-sts.<domain>/.well-known/mta-sts.txt.',
      'RFC 8461 §3.3',
    );
  if (fetch.status !== 200)
    return finding(
      'mta-sts-policy-status',
      'high',
      `The policy URL answered HTTP ${fetch.status}`,
      evidence,
      'Serve the policy file with status 200.',
      'RFC 8461 §3.3',
    );
  return null;
}

export function policyFindings(policy: StsPolicy, fetch: PolicyFetch, uncovered: string[], hosts: string[]): Finding[] {
  const findings: Finding[] = [];
  const where = `policy at ${fetch.url}`;
  if (!/^text\/plain\s*(;|$)/i.test(fetch.contentType ?? '')) {
    findings.push(
      finding(
        'mta-sts-policy-content-type',
        'medium',
        'The policy is not served as text/plain',
        [`Content-Type: ${fetch.contentType ?? '(none)'}`],
        'Serve the policy with Content-Type: text/plain.',
        'RFC 8461 §3.2',
      ),
    );
  }
  if (!policy.valid) {
    findings.push(
      finding(
        'mta-sts-policy-invalid',
        'high',
        'The policy file is not valid',
        [where, ...policy.problems],
        'Publish "version: STSv1", "mode:", "max_age:" and one "mx:" line per MX host.',
        'RFC 8461 §3.2',
      ),
    );
  }
  if (policy.mode === 'testing')
    findings.push(
      finding(
        'mta-sts-mode-testing',
        'low',
        'The policy is in testing mode: failures are only reported',
        [`${where}: mode: testing`],
        'Switch to mode: enforce once TLS reports show no failures.',
        'RFC 8461 §5',
      ),
    );
  if (policy.mode === 'none')
    findings.push(
      finding(
        'mta-sts-mode-none',
        'medium',
        'The policy mode is none: MTA-STS is switched off',
        [`${where}: mode: none`],
        'Use mode: testing, then enforce; mode none is meant for withdrawing a policy.',
        'RFC 8461 §5',
      ),
    );
  if (policy.maxAge !== null && policy.maxAge > MAX_POLICY_AGE_SECONDS) {
    findings.push(
      finding(
        'mta-sts-max-age-too-long',
        'medium',
        `max_age is above the maximum of ${MAX_POLICY_AGE_SECONDS} seconds`,
        [`${where}: max_age: ${policy.maxAge}`],
        `Use at most ${MAX_POLICY_AGE_SECONDS} (a year); senders cap it anyway.`,
        'RFC 8461 §3.2',
      ),
    );
  } else if (policy.maxAge !== null && policy.maxAge < SHORT_POLICY_AGE_SECONDS && policy.mode !== 'none') {
    findings.push(
      finding(
        'mta-sts-max-age-short',
        'low',
        'max_age is under a day: the policy protects little between fetches',
        [`${where}: max_age: ${policy.maxAge}`],
        'Use a max_age of weeks (e.g. 604800 or more) once the policy is stable.',
        'RFC 8461 §3.2',
      ),
    );
  }
  if (uncovered.length > 0 && policy.mode === 'enforce') {
    findings.push(
      finding(
        'mta-sts-mx-not-covered',
        'critical',
        uncovered.length === hosts.length
          ? 'No MX host matches the enforced policy: senders that apply MTA-STS deliver no mail to the domain'
          : 'Some MX hosts match no mx pattern of the enforced policy: senders that apply MTA-STS refuse them',
        [...uncovered.map((h) => `MX ${h}`), `patterns: ${policy.mx.join(', ') || '(none)'}`],
        'Add an mx: line for every MX host (or switch to mode: testing until the policy is right).',
        'RFC 8461 §4.1, §5',
      ),
    );
  } else if (uncovered.length > 0 && policy.mode === 'testing') {
    findings.push(
      finding(
        'mta-sts-mx-not-covered',
        'medium',
        'Some MX hosts match no mx pattern in the policy; in enforce mode senders would refuse them',
        [...uncovered.map((h) => `MX ${h}`), `patterns: ${policy.mx.join(', ') || '(none)'}`],
        'Add an mx: line for every MX host before switching to mode: enforce.',
        'RFC 8461 §4.1, §5',
      ),
    );
  }
  if (policy.notes.length > 0) {
    findings.push(
      finding(
        'mta-sts-repeated-fields',
        'low',
        'Policy fields are repeated: senders use the first of each',
        [where, ...policy.notes],
        'Keep one version:, mode: and max_age: line.',
        'RFC 8461 §3.2',
      ),
    );
  }
  if (policy.extensions.length > 0) {
    findings.push(
      finding(
        'mta-sts-policy-extensions',
        'info',
        'The policy has fields MTA-STS does not define',
        [`${where}: ${policy.extensions.join(', ')}`],
        'Remove fields senders ignore (check for typos).',
        'RFC 8461 §3.2',
      ),
    );
  }
  if (hosts.length === 0 && policy.mode !== 'none') {
    findings.push(
      finding(
        'mta-sts-no-mx',
        'info',
        'An MTA-STS policy is published but the domain has no MX hosts',
        [where],
        'Nothing to check the policy against.',
      ),
    );
  }
  return findings;
}
