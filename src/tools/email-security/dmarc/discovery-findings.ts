/**
 * DMARC findings about what answers at `_dmarc.<domain>` and the apex (malformed, several, SPF or
 * other TXT records there, a record at the apex) and about external report destinations
 * (RFC 9990 §4). The record's own findings are in findings.ts.
 */
import { exchange, type EmailSecurityCapture } from '../capture.ts';
import { recordsAt } from '../common-findings.ts';
import { txtTexts } from '../dns-answers.ts';
import { nearMissEvidence, nearMissesAmong } from '../near-miss.ts';
import type { DmarcSection } from '../result-schema-sections.ts';
import type { Finding } from '../section.ts';
import { apexTxtIn } from '../sender-hints.ts';
import { dmarcFinding } from './catalogue.ts';
import { MAX_AUTHORIZATION_LOOKUPS } from './destinations.ts';
import { classifyDmarcText, DMARC_VERSION } from './parse.ts';
import { dmarcName, type WalkStep } from './tree-walk.ts';

type DmarcDestinationReport = DmarcSection['destinations'][number];

export function ownTextFindings(capture: EmailSecurityCapture, step: WalkStep | undefined): Finding[] {
  const name = dmarcName(capture.domain);
  const texts = txtTexts(exchange(capture, name, 'TXT'));
  const findings: Finding[] = [];
  const malformed = nearMissesAmong(texts, DMARC_VERSION);
  const [first] = malformed;
  if (first)
    findings.push(
      dmarcFinding('dmarc-malformed', nearMissEvidence(name, malformed), {
        // Beside a record receivers read, the near miss changes nothing; in its place, it is the record missing.
        case: step?.outcome === 'record' || step?.outcome === 'multiple' ? 'beside-a-record' : 'no-record',
        problem: first.miss.problem,
        fix: first.miss.fix,
      }),
    );
  if (step?.outcome === 'multiple') findings.push(dmarcFinding('dmarc-multiple', recordsAt(name, step.records)));
  const spf = texts.filter((t) => classifyDmarcText(t) === 'spf');
  if (spf.length > 0) findings.push(dmarcFinding('dmarc-spf-at-dmarc', recordsAt(name, spf)));
  const other = texts.filter((t) => classifyDmarcText(t) === 'other');
  if (other.length > 0) findings.push(dmarcFinding('dmarc-unrelated-txt', recordsAt(name, other)));
  const atApex = apexTxtIn(capture).filter((t) => classifyDmarcText(t) === 'dmarc');
  if (atApex.length > 0)
    findings.push(
      dmarcFinding('dmarc-at-apex', recordsAt(capture.domain, atApex), {
        case: step?.outcome === 'record' ? 'beside-a-record-at-dmarc' : 'no-record-at-dmarc',
        name,
      }),
    );
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
  if (unauthorized.length > 0)
    findings.push(
      dmarcFinding(
        'dmarc-destination-unauthorized',
        unauthorized.map((d) => `${d.tag} ${d.uri.uri}: no v=DMARC1 TXT at ${d.authorizationName}`),
        { policyDomain },
      ),
    );
  const unknown = destinations.filter((d) => d.authorization === 'unknown');
  const failed = unknown.filter((d) => asked(d.authorizationName!));
  const notAsked = unknown.length - failed.length;
  if (unknown.length > 0)
    findings.push(
      dmarcFinding('dmarc-destination-unverified', [
        ...failed.map((d) => `${d.tag} ${d.uri.uri}: lookup of ${d.authorizationName} failed`),
        ...(notAsked > 0
          ? [`${notAsked} not looked up: the first ${MAX_AUTHORIZATION_LOOKUPS} external destinations are checked`]
          : []),
      ]),
    );
  return findings;
}
