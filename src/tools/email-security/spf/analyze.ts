/**
 * The SPF section, from the capture alone: record selection, syntax, the lookup and void-lookup
 * limits counted through includes and redirects, loops, broken targets, DNS failures and the
 * terminal policy. Pure: the same capture always grades the same.
 */
import { exchange, type EmailSecurityCapture } from '../capture.ts';
import type { SpfSection } from '../result-schema-sections.ts';
import type { Finding, SectionStatus, SpfFacts } from '../section.ts';
import { spfFindings } from './findings.ts';
import type { SpfRecordNode, SpfTree } from './model.ts';
import { LIMITS } from './rfc7208.ts';
import { buildSpfTree } from './tree.ts';
import { passesEverySender } from './universal.ts';
import { judgeSpf, type SpfVerdict } from './verdict.ts';

export type { SpfSection };

/** What one term of the domain's record costs, includes and redirect counted in full. */
type LookupAttribution = SpfSection['lookupsByMechanism'][number];

/**
 * Terms and syntax errors listed per record in the section's tree, and terms in its lookups: a
 * record can hold tens of thousands and the answer needs the first ones; the rest are counted.
 * Evaluation reads them all.
 */
export const MAX_REPORTED_TERMS = 500;

function reported(node: SpfRecordNode): SpfRecordNode {
  const { terms, errors } = node;
  return {
    ...node,
    terms: terms.slice(0, MAX_REPORTED_TERMS).map((t) => (t.child ? { ...t, child: reported(t.child) } : t)),
    errors: errors.slice(0, MAX_REPORTED_TERMS),
    ...(terms.length > MAX_REPORTED_TERMS ? { termsOmitted: terms.length - MAX_REPORTED_TERMS } : {}),
    ...(errors.length > MAX_REPORTED_TERMS ? { errorsOmitted: errors.length - MAX_REPORTED_TERMS } : {}),
  };
}

/** The attributions, the ones past `MAX_REPORTED_TERMS` added up in a last one (the sum stays `facts.lookups`). */
function reportedLookups(attributions: LookupAttribution[]): LookupAttribution[] {
  if (attributions.length <= MAX_REPORTED_TERMS) return attributions;
  const rest = attributions.slice(MAX_REPORTED_TERMS);
  return [
    ...attributions.slice(0, MAX_REPORTED_TERMS),
    {
      term: `… ${rest.length} more terms`,
      target: null,
      lookups: rest.reduce((sum, a) => sum + a.lookups, 0),
      voidLookups: rest.reduce((sum, a) => sum + a.voidLookups, 0),
    },
  ];
}

export function analyzeSpf(capture: EmailSecurityCapture): SpfSection {
  const tree = buildSpfTree(capture.domain, (name, type) => exchange(capture, name, type));
  const verdict = judgeSpf(tree);
  const findings = spfFindings(tree, verdict);
  const facts = spfFacts(tree, verdict);
  const { root } = tree;
  return {
    status: statusOf(facts, root, findings),
    summary: summaryOf(facts, tree, verdict),
    records: [...(root.record !== null ? [root.record] : root.candidates), ...root.nearMisses],
    findings,
    facts,
    record: root.record,
    tree: reported(root),
    lookupsByMechanism: reportedLookups(
      root.terms
        .filter((t) => t.lookups > 0)
        .map((t) => ({
          term: t.text,
          target: t.target,
          lookups: t.lookups,
          voidLookups: (t.void ? 1 : 0) + (t.child?.voidLookups ?? 0),
        })),
    ),
  };
}

function spfFacts(tree: SpfTree, verdict: SpfVerdict): SpfFacts {
  const { root } = tree;
  const found = root.state === 'ok' || root.state === 'syntax-error' || root.state === 'multiple-records';
  const permerror = verdict.permerror;
  return {
    found,
    valid: found && permerror === null,
    permerror: permerror && {
      reason: permerror.reason,
      detail: permerror.detail,
      ...(permerror.position !== undefined && permerror.domain === root.domain ? { position: permerror.position } : {}),
    },
    temperror: verdict.temperrors.length > 0,
    all: root.state === 'ok' ? root.all : null,
    passesEverySender: root.state === 'ok' ? (passesEverySender(root)?.via ?? null) : null,
    lookups: tree.lookups,
    voidLookups: tree.voidLookups,
  };
}

function statusOf(facts: SpfFacts, root: SpfRecordNode, findings: Finding[]): SectionStatus {
  if (root.state === 'dns-error' || root.state === 'not-retrieved') return 'error';
  if (!facts.found || facts.permerror) return 'fail';
  if (findings.some((f) => f.severity === 'critical')) return 'fail';
  if (facts.temperror) return 'error';
  return findings.some((f) => f.severity === 'high' || f.severity === 'medium') ? 'warn' : 'pass';
}

const POLICY: Record<string, string> = {
  '-': 'fails unlisted senders (-all)',
  '~': 'soft-fails unlisted senders (~all)',
  '?': 'is neutral about unlisted senders (?all)',
  '+': 'passes every sender (+all)',
  null: 'has no "all", so unlisted senders get neutral',
};

function summaryOf(facts: SpfFacts, tree: SpfTree, verdict: SpfVerdict): string {
  const { root } = tree;
  if (root.state === 'dns-error')
    return `The SPF lookup for ${root.domain} failed (${root.dns?.outcome}); it could not be checked.`;
  if (root.state === 'not-retrieved') return `The SPF record of ${root.domain} was not looked up.`;
  if (root.state === 'no-record') return `${root.domain} has no SPF record that receivers read.`;
  if (root.state === 'multiple-records')
    return `${root.domain} publishes ${root.candidates.length} SPF records; receivers treat that as a permanent error.`;
  const count = `${facts.lookups}${tree.truncated ? '+' : ''} of ${LIMITS.lookups} DNS lookups`;
  if (facts.permerror?.reason === 'syntax')
    return `The SPF record has a syntax error at offset ${facts.permerror.position}: ${facts.permerror.detail}.`;
  if (facts.permerror) return `The SPF record fails with a permanent error: ${facts.permerror.detail}.`;
  if (facts.temperror) {
    const cause = verdict.temperrors[0]!.detail;
    return `Part of the SPF record could not be checked because a DNS lookup failed (${cause}).`;
  }
  const policy =
    facts.passesEverySender !== null && facts.all !== '+'
      ? `passes every sender through ${facts.passesEverySender}, as +all does`
      : POLICY[String(facts.all)];
  return `The SPF record ${policy}, using ${count}` + `${facts.voidLookups > 0 ? ` (${facts.voidLookups} void)` : ''}.`;
}
