/**
 * Terms that match every sender of an address family, and so decide the result for everyone who
 * reaches them: `all`, `ip4:0.0.0.0/0`, `ip6:::/0`, `a/0` or `mx//0` of a name with addresses,
 * `exists:` of a fixed name that resolves, and an include of a record that passes everyone
 * (RFC 7208 §5). With the `+` qualifier such a term is `+all` by another name.
 */
import type { SpfRecordNode, TermNode, UniversalMatch } from './model.ts';
import type { MechanismTerm } from './parse.ts';

export type Family = 'ipv4' | 'ipv6';
const FAMILIES: readonly Family[] = ['ipv4', 'ipv6'];

const isIpv6 = (address: string) => address.includes(':');

/** The families every sender of which the evaluated term matches. */
function familiesMatched(term: MechanismTerm, node: TermNode): Family[] {
  if (node.status !== 'evaluated') return [];
  const withAddresses = (addresses: string[]) =>
    FAMILIES.filter((family) =>
      family === 'ipv4'
        ? term.cidr4 === 0 && addresses.some((a) => !isIpv6(a))
        : term.cidr6 === 0 && addresses.some(isIpv6),
    );
  switch (term.name) {
    case 'all':
      return [...FAMILIES];
    case 'ip4':
      return term.cidr4 === 0 ? ['ipv4'] : [];
    case 'ip6':
      return term.cidr6 === 0 ? ['ipv6'] : [];
    case 'a':
      return withAddresses(node.addresses ?? []);
    case 'mx':
      return withAddresses((node.mxHosts ?? []).flatMap((host) => host.addresses));
    case 'exists':
      return (node.addresses ?? []).length > 0 ? [...FAMILIES] : [];
    case 'include':
      return node.child?.state === 'ok' ? FAMILIES.filter((f) => node.child!.universal[f]?.qualifier === '+') : [];
    case 'ptr':
      return [];
  }
}

/** Notes the term on the record when it is the first to match every sender of a family. */
export function noteUniversalTerm(record: SpfRecordNode, term: MechanismTerm, node: TermNode): void {
  for (const family of familiesMatched(term, node)) {
    if (record.universal[family] !== null) continue;
    const via = node.child?.universal[family]?.via;
    record.universal[family] = {
      qualifier: term.qualifier,
      via: `${node.text} (in ${record.domain})${via && term.name === 'include' ? `, through ${via}` : ''}`,
    };
  }
}

/** A record without `all` ends in its redirect target: the target decides the families still open. */
export function inheritUniversal(record: SpfRecordNode, target: SpfRecordNode): void {
  for (const family of FAMILIES) record.universal[family] ??= target.universal[family];
}

/** The first match that passes every sender of some family (the record is then `+all` in effect). */
export function passesEverySender(record: SpfRecordNode): UniversalMatch | null {
  return FAMILIES.map((family) => record.universal[family]).find((m) => m?.qualifier === '+') ?? null;
}
