/**
 * DKIM retrieval. Needs the MX hosts and the apex TXT strings first (they name the providers
 * whose selectors to try), then asks `_domainkey.<domain>` and every selector's
 * `<selector>._domainkey.<domain>` TXT, all in parallel (at most 41 queries).
 */
import type { EmailSecurityCapture, RecordingResolver } from '../capture.ts';
import { spfIncludedDomains, spfRecordIn } from '../sender-hints.ts';
import { planSelectors } from './selectors.ts';

export interface DkimRetrieveInput {
  /** Selectors the caller asked for (checked first). */
  requested: string[];
  /** MX host names of the domain (from `retrieveMx`). */
  mxHosts: string[];
  /** The apex TXT strings (from `retrieveApexTxt`): the SPF record's includes name providers. */
  apexTxt: string[];
}

export const domainKeyBase = (domain: string) => `_domainkey.${domain}`;
export const selectorName = (selector: string, domain: string) => `${selector}._domainkey.${domain}`;

/** Returns the selectors requested and tried, for `capture.selectors`. */
export async function retrieveDkim(
  resolver: RecordingResolver,
  domain: string,
  input: DkimRetrieveInput,
): Promise<EmailSecurityCapture['selectors']> {
  const spf = spfRecordIn(input.apexTxt);
  const plan = planSelectors(input.requested, input.mxHosts, spf ? spfIncludedDomains(spf) : []);
  await Promise.all([
    resolver.query(domainKeyBase(domain), 'TXT'),
    ...plan.tried.map((selector) => resolver.query(selectorName(selector, domain), 'TXT')),
  ]);
  return { requested: plan.requested, tried: plan.tried };
}
