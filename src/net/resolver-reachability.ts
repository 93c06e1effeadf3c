/**
 * Telling a target's DNS trouble from the service's own: a lookup with no DNS response at all
 * (no RCODE: the request to the DoH resolver failed or timed out) says nothing about the name. When
 * a scan got only such answers, one more question to the resolver decides whose fault it is.
 */
import type { DnsResult, Resolver } from './resolver.ts';

/** No DNS response at all, as opposed to any RCODE (NXDOMAIN and SERVFAIL are answers). */
export function noDnsResponse(answer: DnsResult): boolean {
  return answer.rcode === null && (answer.outcome === 'error' || answer.outcome === 'timeout');
}

const topLevelDomain = (name: string) => name.slice(name.lastIndexOf('.') + 1);

/**
 * Why the resolver itself is unreachable (it gives no DNS response for the SOA of `name`'s
 * top-level domain either, which every working resolver has), or null when it answered.
 */
export async function resolverUnreachable(
  resolver: Resolver,
  name: string,
  signal: AbortSignal,
): Promise<string | null> {
  const check = await resolver.query(topLevelDomain(name), 'SOA', { signal });
  return noDnsResponse(check) && !signal.aborted ? (check.error ?? check.outcome) : null;
}

/** A resolver that remembers whether any of its lookups got a DNS response, and whether any got none. */
export function observedResolver(resolver: Resolver): {
  resolver: Resolver;
  answered(): boolean;
  unanswered(): boolean;
} {
  let answered = false;
  let unanswered = false;
  return {
    resolver: {
      async query(name, type, options) {
        const result = await resolver.query(name, type, options);
        if (noDnsResponse(result)) unanswered = true;
        else if (result.rcode !== null) answered = true;
        return result;
      },
    },
    answered: () => answered,
    unanswered: () => unanswered,
  };
}
