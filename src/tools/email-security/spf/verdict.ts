/**
 * Judges an SPF tree against RFC 7208's processing limits (§4.6.4) and picks the permerror a
 * receiver would reach first, in evaluation order.
 *
 * The lookup limit depends on the path: evaluation stops at the first matching mechanism, so a
 * record needing 11 lookups only fails for senders that get that far. But every mechanism at or
 * past the 11th lookup lists senders (an a, mx or exists term its hosts, an include or redirect a
 * whole record), and each of them meets a permerror instead of a pass: the record is judged a
 * permerror, naming those terms (RFC 7208 §4.6.4).
 */
import type { PermerrorReason, SequenceEntry, SpfEvent, SpfTree } from './model.ts';
import { LIMITS } from './rfc7208.ts';

export type PermerrorEvent = SpfEvent & { kind: 'permerror'; reason: PermerrorReason };

const isPermerror = (event: SpfEvent): event is PermerrorEvent => event.kind === 'permerror' && event.reason !== 'dns';

export interface LookupOverflow {
  /** The term whose lookup is the first past the limit. */
  at: SequenceEntry;
  /** Terms past it that list or delegate senders (every mechanism but `all`, and redirect). */
  unreachable: SequenceEntry[];
}

export interface SpfVerdict {
  /** The permerror evaluation meets first; null when none. */
  permerror: PermerrorEvent | null;
  /** Every permerror found, in evaluation order. */
  permerrors: PermerrorEvent[];
  temperrors: SpfEvent[];
  lookupOverflow: LookupOverflow | null;
  /** The void lookup past the limit. */
  voidOverflow: SequenceEntry | null;
}

export function judgeSpf(tree: SpfTree): SpfVerdict {
  const permerrors = tree.events.filter(isPermerror);
  const lookupOverflow = findLookupOverflow(tree.sequence);
  if (lookupOverflow) {
    const { at, unreachable } = lookupOverflow;
    const names = [...new Set(unreachable.map((e) => e.term.text))].slice(0, 5).join(', ');
    permerrors.push(
      eventAt(
        at,
        'too-many-lookups',
        `${tree.lookups}${tree.truncated ? '+' : ''} DNS lookups; ` +
          `the limit of ${LIMITS.lookups} is passed at ${at.term.text} (in ${at.domain})` +
          (names ? `, before ${names}` : ''),
      ),
    );
  }
  const voids = tree.sequence.filter((e) => e.term.void);
  const voidOverflow = voids[LIMITS.voidLookups] ?? null;
  if (voidOverflow) {
    const list = voids.map((e) => `${e.term.text} (in ${e.domain})`).join(', ');
    permerrors.push(
      eventAt(
        voidOverflow,
        'too-many-void-lookups',
        `${voids.length} lookups found nothing (limit ${LIMITS.voidLookups}): ${list}`,
      ),
    );
  }
  permerrors.sort((a, b) => a.order - b.order);
  return {
    permerror: permerrors[0] ?? null,
    permerrors,
    temperrors: tree.events.filter((e) => e.kind === 'temperror'),
    lookupOverflow,
    voidOverflow,
  };
}

function findLookupOverflow(sequence: SequenceEntry[]): LookupOverflow | null {
  const index = sequence.findIndex((e) => e.term.lookupIndex === LIMITS.lookups + 1);
  if (index < 0) return null;
  const unreachable = sequence.slice(index + 1).filter((e) => e.term.name !== 'all');
  return { at: sequence[index]!, unreachable };
}

function eventAt(
  entry: SequenceEntry,
  reason: 'too-many-lookups' | 'too-many-void-lookups',
  detail: string,
): PermerrorEvent {
  return {
    kind: 'permerror',
    reason,
    detail,
    order: entry.order,
    domain: entry.domain,
    term: entry.term.text,
    position: entry.term.position,
  };
}
