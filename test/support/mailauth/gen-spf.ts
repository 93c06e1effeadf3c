/**
 * SPF cases (RFC 7208) for the differential: a root record whose include and redirect targets are
 * generated records of their own (two levels deep), padded with lookup terms so that many cases
 * need exactly 9 to 12 DNS lookups and with 0 to 3 void lookups, over a fixed zone of hosts, MX
 * sets (10 and 11 records, null MX, hosts without addresses), names without SPF and NXDOMAIN.
 * Most records are well formed so that evaluation gets deep; a few terms sit at grammar corners.
 * Macros use only what both sides can expand (%{d}, %{o} and their transformers).
 */
import fc from 'fast-check';
import { pick, rare, sometimes } from './gen-util.ts';
import { SPF_DOMAIN, spfZone, type Case, type Zone } from './cases.ts';

const NET = '198.51.100';
const host = (i: number) => `h${i}.example.net`;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const mxSet = (n: number, prefix: string) =>
  range(n).map((i) => ({ exchange: `${prefix}${i}.example.net`, priority: i }));

/** The fixed part of every zone. Names that are absent (nx*.example.net) are NXDOMAIN. */
const BASE: Zone = {
  [SPF_DOMAIN]: { A: [`${NET}.10`], MX: [{ exchange: 'mx.example.com', priority: 10 }] },
  'mx.example.com': { A: [`${NET}.11`] },
  ...Object.fromEntries(range(12).map((i) => [host(i), { A: [`${NET}.${20 + i}`] }])),
  ...Object.fromEntries(range(11).map((i) => [`m${i}.example.net`, { A: [`${NET}.${40 + i}`] }])),
  'v6.example.net': { AAAA: ['2001:db8::1'] },
  'dual.example.net': { A: [`${NET}.60`], AAAA: ['2001:db8::60'] },
  'nodata.example.net': {},
  'txt.example.net': { TXT: [['google-site-verification=abc123']] },
  'two.example.net': { TXT: [['v=spf1 -all'], ['v=spf1 ~all']] },
  'bad.example.net': { TXT: [['v=spf1 ip4:203.0.113 -all']] },
  'leaf.example.net': { TXT: [['v=spf1 ip4:203.0.113.0/24 -all']] },
  'leaf2.example.net': { TXT: [['v=spf1 ip6:2001:db8:1::/48 ~all']] },
  'mx.example.net': { MX: [{ exchange: 'mx.example.com', priority: 5 }] },
  'mx10.example.net': { MX: mxSet(10, 'm') },
  'mx11.example.net': { MX: mxSet(11, 'm') },
  'mxnull.example.net': { MX: [{ exchange: '.', priority: 0 }] },
  'mxvoid.example.net': { MX: mxSet(3, 'nxm') },
  'mx6.example.net': { MX: [{ exchange: 'v6.example.net', priority: 1 }] },
  'exp.example.net': { TXT: [['%{d} does not send mail from here']] },
};

/** Macro domain-specs both sides expand; the zone gets the expansion for the current domain. */
const MACROS = ['%{d}', '%{d2}', '%{dr}', '%{d1r}', '%{d01}', '%{o}', '%{D}', '%{d2r}', '%{d.}', '%{d-}'];

/** Expands the domain-only macros of `spec` for `domain` (the root's %{o} is the SPF domain). */
function expandDomainOnly(spec: string, domain: string): string {
  return spec.replace(/%\{([a-z])(\d*)(r?)([-.+,/_=]*)\}/gi, (_, letter: string, digits: string, r: string) => {
    let parts = (letter.toLowerCase() === 'o' ? SPF_DOMAIN : domain).split('.');
    if (r) parts = parts.reverse();
    const keep = Number(digits);
    if (digits && keep > 0) parts = parts.slice(-keep);
    return parts.join('.');
  });
}

const QUALIFIER = fc.oneof({ weight: 6, arbitrary: pick('') }, { weight: 1, arbitrary: pick('+', '-', '~', '?') });

/** Terms that cost no lookup and match nothing for the client 192.0.2.254. */
const IP_TERM = pick(
  `ip4:${NET}.0/24`,
  `ip4:${NET}.7`,
  `ip4:${NET}.7/32`,
  'ip4:203.0.113.0/25',
  'ip6:2001:db8::/32',
  'ip6:2001:DB8::1',
  'ip6:2001:db8::/0',
  'ip6:::ffff:198.51.100.1',
  'ip6:::1/128',
);
/** Terms that cost one lookup and are never void. */
const LOOKUP_TERM = rare(
  fc.oneof(
    { weight: 3, arbitrary: pick('a', 'mx', 'ptr', 'a:h1.example.net', 'a:dual.example.net', 'mx:mx.example.net') },
    { weight: 3, arbitrary: pick('a/24', 'a//64', 'a/24//64', 'mx/32//128', 'a:h3.example.net/16', 'mx//0') },
    { weight: 2, arbitrary: pick('include:leaf.example.net', 'include:leaf2.example.net', 'a:h2.example.net.') },
    { weight: 2, arbitrary: pick('mx:mx10.example.net', 'mx:mxnull.example.net', 'mx:mxvoid.example.net') },
    { weight: 1, arbitrary: pick('mx:mx6.example.net', 'ptr:example.net') },
  ),
  pick('mx:mx11.example.net'),
  40,
);
/** Terms that cost one lookup which is void (NXDOMAIN, NODATA, or no A for an IPv4 client). */
const VOID_TERM = pick(
  'a:nx1.example.net',
  'a:nodata.example.net',
  'exists:nx2.example.net',
  'exists:nodata.example.net',
  'mx:nx3.example.net',
  'mx:nodata.example.net',
  'a:v6.example.net',
  'exists:v6.example.net',
  'exists:%{d}.nx.example.net',
);
/** Includes of names without SPF: void, and a permerror too. */
const VOID_INCLUDE = pick('include:nx4.example.net', 'include:nodata.example.net');
/** Terms that match every sender of a family (mailauth's IPv4 client stops at the IPv4 ones). */
const MATCH_ALL = pick('a/0//0', 'ip4:0.0.0.0/0', '+ip4:0.0.0.0/0', 'ip6:::/0', 'a/0', 'a:h4.example.net/0', 'mx/0');
const EXISTS_ALL = pick('exists:h5.example.net', 'exists:%{d}.yes.example.net', '?exists:h6.example.net');
const MODIFIER = pick(
  'exp=exp.example.net',
  'exp=%{d}.exp.example.net',
  'exp=nx.example.net',
  'foo=bar',
  'x-y.z_w=%{d}',
  'moo=',
  'include=nx.example.net',
  'v=spf1',
  'foo=%{c}',
);
/** Terms at the edges of the grammar; most are syntax errors (permerror before any lookup). */
const ODD_TERM = pick(
  `ip4:${NET}.0/33`,
  `ip4:${NET}.0/024`,
  `ip4:${NET}.01`,
  `ip4:${NET}`,
  `ip4:${NET}.0/`,
  'ip6:2001:db8::/129',
  'ip6:2001:db8::/032',
  'a/33',
  'a//129',
  'mx:',
  'include:',
  'exists',
  'all:x',
  'foo',
  '1foo=bar',
  'a:localhost',
  'a:h1.example.123',
  'a:h1.example.net..',
  'include:%{d0}.example.net',
  'exists:%{x}.example.net',
  'exists:%{c}.example.net',
  'exists:%%.example.net',
  'a:%{d}',
  'redirect:leaf.example.net',
  'exp=',
  'ip4:198.51.100.1\t',
);

type Item = string | { include: Rec; q: string };
interface Rec {
  items: Item[];
  end: string | { redirect: Rec; all: string };
}

/** Each kind its own zone suffix, so that an a: target never makes an exists: one resolve. */
const SUFFIX = { include: 'mi', redirect: 'mi', exists: 'me', a: 'ma' } as const;
const macroTarget = (kind: keyof typeof SUFFIX) =>
  pick(...MACROS).map((m) => `${kind === 'redirect' ? 'redirect=' : `${kind}:`}${m}.${SUFFIX[kind]}.example.net`);

const PLAIN: fc.Arbitrary<string> = fc.oneof(
  { weight: 40, arbitrary: fc.tuple(QUALIFIER, IP_TERM).map(([q, t]) => q + t) },
  { weight: 40, arbitrary: fc.tuple(QUALIFIER, LOOKUP_TERM).map(([q, t]) => q + t) },
  { weight: 4, arbitrary: VOID_TERM },
  { weight: 6, arbitrary: fc.oneof(macroTarget('include'), macroTarget('exists'), macroTarget('a')) },
  { weight: 4, arbitrary: MODIFIER },
  {
    weight: 1,
    arbitrary: fc.oneof(
      VOID_INCLUDE,
      pick('include:txt.example.net', 'include:two.example.net', 'include:bad.example.net'),
    ),
  },
);
const ALL = rare(pick('-all', '~all', '?all'), pick('-ALL', '~All', '-all', '?all'));
/** The root's end: an all, or a term every sender matches (with or without an all after it). */
const ROOT_ALL = fc.oneof(
  { weight: 12, arbitrary: ALL },
  { weight: 1, arbitrary: pick('+all', 'all', '+ALL') },
  { weight: 1, arbitrary: fc.tuple(fc.oneof(MATCH_ALL, EXISTS_ALL), pick('', ' -all')).map(([t, all]) => t + all) },
);
const FIXED_REDIRECT = pick('redirect=leaf.example.net', 'redirect=nx5.example.net', 'redirect=txt.example.net');

function recArb(depth: number): fc.Arbitrary<Rec> {
  const item: fc.Arbitrary<Item> =
    depth === 0
      ? PLAIN
      : fc.oneof(
          { weight: 5, arbitrary: PLAIN },
          { weight: 2, arbitrary: fc.tuple(recArb(depth - 1), QUALIFIER).map(([include, q]) => ({ include, q })) },
        );
  const end: fc.Arbitrary<Rec['end']> = fc.oneof(
    { weight: 6, arbitrary: depth === 2 ? ROOT_ALL : ALL },
    { weight: 1, arbitrary: fc.oneof(pick(''), FIXED_REDIRECT, macroTarget('redirect')) },
    ...(depth === 0
      ? []
      : [
          {
            weight: 3,
            arbitrary: fc
              .tuple(recArb(depth - 1), pick('', '', '', '-all'))
              .map(([redirect, all]) => ({ redirect, all })),
          },
        ]),
  );
  return fc.record({ items: fc.array(item, { maxLength: depth === 2 ? 6 : 4 }), end });
}

/** Lookups a term costs (one for a, mx, ptr, exists, include), not counting what an include reads. */
const costsLookup = (term: string) => /^[+?~-]?(a|mx|ptr|exists|include)([:/]|$)/i.test(term);

/** Static lookup count of a record: terms up to the first all, and a redirect when there is no all. */
function cost(rec: Rec): number {
  let total = 0;
  for (const item of rec.items) {
    if (typeof item === 'string') {
      total += costsLookup(item) ? 1 : 0;
      if (/^[+?~-]?all$/i.test(item)) return total;
    } else total += 1 + cost(item.include);
  }
  if (typeof rec.end === 'object' && rec.end.all === '') total += 1 + cost(rec.end.redirect);
  return total;
}

interface Shape {
  root: Rec;
  /** Lookups to reach by padding the root with lookup terms (null: no padding). */
  target: number | null;
  voids: string[];
  positions: number[];
  fillers: string[];
  upper: boolean[];
  sep: string;
  trailing: string;
  version: string;
  splitAt: number;
  extraTxt: string | null;
}

const SHAPE: fc.Arbitrary<Shape> = fc.record({
  root: recArb(2),
  target: fc.oneof({ weight: 2, arbitrary: pick(null) }, { weight: 5, arbitrary: pick(9, 10, 10, 11, 11, 12) }),
  voids: fc.oneof(
    { weight: 5, arbitrary: fc.constant<string[]>([]) },
    { weight: 2, arbitrary: fc.array(VOID_TERM, { minLength: 1, maxLength: 1 }) },
    { weight: 2, arbitrary: fc.array(VOID_TERM, { minLength: 2, maxLength: 2 }) },
    { weight: 1, arbitrary: fc.array(VOID_TERM, { minLength: 3, maxLength: 3 }) },
  ),
  positions: fc.array(fc.nat(40), { minLength: 18, maxLength: 18 }),
  fillers: fc.array(LOOKUP_TERM, { minLength: 14, maxLength: 14 }),
  upper: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  sep: fc.oneof({ weight: 8, arbitrary: pick(' ') }, { weight: 1, arbitrary: pick('  ', '   ') }),
  trailing: fc.oneof({ weight: 6, arbitrary: pick('') }, { weight: 1, arbitrary: pick(' ', '  ') }),
  version: fc.oneof({ weight: 12, arbitrary: pick('v=spf1') }, { weight: 1, arbitrary: pick('V=SPF1', 'v=Spf1') }),
  splitAt: fc.nat(60),
  extraTxt: fc.oneof(
    { weight: 8, arbitrary: pick(null) },
    { weight: 1, arbitrary: pick('google-site-verification=x', 'v=spf10 -all', 'spf2.0/pra -all', 'v=spf1 -all') },
  ),
});

/** A term at a grammar corner replaces one item of the root in about one case in eight. */
const ODD = sometimes(fc.tuple(rare(ODD_TERM, fc.oneof(MATCH_ALL, EXISTS_ALL), 12), fc.nat(20)), 8);

function buildCase(shape: Shape, odd: [string, number] | null): Case {
  const zone: Zone = structuredClone(BASE);
  let next = 0;
  const macroZone = (term: string, domain: string) => {
    const m = /^[+?~-]?(include:|exists:|a:|redirect=)(.*%\{.*)$/i.exec(term);
    if (!m) return;
    const name = expandDomainOnly(m[2]!, domain).toLowerCase();
    if (/\.(nx)\./.test(name)) return;
    if (/^(include:|redirect=)/i.test(m[1]!)) zone[name] = { TXT: [['v=spf1 ip4:203.0.113.9 ?all']] };
    else if (/\.yes\./.test(name)) zone[name] = { A: ['127.0.0.2'] };
    else if (/^a:/i.test(m[1]!)) zone[name] = { A: [`${NET}.70`] };
  };
  const render = (rec: Rec, domain: string, extra: string[]): string => {
    const terms = rec.items.map((item) => {
      if (typeof item === 'string') {
        macroZone(item, domain);
        return item;
      }
      const name = `n${++next}.example.net`;
      zone[name] = { TXT: [[`v=spf1 ${render(item.include, name, [])}`]] };
      return `${item.q}include:${name}`;
    });
    for (const [i, t] of extra.entries()) terms.splice(shape.positions[i]! % (terms.length + 1), 0, t);
    if (typeof rec.end === 'string') {
      macroZone(rec.end, domain);
      if (rec.end) terms.push(rec.end);
    } else {
      const name = `n${++next}.example.net`;
      zone[name] = { TXT: [[`v=spf1 ${render(rec.end.redirect, name, [])}`]] };
      terms.push(`redirect=${name}`, ...(rec.end.all ? [rec.end.all] : []));
    }
    return terms.join(' ');
  };
  const missing = shape.target === null ? 0 : Math.max(0, shape.target - cost(shape.root) - shape.voids.length);
  const extra = [...shape.voids, ...shape.fillers.slice(0, missing)];
  const items = [...shape.root.items];
  if (odd) items.splice(odd[1] % (items.length + 1), 0, odd[0]);
  const body = render({ ...shape.root, items }, SPF_DOMAIN, extra)
    .split(' ')
    .map((t, i) => (shape.upper[i % 3] && i % 5 === 4 ? t.toUpperCase() : t))
    .join(shape.sep);
  const record = [shape.version, body].filter((t) => t !== '').join(' ') + shape.trailing;
  const at = shape.splitAt % record.length;
  const txt = at > 8 ? [record.slice(0, at), record.slice(at)] : [record];
  zone[SPF_DOMAIN] = { ...zone[SPF_DOMAIN], TXT: shape.extraTxt ? [txt, [shape.extraTxt]] : [txt] };
  return { family: 'spf', domain: SPF_DOMAIN, zone: spfZone(null, zone) };
}

export const SPF_CASE: fc.Arbitrary<Case> = fc.tuple(SHAPE, ODD).map(([shape, odd]) => buildCase(shape, odd));
