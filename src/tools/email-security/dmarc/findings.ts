/**
 * What a DMARC record itself says that deserves a finding: syntax, tag values, removed tags,
 * policy strength, subdomain coverage and report URIs. Discovery-level findings (missing,
 * multiple, inherited, external destinations) are in analyze.ts.
 */
import type { Finding } from '../section.ts';
import { dmarcFinding } from './catalogue.ts';
import type { DmarcRecord } from './parse.ts';
import { POLICY_STRENGTH } from './tags.ts';

function policyFindings(record: DmarcRecord, where: string): Finding[] {
  const findings: Finding[] = [];
  const quoted = `${where}: ${record.text}`;
  const fallback = record.policyFallback;
  if (fallback.length > 0 && record.duplicates.length === 0) {
    const missingOnly = record.policyMissing && fallback.length === 1;
    findings.push(
      dmarcFinding(
        record.effectivePolicy === null
          ? 'dmarc-policy-unusable'
          : missingOnly
            ? 'dmarc-policy-missing'
            : 'dmarc-policy-invalid',
        [quoted],
        { fallback },
      ),
    );
  }
  const applied = record.effectivePolicy;
  if (applied === 'none') findings.push(dmarcFinding('dmarc-policy-none', [quoted]));
  else if (applied === 'quarantine') findings.push(dmarcFinding('dmarc-policy-quarantine', [quoted]));
  const pct = record.removed.find((t) => t.name === 'pct');
  if (applied !== null && applied !== 'none' && pct && /^[0-9]+$/.test(pct.value) && Number(pct.value) < 100)
    findings.push(dmarcFinding('dmarc-pct-partial', [quoted], { pct: pct.value, applied }));
  if (record.testing && applied !== null && applied !== 'none')
    findings.push(dmarcFinding('dmarc-testing', [quoted], { applied }));
  if (applied !== null) {
    const sp = record.subdomainPolicy;
    const np = record.nonExistentPolicy;
    if (sp !== null && POLICY_STRENGTH[sp] < POLICY_STRENGTH[applied])
      findings.push(
        dmarcFinding('dmarc-subdomain-weaker', [quoted], {
          case: sp === 'none' ? 'sp=none' : 'sp=quarantine',
          sp,
          applied,
          np,
        }),
      );
    const npBase = sp ?? applied;
    if (np !== null && POLICY_STRENGTH[np] < POLICY_STRENGTH[npBase])
      findings.push(dmarcFinding('dmarc-nonexistent-weaker', [quoted], { np }));
  }
  return findings;
}

function tagFindings(record: DmarcRecord, where: string): Finding[] {
  const findings: Finding[] = [];
  const quoted = `${where}: ${record.text}`;
  if (record.syntaxErrors.length > 0) findings.push(dmarcFinding('dmarc-syntax', [quoted, ...record.syntaxErrors]));
  const others = record.invalidValues.filter((v) => !['p', 'sp', 'np'].includes(v.tag));
  if (others.length > 0)
    findings.push(
      dmarcFinding('dmarc-tag-invalid', [quoted, ...others.map((v) => `${v.tag}=${v.value}: ${v.problem}`)]),
    );
  if (record.duplicates.length > 0)
    findings.push(dmarcFinding('dmarc-tag-duplicate', [quoted, `repeated: ${record.duplicates.join(', ')}`]));
  if (record.unknown.length > 0)
    findings.push(dmarcFinding('dmarc-tag-unknown', [quoted, `unknown: ${record.unknown.join(', ')}`]));
  if (record.removed.length > 0)
    findings.push(dmarcFinding('dmarc-tag-removed', [quoted, ...record.removed.map((t) => `${t.name}=${t.value}`)]));
  if (record.policyNotSecond) findings.push(dmarcFinding('dmarc-policy-not-second', [quoted]));
  return findings;
}

function uriFindings(record: DmarcRecord, where: string): Finding[] {
  const findings: Finding[] = [];
  const quoted = `${where}: ${record.text}`;
  const all = [...record.rua, ...record.ruf];
  const bad = all.filter((uri) => uri.problem !== null);
  if (bad.length > 0) findings.push(dmarcFinding('dmarc-uri-invalid', [quoted, ...bad.map((uri) => uri.problem!)]));
  const sized = all.filter((uri) => uri.size !== null);
  if (sized.length > 0)
    findings.push(
      dmarcFinding(
        'dmarc-uri-size',
        sized.map((uri) => uri.uri),
      ),
    );
  if (!record.rua.some((uri) => uri.problem === null))
    findings.push(dmarcFinding('dmarc-no-aggregate-reports', [quoted]));
  else if (record.rua.length + record.urisOmitted.rua > 2)
    findings.push(dmarcFinding('dmarc-many-rua', [quoted], { count: record.rua.length + record.urisOmitted.rua }));
  return findings;
}

/** Findings about one record; `where` names the record's location in evidence. */
export function recordFindings(record: DmarcRecord, where: string): Finding[] {
  return [...tagFindings(record, where), ...policyFindings(record, where), ...uriFindings(record, where)];
}
