/**
 * DKIM analysis over a capture. Five states (docs: reference §5.2): `found` (a selector holds a
 * key), `likely-present` (no selector we tried answered, but `_domainkey.<domain>` exists, so
 * keys probably sit under a selector we cannot guess), `not-found` (`_domainkey` does not exist:
 * RFC 8020 says nothing is below it), `not-applicable` (the domain sends no mail: null MX, or no
 * MX and SPF `v=spf1 -all`) and `error` (DNS failed). Selectors cannot be listed from DNS, so
 * "not found" is reported as what was checked, never as a broken setup.
 */
import { exchange, type DnsExchange, type EmailSecurityCapture } from '../capture.ts';
import { lookupEvidence } from '../common-findings.ts';
import { isAbsent, isDnsFailure, txtTexts } from '../dns-answers.ts';
import { statusFromFindings } from '../finding.ts';
import { readMxFacts, sendsNoMail } from '../mx/facts.ts';
import type { DkimSection } from '../result-schema-sections.ts';
import type { DkimFacts, DkimKeyFacts, DkimState, Finding } from '../section.ts';
import { apexTxtIn, spfIncludedDomains, spfRecordIn } from '../sender-hints.ts';
import { dkimFinding, DKIM_FINDINGS, type DkimKeyProblem } from './catalogue.ts';
import { looksLikeDkimKey, parseDkimKeyRecord } from './key-record.ts';
import { detectProviders } from './providers.ts';
import { domainKeyBase, selectorName } from './retrieve.ts';

type DkimSelectorReport = DkimSection['results'][number];

function baseNodeState(result: DnsExchange | undefined): DkimSection['baseNode'] {
  if (!result) return 'not-asked';
  if (isDnsFailure(result)) return 'failed';
  return result.outcome === 'nxdomain' ? 'absent' : 'exists';
}

function selectorReport(capture: EmailSecurityCapture, selector: string): DkimSelectorReport | null {
  const name = selectorName(selector, capture.domain);
  const result = exchange(capture, name, 'TXT');
  // A CNAME whose target does not exist (Microsoft 365's selector1/selector2 before signing is on).
  if (result?.outcome === 'nxdomain' && result.cnameChain.length > 0)
    return { selector, name, outcome: 'dangling', records: [result.cnameChain.at(-1)!], key: null };
  if (!result || isAbsent(result)) return null;
  if (isDnsFailure(result)) return { selector, name, outcome: 'failed', records: [], key: null };
  const texts = txtTexts(result);
  const keys = texts.filter(looksLikeDkimKey);
  if (keys.length === 0) return { selector, name, outcome: 'other-txt', records: texts, key: null };
  return { selector, name, outcome: 'key', records: keys, key: parseDkimKeyRecord(keys[0]!) };
}

function keyFacts(report: DkimSelectorReport): DkimKeyFacts {
  const key = report.key!;
  return {
    selector: report.selector,
    keyType: key.keyType,
    bits: key.bits,
    revoked: key.revoked,
    testing: key.testing,
    valid: key.valid,
  };
}

/** A key problem as a finding: titled by its message, the first letter capitalized. */
function problemFinding(problem: DkimKeyProblem, evidence: string): Finding {
  return {
    id: problem.id,
    severity: problem.severity,
    title: problem.message.replace(/^./, (c) => c.toUpperCase()),
    evidence: [evidence],
    recommendation: DKIM_FINDINGS[problem.id].recommendation,
    rfc: problem.rfc,
  };
}

/** One finding per problem kind, with every selector it concerns as evidence. */
function keyFindings(reports: DkimSelectorReport[]): Finding[] {
  const byId = new Map<string, Finding>();
  const add = (found: Finding) => {
    const existing = byId.get(found.id);
    if (existing) existing.evidence.push(...found.evidence);
    else byId.set(found.id, found);
  };
  for (const report of reports) {
    const key = report.key!;
    const where = `${report.name}: ${key.text}`;
    for (const problem of key.problems) add(problemFinding(problem, where));
    if (key.testing) add(dkimFinding('dkim-key-testing', [where]));
    if (key.revoked) add(dkimFinding('dkim-key-revoked', [where]));
    if (report.records.length > 1)
      add(dkimFinding('dkim-multiple-records', [`${report.name}: ${report.records.length} records`]));
  }
  return [...byId.values()];
}

function stateFor(
  reports: DkimSelectorReport[],
  base: DkimSection['baseNode'],
  parked: boolean,
  tried: number,
): DkimState {
  if (reports.some((r) => r.outcome === 'key')) return 'found';
  if (parked) return 'not-applicable';
  if (base === 'failed' || base === 'not-asked') return 'error';
  if (reports.filter((r) => r.outcome === 'failed').length * 2 > tried) return 'error';
  // Selectors that point at nothing count as no key: they also make _domainkey exist, which is
  // then no sign of a selector we could not guess.
  if (reports.some((r) => r.outcome === 'dangling')) return 'not-found';
  return base === 'exists' ? 'likely-present' : 'not-found';
}

/** "none of the 3 selectors checked answered", or for one: "the one selector checked did not answer". */
function noneOfTheSelectors(count: number, verb: string, negated: string): string {
  return count === 1 ? `the one selector checked ${negated}` : `none of the ${count} selectors checked ${verb}`;
}
export function analyzeDkim(capture: EmailSecurityCapture, noMail = sendsNoMail(capture)): DkimSection {
  const domain = capture.domain;
  const baseResult = exchange(capture, domainKeyBase(domain), 'TXT');
  const baseNode = baseNodeState(baseResult);
  const reports = capture.selectors.tried
    .map((s) => selectorReport(capture, s))
    .filter((r): r is DkimSelectorReport => r !== null);
  const withKeys = reports.filter((r) => r.outcome === 'key');
  const spf = spfRecordIn(apexTxtIn(capture));
  const mx = readMxFacts(capture);
  const providers = detectProviders(
    mx.hosts.map((h) => h.exchange),
    spf ? spfIncludedDomains(spf) : [],
  );
  const state = stateFor(reports, baseNode, noMail, capture.selectors.tried.length);
  const facts: DkimFacts = { state, keys: withKeys.map(keyFacts) };
  const checked =
    `${capture.selectors.tried.length} selector${capture.selectors.tried.length === 1 ? '' : 's'} checked` +
    (capture.selectors.requested.length > 0 ? ` (yours first: ${capture.selectors.requested.join(', ')})` : '');
  const baseEvidence = lookupEvidence(baseResult, domainKeyBase(domain));
  const findings: Finding[] = keyFindings(withKeys);
  for (const provider of providers.filter((p) => p.note)) {
    if (state !== 'found')
      findings.push(dkimFinding('dkim-provider-selector-unguessable', [provider.note!], { provider: provider.name }));
  }
  const base = {
    records: withKeys.flatMap((r) => r.records.map((t) => `${r.name}: ${t}`)),
    facts,
    selectors: capture.selectors,
    providers: providers.map((p) => p.name),
    baseNode,
    results: reports,
  };

  switch (state) {
    case 'found': {
      const usable = withKeys.filter((r) => r.key!.valid && !r.key!.revoked);
      if (usable.length > 0 && usable.every((r) => r.key!.keyType === 'ed25519')) {
        findings.push(
          dkimFinding(
            'dkim-ed25519-only',
            usable.map((r) => r.name),
          ),
        );
      }
      if (usable.length === 0) {
        findings.push(
          dkimFinding(
            'dkim-no-usable-key',
            withKeys.map((r) => `${r.name}: ${r.key!.text}`),
          ),
        );
        return {
          ...base,
          status: 'fail',
          summary:
            `DKIM records were found (${withKeys.map((r) => r.selector).join(', ')}), ` +
            'but none holds a usable key.',
          findings,
        };
      }
      return {
        ...base,
        status: statusFromFindings(findings),
        summary: `DKIM keys found at ${withKeys.map((r) => r.selector).join(', ')}.`,
        findings,
      };
    }
    case 'likely-present':
      findings.push(dkimFinding('dkim-selector-unknown', [baseEvidence, checked]));
      return {
        ...base,
        status: 'warn',
        summary:
          `_domainkey.${domain} exists ` +
          `but ${noneOfTheSelectors(capture.selectors.tried.length, 'holds a key', 'holds no key')}; ` +
          'the selector in use is unknown.',
        findings,
      };
    case 'not-found': {
      const dangling = reports.filter((r) => r.outcome === 'dangling');
      if (dangling.length > 0) {
        const targets = dangling.map((r) => `${r.name} CNAME ${r.records[0]!}: the target does not exist`);
        findings.push(dkimFinding('dkim-dangling-cname', [...targets, checked]));
        const one = dangling.length === 1;
        return {
          ...base,
          status: 'fail',
          summary:
            `No DKIM key found: ${dangling.map((r) => r.selector).join(', ')} ` +
            `point${one ? 's' : ''} (CNAME) to ${one ? 'a name that does' : 'names that do'} not exist.`,
          findings,
        };
      }
      findings.push(dkimFinding('dkim-not-found', [baseEvidence, checked]));
      return {
        ...base,
        status: 'fail',
        summary:
          `No DKIM key found: _domainkey.${domain} does not exist ` +
          `and ${noneOfTheSelectors(capture.selectors.tried.length, 'answered', 'did not answer')}.`,
        findings,
      };
    }
    case 'not-applicable':
      findings.push(dkimFinding('dkim-not-applicable', [`MX: ${mx.state}`, `SPF: ${spf ?? 'none'}`]));
      return {
        ...base,
        status: 'not-applicable',
        summary: 'The domain declares it sends no mail; DKIM does not apply.',
        findings,
      };
    case 'error': {
      const failed = reports.filter((r) => r.outcome === 'failed').map((r) => `${r.name}: lookup failed`);
      findings.push(dkimFinding('dkim-lookup-failed', [baseEvidence, ...failed.slice(0, 5)]));
      return { ...base, status: 'error', summary: 'DKIM could not be checked because DNS lookups failed.', findings };
    }
  }
}
