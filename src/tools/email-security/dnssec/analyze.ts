/**
 * DNSSEC as seen through a validating resolver: the domain is signed when its apex answers
 * carry the AD bit (the resolver validated them). The apex SOA is asked for this; any other
 * authenticated apex answer in the capture counts too. A SERVFAIL from a validating resolver can
 * mean a broken (bogus) signature chain, so it is reported as "could not test", never as unsigned.
 */
import { normalizeName } from '../../../net/dns-records.ts';
import { exchange, type DnsExchange, type EmailSecurityCapture } from '../capture.ts';
import { lookupEvidence } from '../common-findings.ts';
import { describeExchange, isDnsFailure } from '../dns-answers.ts';
import type { DnssecSection } from '../result-schema-sections.ts';
import { dnssecFinding } from './catalogue.ts';

const validated = (x: DnsExchange) => x.authenticated && (x.outcome === 'answer' || x.outcome === 'nodata');

export function analyzeDnssec(capture: EmailSecurityCapture): DnssecSection {
  const domain = normalizeName(capture.domain);
  const soa = exchange(capture, domain, 'SOA');
  const apex = capture.queries.filter((q) => q.name === domain);
  const authenticated = apex.filter(validated);
  const evidence = authenticated.map((x) => `${describeExchange(x)}, AD bit set`);
  if (authenticated.length > 0) {
    return {
      status: 'pass',
      summary: 'The domain is DNSSEC-signed: the resolver validated its answers.',
      records: [],
      findings: [],
      facts: { signed: true },
      authenticatedAnswers: evidence,
    };
  }
  if (!soa || isDnsFailure(soa)) {
    return {
      status: 'error',
      summary: 'DNSSEC could not be checked.',
      records: [],
      findings: [dnssecFinding('dnssec-lookup-failed', [lookupEvidence(soa, `${domain} SOA`)])],
      facts: { signed: false },
      authenticatedAnswers: [],
    };
  }
  return {
    status: 'fail',
    summary: 'The domain is not DNSSEC-signed (or the resolver could not validate it).',
    records: [],
    findings: [dnssecFinding('dnssec-unsigned', [`${describeExchange(soa)}, AD bit not set`])],
    facts: { signed: false },
    authenticatedAnswers: [],
  };
}
