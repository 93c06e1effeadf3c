/**
 * Builds the SPF tree from DNS answers, in evaluation order (RFC 7208 §4.6, §5, §6): terms left to
 * right, an include's record where the include stands, the redirect after every mechanism. Pure
 * and synchronous over a lookup function: the analysis reads answers from the capture; retrieval
 * calls it again and again, asking DNS for what it reports as `needed`, until nothing is.
 */
import { normalizeName } from '../../../net/dns-records.ts';
import { queryNameProblem } from '../../../net/resolver.ts';
import type { DnsExchange } from '../capture.ts';
import { addressesIn, isAbsent, isDnsFailure, txtTexts } from '../dns-answers.ts';
import { expandDomainSpec, type MacroString } from './macro.ts';
import type { PermerrorReason, SpfEvent, SpfQueryType, SpfRecordNode, SpfTree, TermNode } from './model.ts';
import { parseSpfRecord, selectSpfRecord, type MechanismTerm, type ModifierTerm, type SpfTerm } from './parse.ts';
import { LIMITS, MECHANISMS, RETRIEVAL, SENDER_LETTER_MEANING } from './rfc7208.ts';
import {
  beyondLimit,
  beyondRecordBudget,
  blankTerm,
  matchesEveryone,
  notRetrieved,
  unreachable,
} from './term-nodes.ts';
import { inheritUniversal, noteUniversalTerm } from './universal.ts';

export type SpfLookup = (name: string, type: SpfQueryType) => DnsExchange | undefined;

const exchanges = (answer: DnsExchange) => answer.answers.flatMap((r) => (r.type === 'MX' ? [r.exchange] : []));
const describe = (answer: DnsExchange) =>
  `${answer.type} ${answer.name}: ${answer.outcome}${answer.error ? ` (${answer.error})` : ''}`;

export function buildSpfTree(domain: string, lookup: SpfLookup): SpfTree {
  return new TreeBuilder(normalizeName(domain), lookup).build();
}

class TreeBuilder {
  private lookups = 0;
  private voidLookups = 0;
  /** Characters of the records read so far (RETRIEVAL.maxRecordCharacters). */
  private characters = 0;
  private order = 0;
  private complete = true;
  private truncated = false;
  private readonly sequence: SpfTree['sequence'] = [];
  private readonly events: SpfEvent[] = [];
  private readonly needed = new Map<string, { name: string; type: SpfQueryType }>();

  constructor(
    private readonly domain: string,
    private readonly lookup: SpfLookup,
  ) {}

  build(): SpfTree {
    const root = this.record(this.domain, [], true);
    const { sequence, events, lookups, voidLookups, complete, truncated } = this;
    return { root, sequence, events, lookups, voidLookups, complete, truncated, needed: [...this.needed.values()] };
  }

  /** The answer, or undefined, noting the question as needed. */
  private ask(name: string, type: SpfQueryType): DnsExchange | undefined {
    const answer = this.lookup(name, type);
    if (answer) return answer;
    this.complete = false;
    this.needed.set(`${type} ${name}`, { name, type });
    return undefined;
  }

  /** Records an event at the current place in evaluation order (`order` when given: an include's, after its target). */
  private event(
    kind: SpfEvent['kind'],
    reason: PermerrorReason | 'dns',
    detail: string,
    domain: string,
    term?: TermNode,
    order = this.order,
  ): void {
    this.events.push({
      kind,
      reason,
      detail,
      order: term ? order : 0,
      domain,
      ...(term ? { term: term.text, position: term.position } : {}),
    });
  }

  private record(domain: string, chain: string[], isRoot: boolean): SpfRecordNode {
    const node: SpfRecordNode = {
      domain,
      state: 'not-retrieved',
      record: null,
      candidates: [],
      nearMisses: [],
      errors: [],
      dns: null,
      terms: [],
      lookups: 0,
      voidLookups: 0,
      all: null,
      universal: { ipv4: null, ipv6: null },
    };
    const answer = this.ask(domain, 'TXT');
    if (!answer) return node;
    node.dns = { outcome: answer.outcome, ...(answer.error ? { error: answer.error } : {}) };
    if (isDnsFailure(answer)) {
      if (isRoot) this.event('temperror', 'dns', describe(answer), domain);
      return { ...node, state: 'dns-error' };
    }
    const selection = selectSpfRecord(txtTexts(answer));
    node.nearMisses = selection.nearMisses;
    if (selection.kind === 'none') return { ...node, state: 'no-record' };
    if (selection.kind === 'multiple') {
      if (isRoot)
        this.event(
          'permerror',
          'multiple-records',
          `${domain} publishes ${selection.records.length} SPF records`,
          domain,
        );
      return { ...node, state: 'multiple-records', candidates: selection.records };
    }
    if (!isRoot && this.characters + selection.record.length > RETRIEVAL.maxRecordCharacters) {
      this.truncated = true;
      return node; // not-retrieved, with the DNS answer: follow() says why
    }
    this.characters += selection.record.length;
    node.record = selection.record;
    const parsed = parseSpfRecord(selection.record);
    if (parsed.errors.length > 0) {
      const first = parsed.errors[0]!;
      if (isRoot)
        this.events.push({
          kind: 'permerror',
          reason: 'syntax',
          detail: first.message,
          order: 0,
          domain,
          position: first.position,
        });
      return { ...node, state: 'syntax-error', errors: parsed.errors };
    }
    node.state = 'ok';
    this.evaluateTerms(node, parsed.terms, parsed.redirect, [...chain, domain]);
    return node;
  }

  private evaluateTerms(node: SpfRecordNode, terms: SpfTerm[], redirect: ModifierTerm | null, chain: string[]): void {
    const lookupsBefore = this.lookups;
    const voidBefore = this.voidLookups;
    const firstAll = terms.findIndex((t) => t.kind === 'mechanism' && t.name === 'all');
    let redirectNode: TermNode | null = null;
    for (const [index, term] of terms.entries()) {
      const termNode = blankTerm(term);
      node.terms.push(termNode);
      if (term.kind === 'modifier') {
        if (term === redirect) redirectNode = termNode;
        continue;
      }
      if (firstAll >= 0 && index > firstAll) {
        termNode.status = 'after-all';
        termNode.note = 'never evaluated: it comes after "all"';
        continue;
      }
      if (matchesEveryone(node)) {
        // The terminal policy is still the one published, though no sender reaches it.
        if (term.name === 'all' && node.all === null) node.all = term.qualifier;
        unreachable(termNode);
        continue;
      }
      this.visit(node.domain, termNode);
      this.evaluateMechanism(node.domain, term, termNode, chain);
      if (term.name === 'all' && node.all === null) node.all = term.qualifier;
      if (termNode.lookupIndex === null || termNode.lookupIndex <= LIMITS.lookups)
        noteUniversalTerm(node, term, termNode);
    }
    if (redirect && redirectNode) {
      const termNode: TermNode = redirectNode;
      if (firstAll >= 0) {
        termNode.status = 'ignored';
        termNode.note = 'ignored: the record has an "all" mechanism (RFC 7208 §6.1)';
      } else if (matchesEveryone(node)) {
        unreachable(termNode);
      } else {
        this.visit(node.domain, termNode);
        this.follow('redirect', node.domain, redirect.value, termNode, chain);
        if (termNode.child?.state === 'ok') {
          node.all = termNode.child.all;
          if (termNode.lookupIndex! <= LIMITS.lookups) inheritUniversal(node, termNode.child);
        }
      }
    }
    node.lookups = this.lookups - lookupsBefore;
    node.voidLookups = this.voidLookups - voidBefore;
  }

  private visit(domain: string, term: TermNode): void {
    this.order += 1;
    this.sequence.push({ domain, term, order: this.order });
  }

  private markVoid(term: TermNode): void {
    term.void = true;
    this.voidLookups += 1;
  }

  private evaluateMechanism(domain: string, term: MechanismTerm, node: TermNode, chain: string[]): void {
    if (!MECHANISMS[term.name].costsLookup) return;
    if (term.name === 'include') return this.follow('include', domain, term.domainSpec!, node, chain);
    const target = this.countAndExpand(domain, term.domainSpec, node);
    if (target === null) return;
    if (term.name === 'ptr') {
      node.status = 'not-evaluable';
      node.note = 'needs the sender IP (a reverse lookup of the connecting address)';
      return;
    }
    if (node.lookupIndex! > RETRIEVAL.followLookups) return beyondLimit(node);
    if (term.name === 'mx') return this.evaluateMx(domain, target, node);
    const answers = (term.name === 'exists' ? (['A'] as const) : (['A', 'AAAA'] as const)).map((type) =>
      this.ask(target, type),
    );
    const failed = answers.find((a) => isDnsFailure(a));
    if (failed) return this.dnsError(domain, node, failed);
    if (answers.some((a) => !a)) return notRetrieved(node);
    node.addresses = answers.flatMap((a) => addressesIn(a));
    // A void lookup for every sender: no address of any family (exists asks A only).
    if (answers.every((a) => isAbsent(a))) this.markVoid(node);
  }

  private evaluateMx(domain: string, target: string, node: TermNode): void {
    const mx = this.ask(target, 'MX');
    if (!mx) return notRetrieved(node);
    if (isDnsFailure(mx)) return this.dnsError(domain, node, mx);
    if (isAbsent(mx)) return this.markVoid(node);
    if (mx.answers.length > LIMITS.mxRecords) {
      node.status = 'too-many-mx';
      node.note = `${target} has ${mx.answers.length} MX records; an mx mechanism may look at ${LIMITS.mxRecords}`;
      this.event('permerror', 'too-many-mx', node.note, domain, node);
      return;
    }
    const hosts = exchanges(mx).filter((host) => host !== '.' && host !== '' && queryNameProblem(host) === null);
    node.mxHosts = [];
    for (const host of hosts) {
      const answers = (['A', 'AAAA'] as const).map((type) => this.ask(host, type));
      const failed = answers.find((a) => isDnsFailure(a));
      if (failed) return this.dnsError(domain, node, failed);
      if (answers.some((a) => !a)) {
        notRetrieved(node);
        continue;
      }
      node.mxHosts.push({ exchange: host, addresses: answers.flatMap((a) => addressesIn(a)) });
    }
  }

  private follow(
    kind: 'include' | 'redirect',
    domain: string,
    spec: MacroString,
    node: TermNode,
    chain: string[],
  ): void {
    const target = this.countAndExpand(domain, spec, node);
    if (target === null) return;
    if (chain.includes(target)) {
      node.status = 'loop';
      node.note = `${kind} loop: ${[...chain.slice(chain.indexOf(target)), target].join(' -> ')}`;
      this.event('permerror', 'loop', node.note, domain, node);
      return;
    }
    if (node.lookupIndex! > RETRIEVAL.followLookups) {
      this.truncated = true;
      return beyondLimit(node);
    }
    const order = this.order; // events about the target belong to this term's place in the order
    const child = this.record(target, chain, false);
    node.child = child;
    node.lookups += child.lookups;
    if (child.dns && (child.dns.outcome === 'nxdomain' || child.dns.outcome === 'nodata')) this.markVoid(node);
    const where = `${kind}:${target} (from ${domain})`;
    const invalid = kind === 'include' ? 'include-invalid' : 'redirect-invalid';
    switch (child.state) {
      case 'no-record':
        return this.event(
          'permerror',
          kind === 'include' ? 'include-missing' : 'redirect-missing',
          `${where}: ${target} has no SPF record`,
          domain,
          node,
          order,
        );
      case 'syntax-error':
        return this.event(
          'permerror',
          invalid,
          `${where}: ${child.errors[0]!.message} (position ${child.errors[0]!.position})`,
          domain,
          node,
          order,
        );
      case 'multiple-records':
        return this.event(
          'permerror',
          invalid,
          `${where}: ${target} publishes ${child.candidates.length} SPF records`,
          domain,
          node,
          order,
        );
      case 'dns-error':
        node.status = 'dns-error';
        return this.event(
          'temperror',
          'dns',
          `${where}: TXT ${target}: ${child.dns?.outcome}${child.dns?.error ? ` (${child.dns.error})` : ''}`,
          domain,
          node,
          order,
        );
      case 'not-retrieved':
        return child.dns ? beyondRecordBudget(node) : notRetrieved(node);
      case 'ok':
        return;
    }
  }

  /** Counts the term's lookup and expands its target (the current domain when none is given). */
  private countAndExpand(domain: string, spec: MechanismTerm['domainSpec'], node: TermNode): string | null {
    this.lookups += 1;
    node.lookups = 1;
    node.lookupIndex = this.lookups;
    if (spec === null) return (node.target = domain);
    const expansion = expandDomainSpec(spec, { domain, senderDomain: this.domain });
    if (!expansion.ok) {
      node.status = 'not-evaluable';
      const letters = expansion.senderLetters.map((l) => `%{${l}} (${SENDER_LETTER_MEANING[l]})`);
      node.note = `depends on the sender: ${letters.join(', ')}`;
      return null;
    }
    node.target = expansion.name;
    const problem = queryNameProblem(expansion.name);
    if (problem) {
      node.status = 'unqueryable';
      node.note = `"${expansion.name}" cannot be asked of the resolver (${problem})`;
      return null;
    }
    return expansion.name;
  }

  private dnsError(domain: string, node: TermNode, answer: DnsExchange): void {
    node.status = 'dns-error';
    node.note = describe(answer);
    this.event('temperror', 'dns', `${node.text} (in ${domain}): ${describe(answer)}`, domain, node);
  }
}
