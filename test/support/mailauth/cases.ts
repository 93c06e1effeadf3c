/**
 * The inputs of the differential (one per family) and the common verdict shape both sides are
 * mapped to: ours.ts maps our parsers' output, theirs.ts mailauth's. Plain JSON, so two verdicts
 * are compared by their canonical JSON and a divergence row can quote them.
 */

/** An in-memory DNS zone: name (lower case, no trailing dot) to its records. A name absent is NXDOMAIN. */
export interface Zone {
  [name: string]: {
    TXT?: string[][];
    A?: string[];
    AAAA?: string[];
    MX?: { exchange: string; priority: number }[];
    PTR?: string[];
  };
}

export type Case =
  /** SPF for `domain` against a zone; the client IP matches nothing in it, so every term is evaluated. */
  | { family: 'spf'; domain: string; zone: Zone }
  | { family: 'dmarc'; record: string }
  | { family: 'dkim'; record: string }
  | { family: 'mta-sts-record'; record: string }
  | { family: 'mta-sts-policy'; policy: string }
  /** Whether `host` matches the policy's mx patterns (compared when both sides find the policy valid). */
  | { family: 'mta-sts-mx'; policy: string; host: string }
  | { family: 'bimi'; record: string };

export type Family = Case['family'];

export const FAMILIES: readonly Family[] = [
  'spf',
  'dmarc',
  'dkim',
  'mta-sts-record',
  'mta-sts-policy',
  'mta-sts-mx',
  'bimi',
];

/** A verdict: flat JSON values only. */
export type Verdict = Record<string, string | number | boolean | null | string[]>;

/** The SPF domain every case is about, and the client IP (TEST-NET-1) no generated record lists. */
export const SPF_DOMAIN = 'example.com';
export const CLIENT_IP = '192.0.2.254';
/** The PTR answer for CLIENT_IP: a name without addresses, so `ptr` never matches and is never void. */
export const CLIENT_PTR = 'client.example.net';

/**
 * The case as one line: the key of a divergence row. SPF: the domain's record, then every other
 * TXT / A / MX the zone holds, in name order.
 */
export function inputOf(c: Case): string {
  switch (c.family) {
    case 'spf': {
      const parts = Object.keys(c.zone)
        .sort((a, b) => (a === c.domain ? -1 : b === c.domain ? 1 : a < b ? -1 : a > b ? 1 : 0))
        .flatMap((name) => {
          if (name === reversePtrName() || name === CLIENT_PTR) return [];
          const rrs = c.zone[name]!;
          const out: string[] = [];
          for (const t of rrs.TXT ?? []) out.push(name === c.domain ? t.join('') : `${name} TXT ${t.join('')}`);
          for (const a of rrs.A ?? []) out.push(`${name} A ${a}`);
          for (const a of rrs.AAAA ?? []) out.push(`${name} AAAA ${a}`);
          for (const m of rrs.MX ?? []) out.push(`${name} MX ${m.priority} ${m.exchange}`);
          if (name !== c.domain && out.length === 0) out.push(`${name} (exists, no records)`);
          return out;
        });
      return parts.join(' | ');
    }
    case 'mta-sts-policy':
      return c.policy;
    case 'mta-sts-mx':
      return `${c.host} @ ${c.policy}`;
    case 'dmarc':
    case 'dkim':
    case 'mta-sts-record':
    case 'bimi':
      return c.record;
  }
}

function reversePtrName(): string {
  return `${CLIENT_IP.split('.').reverse().join('.')}.in-addr.arpa`;
}

/** The zone every SPF case starts from: the client's PTR, and the root record. */
export function spfZone(record: string | null, extra: Zone = {}): Zone {
  const zone: Zone = { [reversePtrName()]: { PTR: [CLIENT_PTR] }, [CLIENT_PTR]: {} };
  if (record !== null) zone[SPF_DOMAIN] = { TXT: [[record]] };
  for (const [name, rrs] of Object.entries(extra)) zone[name] = { ...zone[name], ...rrs };
  return zone;
}

/** Canonical JSON: keys sorted, so equal verdicts give equal strings. */
export function canonical(verdict: Verdict): string {
  return JSON.stringify(Object.fromEntries(Object.entries(verdict).sort(([a], [b]) => (a < b ? -1 : 1))));
}
