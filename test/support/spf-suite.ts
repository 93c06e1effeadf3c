/**
 * Loads the RFC 7208 test suite (test/fixtures/spf) as test groups with zones for the
 * local DoH server, each test tagged with its category from classification.json.
 *
 * Zone data follows the suite's driver conventions (see the YAML's header): a name whose data has
 * no TXT entry serves its SPF (type 99) records as TXT too; `TXT: NONE` stops that copy and adds
 * no record, so a TIMEOUT beside it still times the TXT query out (`txttimeout`); TIMEOUT alone
 * makes every query at the name time out. Strings whose code points all fit a byte are sent as
 * those bytes (the suite's `\x80` is the byte 0x80, `ï»¿` a UTF-8 BOM), others as UTF-8.
 */
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import type { ZoneItem, ZoneRecord, Zones } from './dns-zones.ts';

export const SPF_SUITE_DIR = new URL('../fixtures/spf/', import.meta.url);

export interface SuiteTest {
  /** The group's description, e.g. "Record lookup". */
  group: string;
  name: string;
  description: string;
  /** The domain a grader checks: the mailfrom's, or the HELO name without a mailfrom. */
  domain: string;
  /** Acceptable results. */
  results: string[];
  category: string;
}

export interface SuiteGroup {
  description: string;
  zones: Zones;
  tests: SuiteTest[];
}

export interface Classified {
  section: string;
  name: string;
  category: string;
  result: string | string[];
}

type RawItem = string | Record<string, unknown>;
interface RawDocument {
  description: string;
  tests: Record<string, { description?: string; mailfrom?: string; helo?: string; result: string | string[] }>;
  zonedata?: Record<string, RawItem[]>;
}

export function loadClassification(): Classified[] {
  return JSON.parse(readFileSync(new URL('classification.json', SPF_SUITE_DIR), 'utf8')) as Classified[];
}

export function loadSpfSuite(): SuiteGroup[] {
  const categories = new Map(loadClassification().map((c) => [c.name, c.category]));
  const documents = parseAllDocuments(readFileSync(new URL('rfc7208-tests.yml', SPF_SUITE_DIR), 'utf8'));
  const seen = new Set<string>();
  return documents.map((document) => {
    const raw = document.toJS() as RawDocument;
    const tests = Object.entries(raw.tests).map(([name, test]): SuiteTest => {
      if (seen.has(name)) throw new Error(`test name ${name} appears twice`);
      seen.add(name);
      const category = categories.get(name);
      if (!category) throw new Error(`test ${name} is not in classification.json`);
      const mailfrom = test.mailfrom ?? '';
      const domain = mailfrom.includes('@') ? mailfrom.slice(mailfrom.lastIndexOf('@') + 1) : (test.helo ?? '');
      const results = Array.isArray(test.result) ? test.result : [test.result];
      return { group: raw.description, name, description: (test.description ?? '').trim(), domain, results, category };
    });
    return { description: raw.description, zones: zonesOf(raw.zonedata ?? {}), tests };
  });
}

function zonesOf(zonedata: Record<string, RawItem[]>): Zones {
  return Object.fromEntries(Object.entries(zonedata).map(([name, items]) => [name, itemsOf(items)]));
}

function itemsOf(items: RawItem[]): ZoneItem[] {
  const out: ZoneItem[] = [];
  const spf: ZoneRecord[] = [];
  let hasTxt = false;
  for (const item of items) {
    if (typeof item === 'string') {
      if (item !== 'TIMEOUT') throw new Error(`unknown zone marker ${item}`);
      out.push('TIMEOUT');
      continue;
    }
    for (const [type, value] of Object.entries(item)) {
      if (type === 'TXT') hasTxt = true;
      if (value === 'NONE') continue;
      const record = recordOf(type, value);
      out.push(record);
      if (type === 'SPF') spf.push({ ...record, type: 'TXT' } as ZoneRecord);
    }
  }
  // Records first, markers last: a marker only applies to types without records.
  const records = hasTxt ? out : [...out, ...spf];
  return [...records.filter((i) => i !== 'TIMEOUT'), ...records.filter((i) => i === 'TIMEOUT')];
}

function recordOf(type: string, value: unknown): ZoneRecord {
  switch (type) {
    case 'TXT':
    case 'SPF':
      return { type, data: Array.isArray(value) ? value.map((s) => bytesOf(String(s))) : bytesOf(String(value)) };
    case 'MX': {
      const [preference, exchange] = value as [number, string];
      return { type: 'MX', data: { preference, exchange } };
    }
    case 'A':
    case 'AAAA':
    case 'PTR':
    case 'CNAME':
      return { type, data: String(value) };
    default:
      throw new Error(`unknown record type ${type} in the suite's zone data`);
  }
}

function bytesOf(text: string): string | Uint8Array {
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  if ([...text].every((char) => char.codePointAt(0)! <= 0xff))
    return Uint8Array.from([...text].map((char) => char.codePointAt(0)!));
  return text;
}
