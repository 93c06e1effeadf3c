/**
 * RFC 7208 as data: what each mechanism takes, which terms cost a DNS lookup, the macro letters,
 * and the processing limits (§4.6.4), plus the caps this scanner puts on its own retrieval.
 */

export type Qualifier = '+' | '-' | '~' | '?';
export type MechanismName = 'all' | 'include' | 'a' | 'mx' | 'ptr' | 'ip4' | 'ip6' | 'exists';

export interface MechanismRule {
  /** `:domain-spec` after the name: required, optional or not allowed (§5). */
  domain: 'required' | 'optional' | 'none';
  /** The CIDR suffix the mechanism accepts. */
  cidr: 'dual' | 'ip4' | 'ip6' | 'none';
  /** ip4/ip6: the `:network` is required and is an address, not a domain. */
  network: 4 | 6 | null;
  /** The term costs one of the 10 DNS lookups (§4.6.4). */
  costsLookup: boolean;
}

export const MECHANISMS: Record<MechanismName, MechanismRule> = {
  all: { domain: 'none', cidr: 'none', network: null, costsLookup: false },
  include: { domain: 'required', cidr: 'none', network: null, costsLookup: true },
  a: { domain: 'optional', cidr: 'dual', network: null, costsLookup: true },
  mx: { domain: 'optional', cidr: 'dual', network: null, costsLookup: true },
  ptr: { domain: 'optional', cidr: 'none', network: null, costsLookup: true },
  ip4: { domain: 'none', cidr: 'ip4', network: 4, costsLookup: false },
  ip6: { domain: 'none', cidr: 'ip6', network: 6, costsLookup: false },
  exists: { domain: 'required', cidr: 'none', network: null, costsLookup: true },
};

export function isMechanismName(name: string): name is MechanismName {
  return Object.hasOwn(MECHANISMS, name);
}

/** Modifiers with a meaning (§6); any other well-formed `name=value` is allowed and ignored. */
export const KNOWN_MODIFIERS = ['redirect', 'exp'] as const;

/** Macro letters; c, r and t only in explanation text, never in a domain-spec (both §7.2). */
export const MACRO_LETTERS = 'slodiphcrtv';
export const EXPLANATION_ONLY_LETTERS = 'crt';
/** Letters a domain grader can expand: d is the domain being evaluated, o the scanned domain. */
export const DOMAIN_LETTERS = 'do';
export const MACRO_DELIMITERS = '.-+,/_=';

/** What each sender-dependent letter needs, for "not evaluable" messages. */
export const SENDER_LETTER_MEANING: Record<string, string> = {
  s: 'the sender address',
  l: 'the sender local-part',
  i: 'the sender IP',
  p: 'the sender IP reverse name',
  h: 'the HELO name',
  v: 'the sender IP family',
  c: 'the sender IP',
  r: 'the receiving host',
  t: 'the time of the check',
};

export const LIMITS = {
  /** §4.6.4: terms that cause DNS lookups, across includes and redirects. */
  lookups: 10,
  /** §4.6.4: lookups answered NXDOMAIN or with no records. */
  voidLookups: 2,
  /** §4.6.4: MX records one `mx` may look at (more is a permerror). */
  mxRecords: 10,
  /** Characters of a record that still fits a 512-byte UDP answer (§3.4). */
  recordLength: 450,
} as const;

export const RETRIEVAL = {
  /** Records past this many counted lookups are not fetched: the limit is clearly exceeded. */
  followLookups: 20,
  /** Hard cap on the DNS queries one SPF walk may issue. */
  maxQueries: 80,
  /**
   * Characters of SPF records one tree reads, the domain's own record included (it is always
   * read): one DNS answer's worth. An include or redirect target that would pass it is not read,
   * so twenty targets of 64 KB each cannot make one analysis parse a megabyte of terms.
   */
  maxRecordCharacters: 65_536,
} as const;
