/**
 * The apex MX records, read once and sorted, and what every section needs of them: the MX facts,
 * and whether the domain takes part in mail at all (`sendsNoMail`, `receivesNoMail`).
 */
import { isDottedQuad } from '../../../net/host-text.ts';
import { exchange, type DnsExchange, type EmailSecurityCapture } from '../capture.ts';
import { isDnsFailure } from '../dns-answers.ts';
import type { MxFacts } from '../section.ts';
import { apexTxtIn, spfRecordIn, spfSendsNothing } from '../sender-hints.ts';

export type MxRecord = { preference: number; exchange: string };

export const isNullTarget = (name: string) => name === '.' || name === '';
export const isIpLiteral = (name: string) => isDottedQuad(name) || name.includes(':');

/** Each exchange's records, sorted once: one answer can hold thousands, and every section reads them. */
const sorted = new WeakMap<DnsExchange, MxRecord[]>();

export function mxRecords(result: DnsExchange | undefined): MxRecord[] {
  if (!result) return [];
  let records = sorted.get(result);
  if (!records) {
    records = result.answers
      .flatMap((record) => (record.type === 'MX' ? [{ preference: record.preference, exchange: record.exchange }] : []))
      .sort((a, b) => a.preference - b.preference || a.exchange.localeCompare(b.exchange));
    sorted.set(result, records);
  }
  return records;
}

/** Distinct mail host names, lowest preference first (no null target, no IP literals). */
export function hostNames(records: MxRecord[]): string[] {
  return [...new Set(records.map((r) => r.exchange).filter((name) => !isNullTarget(name) && !isIpLiteral(name)))];
}

/** The MX facts alone (other sections need them: DKIM providers, MTA-STS coverage, `sendsNoMail`). */
export function readMxFacts(capture: EmailSecurityCapture): MxFacts {
  const result = exchange(capture, capture.domain, 'MX');
  if (!result || isDnsFailure(result)) return { state: 'error', hosts: [] };
  const records = mxRecords(result);
  if (records.length === 0) return { state: 'none', hosts: [] };
  if (records.length === 1 && isNullTarget(records[0]!.exchange)) return { state: 'null-mx', hosts: records };
  return { state: 'mail', hosts: records };
}

/** The domain takes no mail: a null MX, or it sends and receives none (`sendsNoMail`). */
export function receivesNoMail(capture: EmailSecurityCapture): boolean {
  return readMxFacts(capture).state === 'null-mx' || sendsNoMail(capture);
}

/**
 * The domain declares it takes part in no mail: a null MX without an SPF record that lets anyone
 * send, or no MX and SPF exactly `v=spf1 -all`. A null MX beside SPF that authorizes senders is a
 * sending domain (graded as one, DKIM included) whose mail receivers may refuse (RFC 7505 §4.2).
 * Every section that does not apply to such a domain, and the grade, read this one answer.
 */
export function sendsNoMail(capture: EmailSecurityCapture): boolean {
  const mx = readMxFacts(capture);
  const spf = spfRecordIn(apexTxtIn(capture));
  return mx.state === 'null-mx' ? spf === null || spfSendsNothing(spf) : mx.state === 'none' && spfSendsNothing(spf);
}
