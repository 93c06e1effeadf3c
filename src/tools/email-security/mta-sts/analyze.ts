/**
 * MTA-STS analysis over a capture: the TXT record, the policy fetch (status, content type,
 * size, redirects), the policy's syntax and mode, and whether every MX host matches a policy
 * `mx` pattern (in enforce mode, senders skip an unlisted MX; with none listed, mail is not delivered).
 */
import { exchange, type EmailSecurityCapture } from '../capture.ts';
import { lookupEvidence, recordsAt } from '../common-findings.ts';
import { describeExchange, isDnsFailure, quoteRecord, txtTexts } from '../dns-answers.ts';
import { statusFromFindings } from '../finding.ts';
import { readMxFacts, receivesNoMail } from '../mx/facts.ts';
import type { MtaStsSection } from '../result-schema-sections.ts';
import type { Finding, MtaStsFacts } from '../section.ts';
import { mtaStsFinding } from './catalogue.ts';
import { fetchProblem, policyFindings } from './findings.ts';
import { parseStsPolicy, uncoveredMx } from './policy.ts';
import { isStsRecord, parseStsRecord } from './record.ts';
import { mtaStsName } from './retrieve.ts';

const NO_FACTS: MtaStsFacts = { record: false, mode: null, policyValid: false, coversAllMx: null, uncoveredMx: 0 };

export function analyzeMtaSts(capture: EmailSecurityCapture, noMail = receivesNoMail(capture)): MtaStsSection {
  const name = mtaStsName(capture.domain);
  const txt = exchange(capture, name, 'TXT');
  const fetch = capture.mtaStsPolicy;
  const mx = readMxFacts(capture);
  const hosts = mx.state === 'mail' ? mx.hosts.map((h) => h.exchange).filter((h) => h !== '.' && h !== '') : [];
  const base = { record: null, policy: null, fetch, uncoveredMx: [] as string[] };
  if (!txt || isDnsFailure(txt)) {
    return {
      ...base,
      status: 'error',
      summary: 'The MTA-STS record could not be looked up.',
      records: [],
      findings: [mtaStsFinding('mta-sts-lookup-failed', [lookupEvidence(txt, `${name} TXT`)])],
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
      findings: [mtaStsFinding('mta-sts-missing', [describeExchange(txt)], { name, domain: capture.domain })],
      facts: NO_FACTS,
    };
  }
  const findings: Finding[] = [];
  const record = parseStsRecord(texts[0]!);
  if (texts.length > 1) findings.push(mtaStsFinding('mta-sts-multiple', recordsAt(name, texts)));
  else if (!record.valid)
    findings.push(
      mtaStsFinding('mta-sts-record-invalid', [`${name}: ${quoteRecord(record.text)}`, ...record.problems], { name }),
    );
  if (texts.length === 1 && record.valid && record.notes.length > 0)
    findings.push(
      mtaStsFinding('mta-sts-repeated-fields', [`${name}: ${quoteRecord(record.text)}`, ...record.notes], {
        case: 'record',
      }),
    );
  const recordOk = texts.length === 1 && record.valid;
  if (!fetch) {
    findings.push(mtaStsFinding('mta-sts-policy-not-fetched', [`${name}: ${quoteRecord(record.text)}`]));
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
