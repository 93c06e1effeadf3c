/**
 * Which SPF findings apply to a judged tree, with their evidence. One finding per id; when an id
 * applies several times its evidence lists the occurrences (the first `MAX_EVIDENCE_LINES`).
 */
import { excerpt } from '../../excerpt.ts';
import { quoteRecord } from '../dns-answers.ts';
import { wordsOf } from '../finding.ts';
import { nearMissEvidence } from '../near-miss.ts';
import type { Finding } from '../section.ts';
import { PERMERROR_FINDING, SPF_FINDINGS, type SpfFindingId } from './catalogue.ts';
import type { SpfRecordNode, SpfTree, TermNode } from './model.ts';
import { KNOWN_MODIFIERS, LIMITS } from './rfc7208.ts';
import { spfNearMiss } from './select.ts';
import { passesEverySender } from './universal.ts';
import type { SpfVerdict } from './verdict.ts';

/** Every record in the tree: the domain's, then include and redirect targets, depth first. */
function recordNodes(root: SpfRecordNode): SpfRecordNode[] {
  return [root, ...root.terms.flatMap((t) => (t.child ? recordNodes(t.child) : []))];
}

/** Near the position: the rest of the term there, for evidence. */
function near(record: string, position: number): string {
  const end = record.indexOf(' ', position);
  return record.slice(position, end < 0 ? undefined : end) || '(end of record)';
}

const BROAD_PREFIX = { ip4: 8, ip6: 16 } as const;

/**
 * Evidence lines kept per finding; the rest are counted. A record can hold thousands of terms
 * that each call for a line, and a finding needs examples, not all of them.
 */
export const MAX_EVIDENCE_LINES = 20;

export function spfFindings(tree: SpfTree, verdict: SpfVerdict): Finding[] {
  const evidence = new Map<SpfFindingId, { lines: string[]; more: number }>();
  const entryOf = (id: SpfFindingId) => {
    let entry = evidence.get(id);
    if (!entry) evidence.set(id, (entry = { lines: [], more: 0 }));
    return entry;
  };
  const add = (id: SpfFindingId, ...lines: string[]) => {
    const entry = entryOf(id);
    for (const line of lines) {
      if (entry.lines.length < MAX_EVIDENCE_LINES) entry.lines.push(line);
      else entry.more += 1;
    }
  };
  const { root } = tree;

  const nearMisses = root.nearMisses.flatMap((text) => {
    const miss = spfNearMiss(text);
    return miss ? [{ text, miss }] : [];
  });
  // A near miss in place of the record is the record missing, with the reason it is not read.
  if (root.state === 'no-record' && nearMisses.length === 0)
    add(
      'spf-missing',
      root.dns?.outcome === 'answer'
        ? `TXT ${root.domain}: no record starts with "v=spf1 "`
        : `TXT ${root.domain}: ${root.dns?.outcome}`,
    );
  if (nearMisses.length > 0) add('spf-near-miss', ...nearMissEvidence(`TXT ${root.domain}`, nearMisses));
  if (root.state === 'multiple-records')
    add('spf-multiple-records', ...root.candidates.map((text) => `TXT ${root.domain}: ${quoteRecord(text)}`));
  if (root.state === 'syntax-error') {
    const shown = root.errors.slice(0, MAX_EVIDENCE_LINES);
    add(
      'spf-syntax-error',
      `record: ${quoteRecord(root.record!)}`,
      ...shown.map((e) => `offset ${e.position} (at ${quoteRecord(near(root.record!, e.position), 60)}): ${e.message}`),
    );
    entryOf('spf-syntax-error').more += root.errors.length - shown.length;
  }
  for (const event of verdict.permerrors) {
    if (event.reason !== 'syntax' && event.reason !== 'multiple-records')
      add(PERMERROR_FINDING[event.reason], event.detail);
  }
  for (const event of verdict.temperrors) add('spf-dns-failure', event.detail);

  if (!verdict.lookupOverflow && tree.lookups >= LIMITS.lookups - 1) {
    add('spf-lookups-near-limit', `${tree.lookups} of ${LIMITS.lookups} lookups`);
  }
  if (!verdict.voidOverflow) {
    for (const { term, domain } of tree.sequence)
      if (term.void) add('spf-void-lookups', `${term.text} (in ${domain}): ${term.target} has no records`);
  }

  const includedHere = new Map<string, number>();
  for (const { term, domain } of tree.sequence) {
    reachableTermFindings(term, domain, add);
    if (term.name === 'include' && term.target) includedHere.set(term.target, (includedHere.get(term.target) ?? 0) + 1);
  }
  for (const [target, count] of includedHere)
    if (count > 1) add('spf-duplicate-include', `include:${target} is evaluated ${count} times`);

  for (const node of recordNodes(root)) recordFindings(node, add);
  if (root.state === 'ok') policyFindings(root, add);
  if (!tree.complete || tree.truncated) {
    const skipped = tree.sequence
      .filter((e) => e.term.status === 'not-retrieved')
      .map((e) => `${e.term.text} (in ${e.domain}): ${e.term.note}`);
    add('spf-not-retrieved', ...(skipped.length > 0 ? skipped : ['some answers are missing from the capture']));
  }

  const [first] = nearMisses;
  return [...evidence].map(([id, { lines, more }]) => ({
    id,
    ...(id === 'spf-near-miss'
      ? wordsOf(SPF_FINDINGS[id], {
          case: root.state === 'no-record' ? 'no-record' : 'beside-a-record',
          problem: first!.miss.problem,
          fix: first!.miss.fix,
        })
      : wordsOf(SPF_FINDINGS[id])),
    evidence: more > 0 ? [...lines, `… and ${more} more`] : lines,
  }));
}

type Add = (id: SpfFindingId, ...lines: string[]) => void;

function reachableTermFindings(term: TermNode, domain: string, add: Add): void {
  const where = `${term.text} (in ${domain})`;
  if (term.name === 'ptr') add('spf-ptr', where);
  if (term.status === 'not-evaluable') add('spf-sender-dependent', `${where}: ${term.note}`);
  if (term.status === 'unqueryable') add('spf-unqueryable-name', `${where}: ${term.note}`);
  for (const host of term.mxHosts ?? [])
    if (host.addresses.length === 0) add('spf-mx-host-without-address', `${where}: MX host ${host.exchange}`);
  if ((term.name === 'ip4' || term.name === 'ip6') && term.qualifier === '+') {
    const prefix = /\/(\d+)$/.exec(term.text)?.[1];
    if (prefix !== undefined && Number(prefix) <= BROAD_PREFIX[term.name]) add('spf-broad-range', where);
  }
}

function recordFindings(node: SpfRecordNode, add: Add): void {
  if (node.state !== 'ok' || node.record === null) return;
  const afterAll = node.terms.filter((t) => t.status === 'after-all').map((t) => t.text);
  if (afterAll.length > 0) add('spf-terms-after-all', `${node.domain}: ${excerpt(afterAll.join(' '))}`);
  for (const term of node.terms) {
    if (term.status === 'ignored') add('spf-redirect-ignored', `${node.domain}: ${term.text}`);
    if (term.qualifier === null && !(KNOWN_MODIFIERS as readonly string[]).includes(term.name))
      add('spf-unknown-modifier', `${node.domain}: ${term.text}`);
  }
  if (node.record.length > LIMITS.recordLength)
    add('spf-record-too-long', `${node.domain}: ${node.record.length} characters`);
}

function policyFindings(root: SpfRecordNode, add: Add): void {
  const everyone = passesEverySender(root);
  if (everyone && !/^\+?all \(in /i.test(everyone.via))
    add(
      /^\+?include:/i.test(everyone.via) ? 'spf-include-passes-all' : 'spf-passes-every-sender',
      `${everyone.via} matches every sender before any other verdict`,
    );
  const source = root.terms.some((t) => t.name === 'all' && t.status !== 'after-all')
    ? root.domain
    : 'the redirect target';
  switch (root.all) {
    case '+':
      return add('spf-plus-all', `${quoteRecord(root.record!)} (policy from ${source})`);
    case '?':
      return add('spf-neutral-all', `${quoteRecord(root.record!)} (policy from ${source})`);
    case '~':
      return add('spf-softfail-all', `${quoteRecord(root.record!)} (policy from ${source})`);
    case '-':
      return;
    case null: {
      // A redirect whose target is broken is reported as such, not as a missing "all".
      const redirect = root.terms.find((t) => t.name === 'redirect' && t.status !== 'ignored');
      if (!redirect || redirect.child?.state === 'ok')
        add('spf-no-all', `${quoteRecord(root.record!)}${redirect ? ` (nor the redirect target's record)` : ''}`);
    }
  }
}
