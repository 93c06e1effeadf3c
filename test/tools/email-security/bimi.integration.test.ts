/** BIMI: record parsing (table), analysis with the DMARC enforcement requirement, retrieval. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createDohResolver } from '../../../src/net/resolver.ts';
import { analyzeBimi } from '../../../src/tools/email-security/bimi/analyze.ts';
import { parseBimiRecord } from '../../../src/tools/email-security/bimi/record.ts';
import { retrieveBimi } from '../../../src/tools/email-security/bimi/retrieve.ts';
import { RecordingResolver } from '../../../src/tools/email-security/capture.ts';
import { startDohServer } from '../../support/doh-server.ts';
import { captureOf, nxdomain, servfail, txt } from '../../support/email-capture-builder.ts';

describe('BIMI record', () => {
  const cases: [string, boolean, string | null, string[], string[]][] = [
    [
      'v=BIMI1; l=https://example.com/logo.svg; a=https://example.com/vmc.pem',
      true,
      'https://example.com/logo.svg',
      [],
      [],
    ],
    ['v=BIMI1; l=https://example.com/logo.svg', true, 'https://example.com/logo.svg', [], []],
    ['v=BIMI1; l=; a=;', true, null, [], []],
    [
      'v=BIMI1; l=https://example.com/logo.png',
      true,
      'https://example.com/logo.png',
      [],
      ['l=https://example.com/logo.png: the logo should be an SVG Tiny PS file (.svg)'],
    ],
    [
      'v=BIMI1; l=http://example.com/logo.svg',
      false,
      'http://example.com/logo.svg',
      ['l=http://example.com/logo.svg: must be an https: URL'],
      [],
    ],
    [
      'v=BIMI1; l=https://example.com/logo.svg; a=ftp://example.com/x.pem',
      false,
      'https://example.com/logo.svg',
      ['a=ftp://example.com/x.pem: must be an https: URL'],
      [],
    ],
    ['v=BIMI1; a=https://example.com/vmc.pem', false, null, ['the l= tag (logo location) is missing'], []],
    ['v=BIMI1; l=not a url', false, 'not a url', ['l=not a url: not a valid URL'], []],
    [
      'v=BIMI1; l=https://example.com/a.svg,https://example.com/b.svg',
      true,
      'https://example.com/a.svg,https://example.com/b.svg',
      [],
      ['l= holds a comma: receivers read the whole value as one logo URL'],
    ],
    ['v=BIMI1; l=https://example.com/a.svg; avp=personal', true, 'https://example.com/a.svg', [], []],
    [
      'v=BIMI1; l=https://example.com/a.svg; avp=other',
      true,
      'https://example.com/a.svg',
      [],
      ['avp=other: not brand or personal, so receivers ignore it'],
    ],
    [
      'v=BIMI1;; l=https://example.com/a.svg',
      false,
      'https://example.com/a.svg',
      ['an empty field (";;") breaks the record\'s grammar'],
      [],
    ],
    [
      'l=https://example.com/a.svg; v=BIMI1',
      false,
      'https://example.com/a.svg',
      ['the record must start with v=BIMI1'],
      [],
    ],
  ];
  for (const [text, valid, location, problems, notes] of cases) {
    test(text, () => {
      const record = parseBimiRecord(text);
      assert.equal(record.valid, valid);
      assert.equal(record.location, location);
      assert.deepEqual(record.problems, problems);
      assert.deepEqual(record.notes, notes);
    });
  }
});

describe('BIMI analysis', () => {
  const bimi = txt(
    'default._bimi.example.com',
    'v=BIMI1; l=https://example.com/logo.svg; a=https://example.com/vmc.pem',
  );
  test('valid record with DMARC at enforcement: usable', () => {
    const section = analyzeBimi(
      captureOf('example.com', [bimi, txt('_dmarc.example.com', 'v=DMARC1; p=reject; rua=mailto:d@example.com')]),
    );
    assert.equal(section.status, 'pass');
    assert.deepEqual(section.facts, { present: true, valid: true });
    assert.equal(section.dmarcEnforced, true);
  });
  test('DMARC p=none, t=y, sp=none or pct<100: not shown', () => {
    for (const dmarc of [
      'v=DMARC1; p=none',
      'v=DMARC1; p=reject; t=y',
      'v=DMARC1; p=reject; sp=none',
      'v=DMARC1; p=quarantine; pct=50',
    ]) {
      const section = analyzeBimi(captureOf('example.com', [bimi, txt('_dmarc.example.com', dmarc)]));
      assert.equal(section.dmarcEnforced, false, dmarc);
      assert.deepEqual(section.facts, { present: true, valid: false }, dmarc);
      assert.ok(
        section.findings.some((f) => f.id === 'bimi-dmarc-not-enforced'),
        dmarc,
      );
    }
  });
  test('no mark certificate is a low finding; a declination is info', () => {
    const noEvidence = analyzeBimi(
      captureOf('example.com', [
        txt('default._bimi.example.com', 'v=BIMI1; l=https://example.com/logo.svg'),
        txt('_dmarc.example.com', 'v=DMARC1; p=reject; rua=mailto:d@example.com'),
      ]),
    );
    assert.deepEqual(
      noEvidence.findings.map((f) => f.id),
      ['bimi-no-evidence'],
    );
    const declined = analyzeBimi(
      captureOf('example.com', [
        txt('default._bimi.example.com', 'v=BIMI1; l=;'),
        txt('_dmarc.example.com', 'v=DMARC1; p=reject; rua=mailto:d@example.com'),
      ]),
    );
    assert.deepEqual(
      declined.findings.map((f) => f.id),
      ['bimi-declined'],
    );
    assert.deepEqual(declined.facts, { present: true, valid: false });
  });
  test('an empty l= beside an a= URL is invalid, as a missing l= is; only both empty decline', () => {
    // BIMI draft §7.3 step 1: discovery needs a valid l= even when a mark certificate is given.
    const dmarc = txt('_dmarc.example.com', 'v=DMARC1; p=reject; rua=mailto:d@example.com');
    for (const text of ['v=BIMI1; l=; a=https://example.com/vmc.pem', 'v=BIMI1; a=https://example.com/vmc.pem']) {
      const certificateOnly = analyzeBimi(captureOf('example.com', [txt('default._bimi.example.com', text), dmarc]));
      assert.equal(certificateOnly.record?.valid, false, text);
      assert.equal(certificateOnly.record?.declined, false, text);
      assert.deepEqual(
        certificateOnly.findings.map((f) => f.id),
        ['bimi-invalid'],
        text,
      );
      assert.deepEqual(certificateOnly.facts, { present: true, valid: false }, 'no point for it');
      assert.equal(certificateOnly.status, 'fail');
    }
    for (const text of ['v=BIMI1; l=; a=;', 'v=BIMI1; l=; a=', 'v=BIMI1; l=']) {
      const declined = analyzeBimi(captureOf('example.com', [txt('default._bimi.example.com', text), dmarc]));
      assert.equal(declined.record?.declined, true, text);
      assert.deepEqual(
        declined.findings.map((f) => f.id),
        ['bimi-declined'],
        text,
      );
    }
  });
  // BIMI draft §4.3: v= is the first tag and its value BIMI1; a text meant as the record but
  // discarded is reported with its reason, as serious as no record in its place (info: BIMI is optional).
  describe('a TXT record meant as BIMI but discarded says why', () => {
    const l = 'l=https://example.com/logo.svg';
    const dmarc = txt('_dmarc.example.com', 'v=DMARC1; p=reject; rua=mailto:d@example.com');
    const cases: [name: string, text: string, title: RegExp, recommendation: RegExp][] = [
      ['published with its quotes', `"v=BIMI1; ${l}"`, /published with its quotes/, /without the quotes/],
      ['with typographic quotes', `\u201cv=BIMI1; ${l}\u201d`, /published with its quotes/, /without the quotes/],
      ['after a leading space', ` v=BIMI1; ${l}`, /starts with white space before "v=BIMI1"/, /Remove the white space/],
      ['without a version number', `v=BIMI; ${l}`, /starts "v=BIMI", not "v=BIMI1"/, /exactly "v=BIMI1"/],
      ['with another version number', `v=BIMI2; ${l}`, /starts "v=BIMI2", not "v=BIMI1"/, /exactly "v=BIMI1"/],
      ['without ";" after the version', `v=BIMI1 ${l}`, /has no ";" after "v=BIMI1"/, /exactly "v=BIMI1"/],
      [
        'with v= not first',
        `${l}; v=BIMI1`,
        /has "v=BIMI1" after other tags, not first/,
        /Move "v=BIMI1" to the start/,
      ],
    ];
    for (const [name, text, title, recommendation] of cases)
      test(`in place of the record, ${name}: bimi-near-miss, as serious as no record`, () => {
        const section = analyzeBimi(captureOf('example.com', [dmarc, txt('default._bimi.example.com', text)]));
        assert.equal(section.status, 'fail');
        assert.deepEqual(section.facts, { present: false, valid: false });
        assert.deepEqual(
          section.findings.map((f) => f.id),
          ['bimi-near-miss'],
        );
        const [finding] = section.findings;
        assert.equal(finding!.severity, 'info');
        assert.match(finding!.title, /^No BIMI record is read: /);
        assert.match(finding!.title, title);
        assert.match(finding!.recommendation, recommendation);
        assert.deepEqual(finding!.evidence.length, 1);
        assert.ok(finding!.evidence[0]!.startsWith(`default._bimi.example.com: ${JSON.stringify(text)}: it `));
      });

    test('a correct record beside a quoted copy is still read', () => {
      const section = analyzeBimi(
        captureOf('example.com', [dmarc, txt('default._bimi.example.com', `"v=BIMI1; ${l}"`, `v=BIMI1; ${l}`)]),
      );
      assert.equal(section.record?.location, 'https://example.com/logo.svg');
      assert.deepEqual(section.facts, { present: true, valid: true });
      assert.deepEqual(section.findings.map((f) => f.id).sort(), ['bimi-near-miss', 'bimi-no-evidence']);
      assert.match(section.findings[0]!.recommendation, /^Remove it/);
    });
  });

  test('missing, invalid, failed', () => {
    assert.equal(analyzeBimi(captureOf('example.com', [nxdomain('default._bimi.example.com', 'TXT')])).status, 'fail');
    assert.equal(analyzeBimi(captureOf('example.com', [servfail('default._bimi.example.com', 'TXT')])).status, 'error');
    const invalid = analyzeBimi(
      captureOf('example.com', [txt('default._bimi.example.com', 'v=BIMI1; l=http://example.com/logo.svg')]),
    );
    assert.equal(invalid.status, 'fail');
    assert.ok(invalid.findings.some((f) => f.id === 'bimi-invalid'));
  });
});

test('BIMI retrieval asks default._bimi', async () => {
  const doh = await startDohServer({
    'default._bimi.example.com': [{ type: 'TXT', data: 'v=BIMI1; l=https://example.com/logo.svg' }],
  });
  const capture = captureOf('example.com', []);
  await retrieveBimi(
    new RecordingResolver(createDohResolver({ url: doh.url, fetch: globalThis.fetch }), capture),
    'example.com',
  );
  assert.deepEqual(
    capture.queries.map((q) => `${q.name} ${q.type}`),
    ['default._bimi.example.com TXT'],
  );
  assert.equal(analyzeBimi(capture).facts.present, true);
});
