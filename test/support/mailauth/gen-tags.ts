/**
 * Tag-list records for the differential: DMARC (RFC 9989 §4.7, §4.8), DKIM key records
 * (RFC 6376 §3.2, §3.6.1) and BIMI (draft-brand-indicators §4.3). Each record is a version tag
 * and tags drawn from the grammar's own names and values, with white space around "=" and ";",
 * case changes, repeated and unknown tags, empty values, and malformed segments now and then.
 */
import fc from 'fast-check';
import { pick, rare, sometimes } from './gen-util.ts';
import { KEYS } from './keys.ts';

/** One tag: its name (in some case), white space around "=", its value. */
type Tag = [name: string, value: fc.Arbitrary<string>];

const SPACE = rare(pick(''), pick(' ', '\t', '  '), 8);
const nameCase = (name: string) =>
  rare(pick(name), pick(name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1)), 40);

function tag([name, value]: Tag): fc.Arbitrary<string> {
  return fc.tuple(nameCase(name), SPACE, SPACE, value).map(([n, before, after, v]) => `${n}${before}=${after}${v}`);
}

/**
 * The version, then `first` (usually), then distinct tags in any order (some replaced by an odd
 * segment), a separator per gap and the end of the record; now and then the version elsewhere
 * than first, or the first tag repeated.
 */
function tagList(
  version: fc.Arbitrary<string>,
  first: Tag,
  tags: Tag[],
  odd: fc.Arbitrary<string>,
  maxTags: number,
): fc.Arbitrary<string> {
  const sep = rare(pick('; ', ';', '; ', ' ; ', ';  '), pick(';\t', ' ;', '\t;\t', ';;', '; ;'), 40);
  const end = rare(pick('', ';', '; '), pick(' ', ';;', '; ; ', ';\t', '\t'), 12);
  const others = fc
    .uniqueArray(fc.nat(tags.length - 1), { maxLength: maxTags })
    .chain((ix) => fc.tuple(...ix.map((i) => rare(tag(tags[i]!), odd, 40))));
  return fc
    .tuple(
      version,
      fc.option(tag(first), { freq: 8, nil: null }),
      others,
      fc.array(sep, { minLength: maxTags + 3, maxLength: maxTags + 3 }),
      end,
      sometimes(fc.nat(maxTags), 10),
      sometimes(fc.nat(maxTags), 10),
    )
    .map(([v, head, list, seps, e, versionAt, repeatAt]) => {
      const items: string[] = head === null ? [...list] : [head, ...list];
      if (repeatAt !== null && items.length > 0) items.splice(1 + (repeatAt % items.length), 0, items[0]!);
      if (versionAt !== null && v !== '') items.splice(versionAt % (items.length + 1), 0, v);
      else if (v !== '') items.unshift(v);
      return items.reduce((acc, t, i) => (i === 0 ? t : acc + seps[i]! + t), '') + (items.length ? e : '');
    });
}

const POLICY = rare(pick('none', 'quarantine', 'reject', 'reject'), pick('REJECT', 'Quarantine', '', 'rejcet', 'no'));
const MAILTO = pick('mailto:d@example.com', 'mailto:dmarc@example.net', 'mailto:a@example.com');
const URI = fc.oneof(
  { weight: 6, arbitrary: MAILTO },
  {
    weight: 2,
    arbitrary: pick(
      'mailto:d@example.com!10m',
      'mailto:d@example.com!10',
      'mailto:d@example.com!1g',
      'mailto:dmarc%2Breports@example.com',
      'mailto:d%40x@example.com',
      'MAILTO:d@example.com',
      'https://example.com/dmarc',
    ),
  },
  { weight: 1, arbitrary: pick('d@example.com', 'mailto:', 'mailto:d@example.com!x', 'mailto:d@exa mple.com', 'x') },
);
const URI_LIST = fc
  .tuple(fc.array(URI, { minLength: 1, maxLength: 3 }), rare(pick(','), pick(', ', ' ,', ',,')))
  .map(([uris, sep]) => uris.join(sep));

const DMARC_TAGS: Tag[] = [
  ['sp', POLICY],
  ['np', POLICY],
  ['adkim', rare(pick('r', 's'), pick('S', 'R', 'x', ''))],
  ['aspf', rare(pick('r', 's'), pick('S', 'R', 'x', ''))],
  ['rua', URI_LIST],
  ['ruf', URI_LIST],
  ['fo', pick('0', '1', 'd', 's', '0:1', 'd:s', '1:d', '0:1:d:s', 'x', '', '1 : d', 'D')],
  ['pct', pick('100', '50', '0', '101', '-1', 'abc', '')],
  ['rf', pick('afrf', 'iodef', 'afrf:iodef', '')],
  ['ri', pick('86400', '3600', '0', 'x')],
  ['psd', pick('y', 'n', 'u', 'Y', 'x', '')],
  ['t', pick('y', 'n', 'Y', 'x', '')],
  ['foo', pick('bar', '')],
];
const DMARC_ODD = pick('junk', 'mailto:b@example.com', '=x', 'p', 'p reject', 'v=DMARC1', 'rua:mailto:d@example.com');

export const DMARC = tagList(
  rare(
    pick('v=DMARC1', 'v=DMARC1', 'v = DMARC1', 'v=DMARC1 '),
    pick('V=DMARC1', 'v=dmarc1', 'v=DMARC2', '', ' v=DMARC1', 'v=DMARC1 p=reject', 'v=DMARC1\tp=none', 'v=DMARC'),
    8,
  ),
  ['p', POLICY],
  DMARC_TAGS,
  DMARC_ODD,
  6,
);

const KEY = fc.oneof(
  { weight: 14, arbitrary: pick(KEYS.rsa2048, KEYS.rsa1024, KEYS.ed25519, KEYS.ed25519Spki, KEYS.rsa1024Pkcs1) },
  { weight: 2, arbitrary: pick('') },
  {
    weight: 2,
    arbitrary: fc
      .tuple(pick(KEYS.rsa2048, KEYS.rsa1024), fc.nat(300), pick(' ', '\t', '  ', '\r\n '))
      .map(([k, at, ws]) => k.slice(0, at % k.length) + ws + k.slice(at % k.length)),
  },
  {
    weight: 2,
    arbitrary: pick(
      KEYS.rsa512,
      'not*base64',
      'AAAA',
      KEYS.rsa2048.slice(0, 200),
      KEYS.rsa1024.replace(/=+$/, '').slice(0, -1),
      KEYS.ed25519.replace(/=$/, ''),
      `${KEYS.rsa1024}==`,
      'MIIB',
    ),
  },
);
const DKIM_TAGS: Tag[] = [
  ['k', rare(pick('rsa', 'rsa', 'ed25519'), pick('RSA', 'dsa', '', 'Ed25519'))],
  ['h', rare(pick('sha256', 'sha1:sha256', 'sha256:sha1', 'sha256 : sha1'), pick('sha1', 'md5', 'SHA256', ''), 4)],
  ['s', rare(pick('email', '*', 'email:tls', '*:email', 'email : tls'), pick('tls', 'Email', ''), 4)],
  ['t', pick('y', 's', 'y:s', 'x', '', 'S')],
  ['n', pick('notes here', '')],
  ['g', pick('*', 'user')],
  ['x', pick('1', '')],
];

export const DKIM = tagList(
  rare(pick('v=DKIM1', 'v=DKIM1', ''), pick('v=DKIM2', 'v=dkim1', 'V=DKIM1', 'v = DKIM1', 'v=DKIM1 ', 'v='), 12),
  ['p', KEY],
  DKIM_TAGS,
  pick('junk', '=x', 'p'),
  4,
);

const LOGO = rare(
  pick('https://example.com/logo.svg', 'https://example.com/logo.svg', ''),
  pick(
    'http://example.com/logo.svg',
    'https://example.com/a.svg,https://example.com/b.svg',
    'HTTPS://EXAMPLE.COM/L.SVG',
  ),
);
const AUTHORITY = rare(
  pick('https://example.com/vmc.pem', ''),
  pick('ftp://example.com/vmc.pem', 'http://e.com/v.pem'),
);
const BIMI_TAGS: Tag[] = [
  ['a', AUTHORITY],
  ['avp', pick('brand', 'personal', 'Brand', 'x', '')],
  ['s', pick('selector')],
];

export const BIMI = tagList(
  rare(pick('v=BIMI1', 'v=BIMI1', 'v = BIMI1'), pick('v=bimi1', 'V=BIMI1', 'v=BIMI2', '')),
  ['l', LOGO],
  BIMI_TAGS,
  pick('junk', '=x'),
  3,
);
