/**
 * SPF retrieval: asks DNS, through the scan's RecordingResolver, for everything the SPF tree of
 * a domain needs. The tree builder (tree.ts) says which answers it lacks; those are asked
 * together, in parallel, and the tree is rebuilt, until it lacks nothing. So the questions are
 * exactly the ones the analysis will read: the domain's TXT, each include and redirect target's
 * TXT, A/AAAA for `a`, MX for `mx` and A/AAAA for each of its hosts (at most 10), A for `exists`.
 * Terms that depend on the sender (macros such as %{i}, and `ptr`) are never asked; loops are
 * not followed; targets far past the lookup limit are not fetched; and a hard cap bounds the total.
 */
import type { DnsExchange, RecordingResolver } from '../capture.ts';
import type { SpfQueryType } from './model.ts';
import { RETRIEVAL } from './rfc7208.ts';
import { buildSpfTree } from './tree.ts';

export interface SpfRetrievalOptions {
  /** Most DNS questions this walk may ask (default RETRIEVAL.maxQueries). */
  maxQueries?: number;
}

export interface SpfRetrieval {
  /** Questions asked by this walk (answers shared with other sections count too). */
  queries: number;
  /** Rounds of parallel questions: the depth of the tree, roughly. */
  rounds: number;
  /** False when the query cap stopped the walk before the tree was complete. */
  complete: boolean;
}

const keyOf = (type: SpfQueryType, name: string) => `${type} ${name}`;

export async function retrieveSpf(
  resolver: RecordingResolver,
  domain: string,
  options: SpfRetrievalOptions = {},
): Promise<SpfRetrieval> {
  const maxQueries = options.maxQueries ?? RETRIEVAL.maxQueries;
  const answers = new Map<string, DnsExchange>();
  let queries = 0;
  let rounds = 0;
  for (;;) {
    const { needed } = buildSpfTree(domain, (name, type) => answers.get(keyOf(type, name)));
    if (needed.length === 0) return { queries, rounds, complete: true };
    const batch = needed.slice(0, maxQueries - queries);
    if (batch.length === 0) return { queries, rounds, complete: false };
    queries += batch.length;
    rounds += 1;
    const results = await Promise.all(batch.map(({ name, type }) => resolver.query(name, type)));
    results.forEach((result, i) => answers.set(keyOf(batch[i]!.type, batch[i]!.name), result));
  }
}
