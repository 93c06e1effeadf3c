/** Realistic mail domains: Well-run domains and parked domains. */
import {
  LOOPBACK,
  STS_ID,
  a,
  cname,
  dkim2048,
  googleDomain,
  mx,
  signed,
  stsPolicy,
  txt,
  type RealisticMailDomain,
} from './model.ts';

export const WELL_RUN_DOMAINS: RealisticMailDomain[] = [
  {
    domain: 'northwind-gws.test',
    title: 'Google Workspace, ~all, DMARC reject with reports, 2048-bit google selector',
    zones: googleDomain('northwind-gws.test'),
    expected: {
      grades: ['A+', 'A', 'A-', 'B+'],
      reason: 'A textbook Workspace setup: ~all is fine behind p=reject and the DKIM key is 2048 bits.',
      findings: [
        { id: 'spf-softfail-all', severity: 'low' },
        { severity: 'critical', present: false },
        { severity: 'high', present: false },
      ],
      facts: [
        { path: 'sections.dkim.facts.state', equals: 'found' },
        { path: 'sections.dmarc.facts.policy', equals: 'reject' },
        { path: 'sections.spf.facts.lookups', equals: 4 },
        { path: 'bulkSender.ready', equals: true },
      ],
    },
  },
  {
    domain: 'contoso-m365.test',
    title: 'Microsoft 365, -all, DMARC reject, selector1/selector2 CNAMEs, MTA-STS enforce, TLS-RPT',
    zones: {
      'contoso-m365.test': [
        mx(0, 'contoso-m365-test.mail.protection.outlook.com'),
        txt('v=spf1 include:spf.protection.outlook.com -all'),
        txt('MS=ms48213377'),
      ],
      'contoso-m365-test.mail.protection.outlook.com': [a('192.0.2.40'), a('192.0.2.41')],
      '_dmarc.contoso-m365.test': [txt('v=DMARC1; p=reject; sp=reject; rua=mailto:dmarc@contoso-m365.test; fo=1')],
      'selector1._domainkey.contoso-m365.test': [
        cname('selector1-contoso-m365-test._domainkey.contosom365.onmicrosoft.com'),
      ],
      'selector2._domainkey.contoso-m365.test': [
        cname('selector2-contoso-m365-test._domainkey.contosom365.onmicrosoft.com'),
      ],
      'selector1-contoso-m365-test._domainkey.contosom365.onmicrosoft.com': [dkim2048()],
      'selector2-contoso-m365-test._domainkey.contosom365.onmicrosoft.com': [dkim2048()],
      '_mta-sts.contoso-m365.test': [txt(STS_ID)],
      'mta-sts.contoso-m365.test': [a(LOOPBACK)],
      '_smtp._tls.contoso-m365.test': [txt('v=TLSRPTv1; rua=mailto:tlsrpt@contoso-m365.test')],
    },
    mtaStsPolicy: stsPolicy('enforce', '*.mail.protection.outlook.com'),
    expected: {
      grades: ['A+', 'A', 'A-'],
      reason: 'Everything a Microsoft 365 tenant can switch on is on; only DNSSEC and BIMI are missing.',
      findings: [
        { severity: 'critical', present: false },
        { severity: 'high', present: false },
      ],
      facts: [
        { path: 'sections.dkim.facts.state', equals: 'found' },
        { path: 'sections.mtaSts.facts.mode', equals: 'enforce' },
        { path: 'sections.mtaSts.facts.coversAllMx', equals: true },
        { path: 'sections.tlsRpt.facts.valid', equals: true },
      ],
    },
  },
  {
    domain: 'fabrikam-mixed.test',
    title: 'Google Workspace for staff plus Amazon SES for the app, DMARC quarantine',
    zones: {
      ...googleDomain('fabrikam-mixed.test', {
        spf: 'v=spf1 include:_spf.google.com include:amazonses.com ~all',
        dmarc: 'v=DMARC1; p=quarantine; rua=mailto:dmarc@fabrikam-mixed.test',
      }),
      // Easy DKIM: three random-token selectors, CNAMEs into amazonses.com.
      'x7kq2mbd4f5vhlw3._domainkey.fabrikam-mixed.test': [cname('x7kq2mbd4f5vhlw3.dkim.amazonses.com')],
      'x7kq2mbd4f5vhlw3.dkim.amazonses.com': [dkim2048()],
    },
    selectors: ['x7kq2mbd4f5vhlw3'],
    expected: {
      grades: ['A', 'A-', 'B+', 'B'],
      reason: 'Two legitimate senders, both listed and both signing; quarantine is one step short of reject.',
      findings: [
        { id: 'dmarc-policy-quarantine', severity: 'low' },
        { severity: 'critical', present: false },
      ],
      facts: [
        { path: 'sections.spf.facts.valid', equals: true },
        { path: 'sections.spf.facts.lookups', equals: 5 },
        { path: 'sections.dkim.facts.state', equals: 'found' },
      ],
    },
  },
  {
    domain: 'tailspin-selfhosted.test',
    title: 'Self-hosted mail: mx ~all, quarantine, default selector, no extras',
    zones: {
      'tailspin-selfhosted.test': [mx(10, 'mail.tailspin-selfhosted.test'), txt('v=spf1 mx ~all')],
      'mail.tailspin-selfhosted.test': [a('192.0.2.60')],
      '_dmarc.tailspin-selfhosted.test': [
        txt('v=DMARC1; p=quarantine; rua=mailto:postmaster@tailspin-selfhosted.test'),
      ],
      'default._domainkey.tailspin-selfhosted.test': [dkim2048()],
    },
    expected: {
      grades: ['A', 'A-', 'B+', 'B'],
      reason: 'A small self-hosted server done right: its one host listed, ~all, quarantine and a 2048-bit key.',
      findings: [{ id: 'spf-softfail-all' }, { severity: 'critical', present: false }],
    },
  },
  {
    domain: 'wingtip-complete.test',
    title: 'Self-hosted, everything on: -all, reject, MTA-STS enforce over two MX, TLS-RPT, BIMI, DNSSEC',
    zones: {
      'wingtip-complete.test': signed(
        mx(10, 'mx1.wingtip-complete.test'),
        mx(20, 'mx2.wingtip-complete.test'),
        txt('v=spf1 mx ip4:198.51.100.25 -all'),
      ),
      'mx1.wingtip-complete.test': [a('192.0.2.70')],
      'mx2.wingtip-complete.test': [a('192.0.2.71')],
      '_dmarc.wingtip-complete.test': signed(
        txt('v=DMARC1; p=reject; sp=reject; np=reject; adkim=s; rua=mailto:dmarc@wingtip-complete.test'),
      ),
      's2026._domainkey.wingtip-complete.test': signed(dkim2048()),
      '_mta-sts.wingtip-complete.test': signed(txt(STS_ID)),
      'mta-sts.wingtip-complete.test': signed(a(LOOPBACK)),
      '_smtp._tls.wingtip-complete.test': signed(txt('v=TLSRPTv1; rua=mailto:tls-reports@wingtip-complete.test')),
      'default._bimi.wingtip-complete.test': signed(
        txt('v=BIMI1; l=https://brand.wingtip-complete.test/logo.svg; a=https://brand.wingtip-complete.test/vmc.pem'),
      ),
    },
    selectors: ['s2026'],
    mtaStsPolicy: stsPolicy('enforce', '*.wingtip-complete.test'),
    expected: {
      grades: ['A+', 'A'],
      reason: 'Every mechanism published and valid, DNSSEC-signed: the top of the scale.',
      findings: [
        { severity: 'critical', present: false },
        { severity: 'high', present: false },
        { severity: 'medium', present: false },
      ],
      facts: [
        { path: 'sections.dnssec.facts.signed', equals: true },
        { path: 'sections.bimi.facts.valid', equals: true },
        { path: 'sections.tlsRpt.facts.valid', equals: true },
        { path: 'sections.mtaSts.facts.coversAllMx', equals: true },
        { path: 'result.status', equals: 'passed' },
      ],
    },
  },

  // --- Parked domains --------------------------------------------------------------------------
  {
    domain: 'parked-nullmx.test',
    title: 'Parked: null MX, v=spf1 -all, DMARC reject everywhere',
    zones: {
      'parked-nullmx.test': [mx(0, '.'), txt('v=spf1 -all'), a('192.0.2.80')],
      '_dmarc.parked-nullmx.test': [txt('v=DMARC1; p=reject; sp=reject; adkim=s; aspf=s')],
    },
    expected: {
      grades: ['A+', 'A', 'A-'],
      reason: 'A defensively parked domain: it receives nothing, authorises no sender and rejects spoofs.',
      findings: [
        { severity: 'critical', present: false },
        { severity: 'high', present: false },
      ],
      facts: [
        { path: 'parked', equals: true },
        { path: 'sections.dkim.facts.state', equals: 'not-applicable' },
      ],
    },
  },
  {
    domain: 'parked-nomx.test',
    title: 'Parked without a null MX: no MX, v=spf1 -all, DMARC reject',
    zones: {
      'parked-nomx.test': [txt('v=spf1 -all'), a('192.0.2.81')],
      '_dmarc.parked-nomx.test': [txt('v=DMARC1; p=reject; sp=reject')],
    },
    expected: {
      grades: ['A', 'A-', 'B+'],
      reason: 'Sends nothing and rejects spoofs; a null MX should still say it receives nothing either.',
      findings: [{ id: 'mx-none-parked', severity: 'low' }],
      facts: [{ path: 'parked', equals: true }],
    },
  },
  {
    domain: 'nullmx-sender.test',
    title: 'Null MX beside an SPF record that authorises Google and SendGrid (no DKIM published)',
    zones: {
      'nullmx-sender.test': [mx(0, '.'), txt('v=spf1 include:_spf.google.com include:sendgrid.net ~all')],
      '_dmarc.nullmx-sender.test': [txt('v=DMARC1; p=reject; rua=mailto:dmarc@nullmx-sender.test')],
    },
    expected: {
      grades: ['B', 'B-', 'C+', 'C'],
      reason:
        'SPF says this domain sends mail, so it is not a parked domain that may skip DKIM, and none was ' +
        'found; RFC 7505 §4.2 lets receivers reject mail from a null-MX domain (5.7.27): at most B, ' +
        'with a high finding for the contradiction.',
      findings: [{ severity: 'high' }],
    },
  },
];
