/** DMARC record reading: which texts are DMARC records, tags and values, report URIs, the tree-walk names. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { classifyDmarcText, parseDmarcRecord } from '../../../src/tools/email-security/dmarc/parse.ts';
import {
  nextWalkName,
  organizationalDomain,
  type WalkStep,
} from '../../../src/tools/email-security/dmarc/tree-walk.ts';
import { parseReportUri } from '../../../src/tools/email-security/report-uri.ts';
import { parseTagList } from '../../../src/tools/email-security/tag-list.ts';

describe('which TXT texts are DMARC records', () => {
  const cases: [string, ReturnType<typeof classifyDmarcText>][] = [
    ['v=DMARC1; p=reject', 'dmarc'],
    ['v=DMARC1;p=none', 'dmarc'],
    ['v = DMARC1 ; p=none', 'dmarc'],
    ['V=DMARC1; p=none', 'dmarc'],
    ['v=DMARC1', 'dmarc'],
    [' v=DMARC1; p=reject', 'malformed'],
    ['v=dmarc1; p=reject', 'malformed'],
    ['v=DMARC10; p=reject', 'malformed'],
    ['v=DMARC2; p=reject', 'malformed'],
    ['v=spf1 -all', 'spf'],
    ['google-site-verification=abc', 'other'],
    // RFC 7489 §6.4, RFC 9989 §4.7: the record starts with "v=DMARC1"; texts meant as one but
    // discarded are near misses (quoted, a leading space, the version misspelt or not first).
    ['p=reject; v=DMARC1', 'malformed'],
    ['"v=DMARC1; p=reject"', 'malformed'],
    ['\\"v=DMARC1; p=reject\\"', 'malformed'],
    ['v=DMARC; p=reject', 'malformed'],
    ['v=DMARC1 p=reject', 'malformed'],
    ['p=reject', 'other'],
    ['"google-site-verification=abc"', 'other'],
  ];
  for (const [text, kind] of cases)
    test(`${JSON.stringify(text)} → ${kind}`, () => assert.equal(classifyDmarcText(text), kind));
});

describe('DMARC tags', () => {
  const cases: { text: string; expect: Partial<ReturnType<typeof parseDmarcRecord>> & { invalid?: string[] } }[] = [
    {
      text: 'v=DMARC1; p=reject',
      expect: {
        policy: 'reject',
        effectivePolicy: 'reject',
        subdomainPolicy: null,
        nonExistentPolicy: null,
        psd: 'u',
        testing: false,
        adkim: 'r',
        aspf: 'r',
        fo: ['0'],
        invalid: [],
      },
    },
    {
      text: 'v=DMARC1; p=Quarantine; sp=NONE; np=reject; adkim=s; aspf=s; t=y; psd=n; fo=1:d',
      expect: {
        policy: 'quarantine',
        subdomainPolicy: 'none',
        nonExistentPolicy: 'reject',
        adkim: 's',
        aspf: 's',
        testing: true,
        psd: 'n',
        fo: ['1', 'd'],
        invalid: [],
      },
    },
    {
      text: 'v=DMARC1; p=bogus; rua=mailto:d@example.com',
      expect: { policy: null, policyMissing: false, effectivePolicy: 'none', invalid: ['p'] },
    },
    { text: 'v=DMARC1; p=bogus', expect: { policy: null, effectivePolicy: null, invalid: ['p'] } },
    {
      text: 'v=DMARC1; rua=mailto:d@example.com',
      expect: { policy: null, policyMissing: true, effectivePolicy: 'none' },
    },
    { text: 'v=DMARC1; sp=reject', expect: { policyMissing: true, effectivePolicy: null } },
    {
      text: 'v=DMARC1; p=reject; sp=maybe; t=x; adkim=q; fo=2; psd=x',
      expect: {
        subdomainPolicy: null,
        effectivePolicy: null,
        testing: false,
        adkim: 'r',
        psd: 'u',
        invalid: ['sp', 'psd', 't', 'adkim', 'fo'],
      },
    },
    {
      text: 'v=DMARC1; p=reject; pct=50; rf=afrf; ri=3600',
      expect: {
        removed: [
          { name: 'pct', value: '50' },
          { name: 'rf', value: 'afrf' },
          { name: 'ri', value: '3600' },
        ],
        invalid: [],
      },
    },
    { text: 'v=DMARC1; p=reject; pct=150; rf=iodef', expect: { invalid: ['pct', 'rf'] } },
    // A repeated tag invalidates the tag list (RFC 9989 §4.7 → RFC 6376 §3.2): the record is ignored.
    {
      text: 'v=DMARC1; p=reject; foo=bar; P=none',
      expect: { unknown: ['foo'], duplicates: ['p'], effectivePolicy: null },
    },
    { text: 'v=DMARC1; p=reject; rua=mailto:d@example.com; p=reject', expect: { effectivePolicy: null } },
    { text: 'v=DMARC1; rua=mailto:a@example.com; p=reject', expect: { policyNotSecond: true } },
    // RFC 9989 §4.8: a segment that is not a tag is discarded and the rest applied.
    {
      text: 'v=DMARC1; p=reject; junk; ;',
      expect: { syntaxErrors: ['"junk" is not a name=value tag'], effectivePolicy: 'reject' },
    },
    {
      text: 'v=DMARC1; p=reject; rua=mailto:a@example.com;mailto:b@example.com',
      expect: {
        syntaxErrors: ['"mailto:b@example.com" is not a name=value tag'],
        effectivePolicy: 'reject',
        policyFallback: [],
      },
    },
    { text: 'v=DMARC1; p reject; rua=mailto:d@example.com', expect: { policyMissing: true, effectivePolicy: 'none' } },
    // RFC 9989 §4.10.1: an invalid sp or np makes the whole record p=none (valid rua) or ignored.
    {
      text: 'v=DMARC1; p=reject; sp=bogus; rua=mailto:d@example.com',
      expect: { policy: 'reject', effectivePolicy: 'none', policyFallback: ['sp=bogus is not a policy'] },
    },
    {
      text: 'v=DMARC1; p=reject; np=rejcet',
      expect: { effectivePolicy: null, policyFallback: ['np=rejcet is not a policy'] },
    },
    // RFC 9989 §4.7: fo values 0 and 1 are mutually exclusive; the invalid value falls back to 0.
    { text: 'v=DMARC1; p=reject; fo=0:1', expect: { fo: ['0'], invalid: ['fo'] } },
  ];
  for (const { text, expect } of cases) {
    test(text, () => {
      const record = parseDmarcRecord(text);
      const { invalid, ...fields } = expect;
      for (const [key, value] of Object.entries(fields))
        assert.deepEqual(record[key as keyof typeof record], value, key);
      if (invalid)
        assert.deepEqual(
          record.invalidValues.map((v) => v.tag),
          invalid,
        );
    });
  }

  test('rua and ruf URIs: mailto with optional !size, others refused', () => {
    const record = parseDmarcRecord(
      'v=DMARC1; p=none; rua=mailto:a@example.com!10m, mailto:b@reports.example.net; ' +
        'ruf=https://x.example/r,mailto:nobody,reports@example.com',
    );
    assert.deepEqual(
      record.rua.map((u) => [u.host, u.size, u.problem]),
      [
        ['example.com', '10m', null],
        ['reports.example.net', null, null],
      ],
    );
    assert.equal(record.ruf.length, 3);
    assert.match(record.ruf[0]!.problem!, /https: scheme is not accepted/);
    assert.match(record.ruf[1]!.problem!, /not an email address/);
    assert.match(record.ruf[2]!.problem!, /no scheme/);
  });
});

describe('report URIs', () => {
  const dmarc = { schemes: ['mailto'], allowSize: true };
  const cases: [string, string | null, string | null][] = [
    ['mailto:dmarc@example.com', 'example.com', null],
    ['MAILTO:dmarc@Example.COM', 'example.com', null],
    ['mailto:dmarc%40x@example.com', 'example.com', null],
    ['mailto:dmarc@example.com?subject=x', 'example.com', null],
    ['mailto:dmarc@example', null, 'is not a valid domain name'],
    ['mailto:dmarc@exa_mple.com', null, 'is not a valid domain name'],
    ['mailto:@example.com', null, 'not an email address'],
    ['mailto:a@example.com!x', null, 'must be followed by a size'],
    ['mailto:a%ZZ@example.com', null, 'invalid percent-encoding'],
  ];
  for (const [uri, host, problem] of cases) {
    test(uri, () => {
      const parsed = parseReportUri(uri, dmarc);
      if (problem === null) assert.equal(parsed.problem, null);
      else assert.match(parsed.problem ?? '', new RegExp(problem));
      if (host !== null) assert.equal(parsed.host, host);
    });
  }
});

describe('tag lists', () => {
  test('trims, skips empty segments, reports malformed ones and duplicates', () => {
    const list = parseTagList(' a = 1 ;b=2;;c=; 9x=1; novalue; a=3 ;', (n) => n.toLowerCase());
    assert.deepEqual(
      list.tags.map((t) => [t.name, t.value]),
      [
        ['a', '1'],
        ['b', '2'],
        ['c', ''],
        ['a', '3'],
      ],
    );
    assert.deepEqual(list.errors, ['"9x" is not a valid tag name', '"novalue" is not a name=value tag']);
    assert.deepEqual(list.duplicates, ['a']);
  });
});

describe('RFC 9989 tree walk', () => {
  const none = (name: string): WalkStep => ({ name, outcome: 'none', records: [], record: null });
  const found = (name: string, text: string): WalkStep => ({
    name,
    outcome: 'record',
    records: [text],
    record: parseDmarcRecord(text),
  });
  const walk = (domain: string) => {
    const steps: WalkStep[] = [];
    for (let name = nextWalkName(domain, steps); name !== null; name = nextWalkName(domain, steps))
      steps.push(none(name));
    return steps.map((s) => s.name);
  };
  test('an apex walks up to its TLD', () => assert.deepEqual(walk('example.com'), ['example.com', 'com']));
  test('a short name removes one label at a time', () =>
    assert.deepEqual(walk('a.mail.example.co.uk'), [
      'a.mail.example.co.uk',
      'mail.example.co.uk',
      'example.co.uk',
      'co.uk',
      'uk',
    ]));
  test('a long name jumps to its last 7 labels: at most 8 queries', () => {
    const names = walk('a.b.c.d.e.f.g.h.i.j.mail.example.com');
    assert.deepEqual(names, [
      'a.b.c.d.e.f.g.h.i.j.mail.example.com',
      'g.h.i.j.mail.example.com',
      'h.i.j.mail.example.com',
      'i.j.mail.example.com',
      'j.mail.example.com',
      'mail.example.com',
      'example.com',
      'com',
    ]);
  });
  test('an 8-label name goes to 7 labels (one removed)', () =>
    assert.deepEqual(walk('a.b.c.d.e.f.g.h').slice(0, 2), ['a.b.c.d.e.f.g.h', 'b.c.d.e.f.g.h']));
  test("the domain's own record ends the walk", () => {
    const steps: WalkStep[] = [found('example.com', 'v=DMARC1; p=none')];
    assert.equal(nextWalkName('example.com', steps), null);
  });
  test('psd=y or psd=n further up ends the walk; a plain record does not', () => {
    const d = 'a.b.example.com';
    assert.equal(nextWalkName(d, [none(d), found('b.example.com', 'v=DMARC1; p=none')]), 'example.com');
    assert.equal(nextWalkName(d, [none(d), found('b.example.com', 'v=DMARC1; p=none; psd=n')]), null);
    assert.equal(
      nextWalkName(d, [none(d), none('b.example.com'), none('example.com'), found('com', 'v=DMARC1; p=none; psd=y')]),
      null,
    );
  });
  test('a DNS failure ends the walk', () =>
    assert.equal(
      nextWalkName('a.example.com', [{ name: 'a.example.com', outcome: 'failed', records: [], record: null }]),
      null,
    ));
  test('organizational domain: psd=n names itself, psd=y the name below, else fewest labels, else the domain', () => {
    const d = 'x.mail.example.com';
    const rec = (name: string, psd: 'y' | 'n' | 'u') => found(name, `v=DMARC1; psd=${psd}`);
    assert.equal(organizationalDomain(d, [none(d), rec('mail.example.com', 'n')]), 'mail.example.com');
    assert.equal(
      organizationalDomain(d, [none(d), none('mail.example.com'), none('example.com'), rec('com', 'y')]),
      'example.com',
    );
    assert.equal(
      organizationalDomain(d, [none(d), rec('mail.example.com', 'u'), rec('example.com', 'u'), none('com')]),
      'example.com',
    );
    assert.equal(organizationalDomain(d, [none(d), none('mail.example.com'), none('example.com'), none('com')]), d);
    assert.equal(organizationalDomain('example.com', [rec('example.com', 'y')]), 'example.com');
  });
});
