/**
 * MTA-STS findings about the policy fetch (status, content type, size, redirects, TLS) and the
 * policy itself (syntax, mode, max_age, MX coverage, repeated and unknown fields).
 */
import type { PolicyFetch } from '../capture.ts';
import type { Finding } from '../section.ts';
import { mtaStsFinding } from './catalogue.ts';
import { MAX_POLICY_AGE_SECONDS, SHORT_POLICY_AGE_SECONDS, type StsPolicy } from './policy.ts';

/** Why the fetched file is not a usable policy response; null when it is. */
export function fetchProblem(fetch: PolicyFetch): Finding | null {
  const evidence = [
    `GET ${fetch.url}`,
    ...(fetch.status !== null ? [`HTTP ${fetch.status}`] : []),
    ...(fetch.error ? [`error: ${fetch.error}`] : []),
  ];
  if (fetch.error === 'redirect')
    return mtaStsFinding('mta-sts-policy-redirect', [...evidence, ...fetch.redirects.map((r) => `Location: ${r}`)]);
  if (fetch.error === 'too-large') return mtaStsFinding('mta-sts-policy-too-large', evidence);
  if (fetch.error === 'tls') return mtaStsFinding('mta-sts-policy-tls', evidence);
  if (fetch.error !== null || fetch.body === null) return mtaStsFinding('mta-sts-policy-unreachable', evidence);
  if (fetch.status !== 200) return mtaStsFinding('mta-sts-policy-status', evidence, { status: fetch.status });
  return null;
}

export function policyFindings(policy: StsPolicy, fetch: PolicyFetch, uncovered: string[], hosts: string[]): Finding[] {
  const findings: Finding[] = [];
  const where = `policy at ${fetch.url}`;
  if (!/^text\/plain\s*(;|$)/i.test(fetch.contentType ?? ''))
    findings.push(mtaStsFinding('mta-sts-policy-content-type', [`Content-Type: ${fetch.contentType ?? '(none)'}`]));
  if (!policy.valid) findings.push(mtaStsFinding('mta-sts-policy-invalid', [where, ...policy.problems]));
  if (policy.mode === 'testing') findings.push(mtaStsFinding('mta-sts-mode-testing', [`${where}: mode: testing`]));
  if (policy.mode === 'none') findings.push(mtaStsFinding('mta-sts-mode-none', [`${where}: mode: none`]));
  if (policy.maxAge !== null && policy.maxAge > MAX_POLICY_AGE_SECONDS)
    findings.push(mtaStsFinding('mta-sts-max-age-too-long', [`${where}: max_age: ${policy.maxAge}`]));
  else if (policy.maxAge !== null && policy.maxAge < SHORT_POLICY_AGE_SECONDS && policy.mode !== 'none')
    findings.push(mtaStsFinding('mta-sts-max-age-short', [`${where}: max_age: ${policy.maxAge}`]));
  if (uncovered.length > 0 && (policy.mode === 'enforce' || policy.mode === 'testing')) {
    const evidence = [...uncovered.map((h) => `MX ${h}`), `patterns: ${policy.mx.join(', ') || '(none)'}`];
    findings.push(
      policy.mode === 'testing'
        ? mtaStsFinding('mta-sts-mx-not-covered', evidence, { case: 'testing' })
        : uncovered.length === hosts.length
          ? mtaStsFinding('mta-sts-mx-not-covered', evidence, { case: 'enforce-none-covered' })
          : mtaStsFinding('mta-sts-mx-not-covered', evidence, { case: 'enforce-some-uncovered', hosts: uncovered }),
    );
  }
  if (policy.notes.length > 0)
    findings.push(mtaStsFinding('mta-sts-repeated-fields', [where, ...policy.notes], { case: 'policy' }));
  if (policy.extensions.length > 0)
    findings.push(mtaStsFinding('mta-sts-policy-extensions', [`${where}: ${policy.extensions.join(', ')}`]));
  if (hosts.length === 0 && policy.mode !== 'none') findings.push(mtaStsFinding('mta-sts-no-mx', [where]));
  return findings;
}
