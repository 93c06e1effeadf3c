/** Realistic mail domains: MTA-STS, DKIM and DNSSEC. */
import {
  LOOPBACK,
  STS_ID,
  a,
  dkim1024,
  dkim2048,
  dkimVersionNotFirst,
  googleDomain,
  mx,
  stsPolicy,
  txt,
  type RealisticMailDomain,
} from './model.ts';

export const TRANSPORT_DOMAINS: RealisticMailDomain[] = [
  // --- MTA-STS ----------------------------------------------------------------------------------
  {
    domain: 'sts-testing.test',
    title: 'Google Workspace with MTA-STS in testing mode and TLS-RPT',
    zones: {
      ...googleDomain('sts-testing.test', { spf: 'v=spf1 include:_spf.google.com -all' }),
      '_mta-sts.sts-testing.test': [txt(STS_ID)],
      'mta-sts.sts-testing.test': [a(LOOPBACK)],
      '_smtp._tls.sts-testing.test': [txt('v=TLSRPTv1; rua=mailto:tlsrpt@sts-testing.test')],
    },
    mtaStsPolicy: stsPolicy('testing', 'aspmx.l.google.com', '*.aspmx.l.google.com'),
    expected: {
      grades: ['A+', 'A', 'A-'],
      reason: 'Testing mode is the right first step with TLS-RPT; strong everywhere else.',
      findings: [{ id: 'mta-sts-mode-testing', severity: 'low' }],
      facts: [
        { path: 'sections.mtaSts.facts.mode', equals: 'testing' },
        { path: 'sections.mtaSts.facts.coversAllMx', equals: true },
        { path: 'sections.tlsRpt.facts.valid', equals: true },
      ],
    },
  },
  {
    domain: 'sts-gap.test',
    title: 'MTA-STS enforce whose mx: lines leave the primary MX host out',
    zones: {
      'sts-gap.test': [mx(10, 'mx1.sts-gap.test'), mx(20, 'mx2.sts-gap.test'), txt('v=spf1 mx -all')],
      'mx1.sts-gap.test': [a('192.0.2.90')],
      'mx2.sts-gap.test': [a('192.0.2.91')],
      '_dmarc.sts-gap.test': [txt('v=DMARC1; p=reject; rua=mailto:dmarc@sts-gap.test')],
      'default._domainkey.sts-gap.test': [dkim2048()],
      '_mta-sts.sts-gap.test': [txt(STS_ID)],
      'mta-sts.sts-gap.test': [a(LOOPBACK)],
      '_smtp._tls.sts-gap.test': [txt('v=TLSRPTv1; rua=mailto:tlsrpt@sts-gap.test')],
    },
    // mx1 was renamed from mail.sts-gap.test and the policy was never updated.
    mtaStsPolicy: stsPolicy('enforce', 'mail.sts-gap.test', 'mx2.sts-gap.test'),
    expected: {
      grades: ['A', 'A-'],
      reason:
        'MTA-STS senders skip mx1, which the enforce policy does not list, and deliver to mx2 (RFC 8461 §5, ' +
        '§5.1): they lose a fallback host, not mail. A medium finding naming mx1, the MTA-STS points not ' +
        'earned, no cap.',
      findings: [{ id: 'mta-sts-mx-not-covered', severity: 'medium' }],
      facts: [{ path: 'sections.mtaSts.facts.coversAllMx', equals: false }],
    },
  },

  // --- DKIM -------------------------------------------------------------------------------------
  {
    domain: 'legacy-dkim.test',
    title: 'DKIM key of 1024 bits',
    zones: googleDomain('legacy-dkim.test', { spf: 'v=spf1 include:_spf.google.com -all', dkim: dkim1024() }),
    expected: {
      grades: ['A-', 'B+', 'B', 'B-'],
      reason: '1024-bit RSA still verifies but is below the 2048 bits recommended (RFC 8301): a step down.',
      findings: [{ id: 'dkim-key-weak', severity: 'medium' }],
      facts: [{ path: 'sections.dkim.facts.keys.0.bits', equals: 1024 }],
    },
  },
  {
    domain: 'revoked-dkim.test',
    title: 'The only DKIM selector holds a revoked key (p=)',
    zones: googleDomain('revoked-dkim.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dkim: txt('v=DKIM1; k=rsa; p='),
    }),
    expected: {
      grades: ['B', 'B-', 'C+', 'C'],
      reason: 'No usable DKIM key: DMARC rests on SPF alone, which breaks on forwarding.',
      findings: [{ id: 'dkim-no-usable-key', severity: 'high' }],
      facts: [{ path: 'sections.dkim.facts.keys.0.revoked', equals: true }],
    },
  },
  {
    domain: 'dkim-v-second.test',
    title: 'The only DKIM key record has v=DKIM1 after k= (v= must be first)',
    zones: googleDomain('dkim-v-second.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dkim: dkimVersionNotFirst(),
    }),
    expected: {
      grades: ['B', 'B-', 'C+', 'C'],
      reason:
        'RFC 6376 §3.6.1 requires v= to be the first tag; verifiers may discard the record, so the domain ' +
        'has no usable DKIM key and DMARC rests on SPF alone.',
      findings: [{ section: 'dkim', id: 'dkim-version-not-first' }],
      facts: [{ path: 'sections.dkim.facts.keys.0.valid', equals: false }],
    },
  },

  // --- DNSSEC -----------------------------------------------------------------------------------
  {
    domain: 'dnssec-signed.test',
    title: 'Google Workspace, -all, reject, DNSSEC-signed zone',
    zones: googleDomain('dnssec-signed.test', { spf: 'v=spf1 include:_spf.google.com -all', signed: true }),
    expected: {
      grades: ['A+', 'A'],
      reason: 'Strong policies, a 2048-bit key and validated DNS answers.',
      facts: [{ path: 'sections.dnssec.facts.signed', equals: true }],
      findings: [{ id: 'dnssec-unsigned', present: false }],
    },
  },
  {
    domain: 'dnssec-unsigned.test',
    title: 'The same domain, zone not signed',
    zones: googleDomain('dnssec-unsigned.test', { spf: 'v=spf1 include:_spf.google.com -all' }),
    expected: {
      grades: ['A', 'A-'],
      reason: 'Identical except DNSSEC, which is worth 2 points: still an A.',
      facts: [{ path: 'sections.dnssec.facts.signed', equals: false }],
      findings: [{ id: 'dnssec-unsigned', severity: 'low' }],
    },
  },
];
