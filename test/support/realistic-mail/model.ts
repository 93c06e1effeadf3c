/**
 * The shape of a realistic mail domain scenario, the record helpers the scenarios are written
 * with, and the provider records they share (modelled on what Google, Microsoft 365, Amazon SES,
 * SendGrid, Mailgun, Mailchimp and Salesforce publish, with fewer ranges). Mail hosts resolve to
 * TEST-NET addresses; only the MTA-STS policy hosts resolve to loopback.
 */
import type { Grade, Severity } from '../../../src/tools/grading.ts';
import type { ZoneItem, ZoneRecord, Zones } from '../dns-zones.ts';
import { dkimRecord } from '../mail-zones.ts';

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

export const txt = (data: string | string[]): ZoneRecord => ({
  type: 'TXT',
  data: typeof data === 'string' && data.length > 255 ? data.match(/.{1,255}/g)! : data,
});
export const mx = (preference: number, exchange: string): ZoneRecord => ({
  type: 'MX',
  data: { preference, exchange },
});
export const a = (address: string): ZoneRecord => ({ type: 'A', data: address });
export const cname = (target: string): ZoneRecord => ({ type: 'CNAME', data: target });
/** Answers for the name carry the AD bit (a DNSSEC-validated zone, as the resolver reports it). */
export const signed = (...records: ZoneItem[]) => ({ authenticated: true, records });

/** A 2048-bit RSA DKIM key record (one key shared by every domain: key generation is slow). */
export const dkim2048 = () => txt(dkimRecord(2048));
export const dkim1024 = () => txt(dkimRecord(1024));
/** The same 2048-bit key with v=DKIM1 after k= (RFC 6376 §3.6.1: v= MUST be the first tag). */
export function dkimVersionNotFirst(): ZoneRecord {
  const text = dkimRecord(2048).join('');
  const key = /p=([A-Za-z0-9+/=]+)/.exec(text)![1]!;
  return txt(`k=rsa; v=DKIM1; p=${key}`);
}

export const GOOGLE_MX = [
  mx(1, 'aspmx.l.google.com'),
  mx(5, 'alt1.aspmx.l.google.com'),
  mx(5, 'alt2.aspmx.l.google.com'),
];
export const GOOGLE_SPF = 'v=spf1 include:_spf.google.com ~all';
export const STS_ID = 'v=STSv1; id=20260301T000000Z';
export const LOOPBACK = '127.0.0.1';

export const stsPolicy = (mode: 'enforce' | 'testing', ...patterns: string[]) =>
  ['version: STSv1', `mode: ${mode}`, ...patterns.map((p) => `mx: ${p}`), 'max_age: 1209600', ''].join('\n');

/** The zones of a Google Workspace customer, with overrides for the apex TXT and the DMARC record. */
export function googleDomain(
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

export const PROVIDER_ZONES: Zones = {
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

export const AT_MOST_C: readonly Grade[] = ['C', 'C-', 'D+', 'D'];
export const F: readonly Grade[] = ['F'];
export const CRITICAL_SPF: ExpectedFinding = { section: 'spf', severity: 'critical' };
