/**
 * MTA-STS cases for the differential (RFC 8461): TXT records (§3.1) with white space around ";",
 * trailing and doubled ";", repeated id= and extension fields; policy files (§3.2) with LF, CRLF
 * and mixed line ends, repeated keys, max_age at its bounds, mx patterns with wildcards, trailing
 * dots, IP addresses and capitals, unknown keys, lines that are not fields and white space after
 * ":"; and MX hosts matched against the patterns of a valid policy (§4.1).
 */
import fc from 'fast-check';
import { pick, rare, sometimes } from './gen-util.ts';

const ID = rare(
  pick('20240101T000000Z', 'abc123', 'abc123', '1', 'A'.repeat(32)),
  pick('', 'a-b', 'A'.repeat(33), 'abc 123', 'ab_c', 'id', '2024.01.01'),
  10,
);
const STS_EXT = rare(
  pick('ext=1', 'x_y-z.w=v', 'a=b:c', `${'e'.repeat(32)}=1`, 'E=VALUE'),
  pick('ext=a=b', 'ext=', '_x=1'),
  4,
);
const STS_ODD = pick('ID=abc', 'id =abc', 'id= abc', 'x y=z', 'junk', `${'e'.repeat(33)}=1`, 'v=STSv1');
const STS_SEP = rare(pick(';', '; ', ' ;', ' ; '), pick(';\t', '\t;', ';  ', ';;', '; ;', ' ;; '), 24);

export const STS_RECORD = fc
  .tuple(
    rare(pick('v=STSv1', 'v=STSv1'), pick('v=stsv1', 'V=STSv1', 'v=STSv1 ', ' v=STSv1', 'v = STSv1', 'v=STSv2'), 12),
    fc.option(ID, { freq: 12, nil: null }),
    fc.array(rare(STS_EXT, STS_ODD, 12), { maxLength: 2 }),
    fc.nat(3),
    fc.array(STS_SEP, { minLength: 5, maxLength: 5 }),
    rare(pick('', ';'), pick('; ', ' ;', ';;', ' ', ';\t', '; ; '), 10),
    sometimes(fc.tuple(ID, fc.nat(3)), 8),
  )
  .map(([v, id, extensions, at, seps, end, repeat]) => {
    const list = [...extensions];
    if (id !== null) list.splice(at % (list.length + 1), 0, `id=${id}`);
    if (repeat !== null) list.splice(repeat[1] % (list.length + 1), 0, `id=${repeat[0]}`);
    return [v, ...list].reduce((acc, f, i) => (i === 0 ? f : acc + seps[i - 1]! + f), '') + end;
  });

const WS = rare(pick(' '), pick('', '\t', '  ', ' \t'), 5);
const TRAIL = rare(pick(''), pick(' ', '\t', '  '), 16);
const MODE = rare(
  pick('enforce', 'testing', 'none', 'enforce'),
  pick('Enforce', 'ENFORCE', '', 'strict', 'enforce;'),
  12,
);
const MAX_AGE = rare(
  pick('604800', '86400', '31557600', '1209600', '0', '1', '086400'),
  pick('31557601', '9999999999', '99999999999', '-1', '1e6', '', '86400s', '+86400', '1 2'),
  12,
);
const mxPattern = (weight: number) =>
  rare(
    pick('mail.example.com', '*.example.com', 'mx1.example.com', 'mx2.example.net', 'mail.example.com'),
    pick(
      'mail.example.com.',
      '*.example.com.',
      'MAIL.EXAMPLE.COM',
      '*.EXAMPLE.com',
      '192.0.2.1',
      '[192.0.2.1]',
      '*.*.example.com',
      '*example.com',
      'mail.*.example.com',
      '*',
      '*.com',
      '-x.example.com',
      'mx_1.example.com',
      'mail..example.com',
      'xn--bcher-kva.example',
      'mail.example.com extra',
      'localhost',
    ),
    weight,
  );

type Line = [key: string, value: fc.Arbitrary<string>];
const field = ([key, value]: Line) =>
  fc
    .tuple(
      rare(pick(key), pick(key.toUpperCase(), `${key[0]!.toUpperCase()}${key.slice(1)}`, `${key} `), 40),
      WS,
      value,
      TRAIL,
    )
    .map(([k, ws, v, t]) => `${k}:${ws}${v}${t}`);

const VERSION_LINE = field(['version', rare(pick('STSv1'), pick('STSv2', 'stsv1', '', 'STSv1;'), 12)]);
const MODE_LINE = field(['mode', MODE]);
const MAX_AGE_LINE = field(['max_age', MAX_AGE]);
const MX_LINE = field(['mx', mxPattern(20)]);
const EXTRA_LINE = fc.oneof(
  { weight: 3, arbitrary: MX_LINE },
  { weight: 2, arbitrary: fc.oneof(MODE_LINE, MAX_AGE_LINE, VERSION_LINE) },
  { weight: 2, arbitrary: pick('ext: 1', 'x_y-z.w: some value', 'e1: a b  c', 'ext:', 'ext: é', 'ext:  x ') },
  { weight: 1, arbitrary: pick('', ' ', 'not a field', '# comment', ': x', 'mx', '_x: 1', 'mode = enforce') },
);

export const STS_POLICY = fc
  .tuple(
    fc.tuple(
      fc.option(VERSION_LINE, { freq: 30 }),
      fc.option(MODE_LINE, { freq: 30 }),
      rare(fc.array(MX_LINE, { minLength: 1, maxLength: 3 }), fc.constant<string[]>([]), 12),
      fc.option(MAX_AGE_LINE, { freq: 30 }),
    ),
    fc.array(sometimes(EXTRA_LINE, 3), { minLength: 2, maxLength: 2 }),
    fc.array(fc.nat(8), { minLength: 2, maxLength: 2 }),
    rare(pick(false), pick(true), 5),
    fc.array(rare(pick('\n', '\r\n'), pick('\r', '\n\n'), 60), { minLength: 10, maxLength: 10 }),
    rare(pick('\n', '\r\n', ''), pick('\n\n', ' \n', '\r\n\r\n')),
    rare(pick(true), pick(false), 4),
  )
  .map(([[version, mode, mx, maxAge], extras, at, shuffle, eols, end, sameEol]) => {
    const lines = [version, mode, ...mx, maxAge].filter((l): l is string => l !== null);
    for (const [i, extra] of extras.entries()) if (extra !== null) lines.splice(at[i]! % (lines.length + 1), 0, extra);
    if (shuffle) lines.reverse();
    const eol = (i: number) => (sameEol ? eols[0]! : eols[i % eols.length]!);
    return lines.reduce((acc, l, i) => (i === 0 ? l : acc + eol(i) + l), '') + end;
  });

export const VALID_POLICY = fc
  .tuple(pick('enforce', 'testing'), fc.array(mxPattern(4), { minLength: 1, maxLength: 3 }), pick('\n', '\r\n'))
  .map(([mode, mx, eol]) =>
    ['version: STSv1', `mode: ${mode}`, ...mx.map((m) => `mx: ${m}`), 'max_age: 86400'].join(eol),
  );

export const MX_HOST = rare(
  pick('mail.example.com', 'a.mail.example.com', 'x.example.com', 'mx1.example.com', 'mx2.example.net'),
  pick(
    'a.b.example.com',
    'example.com',
    'MAIL.EXAMPLE.COM',
    'mail.example.com.',
    'MX.EXAMPLE.NET.',
    '192.0.2.1',
    'mailexample.com',
    'xn--bcher-kva.example',
    '.example.com',
    'com',
    'mx_1.example.com',
  ),
  2,
);
