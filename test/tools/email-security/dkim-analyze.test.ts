/** DKIM analysis over hand-written captures: the five states, key findings, selector planning. */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, test } from 'node:test';
import type { DnsExchange } from '../../../src/tools/email-security/capture.ts';
import { analyzeDkim } from '../../../src/tools/email-security/dkim/analyze.ts';
import { detectProviders } from '../../../src/tools/email-security/dkim/providers.ts';
import {
  COMMON_SELECTORS,
  MAX_REQUESTED_SELECTORS,
  planSelectors,
} from '../../../src/tools/email-security/dkim/selectors.ts';
import { captureOf, mx, nodata, nxdomain, servfail, txt, via } from '../../support/email-capture-builder.ts';

const rsa = (bits: number) =>
  generateKeyPairSync('rsa', { modulusLength: bits })
    .publicKey.export({ type: 'spki', format: 'der' })
    .toString('base64');
const rsa2048 = rsa(2048);
const rsa1024 = rsa(1024);
const ids = (section: { findings: { id: string }[] }) => section.findings.map((f) => f.id);

function dkimCapture(queries: DnsExchange[], tried = ['google', 'selector1', 's1'], requested: string[] = []) {
  return captureOf('example.com', [mx('example.com', [10, 'mx.example.com']), ...queries], {
    selectors: { requested, tried },
  });
}

describe('DKIM states', () => {
  test('found: a 2048-bit key at a selector', () => {
    const section = analyzeDkim(
      dkimCapture([
        nodata('_domainkey.example.com', 'TXT'),
        txt('google._domainkey.example.com', `v=DKIM1; k=rsa; p=${rsa2048}`),
        nxdomain('selector1._domainkey.example.com', 'TXT'),
        nxdomain('s1._domainkey.example.com', 'TXT'),
      ]),
    );
    assert.equal(section.facts.state, 'found');
    assert.deepEqual(section.facts.keys, [
      { selector: 'google', keyType: 'rsa', bits: 2048, revoked: false, testing: false, valid: true },
    ]);
    assert.equal(section.status, 'pass');
    assert.equal(section.baseNode, 'exists');
  });

  test('found with a 1024-bit key: warn', () => {
    const section = analyzeDkim(
      dkimCapture([
        nodata('_domainkey.example.com', 'TXT'),
        txt('selector1._domainkey.example.com', `v=DKIM1; p=${rsa1024}`),
      ]),
    );
    assert.equal(section.status, 'warn');
    assert.deepEqual(ids(section), ['dkim-key-weak']);
  });

  test('found but only revoked keys: fail', () => {
    const section = analyzeDkim(
      dkimCapture([nodata('_domainkey.example.com', 'TXT'), txt('s1._domainkey.example.com', 'v=DKIM1; p=')]),
    );
    assert.equal(section.facts.state, 'found');
    assert.equal(section.status, 'fail');
    assert.deepEqual(ids(section).sort(), ['dkim-key-revoked', 'dkim-no-usable-key']);
  });

  test('likely present: _domainkey exists (NOERROR) but no selector answered', () => {
    const section = analyzeDkim(
      dkimCapture([nodata('_domainkey.example.com', 'TXT'), nxdomain('google._domainkey.example.com', 'TXT')]),
    );
    assert.equal(section.facts.state, 'likely-present');
    assert.equal(section.status, 'warn');
    assert.deepEqual(ids(section), ['dkim-selector-unknown']);
    assert.equal(section.findings[0]!.severity, 'info');
  });

  test('dangling CNAMEs (Microsoft 365 before signing is on) count as no key and name their targets', () => {
    // RFC 6376 §3.6.2.2: the key is the TXT at the selector's name; a CNAME to a name that does not
    // exist (RFC 1034 §3.6.2) leaves none, and it is what makes _domainkey exist.
    const target = (s: string) => `${s}-example-com._domainkey.example.onmicrosoft.com`;
    const section = analyzeDkim(
      dkimCapture(
        [
          nodata('_domainkey.example.com', 'TXT'),
          via(nxdomain('selector1._domainkey.example.com', 'TXT'), target('selector1')),
          via(nxdomain('selector2._domainkey.example.com', 'TXT'), target('selector2')),
        ],
        ['selector1', 'selector2', 'google'],
      ),
    );
    assert.equal(section.facts.state, 'not-found', 'not "probably set up"');
    assert.equal(section.status, 'fail');
    assert.deepEqual(ids(section), ['dkim-dangling-cname']);
    assert.equal(section.findings[0]!.severity, 'medium');
    assert.ok(section.findings[0]!.evidence.some((line) => line.includes(target('selector1'))));
    assert.ok(section.findings[0]!.evidence.some((line) => line.includes(target('selector2'))));
    assert.deepEqual(
      section.results.map((r) => [r.selector, r.outcome]),
      [
        ['selector1', 'dangling'],
        ['selector2', 'dangling'],
      ],
    );
    assert.match(section.summary, /selector1, selector2 point \(CNAME\) to names that do not exist/);
  });

  test('a dangling CNAME beside a key elsewhere: the key counts', () => {
    const section = analyzeDkim(
      dkimCapture([
        nodata('_domainkey.example.com', 'TXT'),
        txt('google._domainkey.example.com', `v=DKIM1; k=rsa; p=${rsa2048}`),
        via(nxdomain('selector1._domainkey.example.com', 'TXT'), 'gone.example.net'),
      ]),
    );
    assert.equal(section.facts.state, 'found');
  });

  test('not found: _domainkey is NXDOMAIN and no selector answered (reported, not called broken)', () => {
    const section = analyzeDkim(dkimCapture([nxdomain('_domainkey.example.com', 'TXT')]));
    assert.equal(section.facts.state, 'not-found');
    assert.deepEqual(section.facts.keys, []);
    assert.equal(section.status, 'fail');
    assert.match(section.findings[0]!.evidence.join(' '), /3 selectors checked/);
    assert.match(section.findings[0]!.recommendation, /selectors/);
  });

  test('not applicable: null MX, or no MX with v=spf1 -all', () => {
    const nullMx = captureOf('example.com', [mx('example.com', [0, '.']), nxdomain('_domainkey.example.com', 'TXT')], {
      selectors: { requested: [], tried: ['google'] },
    });
    assert.equal(analyzeDkim(nullMx).facts.state, 'not-applicable');
    assert.equal(analyzeDkim(nullMx).status, 'not-applicable');
    const parked = captureOf(
      'example.com',
      [nodata('example.com', 'MX'), txt('example.com', 'v=spf1 -all'), nxdomain('_domainkey.example.com', 'TXT')],
      { selectors: { requested: [], tried: ['google'] } },
    );
    assert.equal(analyzeDkim(parked).facts.state, 'not-applicable');
    const sends = captureOf(
      'example.com',
      [
        nodata('example.com', 'MX'),
        txt('example.com', 'v=spf1 include:_spf.google.com -all'),
        nxdomain('_domainkey.example.com', 'TXT'),
      ],
      { selectors: { requested: [], tried: ['google'] } },
    );
    assert.equal(analyzeDkim(sends).facts.state, 'not-found');
  });

  test('a key found on a parked domain is still found', () => {
    const c = captureOf(
      'example.com',
      [
        mx('example.com', [0, '.']),
        nodata('_domainkey.example.com', 'TXT'),
        txt('google._domainkey.example.com', `p=${rsa2048}`),
      ],
      { selectors: { requested: [], tried: ['google'] } },
    );
    assert.equal(analyzeDkim(c).facts.state, 'found');
  });

  test('error: _domainkey lookup failed and nothing found', () => {
    const section = analyzeDkim(dkimCapture([servfail('_domainkey.example.com', 'TXT')]));
    assert.equal(section.facts.state, 'error');
    assert.equal(section.status, 'error');
  });

  test('error: most selector lookups failed', () => {
    const section = analyzeDkim(
      dkimCapture([
        nxdomain('_domainkey.example.com', 'TXT'),
        servfail('google._domainkey.example.com', 'TXT'),
        servfail('selector1._domainkey.example.com', 'TXT'),
      ]),
    );
    assert.equal(section.facts.state, 'error');
  });

  test('a selector answering other TXT (a wildcard) is not a key', () => {
    const section = analyzeDkim(
      dkimCapture([nodata('_domainkey.example.com', 'TXT'), txt('google._domainkey.example.com', 'v=spf1 -all')]),
    );
    assert.equal(section.facts.state, 'likely-present');
    assert.equal(section.results[0]!.outcome, 'other-txt');
  });

  test('several keys: testing, Ed25519-only and multiple records are reported per selector', () => {
    const raw = generateKeyPairSync('ed25519')
      .publicKey.export({ type: 'spki', format: 'der' })
      .subarray(12)
      .toString('base64');
    const section = analyzeDkim(
      dkimCapture([
        nodata('_domainkey.example.com', 'TXT'),
        txt('google._domainkey.example.com', `v=DKIM1; k=ed25519; t=y; p=${raw}`),
        txt('s1._domainkey.example.com', `v=DKIM1; k=ed25519; p=${raw}`, `v=DKIM1; k=ed25519; p=${raw}`),
      ]),
    );
    assert.deepEqual(
      section.facts.keys.map((k) => [k.selector, k.keyType, k.testing]),
      [
        ['google', 'ed25519', true],
        ['s1', 'ed25519', false],
      ],
    );
    assert.deepEqual(ids(section).sort(), ['dkim-ed25519-only', 'dkim-key-testing', 'dkim-multiple-records']);
  });
});

describe('selector planning', () => {
  test("the caller's selectors first, then providers', then common ones", () => {
    const plan = planSelectors(
      ['Custom', 'bad selector', 'custom', 'sel.sub'],
      ['aspmx.l.google.com', 'alt1.aspmx.l.google.com'],
      ['spf.protection.outlook.com', 'sendgrid.net', 'spf.mtasv.net'],
    );
    assert.deepEqual(plan.requested, ['custom', 'sel.sub']);
    assert.deepEqual(
      plan.providers.map((p) => p.name),
      ['Google Workspace', 'Microsoft 365', 'SendGrid', 'Postmark'],
    );
    assert.deepEqual(plan.tried.slice(0, 10), [
      'custom',
      'sel.sub',
      'google',
      'selector1',
      'selector2',
      's1',
      's2',
      'smtpapi',
      'pm',
      'default',
    ]);
    assert.equal(new Set(plan.tried).size, plan.tried.length);
  });
  test('no hints: the common list', () => {
    assert.deepEqual(planSelectors([], [], []).tried, [...COMMON_SELECTORS]);
  });
  test('a long selector the API accepted is tried, not dropped', () => {
    const long = ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(30)].join('.');
    assert.deepEqual(planSelectors([long], [], []).requested, [long]);
  });
  test("the caller's selectors are bounded and never push out a common or provider selector", () => {
    const many = Array.from({ length: 60 }, (_, i) => `sel${i}`);
    const plan = planSelectors(many, ['in1-smtp.messagingengine.com'], []);
    assert.equal(plan.requested.length, MAX_REQUESTED_SELECTORS);
    assert.deepEqual(plan.tried.slice(0, MAX_REQUESTED_SELECTORS), plan.requested);
    for (const selector of [...COMMON_SELECTORS, 'fm1', 'fm2', 'fm3'])
      assert.ok(plan.tried.includes(selector), selector);
  });
  test('providers from MX and SPF names (the domain or below it)', () => {
    const names = (mxHosts: string[], spf: string[]) => detectProviders(mxHosts, spf).map((p) => p.name);
    assert.deepEqual(names(['example-com.mail.protection.outlook.com.'], []), ['Microsoft 365']);
    assert.deepEqual(names(['mail.protonmail.ch', 'mailsec.protonmail.ch'], []), ['Proton Mail']);
    assert.deepEqual(names(['in1-smtp.messagingengine.com'], ['spf.messagingengine.com']), ['Fastmail']);
    assert.deepEqual(names([], ['mailgun.org', 'servers.mcsv.net', 'amazonses.com']), [
      'Amazon SES',
      'Mailgun',
      'Mailchimp',
    ]);
    assert.deepEqual(names(['notgoogle.com'], ['evilsendgrid.net']), []);
  });
});
