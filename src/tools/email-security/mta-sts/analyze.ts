/**
 * MTA-STS analysis over a capture: the TXT record, the policy fetch (status, content type,
 * size, redirects), the policy's syntax and mode, and whether every MX host matches a policy
 * `mx` pattern (in enforce mode, mail to an unlisted MX is not delivered).
 */
import { exchange, type EmailSecurityCapture, type PolicyFetch } from '../capture.ts';
import { describeExchange, isDnsFailure, quoteRecord, txtTexts } from '../dns-answers.ts';
import { finding, statusFromFindings } from '../finding.ts';
import { readMxFacts, sendsNoMail } from '../mx.ts';
import type { Finding, MtaStsFacts, Section } from '../section.ts';
import {
  MAX_POLICY_AGE_SECONDS,
  parseStsPolicy,
  SHORT_POLICY_AGE_SECONDS,
  uncoveredMx,
  type StsPolicy,
} from './policy.ts';
import { isStsRecord, parseStsRecord, type StsRecord } from './record.ts';
import { mtaStsName } from './retrieve.ts';

export type MtaStsSection = Section & {
  facts: MtaStsFacts;
  record: StsRecord | null;
  policy: StsPolicy | null;
  fetch: PolicyFetch | null;
  /** MX hosts that no policy `mx` pattern matches. */
  uncoveredMx: string[];
};

const NO_FACTS: MtaStsFacts = { record: false, mode: null, policyValid: false, coversAllMx: null, uncoveredMx: 0 };

/** Why the fetched file is not a usable policy response; null when it is. */
function fetchProblem(fetch: PolicyFetch): Finding | null {
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

function policyFindings(policy: StsPolicy, fetch: PolicyFetch, uncovered: string[], hosts: string[]): Finding[] {
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

export function analyzeMtaSts(capture: EmailSecurityCapture, noMail = sendsNoMail(capture)): MtaStsSection {
  const name = mtaStsName(capture.domain);
  const txt = exchange(capture, name, 'TXT');
  const fetch = capture.mtaStsPolicy;
  const mx = readMxFacts(capture);
  const hosts = mx.state === 'mail' ? mx.hosts.map((h) => h.exchange).filter((h) => h !== '.' && h !== '') : [];
  const base = { record: null, policy: null, fetch, uncoveredMx: [] as string[] };
  if (!txt || isDnsFailure(txt)) {
    const evidence = txt ? [describeExchange(txt)] : [`${name} TXT was not looked up`];
    return {
      ...base,
      status: 'error',
      summary: 'The MTA-STS record could not be looked up.',
      records: [],
      findings: [finding('mta-sts-lookup-failed', 'info', 'The MTA-STS lookup failed', evidence, 'Try again later.')],
      facts: NO_FACTS,
    };
  }
  const texts = txtTexts(txt).filter(isStsRecord);
  if (texts.length === 0) {
    if (noMail)
      return {
        ...base,
        status: 'not-applicable',
        summary:
          'The domain declares it takes no part in mail (null MX, or no MX and v=spf1 -all); MTA-STS does not apply.',
        records: [],
        findings: [],
        facts: NO_FACTS,
      };
    return {
      ...base,
      status: 'fail',
      summary: 'No MTA-STS policy: senders may deliver mail without verified TLS.',
      records: [],
      findings: [
        finding(
          'mta-sts-missing',
          'low',
          'No MTA-STS record',
          [describeExchange(txt)],
          `Publish "v=STSv1; id=<date>" at ${name} and a policy at ` +
            `https://mta-sts.${capture.domain}/.well-known/mta-sts.txt.`,
          'RFC 8461 §3',
        ),
      ],
      facts: NO_FACTS,
    };
  }
  const findings: Finding[] = [];
  const record = parseStsRecord(texts[0]!);
  if (texts.length > 1)
    findings.push(
      finding(
        'mta-sts-multiple',
        'high',
        'Several MTA-STS records: senders ignore them all',
        texts.map((t) => `${name}: ${quoteRecord(t)}`),
        'Publish exactly one v=STSv1 record.',
        'RFC 8461 §3.1',
      ),
    );
  else if (!record.valid)
    findings.push(
      finding(
        'mta-sts-record-invalid',
        'high',
        'The MTA-STS record is not valid',
        [`${name}: ${quoteRecord(record.text)}`, ...record.problems],
        `Publish "v=STSv1; id=<1–32 letters or digits>" at ${name}.`,
        'RFC 8461 §3.1',
      ),
    );
  if (texts.length === 1 && record.valid && record.notes.length > 0)
    findings.push(
      finding(
        'mta-sts-repeated-fields',
        'low',
        'The MTA-STS record repeats id=: senders use the first',
        [`${name}: ${quoteRecord(record.text)}`, ...record.notes],
        'Keep one id= field, and change it whenever the policy changes.',
        'RFC 8461 §3.2',
      ),
    );
  const recordOk = texts.length === 1 && record.valid;
  if (!fetch) {
    findings.push(
      finding(
        'mta-sts-policy-not-fetched',
        'info',
        'The policy file was not fetched',
        [`${name}: ${quoteRecord(record.text)}`],
        'Scan again to check the policy file.',
      ),
    );
    return {
      ...base,
      record,
      status: 'error',
      summary: 'The MTA-STS policy file was not fetched.',
      records: texts,
      findings,
      facts: { ...NO_FACTS, record: recordOk },
    };
  }
  const problem = fetchProblem(fetch);
  if (problem) {
    findings.push(problem);
    return {
      ...base,
      record,
      status: 'fail',
      summary: 'The MTA-STS record is published but its policy file is not usable.',
      records: texts,
      findings,
      facts: { ...NO_FACTS, record: recordOk },
    };
  }
  const policy = parseStsPolicy(fetch.body!);
  const uncovered = policy.valid || policy.mx.length > 0 ? uncoveredMx(policy.mx, hosts) : [];
  findings.push(...policyFindings(policy, fetch, uncovered, hosts));
  const facts: MtaStsFacts = {
    record: recordOk,
    mode: policy.mode,
    policyValid: policy.valid,
    coversAllMx: !policy.valid || hosts.length === 0 ? null : uncovered.length === 0,
    uncoveredMx: !policy.valid || hosts.length === 0 ? 0 : uncovered.length,
  };
  const status = !recordOk || !policy.valid ? 'fail' : statusFromFindings(findings);
  const summary =
    status === 'fail'
      ? 'MTA-STS is published but not valid.'
      : `MTA-STS in ${policy.mode} mode${facts.coversAllMx === false ? ', not covering every MX host' : ''}.`;
  return {
    ...base,
    record,
    policy,
    uncoveredMx: uncovered,
    status,
    summary,
    records: [...texts, ...(fetch.body ? [fetch.body] : [])],
    findings,
    facts,
  };
}
