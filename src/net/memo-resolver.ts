/**
 * A per-scan DNS memo: each name and type is asked once, concurrent askers share the pending
 * answer and later ones get the same answer. Nothing is evicted and TTLs are ignored, so make one
 * for each scan and drop it afterwards. The first asker's options (its signal) govern the shared
 * query: pass the scan's own signal, not a shorter per-request one.
 */
import { normalizeName } from './dns-records.ts';
import type { DnsResult, QueryOptions, RecordType, Resolver } from './resolver.ts';

export function memoizeResolver(resolver: Resolver): Resolver {
  const answers = new Map<string, Promise<DnsResult>>();
  return {
    query<T extends RecordType>(name: string, type: T, options?: QueryOptions): Promise<DnsResult<T>> {
      const key = `${type} ${normalizeName(name)}`;
      let answer = answers.get(key);
      if (!answer) {
        answer = resolver.query(name, type, options);
        answers.set(key, answer);
      }
      return answer as Promise<DnsResult<T>>;
    },
  };
}
