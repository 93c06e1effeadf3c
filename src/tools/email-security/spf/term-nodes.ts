/**
 * Term nodes as the tree builder makes them: a blank one per term, and the statuses (with their
 * notes) of terms evaluation does not reach or the scan does not look up.
 */
import type { SpfRecordNode, TermNode } from './model.ts';
import type { SpfTerm } from './parse.ts';
import { LIMITS, RETRIEVAL } from './rfc7208.ts';

export function blankTerm(term: SpfTerm): TermNode {
  return {
    text: term.text,
    position: term.position,
    name: term.name,
    qualifier: term.kind === 'mechanism' ? term.qualifier : null,
    status: 'evaluated',
    target: null,
    lookups: 0,
    lookupIndex: null,
    void: false,
  };
}

/** Earlier terms of the record match every sender of both families, so evaluation stops there. */
export const matchesEveryone = (record: SpfRecordNode) =>
  record.universal.ipv4 !== null && record.universal.ipv6 !== null;

export function unreachable(node: TermNode): void {
  node.status = 'unreachable';
  node.note = 'never evaluated: earlier terms match every sender (RFC 7208 §4.6.2)';
}

export function notRetrieved(node: TermNode): void {
  node.status = 'not-retrieved';
  node.note = 'not looked up (query budget reached)';
}

export function beyondRecordBudget(node: TermNode): void {
  node.status = 'not-retrieved';
  node.note = `not read: with it, the SPF records read would pass ${RETRIEVAL.maxRecordCharacters} characters`;
}

export function beyondLimit(node: TermNode): void {
  node.status = 'not-retrieved';
  node.note = `not looked up: lookup ${node.lookupIndex} is far past the limit of ${LIMITS.lookups}`;
}
