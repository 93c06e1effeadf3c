/**
 * BIMI (draft-brand-indicators-for-message-identification): `default._bimi.<domain>` TXT
 * `v=BIMI1; l=<https URL of an SVG logo>; a=<https URL of a mark certificate (PEM)>`. `l=` and `a=`
 * both empty (or `a=` absent) decline to publish a logo; an empty `l=` beside an `a=` URL leaves
 * the logo to the one embedded in the mark certificate. Mailbox providers show the logo only when DMARC is at
 * enforcement (quarantine or reject, not testing, subdomains not `none`), so that is checked too.
 * `facts.valid` means "usable": a valid record with a logo, and DMARC at enforcement.
 */
import { bimiFinding } from './bimi-catalogue.ts';
import { exchange, type EmailSecurityCapture, type RecordingResolver } from './capture.ts';
import { lookupEvidence, recordsAt } from './common-findings.ts';
import { analyzeDmarc, type DmarcSection } from './dmarc/analyze.ts';
import { describeExchange, isDnsFailure, quoteRecord, txtTexts } from './dns-answers.ts';
import { statusFromFindings } from './finding.ts';
import { sendsNoMail } from './mx.ts';
import { isHostName } from './report-uri.ts';
import type { Finding, Section, SimpleFacts } from './section.ts';
import { parseTagList, tagValue } from './tag-list.ts';

export const bimiName = (domain: string) => `default._bimi.${domain}`;

export interface BimiRecord {
  text: string;
  /** `l=`: the logo URL (null when empty: the certificate's logo, or declined). */
  location: string | null;
  /** `a=`: the evidence document (mark certificate) URL, null when absent or empty. */
  authority: string | null;
  /** `l=` and `a=` empty: the domain declines to publish a logo. */
  declined: boolean;
  /** Why receivers would ignore it; empty when valid. */
  problems: string[];
  /** Not fatal: e.g. the logo URL does not end in .svg. */
  notes: string[];
  valid: boolean;
}

export type BimiSection = Section & { facts: SimpleFacts; record: BimiRecord | null; dmarcEnforced: boolean };

function isBimiRecord(text: string): boolean {
  return /^v\s*=\s*BIMI1\s*(;|$)/i.test(text);
}

function httpsProblem(tag: string, value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${tag}=${value}: not a valid URL`;
  }
  if (url.protocol !== 'https:') return `${tag}=${value}: must be an https: URL`;
  if (!isHostName(url.hostname)) return `${tag}=${value}: "${url.hostname}" is not a host name`;
  return null;
}

export function parseBimiRecord(text: string): BimiRecord {
  const fold = (name: string) => name.toLowerCase();
  const list = parseTagList(text, fold);
  const problems = [...list.errors];
  if (list.emptySegments > 0) problems.push('an empty field (";;") breaks the record\'s grammar');
  const notes: string[] = [];
  const first = list.tags[0];
  if (first?.name.toLowerCase() !== 'v' || first.value !== 'BIMI1') problems.push('the record must start with v=BIMI1');
  if (list.duplicates.length > 0) problems.push(`tags repeated: ${list.duplicates.join(', ')}`);
  const value = (name: string) => tagValue(list, name, fold);
  const l = value('l');
  const a = value('a');
  if (l === undefined) problems.push('the l= tag (logo location) is missing');
  let location: string | null = null;
  if (l) {
    // §4.3: l= holds a single URI; an old-style comma list is read as one (broken) URL.
    if (l.includes(',')) notes.push('l= holds a comma: receivers read the whole value as one logo URL');
    location = l;
    const problem = httpsProblem('l', location);
    if (problem) problems.push(problem);
    else if (!/\.svg$/i.test(new URL(location).pathname))
      notes.push(`l=${location}: the logo should be an SVG Tiny PS file (.svg)`);
  }
  let authority: string | null = null;
  if (a) {
    authority = a;
    const problem = httpsProblem('a', a);
    if (problem) problems.push(problem);
  }
  const avp = value('avp');
  // §4.3: other avp values "MUST be ignored" (brand applies).
  if (avp !== undefined && !['brand', 'personal'].includes(avp.toLowerCase()))
    notes.push(`avp=${avp}: not brand or personal, so receivers ignore it`);
  const declined = !l && !a;
  return { text, location, authority, declined, problems, notes, valid: problems.length === 0 };
}

function logoSource(record: BimiRecord): string {
  return record.location === null ? `from the mark certificate at ${record.authority}` : `at ${record.location}`;
}

export async function retrieveBimi(resolver: RecordingResolver, domain: string): Promise<void> {
  await resolver.query(bimiName(domain), 'TXT');
}

function dmarcEnforced(dmarc: DmarcSection): boolean {
  const f = dmarc.facts;
  const pct = dmarc.record?.removed.find((t) => t.name === 'pct')?.value;
  const enforcing = (p: string | null) => p === 'quarantine' || p === 'reject';
  return (
    f.valid && !f.testing && enforcing(f.policy) && enforcing(f.subdomainPolicy) && (pct === undefined || pct === '100')
  );
}

export function analyzeBimi(
  capture: EmailSecurityCapture,
  dmarc: DmarcSection = analyzeDmarc(capture),
  noMail = sendsNoMail(capture),
): BimiSection {
  const name = bimiName(capture.domain);
  const result = exchange(capture, name, 'TXT');
  const enforced = dmarcEnforced(dmarc);
  const none = { facts: { present: false, valid: false }, record: null, dmarcEnforced: enforced };
  if (!result || isDnsFailure(result)) {
    return {
      ...none,
      status: 'error',
      summary: 'The BIMI record could not be looked up.',
      records: [],
      findings: [bimiFinding('bimi-lookup-failed', [lookupEvidence(result, `${name} TXT`)])],
    };
  }
  const texts = txtTexts(result).filter(isBimiRecord);
  if (texts.length === 0) {
    if (noMail)
      return {
        ...none,
        status: 'not-applicable',
        summary: 'The domain sends no mail; BIMI does not apply.',
        records: [],
        findings: [],
      };
    return {
      ...none,
      status: 'fail',
      summary: 'No BIMI record (optional: shows your logo in supporting inboxes).',
      records: [],
      findings: [bimiFinding('bimi-missing', [describeExchange(result)], { name })],
    };
  }
  const record = parseBimiRecord(texts[0]!);
  const quoted = `${name}: ${quoteRecord(record.text)}`;
  const findings: Finding[] = [];
  if (texts.length > 1) findings.push(bimiFinding('bimi-multiple', recordsAt(name, texts)));
  else if (!record.valid) findings.push(bimiFinding('bimi-invalid', [quoted, ...record.problems]));
  if (record.notes.length > 0) findings.push(bimiFinding('bimi-location-notes', [quoted, ...record.notes]));
  if (record.valid && record.declined) findings.push(bimiFinding('bimi-declined', [quoted]));
  if (record.valid && record.location !== null && record.authority === null)
    findings.push(bimiFinding('bimi-no-evidence', [quoted]));
  if (!enforced) {
    const { policy, testing, subdomainPolicy } = dmarc.facts;
    const published =
      policy === null ? 'no valid policy' : `p=${policy}${testing ? ' (t=y)' : ''}, subdomains ${subdomainPolicy}`;
    findings.push(bimiFinding('bimi-dmarc-not-enforced', [`DMARC: ${published}`]));
  }
  const valid = texts.length === 1 && record.valid && !record.declined && enforced;
  const usableRecord = texts.length === 1 && record.valid;
  return {
    facts: { present: true, valid },
    record,
    dmarcEnforced: enforced,
    status: !usableRecord ? 'fail' : statusFromFindings(findings),
    summary: !usableRecord
      ? 'A BIMI record is published but not valid.'
      : record.declined
        ? 'The BIMI record declines to publish a logo.'
        : `BIMI logo ${logoSource(record)}${enforced ? '' : ' (not shown: DMARC is not at enforcement)'}.`,
    records: texts,
    findings,
  };
}
