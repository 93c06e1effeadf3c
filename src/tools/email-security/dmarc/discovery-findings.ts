/**
 * DMARC findings about what answers at `_dmarc.<domain>` and the apex (malformed, several, SPF or
 * other TXT records there, a record at the apex) and about external report destinations
 * (RFC 9990 §4). The record's own findings are in findings.ts.
 */
import { exchange, type EmailSecurityCapture } from '../capture.ts';
import { quoteRecord, txtTexts } from '../dns-answers.ts';
import { finding } from '../finding.ts';
import type { Finding } from '../section.ts';
import { apexTxtIn } from '../sender-hints.ts';
import { MAX_AUTHORIZATION_LOOKUPS, type Authorization, type ReportDestination } from './destinations.ts';
import { classifyDmarcText } from './parse.ts';
import { dmarcName, type WalkStep } from './tree-walk.ts';

export type DmarcDestinationReport = ReportDestination & { authorization: Authorization | null };

export function ownTextFindings(capture: EmailSecurityCapture, step: WalkStep | undefined): Finding[] {
  const name = dmarcName(capture.domain);
  const texts = txtTexts(exchange(capture, name, 'TXT'));
  const findings: Finding[] = [];
  const malformed = texts.filter((t) => classifyDmarcText(t) === 'malformed');
  if (malformed.length > 0) {
    findings.push(
      finding(
        'dmarc-malformed',
        'high',
        'A DMARC-like record is ignored: it must start exactly with "v=DMARC1"',
        malformed.map((t) => `${name}: ${quoteRecord(t)}`),
        'Start the record with "v=DMARC1;" (no leading space, DMARC1 in capitals).',
        'RFC 9989 §4.7',
      ),
    );
  }
  if (step?.outcome === 'multiple') {
    findings.push(
      finding(
        'dmarc-multiple',
        'high',
        'Several DMARC records: receivers discard them all',
        step.records.map((t) => `${name}: ${quoteRecord(t)}`),
        'Publish exactly one v=DMARC1 record at _dmarc.',
        'RFC 9989 §4.10',
      ),
    );
  }
  const spf = texts.filter((t) => classifyDmarcText(t) === 'spf');
  if (spf.length > 0) {
    findings.push(
      finding(
        'dmarc-spf-at-dmarc',
        'low',
        'An SPF record answers at _dmarc (often a wildcard TXT record)',
        spf.map((t) => `${name}: ${quoteRecord(t)}`),
        'Remove the SPF record at _dmarc, or the wildcard that produces it.',
      ),
    );
  }
  const other = texts.filter((t) => classifyDmarcText(t) === 'other');
  if (other.length > 0) {
    findings.push(
      finding(
        'dmarc-unrelated-txt',
        'info',
        'Other TXT records at _dmarc',
        other.map((t) => `${name}: ${quoteRecord(t)}`),
        'Remove TXT records at _dmarc that are not the DMARC record.',
      ),
    );
  }
  const atApex = apexTxtIn(capture).filter((t) => classifyDmarcText(t) === 'dmarc');
  if (atApex.length > 0) {
    findings.push(
      finding(
        'dmarc-at-apex',
        step?.outcome === 'record' ? 'low' : 'high',
        'A DMARC record is published at the domain itself, where receivers never look',
        atApex.map((t) => `${capture.domain}: ${quoteRecord(t)}`),
        `Publish it at ${name} instead.`,
        'RFC 9989 §4.10.1',
      ),
    );
  }
  return findings;
}

/** `asked`: whether the capture holds the lookup of an authorization name. */
export function destinationFindings(
  destinations: DmarcDestinationReport[],
  policyDomain: string,
  asked: (name: string) => boolean,
): Finding[] {
  const findings: Finding[] = [];
  const unauthorized = destinations.filter((d) => d.authorization === 'unauthorized');
  if (unauthorized.length > 0) {
    findings.push(
      finding(
        'dmarc-destination-unauthorized',
        'medium',
        'External report destinations have not agreed to receive reports',
        unauthorized.map((d) => `${d.tag} ${d.uri.uri}: no v=DMARC1 TXT at ${d.authorizationName}`),
        `Ask each destination to publish "v=DMARC1" at ${policyDomain}._report._dmarc.<their domain>, ` +
          'or use an address in your own domain.',
        'RFC 9990 §4',
      ),
    );
  }
  const unknown = destinations.filter((d) => d.authorization === 'unknown');
  const failed = unknown.filter((d) => asked(d.authorizationName!));
  const notAsked = unknown.length - failed.length;
  if (unknown.length > 0) {
    findings.push(
      finding(
        'dmarc-destination-unverified',
        'info',
        'The authorization of some external report destinations could not be checked',
        [
          ...failed.map((d) => `${d.tag} ${d.uri.uri}: lookup of ${d.authorizationName} failed`),
          ...(notAsked > 0
            ? [`${notAsked} not looked up: the first ${MAX_AUTHORIZATION_LOOKUPS} external destinations are checked`]
            : []),
        ],
        'Nothing to do if the destination publishes its authorization; the check could not confirm it.',
        'RFC 9990 §4',
      ),
    );
  }
  return findings;
}
