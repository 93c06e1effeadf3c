/**
 * DMARC analysis over a capture: replays the tree walk from the recorded answers, picks the
 * record that applies to the domain, and reports its policy, subdomain coverage and reporting
 * (with the external destinations' authorization). Pure: reads only the capture.
 */
import { exchange, type EmailSecurityCapture } from '../capture.ts';
import { lookupEvidence } from '../common-findings.ts';
import { describeExchange, quoteRecord } from '../dns-answers.ts';
import { statusFromFindings } from '../finding.ts';
import { readMxFacts, sendsNoMail } from '../mx/facts.ts';
import type { DmarcSection } from '../result-schema-sections.ts';
import type { DmarcFacts } from '../section.ts';
import { dmarcFinding } from './catalogue.ts';
import { readAuthorization, reportDestinations } from './destinations.ts';
import { destinationFindings, ownTextFindings } from './discovery-findings.ts';
import { recordFindings } from './findings.ts';
import type { DmarcRecord } from './parse.ts';
import { discoverPolicy, dmarcName, nextWalkName, walkStep, type PolicyDiscovery, type WalkStep } from './tree-walk.ts';

type DmarcDestinationReport = DmarcSection['destinations'][number];

const NO_FACTS: DmarcFacts = {
  found: false,
  valid: false,
  multiple: false,
  source: null,
  policy: null,
  subdomainPolicy: null,
  nonExistentPolicy: null,
  testing: false,
  percentage: null,
  aggregateReports: false,
  externalDestinationsAuthorized: true,
};

/** The walk as the capture recorded it (stops where retrieval stopped). */
function replayWalk(capture: EmailSecurityCapture): PolicyDiscovery {
  const steps: WalkStep[] = [];
  for (let name = nextWalkName(capture.domain, steps); name !== null; name = nextWalkName(capture.domain, steps)) {
    const result = exchange(capture, dmarcName(name), 'TXT');
    if (!result) break;
    steps.push(walkStep(name, result));
  }
  return discoverPolicy(capture.domain, steps);
}

/** Applicable policies: the domain's own record as written; an inherited one as for a subdomain. */
function policyFacts(
  record: DmarcRecord,
  inherited: boolean,
): Pick<DmarcFacts, 'policy' | 'subdomainPolicy' | 'nonExistentPolicy'> {
  const p = record.effectivePolicy;
  // The §4.10.1 fallback acts as if the record were "p=none": sp and np go with it.
  const fallback = record.policyFallback.length > 0;
  const sp = (fallback ? null : record.subdomainPolicy) ?? p;
  const np = (fallback ? null : record.nonExistentPolicy) ?? sp;
  return { policy: inherited ? sp : p, subdomainPolicy: sp, nonExistentPolicy: np };
}

/** `pct` when it is a valid number from 0 to 100 (an invalid one is ignored, so 100 applies). */
function percentageOf(record: DmarcRecord): number | null {
  const pct = record.removed.find((t) => t.name === 'pct')?.value;
  return pct !== undefined && /^[0-9]{1,3}$/.test(pct) && Number(pct) <= 100 ? Number(pct) : null;
}

export function analyzeDmarc(capture: EmailSecurityCapture, noMail = sendsNoMail(capture)): DmarcSection {
  const discovery = replayWalk(capture);
  const own = discovery.steps[0];
  const base = {
    policyDomain: null,
    organizationalDomain: discovery.organizationalDomain,
    walk: discovery.steps,
    destinations: [] as DmarcDestinationReport[],
  };
  const ownExchange = exchange(capture, dmarcName(capture.domain), 'TXT');
  if (!own || own.outcome === 'failed') {
    return {
      ...base,
      status: 'error',
      summary: 'The DMARC record could not be looked up.',
      records: [],
      findings: [
        dmarcFinding('dmarc-lookup-failed', [lookupEvidence(ownExchange, `${dmarcName(capture.domain)} TXT`)]),
      ],
      facts: NO_FACTS,
      record: null,
    };
  }
  const findings = ownTextFindings(capture, own);
  const step = discovery.policyStep;
  if (!step?.record) {
    const walkFailed = discovery.failed;
    const evidence = discovery.steps.map((s) => describeExchange(exchange(capture, dmarcName(s.name), 'TXT')!));
    if (own.outcome !== 'multiple' && !findings.some((f) => f.id === 'dmarc-malformed')) {
      findings.unshift(
        dmarcFinding('dmarc-missing', evidence, { name: dmarcName(capture.domain), domain: capture.domain }),
      );
    }
    const facts: DmarcFacts = { ...NO_FACTS, found: own.outcome === 'multiple', multiple: own.outcome === 'multiple' };
    return {
      ...base,
      record: null,
      status: walkFailed ? 'error' : 'fail',
      summary: walkFailed
        ? 'No DMARC record at the domain, and the tree walk could not finish.'
        : own.outcome === 'multiple'
          ? 'Several DMARC records are published, so receivers use none.'
          : 'No DMARC record applies to the domain.',
      records: own.records,
      findings,
      facts,
    };
  }

  const record = step.record;
  const inherited = discovery.source === 'organizational';
  const where = dmarcName(step.name);
  if (inherited) {
    findings.push(
      dmarcFinding(
        'dmarc-inherited',
        [`${where}: ${quoteRecord(record.text)}`, `${dmarcName(capture.domain)}: no record`],
        {
          case: discovery.fromPublicSuffix ? 'public-suffix' : 'organizational',
          from: step.name,
          name: dmarcName(capture.domain),
        },
      ),
    );
  }
  if (!inherited && record.psd === 'y') {
    findings.push(dmarcFinding('dmarc-psd-self', [`${where}: ${quoteRecord(record.text)}`]));
  }
  findings.push(...recordFindings(record, where));

  const destinations: DmarcDestinationReport[] = reportDestinations(
    record,
    step.name,
    discovery.organizationalDomain,
  ).map((d) => ({
    ...d,
    authorization: d.authorizationName ? readAuthorization(exchange(capture, d.authorizationName, 'TXT')) : null,
  }));
  findings.push(
    ...destinationFindings(destinations, step.name, (name) => exchange(capture, name, 'TXT') !== undefined),
  );

  const applied = policyFacts(record, inherited);
  if (noMail && [applied.policy, applied.subdomainPolicy, applied.nonExistentPolicy].some((p) => p !== 'reject')) {
    findings.push(
      dmarcFinding('dmarc-parked-not-reject', [
        `${where}: ${quoteRecord(record.text)}`,
        `MX: ${readMxFacts(capture).state}`,
      ]),
    );
  }

  const multiple = own.outcome === 'multiple';
  const percentage = percentageOf(record);
  const valid = !multiple && record.effectivePolicy !== null;
  const facts: DmarcFacts = {
    found: true,
    valid,
    multiple,
    source: discovery.fromPublicSuffix ? 'public-suffix' : discovery.source,
    ...applied,
    testing: record.testing,
    percentage,
    // A public suffix's reports go to its operator, not to the domain's owner.
    aggregateReports: valid && !discovery.fromPublicSuffix && record.rua.some((uri) => uri.problem === null),
    externalDestinationsAuthorized: !destinations.some((d) => d.authorization === 'unauthorized'),
  };
  const status = !valid ? 'fail' : statusFromFindings(findings);
  const partial = [
    ...(record.testing ? ['t=y'] : []),
    ...(percentage !== null && percentage < 100 ? [`pct=${percentage}`] : []),
  ];
  const summary = multiple
    ? `Several DMARC records at ${where}: receivers discard them all.`
    : !valid
      ? record.duplicates.length > 0
        ? `The DMARC record at ${where} repeats tags, so receivers may ignore it: graded as ignored.`
        : `Receivers ignore the DMARC record at ${where} as published.`
      : `DMARC p=${applied.policy}${partial.length > 0 ? ` (${partial.join(', ')})` : ''} applies to ` +
        `${capture.domain}${inherited ? `, inherited from ${step.name}` : ''}.`;
  return {
    ...base,
    status,
    summary,
    records: step.records,
    findings,
    facts,
    record,
    policyDomain: step.name,
    destinations,
  };
}
