/**
 * Seeded fast-check generators of differential cases: records built from each grammar's tags
 * and values, valid ones and the near misses seen in the wild, so that most cases are plausible
 * and the rest sit at the edges of what the parsers accept.
 */
import fc from 'fast-check';
import { SPF_DOMAIN, spfZone, type Case, type Family, type Zone } from './cases.ts';
import { KEYS } from './keys.ts';

const pick = <T>(...values: T[]) => fc.constantFrom(...values);

/** `v=…` then tags, joined by one of the separators seen in the wild. */
function tagRecord(version: fc.Arbitrary<string>, tag: fc.Arbitrary<string>, maxTags = 5): fc.Arbitrary<string> {
  return fc
    .tuple(version, fc.array(tag, { maxLength: maxTags }), pick('; ', ';', ' ; ', ';;'), pick('', ';', '; '))
    .map(([v, tags, sep, end]) => [v, ...tags].filter((t) => t !== '').join(sep) + end);
}

const DMARC = tagRecord(
  pick('v=DMARC1', 'v=DMARC1', 'v=DMARC1', 'v = DMARC1', 'v=dmarc1', ''),
  fc.oneof(
    pick('p=none', 'p=quarantine', 'p=reject', 'p=reject', 'p=rejcet', 'p=REJECT', 'p='),
    pick('sp=none', 'sp=reject', 'sp=quarantine', 'sp=rejcet', 'np=reject', 'np=none', 'np=no'),
    pick('adkim=s', 'adkim=r', 'adkim=x', 'aspf=s', 'aspf=r', 'aspf=S'),
    pick('rua=mailto:d@example.com', 'rua=mailto:a@example.com,mailto:b@example.com', 'rua=d@example.com'),
    pick('ruf=mailto:f@example.com', 'fo=1', 'fo=0:1:d:s', 'pct=100', 'pct=50', 't=y', 't=n', 'psd=n'),
  ),
);

const DKIM = tagRecord(
  pick('v=DKIM1', 'v=DKIM1', 'v=DKIM1', ''),
  fc.oneof(
    { weight: 4, arbitrary: pick(`p=${KEYS.rsa2048}`, `p=${KEYS.rsa1024}`, `p=${KEYS.ed25519}`, 'p=') },
    pick('k=rsa', 'k=rsa', 'k=ed25519', 'k=dsa'),
    pick('h=sha256', 'h=sha1', 'h=sha1:sha256', 't=y', 't=s', 't=y:s', 's=email', 's=*', 's=tls', 'n=notes'),
  ),
  4,
);

const STS_RECORD = fc
  .tuple(
    pick('v=STSv1', 'v=STSv1', 'v=STSv1 ', 'v=stsv1'),
    fc.array(pick('id=20240101T000000Z', 'id=abc123', 'id=abc123', 'id=', 'id=a-b', 'ext=1', 'x y=z'), {
      minLength: 1,
      maxLength: 3,
    }),
    pick(';', '; ', ' ;', ';\t'),
    pick('', ';'),
  )
  .map(([v, fields, sep, end]) => [v, ...fields].join(sep) + end);

const POLICY_LINE = fc.oneof(
  pick('version: STSv1', 'version: STSv1', 'version:STSv1', 'version: STSv2'),
  pick('mode: enforce', 'mode: testing', 'mode: none', 'mode: Enforce'),
  pick('max_age: 604800', 'max_age: 86400', 'max_age: 31557600', 'max_age: 31557601', 'max_age: 1e6'),
  pick('mx: mail.example.com', 'mx: *.example.com', 'mx: mx1.example.net', 'mx: *.*.example.com', 'mx: -x.example'),
  pick('ext: 1', ''),
);
const STS_POLICY = fc
  .tuple(fc.array(POLICY_LINE, { minLength: 1, maxLength: 7 }), pick('\n', '\r\n'))
  .map(([lines, eol]) => lines.join(eol));
const VALID_POLICY = fc
  .tuple(
    pick('enforce', 'testing'),
    fc.array(pick('mail.example.com', '*.example.com', 'mx.example.net'), { minLength: 1, maxLength: 3 }),
  )
  .map(([mode, mx]) => ['version: STSv1', `mode: ${mode}`, ...mx.map((m) => `mx: ${m}`), 'max_age: 86400'].join('\n'));
const MX_HOST = pick(
  'mail.example.com',
  'a.mail.example.com',
  'x.example.com',
  'a.b.example.com',
  'example.com',
  'MX.EXAMPLE.NET.',
  'mx.example.net',
);

const BIMI = tagRecord(
  pick('v=BIMI1', 'v=BIMI1', 'v=BIMI1', 'v = BIMI1'),
  fc.oneof(
    { weight: 3, arbitrary: pick('l=https://example.com/logo.svg', 'l=', 'l=http://example.com/logo.svg') },
    pick('a=https://example.com/vmc.pem', 'a=', 'a=ftp://example.com/vmc.pem', 'avp=brand', 'avp=personal'),
  ),
  3,
);

const NET = '198.51.100';
/** A term of a generated SPF record; include and redirect targets come from the names below. */
const SPF_TERM = fc.oneof(
  { weight: 3, arbitrary: pick(`ip4:${NET}.0/24`, `ip4:${NET}.7`, 'ip6:2001:db8::/32', 'a', 'mx', 'ptr') },
  { weight: 3, arbitrary: pick('a:h1.example.net', 'a:h2.example.net', 'mx:mx.example.net', 'a:h1.example.net/24') },
  { weight: 4, arbitrary: pick('include:i1.example.net', 'include:i2.example.net', 'include:i3.example.net') },
  { weight: 1, arbitrary: pick('a:void.example.net', 'exists:void.example.net', 'include:%{d}.i1.example.net') },
  { weight: 1, arbitrary: pick('a//64', 'foo=bar', 'exp=exp.example.net', 'mx:%{d2}.example.net') },
  {
    weight: 1,
    arbitrary: pick(`ip4:${NET}.300`, 'ip4:198.51.100.0/33', 'include:%{d0}.x.example.net', 'include:none.example.net'),
  },
);
const SPF_ALL = pick('-all', '~all', '?all', '-all', '', 'redirect=i1.example.net', 'redirect=none.example.net');
const spfRecord = (maxTerms: number) =>
  fc
    .tuple(
      fc.array(
        fc.oneof(
          SPF_TERM,
          pick('-', '~').chain(() => SPF_TERM),
        ),
        { maxLength: maxTerms },
      ),
      SPF_ALL,
    )
    .map(([terms, end]) => ['v=spf1', ...terms, end].filter((t) => t !== '').join(' '));

/** Included records: like the root's, without further nesting past depth 2 (i3 has no includes). */
const SPF_CASE = fc
  .tuple(
    spfRecord(12),
    spfRecord(6),
    spfRecord(4),
    pick('v=spf1 ip4:203.0.113.0/24 -all', 'v=spf1 a mx ~all', 'v=spf1 exists:void.example.net ?all'),
  )
  .map(([root, i1, i2, i3]): Case => {
    const strip = (r: string) => r.replace(/ include:\S+| redirect=\S+/g, '');
    const zone: Zone = {
      [SPF_DOMAIN]: { TXT: [[root]], A: [`${NET}.10`], MX: [{ exchange: 'mx.example.com', priority: 10 }] },
      'mx.example.com': { A: [`${NET}.11`] },
      'h1.example.net': { A: [`${NET}.12`] },
      'h2.example.net': { A: [`${NET}.13`] },
      'mx.example.net': { MX: [{ exchange: 'mx.example.com', priority: 5 }] },
      'i1.example.net': { TXT: [[i1.replace(/ include:i1\S*| redirect=i1\S*/g, '')]] },
      'example.com.i1.example.net': { TXT: [['v=spf1 -all']] },
      'i2.example.net': { TXT: [[strip(i2)]] },
      'i3.example.net': { TXT: [[i3]] },
    };
    return { family: 'spf', domain: SPF_DOMAIN, zone: spfZone(root, zone) };
  });

const ARBITRARIES: Record<Family, fc.Arbitrary<Case>> = {
  spf: SPF_CASE,
  dmarc: DMARC.map((record): Case => ({ family: 'dmarc', record })),
  dkim: DKIM.map((record): Case => ({ family: 'dkim', record })),
  'mta-sts-record': STS_RECORD.map((record): Case => ({ family: 'mta-sts-record', record })),
  'mta-sts-policy': STS_POLICY.map((policy): Case => ({ family: 'mta-sts-policy', policy })),
  'mta-sts-mx': fc.tuple(VALID_POLICY, MX_HOST).map(([policy, host]): Case => ({ family: 'mta-sts-mx', policy, host })),
  bimi: BIMI.map((record): Case => ({ family: 'bimi', record })),
};

/** `count` cases, spread evenly over the families, the same for the same seed. */
export function generateCases(count: number, seed: number): Case[] {
  const families = Object.keys(ARBITRARIES) as Family[];
  return families.flatMap((family, i) => {
    const share = Math.floor(count / families.length) + (i < count % families.length ? 1 : 0);
    return share === 0 ? [] : fc.sample(ARBITRARIES[family], { numRuns: share, seed: seed + i });
  });
}
