/**
 * DNS zones of typical mail domains for the email-security end-to-end tests and the latency
 * bench: Google Workspace, Microsoft 365, a parked domain, and domains with one thing wrong.
 * DKIM keys are real RSA keys generated here.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { Zones, ZoneRecord } from './dns-zones.ts';

const keyCache = new Map<number, string>();
/** A DKIM TXT record with a real RSA key of `bits` bits. */
export function dkimRecord(bits: number): string[] {
  let p = keyCache.get(bits);
  if (!p) {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
    p = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    keyCache.set(bits, p);
  }
  // Long keys are split into 255-byte character-strings, as DNS publishes them.
  const text = `v=DKIM1; k=rsa; p=${p}`;
  return text.match(/.{1,255}/g)!;
}

/** A TXT record; text over 255 bytes is split into character-strings, as DNS requires. */
const txt = (data: string | string[]): ZoneRecord => ({
  type: 'TXT',
  data: typeof data === 'string' && data.length > 255 ? data.match(/.{1,255}/g)! : data,
});
const mx = (preference: number, exchange: string): ZoneRecord => ({ type: 'MX', data: { preference, exchange } });
const a = (address: string): ZoneRecord => ({ type: 'A', data: address });

/** Mail hosts shared by the domains below (they must resolve, or the MX is dangling). */
const MAIL_HOSTS: Zones = {
  'aspmx.l.google.com': [a('192.0.2.10')],
  'alt1.aspmx.l.google.com': [a('192.0.2.11')],
  '_spf.google.com': [txt('v=spf1 ip4:192.0.2.0/24 ~all')],
  'spf.protection.outlook.com': [txt('v=spf1 ip4:198.51.100.0/24 -all')],
  'm365-test.mail.protection.outlook.com': [a('198.51.100.20')],
  'selector1-m365-test._domainkey.m365test.onmicrosoft.com': [txt(dkimRecord(2048))],
  'mail1.sts.test': [a('192.0.2.30')],
  'mail2.sts.test': [a('192.0.2.31')],
};

function includes(n: number, prefix: string): Zones {
  return Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      [`i${i}.${prefix}`, [txt(`v=spf1 a:host${i}.${prefix} -all`)]],
      [`host${i}.${prefix}`, [a(`192.0.2.${100 + i}`)]],
    ]).flat(),
  );
}

export function mailZones(): Zones {
  return {
    ...MAIL_HOSTS,
    // Google Workspace, DMARC reject with reports, the Google DKIM selector.
    'gworkspace.test': [
      mx(1, 'aspmx.l.google.com'),
      mx(5, 'alt1.aspmx.l.google.com'),
      txt('v=spf1 include:_spf.google.com ~all'),
      { type: 'SOA', data: { mname: 'ns.gworkspace.test', rname: 'hostmaster.gworkspace.test' } },
    ],
    '_dmarc.gworkspace.test': [txt('v=DMARC1; p=reject; rua=mailto:dmarc@gworkspace.test')],
    'google._domainkey.gworkspace.test': [txt(dkimRecord(2048))],
    // Microsoft 365: the DKIM selectors are CNAMEs into the tenant.
    'm365.test': [
      mx(0, 'm365-test.mail.protection.outlook.com'),
      txt('v=spf1 include:spf.protection.outlook.com -all'),
    ],
    '_dmarc.m365.test': [txt('v=DMARC1; p=quarantine; rua=mailto:reports@m365.test')],
    'selector1._domainkey.m365.test': [
      { type: 'CNAME', data: 'selector1-m365-test._domainkey.m365test.onmicrosoft.com' },
    ],
    // A parked domain: null MX, SPF -all, DMARC reject, DNSSEC-signed.
    'parked.test': {
      authenticated: true,
      records: [
        mx(0, '.'),
        txt('v=spf1 -all'),
        { type: 'SOA', data: { mname: 'ns.parked.test', rname: 'hostmaster.parked.test' } },
      ],
    },
    '_dmarc.parked.test': {
      authenticated: true,
      records: [txt('v=DMARC1; p=reject; sp=reject; np=reject; rua=mailto:dmarc@parked.test')],
    },
    // SPF over the 10-lookup limit through twelve includes.
    'toomany.test': [
      mx(10, 'aspmx.l.google.com'),
      txt(`v=spf1 ${Array.from({ length: 12 }, (_, i) => `include:i${i}.toomany.test`).join(' ')} -all`),
    ],
    ...includes(12, 'toomany.test'),
    '_dmarc.toomany.test': [txt('v=DMARC1; p=reject')],
    // DMARC p=none.
    'monitor.test': [mx(10, 'aspmx.l.google.com'), txt('v=spf1 include:_spf.google.com -all')],
    '_dmarc.monitor.test': [txt('v=DMARC1; p=none; rua=mailto:d@monitor.test')],
    'google._domainkey.monitor.test': [txt(dkimRecord(2048))],
    // No DMARC at all.
    'nodmarc.test': [mx(10, 'aspmx.l.google.com'), txt('v=spf1 include:_spf.google.com -all')],
    'google._domainkey.nodmarc.test': [txt(dkimRecord(2048))],
    // A weak (1024-bit) DKIM key at a common selector.
    'weakkey.test': [mx(10, 'aspmx.l.google.com'), txt('v=spf1 include:_spf.google.com -all')],
    '_dmarc.weakkey.test': [txt('v=DMARC1; p=reject')],
    'default._domainkey.weakkey.test': [txt(dkimRecord(1024))],
    // MTA-STS enforce whose policy misses one of the two MX hosts.
    'sts.test': [mx(10, 'mail1.sts.test'), mx(20, 'mail2.sts.test'), txt('v=spf1 mx -all')],
    '_dmarc.sts.test': [txt('v=DMARC1; p=reject')],
    '_mta-sts.sts.test': [txt('v=STSv1; id=20261122T000000')],
    'mta-sts.sts.test': [a('127.0.0.1')],
    '_smtp._tls.sts.test': [txt('v=TLSRPTv1; rua=mailto:tlsrpt@sts.test')],
  };
}

export const STS_POLICY = 'version: STSv1\nmode: enforce\nmx: mail1.sts.test\nmax_age: 604800\n';
