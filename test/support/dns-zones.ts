/**
 * Zone data for test DNS, and how a recursive resolver would answer from it. Written to match
 * the RFC 7208 suite's `zonedata` (conformance/spf/README.md): TXT given as a list is one record
 * of several strings, and the markers TIMEOUT and SERVFAIL stand for failures.
 *
 *   {
 *     'example.com': [
 *       { type: 'A', data: '192.0.2.1' },
 *       { type: 'TXT', data: ['v=spf1 ', '-all'] },                      // one record, two strings
 *       { type: 'MX', data: { preference: 10, exchange: 'mx.example.com' } },
 *     ],
 *     'www.example.com': [{ type: 'CNAME', data: 'example.com' }],
 *     'broken.example': 'SERVFAIL',                                       // every type
 *     'slow.example': 'TIMEOUT',                                          // never answered
 *     'part.example': [{ type: 'TXT', data: 'v=spf1 -all' }, 'TIMEOUT'],  // TXT answers, other types time out
 *     'none.example': [{ type: 'TXT', none: true }, 'TIMEOUT'],           // TXT: no records (NODATA), others time out
 *     'signed.example': { authenticated: true, records: [...] },         // AD bit set
 *     'flip.example': ({ count }) => (count === 0 ? [...] : [...]),       // answers that change between queries
 *   }
 *
 * Names not listed are NXDOMAIN (or NODATA when a listed name sits below them); a listed name
 * without the asked type is NODATA.
 */
import type { RecordType } from '../../src/net/dns-records.ts';

export type ZoneRecord = (
  | { type: 'A' | 'AAAA'; data: string }
  | { type: 'TXT' | 'SPF'; data: string | Uint8Array | (string | Uint8Array)[] }
  | { type: 'MX'; data: { preference: number; exchange: string } }
  | { type: 'CNAME' | 'NS' | 'PTR'; data: string }
  | {
      type: 'SOA';
      data: {
        mname: string;
        rname: string;
        serial?: number;
        refresh?: number;
        retry?: number;
        expire?: number;
        minimum?: number;
      };
    }
  | { type: 'TLSA'; data: { usage: number; selector: number; matchingType: number; data: string } }
) & { ttl?: number };

/** The type exists at the name but has no records: NODATA, even with a failure marker beside it. */
export interface NoRecords {
  type: RecordType;
  none: true;
}

export type FailureMarker = 'TIMEOUT' | 'SERVFAIL';
export type NameMarker = FailureMarker | 'REFUSED' | 'NXDOMAIN';
export type ZoneItem = ZoneRecord | NoRecords | FailureMarker;

export interface QueryInfo {
  name: string;
  type: string;
  /** How many times this name and type were asked before. */
  count: number;
}

export type ZoneEntry =
  ZoneItem[] | NameMarker | { authenticated?: boolean; records: ZoneItem[] } | ((query: QueryInfo) => ZoneEntry);

export type Zones = Record<string, ZoneEntry>;

export interface AnswerOptions {
  /** Zones (apex names) whose names, and everything below them, get the AD bit. */
  authenticated?: string[];
  /** Follow CNAMEs to their targets as a recursive resolver does (default true). */
  chaseCnames?: boolean;
}

export type ZoneAnswer =
  | { kind: 'timeout' }
  | {
      kind: 'answer';
      rcode: 'NOERROR' | 'NXDOMAIN' | 'SERVFAIL' | 'REFUSED';
      records: (ZoneRecord & { name: string })[];
      authenticated: boolean;
    };

const lower = (name: string) => name.toLowerCase().replace(/\.$/, '');

export class ZoneBook {
  private readonly zones = new Map<string, ZoneEntry>();
  private readonly counts = new Map<string, number>();

  constructor(
    zones: Zones,
    private readonly options: AnswerOptions = {},
  ) {
    for (const [name, entry] of Object.entries(zones)) this.zones.set(lower(name), entry);
  }

  set(name: string, entry: ZoneEntry): void {
    this.zones.set(lower(name), entry);
  }

  delete(name: string): void {
    this.zones.delete(lower(name));
  }

  /** Whether `answer` would leave this query unanswered now; asking changes nothing (no query is counted). */
  timesOut(qname: string, qtype: string): boolean {
    return this.answer(qname, qtype, true).kind === 'timeout';
  }

  answer(qname: string, qtype: string, peek = false): ZoneAnswer {
    const records: (ZoneRecord & { name: string })[] = [];
    let authenticated = true;
    let name = lower(qname);
    for (let depth = 0; depth <= 8; depth++) {
      const entry = this.entryFor(name, qtype, peek);
      authenticated &&= this.isAuthenticated(name, entry);
      if (entry === undefined) {
        const below = [...this.zones.keys()].some((key) => key.endsWith(`.${name}`));
        return { kind: 'answer', rcode: below ? 'NOERROR' : 'NXDOMAIN', records, authenticated };
      }
      if (entry === 'TIMEOUT') return { kind: 'timeout' };
      if (typeof entry === 'string') return { kind: 'answer', rcode: entry, records, authenticated };
      const items = Array.isArray(entry) ? entry : (entry as { records: ZoneItem[] }).records;
      const typed = items.filter(
        (item): item is ZoneRecord => typeof item === 'object' && !('none' in item) && item.type === qtype,
      );
      const cname = items.find(
        (item): item is ZoneRecord & { type: 'CNAME' } =>
          typeof item === 'object' && item.type === 'CNAME' && !('none' in item),
      );
      if (typed.length > 0) {
        records.push(...typed.map((record) => ({ ...record, name })));
        return { kind: 'answer', rcode: 'NOERROR', records, authenticated };
      }
      if (cname && qtype !== 'CNAME') {
        records.push({ ...cname, name });
        if (this.options.chaseCnames === false) return { kind: 'answer', rcode: 'NOERROR', records, authenticated };
        name = lower(cname.data);
        continue;
      }
      const declaredEmpty = items.some((item) => typeof item === 'object' && 'none' in item && item.type === qtype);
      if (!declaredEmpty && items.includes('TIMEOUT')) return { kind: 'timeout' };
      if (!declaredEmpty && items.includes('SERVFAIL'))
        return { kind: 'answer', rcode: 'SERVFAIL', records: [], authenticated: false };
      return { kind: 'answer', rcode: 'NOERROR', records, authenticated };
    }
    // A CNAME chain longer than any resolver follows.
    return { kind: 'answer', rcode: 'SERVFAIL', records: [], authenticated: false };
  }

  private entryFor(
    name: string,
    type: string,
    peek: boolean,
  ): Exclude<ZoneEntry, (query: QueryInfo) => ZoneEntry> | undefined {
    let entry = this.zones.get(name);
    const key = `${name}|${type}`;
    const count = this.counts.get(key) ?? 0;
    if (!peek) this.counts.set(key, count + 1);
    for (let i = 0; typeof entry === 'function' && i < 8; i++) entry = entry({ name, type, count });
    return typeof entry === 'function' ? undefined : entry;
  }

  private isAuthenticated(name: string, entry: ZoneEntry | undefined): boolean {
    if (entry && typeof entry === 'object' && !Array.isArray(entry) && entry.authenticated !== undefined)
      return entry.authenticated;
    return (this.options.authenticated ?? []).some((zone) => name === lower(zone) || name.endsWith(`.${lower(zone)}`));
  }
}
