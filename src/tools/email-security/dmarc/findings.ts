/**
 * What a DMARC record itself says that deserves a finding: syntax, tag values, removed tags,
 * policy strength, subdomain coverage and report URIs. Discovery-level findings (missing,
 * multiple, inherited, external destinations) are in analyze.ts.
 */
import { finding } from '../finding.ts';
import type { Finding } from '../section.ts';
import { tagValue } from '../tag-list.ts';
import type { DmarcRecord } from './parse.ts';
import { POLICY_STRENGTH } from './tags.ts';

const TAGS = 'RFC 9989 §4.7';

function policyFindings(record: DmarcRecord, where: string): Finding[] {
  const findings: Finding[] = [];
  const quoted = `${where}: ${record.text}`;
  const p = tagValue(record, 'p', (name) => name.toLowerCase());
  if (record.effectivePolicy === null) {
    findings.push(
      finding(
        'dmarc-policy-unusable',
        'high',
        record.policyMissing
          ? 'The record has no p= policy and no valid rua=, so receivers ignore it'
          : 'The p= policy is invalid and there is no valid rua=, so receivers ignore the record',
        [quoted],
        'Add a valid policy, e.g. "p=quarantine" or "p=reject", right after v=DMARC1.',
        TAGS,
      ),
    );
  } else if (record.policy === null) {
    findings.push(
      finding(
        record.policyMissing ? 'dmarc-policy-missing' : 'dmarc-policy-invalid',
        'medium',
        record.policyMissing
          ? 'No p= policy: receivers treat the record as p=none'
          : `p=${p ?? ''} is not a policy: receivers treat the record as p=none`,
        [quoted],
        'Publish p=quarantine or p=reject (RFC 7489 receivers require p= right after v=DMARC1).',
        TAGS,
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
        'high',
        'The record has parts that are not tag=value pairs',
        [quoted, ...record.syntaxErrors],
        'Write every tag as name=value, separated by semicolons.',
        TAGS,
      ),
    );
  }
  const others = record.invalidValues.filter((v) => v.tag !== 'p');
  if (others.length > 0) {
    findings.push(
      finding(
        'dmarc-tag-invalid',
        'medium',
        'Some tags have invalid values, so receivers use their defaults',
        [quoted, ...others.map((v) => `${v.tag}=${v.value}: ${v.problem}`)],
        'Correct the values listed.',
        TAGS,
      ),
    );
  }
  if (record.duplicates.length > 0) {
    findings.push(
      finding(
        'dmarc-tag-duplicate',
        'medium',
        'Tags appear more than once',
        [quoted, `repeated: ${record.duplicates.join(', ')}`],
        'Keep each tag once; receivers may read either value.',
        TAGS,
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
        TAGS,
      ),
    );
    const pct = record.removed.find((t) => t.name === 'pct');
    if (pct && /^[0-9]+$/.test(pct.value) && Number(pct.value) < 100) {
      findings.push(
        finding(
          'dmarc-pct-partial',
          'medium',
          `pct=${pct.value}: RFC 7489 receivers apply the policy to only ${Number(pct.value)} % of failing mail`,
          [quoted],
          'Remove pct= so the policy applies to all failing mail.',
          'RFC 7489 §6.3',
        ),
      );
    }
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
  const fo = new Set(record.fo);
  if (fo.has('0') && fo.has('1')) {
    findings.push(
      finding(
        'dmarc-fo-redundant',
        'info',
        'fo= has both 0 and 1 (1 already includes 0)',
        [quoted],
        'Use fo=1 alone.',
        TAGS,
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
        TAGS,
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
