/**
 * What an email-security scan saw: every DNS query and its answer, in the order asked, plus the
 * MTA-STS policy file. `analyze(capture)` reads only this, so a saved capture grades offline.
 */
import type * as v from 'valibot';
import { normalizeName } from '../../net/dns-records.ts';
import { memoizeResolver } from '../../net/memo-resolver.ts';
import { unanswered, type DnsResult, type RecordType, type Resolver } from '../../net/resolver.ts';
import type { PolicyFetchSchema } from './result-schema-records.ts';

/** One DNS exchange as recorded (a DnsResult, with the records as plain JSON). */
export type DnsExchange = DnsResult<RecordType>;

/**
 * The MTA-STS policy fetch, as the result schema publishes it, but for `error`: the schema lists
 * the reasons the fetch gives, which the guarded fetch's own type does not narrow to.
 */
export type PolicyFetch = Omit<v.InferOutput<typeof PolicyFetchSchema>, 'error'> & { error: string | null };

export interface EmailSecurityCapture {
  /** The apex domain scanned (ASCII). */
  domain: string;
  /** Every query, in the order it was asked; a name+type is asked at most once per scan. */
  queries: DnsExchange[];
  /** The MTA-STS policy file, when the `_mta-sts` record invited fetching it. */
  mtaStsPolicy: PolicyFetch | null;
  /** DKIM selectors the caller asked for, and every selector queried (caller's first). */
  selectors: { requested: string[]; tried: string[] };
  durationMs?: number;
  /** The scan's deadline (or the caller's cancel) stopped retrieval: some answers may be missing. */
  deadlineReached?: boolean;
  /**
   * The DNS resolver itself gave no DNS response to the apex lookups nor to a check of another
   * name: why (the resolver's own error). The target is not to blame; the scan is not graded.
   */
  resolverUnreachable?: string;
}

/**
 * Each capture's exchanges by type and name, the first of each kept. A domain's answers can name
 * thousands of hosts, and the analysis looks most of them up. Queries are only ever appended, so
 * an index of the right size is current.
 */
const indexes = new WeakMap<DnsExchange[], { size: number; byKey: Map<string, DnsExchange> }>();

function indexOf(queries: DnsExchange[]): Map<string, DnsExchange> {
  let index = indexes.get(queries);
  if (index?.size !== queries.length) {
    const byKey = new Map<string, DnsExchange>();
    for (const query of queries) {
      const key = `${query.type} ${query.name}`;
      if (!byKey.has(key)) byKey.set(key, query);
    }
    index = { size: queries.length, byKey };
    indexes.set(queries, index);
  }
  return index.byKey;
}

/** Looks up an exchange in a capture (analysis side): the first answer to the question; undefined when never asked. */
export function exchange(capture: EmailSecurityCapture, name: string, type: RecordType): DnsExchange | undefined {
  return indexOf(capture.queries).get(`${type} ${normalizeName(name)}`);
}

/**
 * Decides whether a question may be sent (true), possibly after waiting; false: it is not sent,
 * not recorded, and answers as not asked.
 */
export type QueryGate = (name: string, type: RecordType) => boolean | Promise<boolean>;

/**
 * The retrieval side: a resolver that records every exchange into the capture and, through the
 * scan's memo, never asks the same name and type twice (concurrent askers share the answer).
 * Every query runs under the scan's `signal`, whoever asks first, and passes the `gate` first.
 */
export class RecordingResolver implements Resolver {
  readonly #memo: Resolver;

  constructor(resolver: Resolver, capture: EmailSecurityCapture, signal?: AbortSignal, gate?: QueryGate) {
    this.#memo = memoizeResolver({
      async query<T extends RecordType>(name: string, type: T): Promise<DnsResult<T>> {
        if (gate && !(await gate(normalizeName(name), type)))
          return unanswered(name, type, 'not asked: the scan stopped at the apex');
        const result = await resolver.query(name, type, { signal });
        capture.queries.push(result);
        return result;
      },
    });
  }

  query<T extends RecordType>(name: string, type: T): Promise<DnsResult<T>> {
    return this.#memo.query(name, type);
  }
}
