/**
 * Realistic mail domains for the email-security end-to-end grading test
 * (test/api/email-security-realistic.integration.test.ts): the zones a domain publishes, the
 * MTA-STS policy its policy host serves, and the grade a careful postmaster would sign for it.
 *
 * The expected grades follow docs/email-security-grading.md (points and caps: +all → F, no DMARC →
 * at most D, SPF permerror → at most C, p=none → at most B) and what receivers actually do with
 * the records, not whatever the code returns today. Where the two disagree the test fails: those
 * scenarios are kept on purpose, as bug reports.
 *
 * Provider records (Google, Microsoft 365, Amazon SES, SendGrid, Mailgun, Mailchimp, Salesforce)
 * are modelled on what those providers publish, with fewer ranges. Mail hosts resolve to
 * TEST-NET addresses; nothing here is ever contacted except the MTA-STS policy hosts, which
 * resolve to loopback and are served by the test's local HTTPS site.
 */
import type { Grade, Severity } from '../../src/tools/grading.ts';
import type { ZoneItem, ZoneRecord, Zones } from './dns-zones.ts';
import { dkimRecord } from './mail-zones.ts';

/** A finding the scan must (or, with `present: false`, must not) report; every given field must match. */
export interface ExpectedFinding {
  id?: string;
  severity?: Severity;
  section?: string;
  present?: boolean;
}

/** A value in `result.details`, by dotted path (e.g. `sections.spf.facts.permerror.reason`). */
export interface ExpectedFact {
  path: string;
  equals: unknown;
}

export interface RealisticMailDomain {
  domain: string;
  /** What the domain is, for the test name. */
  title: string;
  zones: Zones;
  /** Served at https://mta-sts.<domain>/.well-known/mta-sts.txt (the zones must announce it). */
  mtaStsPolicy?: string;
  /** DKIM selectors passed with the scan request. */
  selectors?: string[];
  expected: {
    /** Allowed letter grades, or an inclusive score range. */
    grades: readonly Grade[] | { min: number; max: number };
    /** Why, as a postmaster would write it. */
    reason: string;
    findings?: ExpectedFinding[];
    facts?: ExpectedFact[];
  };
}

// ---------------------------------------------------------------------------------------------
// Record helpers

const txt = (data: string | string[]): ZoneRecord => ({
  type: 'TXT',
  data: typeof data === 'string' && data.length > 255 ? data.match(/.{1,255}/g)! : data,
});
const mx = (preference: number, exchange: string): ZoneRecord => ({ type: 'MX', data: { preference, exchange } });
const a = (address: string): ZoneRecord => ({ type: 'A', data: address });
const cname = (target: string): ZoneRecord => ({ type: 'CNAME', data: target });
/** Answers for the name carry the AD bit (a DNSSEC-validated zone, as the resolver reports it). */
const signed = (...records: ZoneItem[]) => ({ authenticated: true, records });

/** A 2048-bit RSA DKIM key record (one key shared by every domain: key generation is slow). */
const dkim2048 = () => txt(dkimRecord(2048));
const dkim1024 = () => txt(dkimRecord(1024));
/** The same 2048-bit key with v=DKIM1 after k= (RFC 6376 §3.6.1: v= MUST be the first tag). */
function dkimVersionNotFirst(): ZoneRecord {
  const text = dkimRecord(2048).join('');
  const key = /p=([A-Za-z0-9+/=]+)/.exec(text)![1]!;
  return txt(`k=rsa; v=DKIM1; p=${key}`);
}

const GOOGLE_MX = [mx(1, 'aspmx.l.google.com'), mx(5, 'alt1.aspmx.l.google.com'), mx(5, 'alt2.aspmx.l.google.com')];
const GOOGLE_SPF = 'v=spf1 include:_spf.google.com ~all';
const STS_ID = 'v=STSv1; id=20260301T000000Z';
const LOOPBACK = '127.0.0.1';

const stsPolicy = (mode: 'enforce' | 'testing', ...patterns: string[]) =>
  ['version: STSv1', `mode: ${mode}`, ...patterns.map((p) => `mx: ${p}`), 'max_age: 1209600', ''].join('\n');

/** The zones of a Google Workspace customer, with overrides for the apex TXT and the DMARC record. */
function googleDomain(
  domain: string,
  options: {
    spf?: string | string[];
    dmarc?: string | null;
    dkim?: ZoneRecord | null;
    signed?: boolean;
    /** More records at the apex (an A record for the web site). */
    apex?: ZoneRecord[];
  } = {},
): Zones {
  const spf = options.spf ?? GOOGLE_SPF;
  const apex: ZoneRecord[] = [
    ...GOOGLE_MX,
    ...(options.apex ?? []),
    ...(Array.isArray(spf) ? spf : [spf]).map((s) => txt(s)),
    txt(`google-site-verification=${domain.replace(/\W/g, '')}Xq3vB7`),
  ];
  const zones: Zones = { [domain]: options.signed ? signed(...apex) : apex };
  const dmarc = options.dmarc === undefined ? `v=DMARC1; p=reject; rua=mailto:dmarc-reports@${domain}` : options.dmarc;
  if (dmarc !== null) zones[`_dmarc.${domain}`] = [txt(dmarc)];
  const key = options.dkim === undefined ? dkim2048() : options.dkim;
  if (key !== null) zones[`google._domainkey.${domain}`] = [key];
  return zones;
}

// ---------------------------------------------------------------------------------------------
// What the providers publish (shared by every scenario)

const PROVIDER_ZONES: Zones = {
  // Google Workspace
  'aspmx.l.google.com': [a('192.0.2.10')],
  'alt1.aspmx.l.google.com': [a('192.0.2.11')],
  'alt2.aspmx.l.google.com': [a('192.0.2.12')],
  '_spf.google.com': [
    txt('v=spf1 include:_netblocks.google.com include:_netblocks2.google.com include:_netblocks3.google.com ~all'),
  ],
  '_netblocks.google.com': [
    txt('v=spf1 ip4:35.190.247.0/24 ip4:64.233.160.0/19 ip4:66.102.0.0/20 ip4:66.249.80.0/20 ~all'),
  ],
  '_netblocks2.google.com': [
    txt('v=spf1 ip6:2001:4860:4000::/36 ip6:2404:6800:4000::/36 ip6:2607:f8b0:4000::/36 ~all'),
  ],
  '_netblocks3.google.com': [txt('v=spf1 ip4:172.217.0.0/19 ip4:172.217.32.0/20 ip4:172.253.56.0/21 ~all')],
  // Microsoft 365 (Exchange Online Protection)
  'spf.protection.outlook.com': [
    txt(
      'v=spf1 ip4:40.92.0.0/15 ip4:40.107.0.0/16 ip4:52.100.0.0/15 ip4:104.47.0.0/17 ' +
        'ip6:2a01:111:f400::/48 ip6:2a01:111:f403::/49 include:spfd.protection.outlook.com -all',
    ),
  ],
  'spfd.protection.outlook.com': [txt('v=spf1 ip4:51.4.72.0/24 ip4:51.5.72.0/24 ip4:51.5.80.0/27 -all')],
  // Amazon SES
  'amazonses.com': [
    txt(
      'v=spf1 ip4:199.255.192.0/22 ip4:199.127.232.0/22 ip4:54.240.0.0/18 ip4:69.169.224.0/20 ' +
        'ip4:23.249.208.0/20 ip4:23.251.224.0/19 ip4:76.223.176.0/20 -all',
    ),
  ],
  // SendGrid, Mailgun, Mailchimp, Salesforce
  'sendgrid.net': [txt('v=spf1 ip4:167.89.0.0/17 ip4:208.117.48.0/20 ip4:50.31.32.0/19 ip4:149.72.0.0/16 ~all')],
  'mailgun.org': [txt('v=spf1 include:_spf.mailgun.org ~all')],
  '_spf.mailgun.org': [txt('v=spf1 ip4:209.61.151.0/24 ip4:166.78.68.0/22 ip4:198.61.254.0/23 ~all')],
  'servers.mcsv.net': [txt('v=spf1 ip4:205.201.128.0/20 ip4:198.2.128.0/18 ip4:148.105.8.0/21 ?all')],
  '_spf.salesforce.com': [txt('v=spf1 ip4:13.108.16.0/20 ip4:85.222.130.0/24 ip4:136.146.208.0/22 ~all')],
};

// ---------------------------------------------------------------------------------------------
// The scenarios

const AT_MOST_C: readonly Grade[] = ['C', 'C-', 'D+', 'D'];
const F: readonly Grade[] = ['F'];
const CRITICAL_SPF: ExpectedFinding = { section: 'spf', severity: 'critical' };

export const REALISTIC_MAIL_DOMAINS: RealisticMailDomain[] = [
  // --- Well-run domains -----------------------------------------------------------------------
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

  // --- SPF permerror: at most C ------------------------------------------------------------------
  {
    domain: 'overstuffed-spf.test',
    title: 'SPF permerror: six marketing includes add up to 11 lookups',
    zones: googleDomain('overstuffed-spf.test', {
      spf:
        'v=spf1 include:_spf.google.com include:spf.protection.outlook.com include:sendgrid.net ' +
        'include:mailgun.org include:servers.mcsv.net include:_spf.salesforce.com ~all',
    }),
    expected: {
      grades: AT_MOST_C,
      reason: 'Lookup 11 is the Salesforce include: receivers return permerror, so SPF is broken (at most C).',
      findings: [{ id: 'spf-too-many-lookups', severity: 'high' }],
      facts: [
        { path: 'sections.spf.facts.permerror.reason', equals: 'too-many-lookups' },
        { path: 'sections.spf.facts.lookups', equals: 11 },
      ],
    },
  },
  {
    domain: 'void-lookups.test',
    title: 'SPF permerror: three a: mechanisms name relays that no longer exist',
    zones: googleDomain('void-lookups.test', {
      spf:
        'v=spf1 a:relay1.void-lookups.test a:relay2.void-lookups.test a:relay3.void-lookups.test ' +
        'include:_spf.google.com -all',
    }),
    expected: {
      grades: AT_MOST_C,
      reason: 'The third lookup that finds nothing is a permerror (RFC 7208 §4.6.4): at most C.',
      findings: [{ id: 'spf-too-many-void-lookups', severity: 'high' }],
      facts: [{ path: 'sections.spf.facts.permerror.reason', equals: 'too-many-void-lookups' }],
    },
  },
  {
    domain: 'dead-include.test',
    title: 'SPF permerror: include of a provider domain that does not exist',
    zones: googleDomain('dead-include.test', {
      spf: 'v=spf1 include:_spf.google.com include:spf.defunct-esp.test ~all',
    }),
    expected: {
      grades: AT_MOST_C,
      reason: 'An include whose target has no SPF record is a permerror for every sender after it: at most C.',
      findings: [{ id: 'spf-include-missing', severity: 'high' }],
      facts: [{ path: 'sections.spf.facts.permerror.reason', equals: 'include-missing' }],
    },
  },
  {
    domain: 'two-spf.test',
    title: 'SPF permerror: a second v=spf1 record added for a new provider',
    zones: googleDomain('two-spf.test', {
      spf: ['v=spf1 include:_spf.google.com ~all', 'v=spf1 include:sendgrid.net -all'],
    }),
    expected: {
      grades: AT_MOST_C,
      reason: 'Two SPF records are a permerror (RFC 7208 §4.5): neither applies, at most C.',
      findings: [{ id: 'spf-multiple-records', severity: 'high' }],
      facts: [{ path: 'sections.spf.facts.permerror.reason', equals: 'multiple-records' }],
    },
  },
  {
    domain: 'typo-spf.test',
    title: 'SPF permerror: ip4 address with an octet over 255',
    zones: googleDomain('typo-spf.test', {
      spf: 'v=spf1 ip4:198.51.100.300 include:_spf.google.com -all',
    }),
    expected: {
      grades: AT_MOST_C,
      reason: 'A syntax error makes the whole record a permerror: at most C.',
      findings: [{ id: 'spf-syntax-error', severity: 'high' }],
      facts: [{ path: 'sections.spf.facts.permerror.reason', equals: 'syntax' }],
    },
  },

  // --- +all and its equivalents: F -------------------------------------------------------------
  {
    domain: 'plus-all.test',
    title: 'SPF ends in +all',
    zones: googleDomain('plus-all.test', { spf: 'v=spf1 include:_spf.google.com +all' }),
    expected: {
      grades: F,
      reason: '+all lets every host on the internet pass SPF as this domain: F.',
      findings: [{ id: 'spf-plus-all', severity: 'critical' }],
    },
  },
  {
    domain: 'all-ipv4.test',
    title: 'SPF ip4:0.0.0.0/0 (every IPv4 address)',
    zones: googleDomain('all-ipv4.test', { spf: 'v=spf1 include:_spf.google.com ip4:0.0.0.0/0 -all' }),
    expected: {
      grades: F,
      reason: 'ip4:0.0.0.0/0 authorises every IPv4 sender; the -all after it changes nothing: as bad as +all, F.',
      findings: [CRITICAL_SPF],
    },
  },
  {
    domain: 'a-slash-zero.test',
    title: 'SPF a/0 (the web server address widened to every IPv4 address)',
    zones: googleDomain('a-slash-zero.test', {
      spf: 'v=spf1 a/0 include:_spf.google.com -all',
      apex: [a('203.0.113.80')],
    }),
    expected: {
      grades: F,
      reason: 'a/0 matches the /0 network around the A record, i.e. every IPv4 host: as bad as +all, F.',
      findings: [CRITICAL_SPF],
    },
  },
  {
    domain: 'all-ipv6.test',
    title: 'SPF ip6:::/0 (every IPv6 address)',
    zones: googleDomain('all-ipv6.test', { spf: 'v=spf1 ip6:::/0 include:_spf.google.com -all' }),
    expected: {
      grades: F,
      reason: 'ip6:::/0 authorises every IPv6 sender, and any spammer can send over IPv6: as bad as +all, F.',
      findings: [CRITICAL_SPF],
    },
  },
  {
    domain: 'include-plus-all.test',
    title: 'SPF includes a cheap mailer whose record is v=spf1 +all',
    zones: {
      ...googleDomain('include-plus-all.test', {
        spf: 'v=spf1 include:_spf.google.com include:spf.bulkmailer.test -all',
      }),
      'spf.bulkmailer.test': [txt('v=spf1 +all')],
    },
    expected: {
      grades: F,
      reason: 'The include passes for every host, so the domain authorises the whole internet: as bad as +all, F.',
      findings: [{ id: 'spf-include-passes-all', severity: 'critical' }],
    },
  },
  {
    domain: 'exists-always.test',
    title: 'SPF +exists: of a fixed name that always has an A record',
    zones: {
      ...googleDomain('exists-always.test', {
        spf: 'v=spf1 include:_spf.google.com +exists:spf-ok.exists-always.test -all',
      }),
      'spf-ok.exists-always.test': [a('127.0.0.2')],
    },
    expected: {
      grades: F,
      reason: 'exists: of a constant name that resolves matches every sender: as bad as +all, F.',
      findings: [CRITICAL_SPF],
    },
  },

  // --- Weak SPF terminal policies -------------------------------------------------------------
  {
    domain: 'neutral-all.test',
    title: 'SPF ?all with DMARC reject',
    zones: googleDomain('neutral-all.test', { spf: 'v=spf1 include:_spf.google.com ?all' }),
    expected: {
      grades: ['A-', 'B+', 'B', 'B-'],
      reason: '?all gives unlisted senders no verdict; DMARC reject still protects, so good but not excellent.',
      findings: [{ id: 'spf-neutral-all', severity: 'medium' }],
      facts: [{ path: 'sections.spf.facts.all', equals: '?' }],
    },
  },
  {
    domain: 'no-all.test',
    title: 'SPF without any all mechanism',
    zones: googleDomain('no-all.test', { spf: 'v=spf1 include:_spf.google.com' }),
    expected: {
      grades: ['A-', 'B+', 'B', 'B-'],
      reason: 'No all means neutral for unlisted senders, the same as ?all.',
      findings: [{ id: 'spf-no-all', severity: 'medium' }],
      facts: [{ path: 'sections.spf.facts.all', equals: null }],
    },
  },

  // --- DMARC ----------------------------------------------------------------------------------
  {
    domain: 'no-dmarc.test',
    title: 'Google Workspace without any DMARC record',
    zones: googleDomain('no-dmarc.test', { spf: 'v=spf1 include:_spf.google.com -all', dmarc: null }),
    expected: {
      grades: ['D', 'D-', 'F'],
      reason: 'Without DMARC receivers apply no policy to spoofed From: addresses: at most D.',
      findings: [{ id: 'dmarc-missing', severity: 'high' }],
    },
  },
  {
    domain: 'rua-typo.test',
    title: 'DMARC p=reject whose rua list uses ";" instead of "," between addresses',
    zones: googleDomain('rua-typo.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dmarc: 'v=DMARC1; p=reject; rua=mailto:dmarc@rua-typo.test;mailto:reports@dmarc-vendor.test',
    }),
    expected: {
      grades: ['A+', 'A', 'A-', 'B+'],
      reason:
        'RFC 9989: receivers discard the malformed "mailto:…" segment and apply the rest, so p=reject ' +
        'is in force; worth a finding, not a lost DMARC record.',
      facts: [
        { path: 'sections.dmarc.facts.valid', equals: true },
        { path: 'sections.dmarc.facts.policy', equals: 'reject' },
      ],
    },
  },
  {
    domain: 'rejcet.test',
    title: 'DMARC p=rejcet (typo) with a valid rua',
    zones: googleDomain('rejcet.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dmarc: 'v=DMARC1; p=rejcet; rua=mailto:dmarc@rejcet.test',
    }),
    expected: {
      grades: ['B', 'B-', 'C+', 'C'],
      reason: 'An invalid p= with a valid rua= is applied as p=none (RFC 9989 §4.7): monitoring only, at most B.',
      findings: [{ id: 'dmarc-policy-invalid' }],
      facts: [{ path: 'sections.dmarc.facts.policy', equals: 'none' }],
    },
  },
  {
    domain: 'sp-bogus.test',
    title: 'DMARC p=reject with sp=bogus',
    zones: googleDomain('sp-bogus.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dmarc: 'v=DMARC1; p=reject; sp=bogus; rua=mailto:dmarc@sp-bogus.test',
    }),
    expected: {
      grades: ['B', 'B-', 'C+'],
      reason:
        'RFC 9989 §4.10.1: an invalid sp= makes receivers act as if the record were "p=none" (it has a valid ' +
        'rua), so the reject policy is lost: graded as p=none, flagged high.',
      findings: [{ id: 'dmarc-policy-invalid', severity: 'high' }],
      facts: [
        { path: 'sections.dmarc.facts.policy', equals: 'none' },
        { path: 'sections.dmarc.facts.subdomainPolicy', equals: 'none' },
      ],
    },
  },
  {
    domain: 'double-p.test',
    title: 'DMARC with the policy tag twice: p=reject; p=none',
    zones: googleDomain('double-p.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dmarc: 'v=DMARC1; p=reject; p=none; rua=mailto:dmarc@double-p.test',
    }),
    expected: {
      grades: ['B', 'B-', 'C+', 'C', 'C-', 'D+', 'D'],
      reason:
        'Receivers disagree on a repeated tag (first wins, last wins, or the tag-list is invalid as in ' +
        'RFC 6376 §3.2): reject cannot be relied on, so grade it no better than p=none (at most B).',
      findings: [{ id: 'dmarc-tag-duplicate' }],
    },
  },
  {
    domain: 'monitoring.test',
    title: 'DMARC p=none with reports',
    zones: googleDomain('monitoring.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dmarc: 'v=DMARC1; p=none; rua=mailto:dmarc@monitoring.test',
    }),
    expected: {
      grades: ['B', 'B-', 'C+'],
      reason: 'p=none only monitors: spoofed mail is still delivered, at most B.',
      findings: [{ id: 'dmarc-policy-none', severity: 'medium' }],
    },
  },
  {
    domain: 'pct-ten.test',
    title: 'DMARC p=quarantine; pct=10 (rollout stuck at 10 %)',
    zones: googleDomain('pct-ten.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dmarc: 'v=DMARC1; p=quarantine; pct=10; rua=mailto:dmarc@pct-ten.test',
    }),
    expected: {
      grades: ['B+', 'B', 'B-', 'C+'],
      reason:
        'RFC 7489 receivers quarantine only 10 % of failing mail and apply none to the rest: closer to ' +
        'p=none than to quarantine, like t=y, which the model counts one step weaker.',
      findings: [{ id: 'dmarc-pct-partial', severity: 'medium' }],
    },
  },
  {
    domain: 'strict-align.test',
    title: 'DMARC p=reject with strict alignment adkim=s; aspf=s',
    zones: googleDomain('strict-align.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dmarc: 'v=DMARC1; p=reject; adkim=s; aspf=s; rua=mailto:dmarc@strict-align.test',
    }),
    expected: {
      grades: ['A+', 'A', 'A-'],
      reason: 'Strict alignment is a deliberate hardening choice and must not cost points.',
      findings: [{ section: 'dmarc', severity: 'high', present: false }],
      facts: [{ path: 'sections.dmarc.facts.policy', equals: 'reject' }],
    },
  },
  {
    domain: 'parish-council.gov.uk',
    title: 'No own DMARC record; the policy comes from the public suffix gov.uk (psd=y)',
    zones: {
      ...googleDomain('parish-council.gov.uk', { spf: 'v=spf1 include:_spf.google.com -all', dmarc: null }),
      '_dmarc.gov.uk': [txt('v=DMARC1; p=reject; sp=reject; psd=y; rua=mailto:dmarc-rua@dmarc.service.gov.test')],
      // The report destination agrees to receive gov.uk's reports (RFC 9990 §3.2.3).
      'gov.uk._report._dmarc.dmarc.service.gov.test': [txt('v=DMARC1')],
    },
    expected: {
      grades: ['A', 'A-', 'B+', 'B'],
      reason:
        'RFC 9989 receivers apply the inherited reject policy, but RFC 7489 receivers find none; ' +
        'protected, though it should publish its own record.',
      findings: [{ id: 'dmarc-inherited', severity: 'info' }],
      facts: [
        { path: 'sections.dmarc.facts.source', equals: 'organizational' },
        { path: 'sections.dmarc.facts.policy', equals: 'reject' },
      ],
    },
  },

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
      grades: AT_MOST_C,
      reason:
        'MTA-STS senders refuse to deliver to an MX host the enforce policy does not list: inbound mail to ' +
        'the primary is lost, a critical fault that must cap the grade (at most C, like a broken SPF).',
      findings: [{ id: 'mta-sts-mx-not-covered', severity: 'critical' }],
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

/** Every zone the scenarios need, provider records included; a name defined twice is an error. */
export function realisticZones(): Zones {
  const zones: Zones = { ...PROVIDER_ZONES };
  for (const scenario of REALISTIC_MAIL_DOMAINS) {
    for (const [name, entry] of Object.entries(scenario.zones)) {
      if (Object.hasOwn(zones, name)) throw new Error(`${scenario.domain}: ${name} is already defined`);
      zones[name] = entry;
    }
  }
  return zones;
}

/** The MTA-STS policy host of each scenario that serves one, and its policy. */
export function mtaStsPolicies(): Map<string, string> {
  return new Map(
    REALISTIC_MAIL_DOMAINS.flatMap((s) => (s.mtaStsPolicy ? [[`mta-sts.${s.domain}`, s.mtaStsPolicy] as const] : [])),
  );
}
