/**
 * Two findings most mechanisms have, in one form: the lookup of their record failed, and several
 * records answer where one is allowed. A catalogue makes its entry with these, naming its
 * mechanism (and the advice it gives); the analyzers write the evidence with the helpers here.
 */
import type { DnsExchange } from './capture.ts';
import { describeExchange, quoteRecord } from './dns-answers.ts';
import type { FindingWords } from './finding.ts';

const TRY_AGAIN = 'Try again later.';
export const TRY_AGAIN_THEN_NAME_SERVERS = "Try again later; if it persists, check the domain's name servers.";

/** "The <what> lookup failed": informational, as the section could not be judged. */
export function lookupFailed<const W extends Partial<FindingWords>>(
  what: string,
  words: W = {} as W,
): { severity: 'info'; title: string; recommendation: string } & W {
  return { severity: 'info', title: `The ${what} lookup failed`, recommendation: TRY_AGAIN, ...words };
}

/** The evidence of a failed lookup: the exchange as it went, or that the question (`name TYPE`) was not asked. */
export function lookupEvidence(result: DnsExchange | undefined, question: string): string {
  return result ? describeExchange(result) : `${question} was not looked up`;
}

/**
 * "Several <mechanism> records: <who> <verb> them all", high: the mechanism is as good as absent.
 * `version` is the record's start, `at` where to publish it when the advice names the place.
 */
export function severalRecords(mechanism: {
  name: string;
  version: string;
  who: 'receivers' | 'senders';
  verb?: 'ignore' | 'discard';
  at?: string;
  rfc: string;
}): { severity: 'high'; title: string; recommendation: string; rfc: string } {
  const { name, version, who, verb = 'ignore', at, rfc } = mechanism;
  return {
    severity: 'high',
    title: `Several ${name} records: ${who} ${verb} them all`,
    recommendation: `Publish exactly one ${version} record${at !== undefined ? ` at ${at}` : ''}.`,
    rfc,
  };
}

/** Each record at `name`, quoted: the evidence of several records, and of records of the wrong kind. */
export function recordsAt(name: string, texts: string[]): string[] {
  return texts.map((text) => `${name}: ${quoteRecord(text)}`);
}
