/**
 * What a DMARC record itself says that deserves a finding: syntax, tag values, removed tags,
 * policy strength, subdomain coverage and report URIs. Discovery-level findings (missing,
 * multiple, inherited, external destinations) are in analyze.ts.
 */
import { finding } from '../finding.ts';
import type { Finding } from '../section.ts';
import type { DmarcRecord } from './parse.ts';
import { POLICY_STRENGTH } from './tags.ts';

/** Tag meanings; the grammar and what happens to syntax errors; policy discovery and its fallback. */
const TAGS = 'RFC 9989 §4.7';
const SYNTAX = 'RFC 9989 §4.8';
const DISCOVERY = 'RFC 9989 §4.10.1';

function policyFindings(record: DmarcRecord, where: string): Finding[] {
  const findings: Finding[] = [];
  const quoted = `${where}: ${record.text}`;
  const fallback = record.policyFallback;
  if (fallback.length > 0 && record.duplicates.length === 0) {
    const missingOnly = record.policyMissing && fallback.length === 1;
    findings.push(
      record.effectivePolicy === null
        ? finding(
            'dmarc-policy-unusable',
            'high',
            `${fallback.join(', ')} and there is no valid rua=, so receivers ignore the record`,
            [quoted],
            'Publish valid policies, e.g. "p=reject" (sp= and np= only as none, quarantine or reject).',
            DISCOVERY,
          )
        : finding(
            missingOnly ? 'dmarc-policy-missing' : 'dmarc-policy-invalid',
            missingOnly ? 'medium' : 'high',
            `${fallback.join(', ')}: receivers treat the whole record as p=none`,
            [quoted],
            'Publish valid policies, e.g. "p=reject" right after v=DMARC1 (sp= and np= only as none, ' +
              'quarantine or reject).',
            DISCOVERY,
          ),
    );
  }
  const applied = record.effectivePolicy;
  if (applied === 'none') {
    findings.push(
      finding(
        'dmarc-policy-none',
        'medium',
        'p=none only monitors: spoofed mail is still delivered',
        [quoted],
        'Once reports show your legitimate mail passes, move to p=quarantine and then p=reject.',
        TAGS,
      ),
    );
  } else if (applied === 'quarantine') {
    findings.push(
      finding(
        'dmarc-policy-quarantine',
        'low',
        'p=quarantine sends spoofed mail to spam rather than rejecting it',
        [quoted],
        'Move to p=reject when reports show no legitimate mail failing.',
        TAGS,
      ),
    );
  }
  const pct = record.removed.find((t) => t.name === 'pct');
  if (applied !== null && applied !== 'none' && pct && /^[0-9]+$/.test(pct.value) && Number(pct.value) < 100) {
    findings.push(
      finding(
        'dmarc-pct-partial',
        'medium',
        `pct=${pct.value}: RFC 7489 receivers apply p=${applied} to only ${Number(pct.value)} % of failing mail ` +
          'and one step less to the rest',
        [quoted],
        'Remove pct= so the policy applies to all failing mail.',
        'RFC 7489 §6.3',
      ),
    );
  }
  if (record.testing && applied !== null && applied !== 'none') {
    findings.push(
      finding(
        'dmarc-testing',
        'medium',
        `t=y (testing): receivers apply one step less than p=${applied}`,
        [quoted],
        'Remove t=y once the policy is proven.',
        TAGS,
      ),
    );
  }
  if (applied !== null) {
    const sp = record.subdomainPolicy;
    const np = record.nonExistentPolicy;
    if (sp !== null && POLICY_STRENGTH[sp] < POLICY_STRENGTH[applied]) {
      findings.push(
        finding(
          'dmarc-subdomain-weaker',
          sp === 'none' ? 'medium' : 'low',
          `sp=${sp} leaves subdomains weaker than p=${applied}`,
          [quoted],
          `Remove sp= or set it to ${applied} so subdomains cannot be spoofed more easily.`,
          TAGS,
        ),
      );
    }
    const npBase = sp ?? applied;
    if (np !== null && POLICY_STRENGTH[np] < POLICY_STRENGTH[npBase]) {
      findings.push(
        finding(
          'dmarc-nonexistent-weaker',
          'low',
          `np=${np} leaves non-existent subdomains weaker than the other policies`,
          [quoted],
          'Set np=reject: names that do not exist never send legitimate mail.',
          TAGS,
        ),
      );
    }
  }
  return findings;
}

function tagFindings(record: DmarcRecord, where: string): Finding[] {
  const findings: Finding[] = [];
  const quoted = `${where}: ${record.text}`;
  if (record.syntaxErrors.length > 0) {
    findings.push(
      finding(
        'dmarc-syntax',
        'medium',
        'Parts of the record are not tag=value pairs: receivers discard them and apply the rest',
        [quoted, ...record.syntaxErrors],
        'Write every tag as name=value, separated by semicolons; separate several report URIs with commas ' +
          '(rua=mailto:a@example.com,mailto:b@example.com).',
        SYNTAX,
      ),
    );
  }
  const others = record.invalidValues.filter((v) => !['p', 'sp', 'np'].includes(v.tag));
  if (others.length > 0) {
    findings.push(
      finding(
        'dmarc-tag-invalid',
        'medium',
        'Some tags have invalid values, so receivers use their defaults',
        [quoted, ...others.map((v) => `${v.tag}=${v.value}: ${v.problem}`)],
        'Correct the values listed.',
        SYNTAX,
      ),
    );
  }
  if (record.duplicates.length > 0) {
    findings.push(
      finding(
        'dmarc-tag-duplicate',
        'high',
        'Tags appear more than once: under the tag-list rules DMARC adopts the whole record is invalid, ' +
          'and receivers that read it anyway disagree on which value wins',
        [quoted, `repeated: ${record.duplicates.join(', ')}`],
        'Keep each tag once.',
        'RFC 9989 §4.7, RFC 6376 §3.2',
      ),
    );
  }
  if (record.unknown.length > 0) {
    findings.push(
      finding(
        'dmarc-tag-unknown',
        'info',
        'Unknown tags are ignored',
        [quoted, `unknown: ${record.unknown.join(', ')}`],
        'Remove tags DMARC does not define (check for typos).',
        TAGS,
      ),
    );
  }
  if (record.removed.length > 0) {
    findings.push(
      finding(
        'dmarc-tag-removed',
        'low',
        'Tags removed in RFC 9989 (pct, rf, ri) are still published',
        [quoted, ...record.removed.map((t) => `${t.name}=${t.value}`)],
        'Remove them: RFC 9989 receivers ignore them (RFC 7489 receivers still read them).',
        'RFC 9989 Appendix C.5.2',
      ),
    );
  }
  if (record.policyNotSecond) {
    findings.push(
      finding(
        'dmarc-policy-not-second',
        'info',
        'p= is not right after v=DMARC1',
        [quoted],
        'Put p= second: RFC 7489 receivers expect it there.',
        'RFC 7489 §6.4',
      ),
    );
  }
  return findings;
}

function uriFindings(record: DmarcRecord, where: string): Finding[] {
  const findings: Finding[] = [];
  const quoted = `${where}: ${record.text}`;
  const all = [...record.rua, ...record.ruf];
  const bad = all.filter((uri) => uri.problem !== null);
  if (bad.length > 0) {
    findings.push(
      finding(
        'dmarc-uri-invalid',
        'medium',
        'Some report addresses are not valid mailto: URIs',
        [quoted, ...bad.map((uri) => uri.problem!)],
        'Write report addresses as mailto:reports@example.com, separated by commas.',
        TAGS,
      ),
    );
  }
  const sized = all.filter((uri) => uri.size !== null);
  if (sized.length > 0) {
    findings.push(
      finding(
        'dmarc-uri-size',
        'info',
        'The !size suffix on report URIs is obsolete',
        sized.map((uri) => uri.uri),
        'Drop the !size suffix (RFC 9989 removed it).',
        SYNTAX,
      ),
    );
  }
  if (!record.rua.some((uri) => uri.problem === null)) {
    findings.push(
      finding(
        'dmarc-no-aggregate-reports',
        'low',
        'No aggregate reports requested (rua=)',
        [quoted],
        'Add rua=mailto:… to learn who sends mail as your domain before tightening the policy.',
        TAGS,
      ),
    );
  } else if (record.rua.length + record.urisOmitted.rua > 2) {
    findings.push(
      finding(
        'dmarc-many-rua',
        'info',
        `${record.rua.length + record.urisOmitted.rua} aggregate report destinations`,
        [quoted],
        'Keep at most two: receivers may send to the first two only.',
        'RFC 7489 §6.2',
      ),
    );
  }
  return findings;
}

/** Findings about one record; `where` names the record's location in evidence. */
export function recordFindings(record: DmarcRecord, where: string): Finding[] {
  return [...tagFindings(record, where), ...policyFindings(record, where), ...uriFindings(record, where)];
}
