/**
 * A DNS resolver over HTTPS (RFC 8484) for runtimes with Web APIs only. Answers keep the
 * difference between a name that does not exist, one without records of the type, a server
 * failure and no answer in time; CNAMEs are followed.
 */
import { isRecordType, normalizeName, type DnsRecord, type RecordType } from './dns-records.ts';
import { exchange, type ExchangeSettings, type FetchLike } from './doh-exchange.ts';
import { MAX_DNS_NAME_LENGTH } from './host-text.ts';

export type { DnsRecord, RecordType } from './dns-records.ts';
export type { FetchLike } from './doh-exchange.ts';

export type DnsOutcome = 'answer' | 'nodata' | 'nxdomain' | 'servfail' | 'timeout' | 'error';

/** The RCODE of the last response, by its IANA mnemonic; null when no response arrived. */
export type Rcode = 'NOERROR' | 'FORMERR' | 'SERVFAIL' | 'NXDOMAIN' | 'NOTIMP' | 'REFUSED' | (string & {});

export interface DnsResult<T extends RecordType = RecordType> {
  /** The name asked for, normalised (lower-case, no trailing dot). */
  name: string;
  type: T;
  rcode: Rcode | null;
  outcome: DnsOutcome;
  /** The AD bit of every response involved: the resolver validated the data with DNSSEC. */
  authenticated: boolean;
  /** Records of `type` owned by the end of the CNAME chain (or by `name`). */
  answers: DnsRecord<T>[];
  /** The CNAME targets followed from `name`, in order. */
  cnameChain: string[];
  /** Why there is no answer, for outcomes timeout and error (and servfail when it says more). */
  error?: string;
}

export interface QueryOptions {
  signal?: AbortSignal | undefined;
}

export interface Resolver {
  query<T extends RecordType>(name: string, type: T, options?: QueryOptions): Promise<DnsResult<T>>;
}

export interface DohResolverOptions {
  /** The RFC 8484 endpoint, e.g. https://cloudflare-dns.com/dns-query (config `DOH_URL`). */
  url: string;
  fetch: FetchLike;
  /** Per attempt. */
  timeoutMs?: number;
  /** Further attempts after a timeout, a network error or an HTTP 5xx. */
  retries?: number;
}

/** Longest CNAME chain followed before giving up. */
const MAX_CNAME_DEPTH = 8;

export function createDohResolver(options: DohResolverOptions): Resolver {
  const settings: ExchangeSettings = {
    url: options.url,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 2500,
    retries: options.retries ?? 1,
  };
  return {
    query: (name, type, queryOptions = {}) => resolve(settings, name, type, queryOptions.signal),
  };
}

const NAME_LABEL = /^[\x21-\x2d\x2f-\x7e]{1,63}$/; // printable ASCII except "."

/** Why `name` cannot be asked for (it must be ASCII already: IDNA is the caller's job); null when fine. */
export function queryNameProblem(name: string): string | null {
  if (name.length === 0) return 'the name is empty';
  if (name.length > MAX_DNS_NAME_LENGTH) return `the name is longer than ${MAX_DNS_NAME_LENGTH} characters`;
  if (!name.split('.').every((label) => NAME_LABEL.test(label)))
    return 'the name has an empty, over-long or non-ASCII label';
  return null;
}

async function resolve<T extends RecordType>(
  settings: ExchangeSettings,
  rawName: string,
  type: T,
  signal?: AbortSignal,
): Promise<DnsResult<T>> {
  const name = normalizeName(rawName);
  const result = unanswered(name, type);
  const problem = queryNameProblem(name);
  if (problem) return { ...result, error: problem };
  if (!isRecordType(type)) return { ...result, error: `record type ${String(type)} is not supported` };

  let current = name;
  let authenticated = true;
  for (let round = 0; round <= MAX_CNAME_DEPTH; round++) {
    const reply = await exchange(settings, current, type, signal);
    if (!reply.ok) return { ...result, outcome: reply.failure, error: reply.message };
    const response = reply.response;
    authenticated &&= response.authenticated;
    result.rcode = response.rcode;
    result.authenticated = authenticated;

    const asked = current;
    if (type !== 'CNAME') {
      for (;;) {
        const link = response.answers.find((r): r is DnsRecord<'CNAME'> => r.type === 'CNAME' && r.name === current);
        if (!link) break;
        if (link.target === name || result.cnameChain.includes(link.target))
          return { ...result, error: 'the CNAME chain loops' };
        if (result.cnameChain.length >= MAX_CNAME_DEPTH)
          return { ...result, error: `the CNAME chain is longer than ${MAX_CNAME_DEPTH}` };
        result.cnameChain.push(link.target);
        current = link.target;
      }
    }
    const answers = response.answers.filter((r): r is DnsRecord<T> => r.type === type && r.name === current);
    // The server named a CNAME target without its records: ask for the target itself.
    if (response.rcode === 'NOERROR' && answers.length === 0 && current !== asked) continue;
    const outcome = outcomeOf(response.rcode, answers.length);
    return {
      ...result,
      answers,
      outcome,
      ...(outcome === 'error' ? { error: `the resolver answered ${response.rcode}` } : {}),
    };
  }
  return { ...result, outcome: 'error', error: `the CNAME chain is longer than ${MAX_CNAME_DEPTH}` };
}

/** A result without a DNS response (`outcome` error), saying why when `error` is given. */
export function unanswered<T extends RecordType>(name: string, type: T, error?: string): DnsResult<T> {
  return {
    name: normalizeName(name),
    type,
    rcode: null,
    outcome: 'error',
    authenticated: false,
    answers: [],
    cnameChain: [],
    ...(error !== undefined ? { error } : {}),
  };
}

function outcomeOf(rcode: string, answers: number): DnsOutcome {
  switch (rcode) {
    case 'NOERROR':
      return answers > 0 ? 'answer' : 'nodata';
    case 'NXDOMAIN':
      return 'nxdomain';
    case 'SERVFAIL':
      return 'servfail';
    default:
      return 'error';
  }
}

export interface AddressLookup {
  /** Every A then every AAAA address found. */
  addresses: string[];
  v4: DnsResult<'A'>;
  v6: DnsResult<'AAAA'>;
}

/** A and AAAA for `host`, asked in parallel. */
export async function resolveAddresses(
  resolver: Resolver,
  host: string,
  options: QueryOptions = {},
): Promise<AddressLookup> {
  const [v4, v6] = await Promise.all([resolver.query(host, 'A', options), resolver.query(host, 'AAAA', options)]);
  return { addresses: [...v4.answers.map((r) => r.address), ...v6.answers.map((r) => r.address)], v4, v6 };
}
