/**
 * The status of a whole domain follows consequences: an optional, cosmetic record (BIMI) or a
 * policy host that answers 404 (senders then apply no MTA-STS policy; nothing is lost) leaves a
 * well-run domain `passed`, while a spoofing risk or broken SPF does not.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { analyzeEmail } from '../../../src/tools/email-security/analyze.ts';
import type { DnsExchange, PolicyFetch } from '../../../src/tools/email-security/capture.ts';
import { addresses, captureOf, mx, nxdomain, soa, txt } from '../../support/email-capture-builder.ts';

const key = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'der' })
  .toString('base64');
const POLICY_URL = 'https://mta-sts.example.com/.well-known/mta-sts.txt';
const policy = (status: number, body: string): PolicyFetch => ({
  url: POLICY_URL,
  status,
  contentType: status === 200 ? 'text/plain' : 'text/html',
  body,
  error: null,
  redirects: [],
});
const ENFORCE = 'version: STSv1\nmode: enforce\nmx: mx.example.com\nmax_age: 1209600\n';

/** A domain that does everything right; `change` swaps records by name and type. */
function scan(change: Record<string, DnsExchange> = {}, mtaStsPolicy = policy(200, ENFORCE)) {
  const records: Record<string, DnsExchange> = {
    'MX example.com': mx('example.com', [10, 'mx.example.com']),
    'A mx.example.com': addresses('mx.example.com', 'A', '192.0.2.1'),
    'TXT example.com': txt('example.com', 'v=spf1 ip4:192.0.2.1 -all'),
    'SOA example.com': soa('example.com'),
    'TXT _dmarc.example.com': txt(
      '_dmarc.example.com',
      'v=DMARC1; p=reject; sp=reject; np=reject; rua=mailto:dmarc@example.com',
    ),
    'TXT mail._domainkey.example.com': txt('mail._domainkey.example.com', `v=DKIM1; k=rsa; p=${key}`),
    'TXT _mta-sts.example.com': txt('_mta-sts.example.com', 'v=STSv1; id=20260101'),
    'TXT _smtp._tls.example.com': txt('_smtp._tls.example.com', 'v=TLSRPTv1; rua=mailto:tls@example.com'),
    'TXT default._bimi.example.com': nxdomain('default._bimi.example.com', 'TXT'),
    ...change,
  };
  const outcome = analyzeEmail(
    captureOf('example.com', Object.values(records), {
      mtaStsPolicy,
      selectors: { requested: [], tried: ['mail'] },
    }),
  );
  assert.equal(outcome.assessed, true);
  const result = outcome.result as unknown as {
    status: string;
    details: { findings: { id: string; severity: string }[] };
  };
  return { grade: outcome.grade, status: result.status, findings: result.details.findings };
}

const severityOf = (findings: { id: string; severity: string }[], id: string) =>
  findings.find((f) => f.id === id)?.severity;

test('the well-run domain passes', () => {
  const { grade, status } = scan();
  assert.equal(status, 'passed', `grade ${grade}`);
});

test('an invalid BIMI record is low and leaves the domain passed', () => {
  const { status, findings } = scan({
    'TXT default._bimi.example.com': txt('default._bimi.example.com', 'v=BIMI1; l=http://example.com/logo.svg'),
  });
  assert.equal(severityOf(findings, 'bimi-invalid'), 'low');
  assert.equal(status, 'passed');
});

test('an MTA-STS policy host answering 404 is medium and leaves the domain passed', () => {
  const { status, findings } = scan({}, policy(404, 'not found'));
  assert.equal(severityOf(findings, 'mta-sts-policy-status'), 'medium');
  assert.equal(status, 'passed');
});

test('a spoofing risk keeps the domain from passing', () => {
  const { status } = scan({
    'TXT _dmarc.example.com': txt('_dmarc.example.com', 'v=DMARC1; p=none; rua=mailto:dmarc@example.com'),
  });
  assert.notEqual(status, 'passed');
});

test('an SPF permerror keeps the domain from passing', () => {
  const { status } = scan({ 'TXT example.com': txt('example.com', 'v=spf1 ip4:192.0.2.1 include: -all') });
  assert.notEqual(status, 'passed');
});
