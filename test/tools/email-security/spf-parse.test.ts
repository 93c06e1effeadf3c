/**
 * The SPF parser, record selection, macro expansion and address validation, table-driven.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isIp4Network, isIp6Network } from '../../../src/tools/email-security/spf/ip.ts';
import { expandDomainSpec, parseDomainSpec } from '../../../src/tools/email-security/spf/macro.ts';
import { parseSpfRecord, selectSpfRecord, type SpfTerm } from '../../../src/tools/email-security/spf/parse.ts';

/** A term in a compact canonical form: qualifier, name, arguments. */
function show(term: SpfTerm): string {
  if (term.kind === 'modifier') return `${term.name}=${term.value.raw}`;
  const domain = term.domainSpec ? `:${term.domainSpec.raw}` : '';
  const network = term.network ? `:${term.network}` : '';
  const v4 = term.cidr4 === null ? '' : `/${term.cidr4}`;
  const v6 = term.cidr6 === null ? '' : term.name === 'ip6' ? `/${term.cidr6}` : `//${term.cidr6}`;
  return `${term.qualifier}${term.name}${domain}${network}${v4}${v6}`;
}

const VALID: [record: string, terms: string[]][] = [
  ['v=spf1', []],
  ['V=SpF1 -ALL', ['-all']],
  ['v=spf1 a  -all ', ['+a', '-all']],
  [
    'v=spf1 a/24//64 mx:mail.example.com//48 a//0 mx/0 -all',
    ['+a/24//64', '+mx:mail.example.com//48', '+a//0', '+mx/0', '-all'],
  ],
  [
    'v=spf1 ip4:192.0.2.0/24 ip4:0.0.0.0/0 ip4:192.0.2.1 ~all',
    ['+ip4:192.0.2.0/24', '+ip4:0.0.0.0/0', '+ip4:192.0.2.1', '~all'],
  ],
  [
    'v=spf1 ip6:2001:db8::/32 ip6:::ffff:192.0.2.1 ip6:::1.1.1.1/0 ip6:Cafe:Babe:8000::/33 ip6:1:2:3:4:5:6:7:8',
    [
      '+ip6:2001:db8::/32',
      '+ip6:::ffff:192.0.2.1',
      '+ip6:::1.1.1.1/0',
      '+ip6:Cafe:Babe:8000::/33',
      '+ip6:1:2:3:4:5:6:7:8',
    ],
  ],
  [
    'v=spf1 include:_spf.google.com ?include:x.example.net ~include:%{d} -all',
    ['+include:_spf.google.com', '?include:x.example.net', '~include:%{d}', '-all'],
  ],
  [
    'v=spf1 exists:%{i}._spf.%{d} exists:%{ir}.%{l1r+-}.%{d2}.example.com -all',
    ['+exists:%{i}._spf.%{d}', '+exists:%{ir}.%{l1r+-}.%{d2}.example.com', '-all'],
  ],
  [
    'v=spf1 a:macro%%percent%_%_space%-url-space.example.com -all',
    ['+a:macro%%percent%_%_space%-url-space.example.com', '-all'],
  ],
  [
    'v=spf1 a:foo.example.xn--zckzah a:foo:bar/baz.example.com a:example.com. a:%{H}.bar',
    ['+a:foo.example.xn--zckzah', '+a:foo:bar/baz.example.com', '+a:example.com.', '+a:%{H}.bar'],
  ],
  ['v=spf1 ptr ptr:example.com ~all', ['+ptr', '+ptr:example.com', '~all']],
  ['v=spf1 redirect=_spf.example.com', ['redirect=_spf.example.com']],
  ['v=spf1 -all exp=explain._spf.%{d}', ['-all', 'exp=explain._spf.%{d}']],
  // RFC 7208 §7.1: transformers = *DIGIT ["r"]; only the value must be nonzero.
  ['v=spf1 exists:%{d01}.%{i007r}.example.com -all', ['+exists:%{d01}.%{i007r}.example.com', '-all']],
  [
    'v=spf1 moo.cow-far_out=man:dog/cat default=pass foo= bar=%{c}%{r}%{t} -all',
    ['moo.cow-far_out=man:dog/cat', 'default=pass', 'foo=', 'bar=%{c}%{r}%{t}', '-all'],
  ],
  ['v=spf1 all -all', ['+all', '-all']],
  ['v=spf1 +a -mx ~ptr ?exists:a.example.com', ['+a', '-mx', '~ptr', '?exists:a.example.com']],
  ['v=spf1 REDIRECT=example.com', ['redirect=example.com']],
];

const INVALID: [record: string, position: number, message: RegExp][] = [
  ['v=spf10', 0, /starts with "v=spf1"/],
  ['spf2.0/pra -all', 0, /starts with "v=spf1"/],
  ['v=spf1 -all moo', 12, /neither a known mechanism nor a modifier/],
  ['v=spf1 a:foo-bar -all', 9, /needs a dot/],
  ['v=spf1 a:museum', 9, /needs a dot/],
  ['v=spf1 a:museum.', 9, /needs a dot/],
  ['v=spf1 a:example.-com', 17, /"-com" is not a valid top-level label/],
  ['v=spf1 a:111.222.33.44', 20, /"44" is not a valid top-level label/],
  ['v=spf1 a:abc.123', 13, /top-level label/],
  ['v=spf1 mx:example.com:8080', 18, /"com:8080" is not a valid top-level label/],
  ['v=spf1 a:mail.example...com -all', 9, /empty label/],
  [`v=spf1 a:${'a'.repeat(64)}.example.com`, 9, /longer than 63/],
  ['v=spf1 a:foo.example.com\u0000', 24, /control character U\+0000/],
  ['v=spf1 a:ctrl.example.com\rptr -all', 25, /control character U\+000D/],
  ['v=spf1 a:\u00ef\u00bb\u00bfgarbage.example.net -all', 9, /non-ASCII character U\+00EF/],
  ['v=spf1 ip4:192.0.2.5\n include:x.example.com ~all', 20, /control character U\+000A/],
  ['v=spf1 a: -all', 9, /domain is empty/],
  ['v=spf1 a/33 -all', 8, /IPv4 CIDR length "\/33"/],
  ['v=spf1 a//129 -all', 8, /IPv6 CIDR length "\/\/129"/],
  ['v=spf1 mx/24//0129', 12, /IPv6 CIDR length/],
  ['v=spf1 a/24/64 -all', 8, /not a CIDR length/],
  ['v=spf1 a:example.com/24/64', 17, /"com\/24" is not a valid top-level label/],
  ['v=spf1 ip4:1.2.3.4/032', 18, /prefix length/],
  ['v=spf1 ip4:1.2.3.4/33', 18, /prefix length/],
  ['v=spf1 ip4:1.2.3.4//32', 18, /prefix length/],
  ['v=spf1 ip4:1.2.3', 11, /not an IPv4 address/],
  ['v=spf1 ip4:1.2.3.4:8080', 11, /not an IPv4 address/],
  ['v=spf1 ip4:01.2.3.4', 11, /not an IPv4 address/],
  ['v=spf1 ip4', 10, /needs an address/],
  ['v=spf1 ip4:', 10, /needs an address/],
  ['v=spf1 -all ip6', 15, /needs an address/],
  ['v=spf1 ip6::CAFE::BABE', 11, /not an IPv6 address/],
  ['v=spf1 ip6:::1.1.1.1/129', 20, /prefix length/],
  ['v=spf1 ip6:::1.1.1.1//33', 20, /prefix length/],
  ['v=spf1 ip6:1.2.3.4', 11, /not an IPv6 address/],
  ['v=spf1 include +all', 14, /needs a domain/],
  ['v=spf1 include: -all', 15, /domain is empty/],
  ['v=spf1 include:ip5.example.com/24 -all', 30, /takes no CIDR length/],
  ['v=spf1 exists', 13, /needs a domain/],
  ['v=spf1 exists:mail.example.com/24', 30, /takes no CIDR length/],
  ['v=spf1 -all.', 11, /all takes no argument/],
  ['v=spf1 -all:foobar', 11, /all takes no argument/],
  ['v=spf1 -all/8', 11, /all takes no CIDR length/],
  ['v=spf1 ptr/0 -all', 10, /ptr takes no CIDR length/],
  ['v=spf1 ptr:', 11, /domain is empty/],
  ['v=spf1 ip4:1.2.3.4 redirect:t2.example.com', 19, /redirect is a modifier/],
  ['v=spf1 redirect=-all ?all', 16, /redirect=: "-all" is not a domain/],
  ['v=spf1 ?all redirect=', 21, /redirect=: the domain is empty/],
  ['v=spf1 exp=-all', 11, /exp=/],
  ['v=spf1 redirect=a.example.com -all redirect=a.example.com', 35, /"redirect=" appears more than once/],
  ['v=spf1 exp=a.example.com -all exp=b.example.com', 30, /"exp=" appears more than once/],
  ['v=spf1 1up=foo', 7, /starts with a letter/],
  ['v=spf1 =all', 7, /name is empty/],
  ['v=spf1 -exp=x.example.com', 7, /takes no qualifier/],
  ['v=spf1 moo.cow/far_out=man:dog/cat ip4:1.2.3.4 -all', 7, /neither a known mechanism nor a modifier/],
  ['v=spf1 moo.cow:far_out=man:dog/cat ip4:1.2.3.4 -all', 7, /neither a known mechanism nor a modifier/],
  ['v=spf1 -all foo=%abc', 16, /"%" must start a macro .* found "%a"/],
  ['v=spf1 -exists:%(ir).sbl.example.com ?all', 15, /found "%\("/],
  ['v=spf1 exists:foo%.sbl.example.com ?all', 17, /found "%\."/],
  ['v=spf1 exists:foo.example.com%', 29, /found the end/],
  ['v=spf1 a:%{a}.example.com -all', 11, /"a" is not a macro letter/],
  ['v=spf1 -all exp=%{r}.example.com', 18, /only in explanation text/],
  ['v=spf1 exists:%{c}.example.com', 16, /only in explanation text/],
  ['v=spf1 exists:%{d0}.example.com', 17, /digit transformer/],
  ['v=spf1 exists:%{d000r}.example.com', 17, /must not be zero/],
  ['v=spf1 exists:%{d2r;}.example.com', 19, /";" is not a macro delimiter/],
  ['v=spf1 exists:%{d', 14, /unterminated/],
  ['v=spf1 a:%{d}com', 9, /needs a dot/],
];

describe('parseSpfRecord: valid records', () => {
  for (const [record, terms] of VALID) {
    test(JSON.stringify(record), () => {
      const parsed = parseSpfRecord(record);
      assert.deepEqual(parsed.errors, []);
      assert.deepEqual(parsed.terms.map(show), terms);
    });
  }
});

describe('parseSpfRecord: syntax errors carry the offset and say what is wrong', () => {
  for (const [record, position, message] of INVALID) {
    test(JSON.stringify(record), () => {
      const [first] = parseSpfRecord(record).errors;
      assert.ok(first, 'an error');
      assert.match(first.message, message);
      assert.equal(first.position, position, first.message);
    });
  }
});

test('parseSpfRecord reports every bad term, and keeps the good ones with their offsets', () => {
  const parsed = parseSpfRecord('v=spf1 foo ip4:192.0.2.1 bar=%x -all');
  assert.deepEqual(
    parsed.errors.map((e) => e.position),
    [7, 29],
  );
  assert.deepEqual(
    parsed.terms.map((t) => [t.text, t.position]),
    [
      ['ip4:192.0.2.1', 11],
      ['-all', 32],
    ],
  );
});

test('parseSpfRecord keeps redirect and exp apart from the other terms', () => {
  const parsed = parseSpfRecord('v=spf1 mx redirect=_spf.example.com exp=why.example.com');
  assert.equal(parsed.redirect?.value.raw, '_spf.example.com');
  assert.equal(parsed.explanation?.value.raw, 'why.example.com');
});

describe('selectSpfRecord (RFC 7208 §4.5)', () => {
  const cases: [texts: string[], kind: string, selected: string | string[] | null, nearMisses: string[]][] = [
    [[], 'none', null, []],
    [['google-site-verification=abc'], 'none', null, []],
    [['v=spf1 -all'], 'one', 'v=spf1 -all', []],
    [['v=spf1'], 'one', 'v=spf1', []],
    [['V=SpF1 ~all', 'other'], 'one', 'V=SpF1 ~all', []],
    [['v=spf10', 'v=spf1 mx'], 'one', 'v=spf1 mx', ['v=spf10']],
    [['v=spf1mx'], 'none', null, ['v=spf1mx']],
    [[' v=spf1 -all'], 'none', null, [' v=spf1 -all']],
    [['"v=spf1 -all"'], 'none', null, ['"v=spf1 -all"']],
    [['ip4:192.0.2.1 v=spf1 -all'], 'none', null, ['ip4:192.0.2.1 v=spf1 -all']],
    [['"v=spf1 -all"', 'v=spf1 -all'], 'one', 'v=spf1 -all', ['"v=spf1 -all"']],
    [['spf2.0/pra ip4:192.0.2.1 -all', 'v=spf1 -all'], 'one', 'v=spf1 -all', ['spf2.0/pra ip4:192.0.2.1 -all']],
    [['v=spf1 a:example.net -all', '\u0096'], 'one', 'v=spf1 a:example.net -all', []],
    [['v=spf1 -all', 'V=sPf1 +all'], 'multiple', ['v=spf1 -all', 'V=sPf1 +all'], []],
    [['v=spf1 -all', 'v=spf1 -all', 'v=spf1 +all'], 'multiple', ['v=spf1 -all', 'v=spf1 -all', 'v=spf1 +all'], []],
  ];
  for (const [texts, kind, selected, nearMisses] of cases) {
    test(`${JSON.stringify(texts)} → ${kind}`, () => {
      const selection = selectSpfRecord(texts);
      assert.equal(selection.kind, kind);
      if (selection.kind === 'one') assert.equal(selection.record, selected);
      if (selection.kind === 'multiple') assert.deepEqual(selection.records, selected);
      assert.deepEqual(selection.nearMisses, nearMisses);
    });
  }
});

describe('expandDomainSpec: %{d} and %{o} with transformers, sender letters left alone', () => {
  const context = { domain: 'mail.foo-bar.example.com', senderDomain: 'example.com' };
  const cases: [spec: string, expected: string | string[]][] = [
    ['%{d}', 'mail.foo-bar.example.com'],
    ['_spf.%{d}', '_spf.mail.foo-bar.example.com'],
    ['%{d2}', 'example.com'],
    ['%{dr}', 'com.example.foo-bar.mail'],
    ['%{d1r}', 'mail'],
    ['%{d9}', 'mail.foo-bar.example.com'],
    ['%{d-}.x.example', 'mail.foo.bar.example.com.x.example'],
    ['%{d1-}', 'bar.example.com'],
    ['%{o}._spf.example.net', 'example.com._spf.example.net'],
    ['%{D}', 'mail.foo-bar.example.com'],
    ['macro%%percent%_space%-url.example.com', 'macro%percent space%20url.example.com'],
    ['Mixed.Case.Example.COM.', 'mixed.case.example.com'],
    ['%{i}._spf.%{d}', ['i']],
    ['%{ir}.%{l1r+-}.%{h}.%{d2}', ['i', 'l', 'h']],
    ['%{p}.%{v}.%{s}.example.com', ['p', 'v', 's']],
  ];
  for (const [spec, expected] of cases) {
    test(spec, () => {
      const parsed = parseDomainSpec(spec);
      assert.ok(parsed.ok, JSON.stringify(parsed));
      const expansion = expandDomainSpec(parsed.value, context);
      if (typeof expected === 'string') assert.deepEqual(expansion, { ok: true, name: expected });
      else assert.deepEqual(expansion, { ok: false, senderLetters: expected });
    });
  }

  test('names over 253 characters lose labels on the left (RFC 7208 §7.3)', () => {
    const parsed = parseDomainSpec(`${'%{d}.'.repeat(12)}example.com`);
    assert.ok(parsed.ok);
    const expansion = expandDomainSpec(parsed.value, context);
    assert.ok(expansion.ok);
    assert.ok(expansion.name.length <= 253, String(expansion.name.length));
    assert.ok(expansion.name.endsWith('.mail.foo-bar.example.com.example.com'));
    assert.ok(!expansion.name.startsWith('.'));
  });
});

describe('address validation', () => {
  const ip4: [string, boolean][] = [
    ['192.0.2.1', true],
    ['0.0.0.0', true],
    ['255.255.255.255', true],
    ['256.1.1.1', false],
    ['1.2.3', false],
    ['01.2.3.4', false],
    ['1.2.3.4.5', false],
    ['1..3.4', false],
    ['a.b.c.d', false],
  ];
  for (const [text, valid] of ip4) test(`ip4 ${text}: ${valid}`, () => assert.equal(isIp4Network(text), valid));
  const ip6: [string, boolean][] = [
    ['2001:db8::1', true],
    ['::', true],
    ['::1', true],
    ['1::', true],
    ['1:2:3:4:5:6:7:8', true],
    ['1:2:3:4:5:6:7::', true],
    ['::ffff:192.0.2.1', true],
    ['1:2:3:4:5:6:192.0.2.1', true],
    ['CAFE:babe::', true],
    ['1:2:3:4:5:6:7:8:9', false],
    ['1:2:3:4:5:6:7', false],
    ['1::2::3', false],
    [':CAFE::BABE', false],
    ['12345::', false],
    ['1:2:3:4:5:6:7:192.0.2.1', false],
    ['::192.0.2', false],
    ['g::1', false],
    ['', false],
  ];
  for (const [text, valid] of ip6)
    test(`ip6 ${JSON.stringify(text)}: ${valid}`, () => assert.equal(isIp6Network(text), valid));
});
