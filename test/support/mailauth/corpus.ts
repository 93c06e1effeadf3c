/**
 * Curated inputs of the differential: shapes published in the wild (large senders' SPF, typical
 * DMARC, DKIM, MTA-STS and BIMI records) and the typos seen with them. Every divergence row of
 * divergences.ts quotes one of these inputs.
 */
import { SPF_DOMAIN, spfZone, type Case, type Zone } from './cases.ts';
import { KEYS } from './keys.ts';

const NET = '198.51.100';
const host = (name: string, ...addrs: string[]): Zone => ({ [name]: { A: addrs.length ? addrs : [`${NET}.1`] } });
const spfAt = (name: string, record: string): Zone => ({ [name]: { TXT: [[record]] } });
const spfCase = (record: string | null, ...extra: Zone[]): Case => ({
  family: 'spf',
  domain: SPF_DOMAIN,
  zone: spfZone(record, Object.assign({}, ...extra) as Zone),
});

/** Provider includes, flattened to a few ranges each (what they resolve to does not matter here). */
const PROVIDERS: Zone = {
  ...spfAt('_spf.google.com', 'v=spf1 include:_netblocks.google.com include:_netblocks2.google.com ~all'),
  ...spfAt('_netblocks.google.com', 'v=spf1 ip4:35.190.247.0/24 ip4:64.233.160.0/19 ~all'),
  ...spfAt('_netblocks2.google.com', 'v=spf1 ip6:2001:4860:4000::/36 ~all'),
  ...spfAt('spf.protection.outlook.com', 'v=spf1 ip4:40.92.0.0/15 ip6:2a01:111:f400::/48 -all'),
  ...spfAt('amazonses.com', 'v=spf1 ip4:199.255.192.0/22 ip4:54.240.0.0/18 -all'),
  ...spfAt('servers.mcsv.net', 'v=spf1 ip4:205.201.128.0/20 ip4:198.2.128.0/18 ?all'),
  ...spfAt('sendgrid.net', 'v=spf1 ip4:167.89.0.0/17 ip4:149.72.0.0/16 ~all'),
};

const SPF: Case[] = [
  spfCase('v=spf1 include:_spf.google.com ~all', PROVIDERS),
  spfCase('v=spf1 include:spf.protection.outlook.com -all', PROVIDERS),
  spfCase('v=spf1 include:amazonses.com include:servers.mcsv.net include:sendgrid.net ~all', PROVIDERS),
  spfCase(
    'v=spf1 mx a include:_spf.google.com include:spf.protection.outlook.com include:sendgrid.net -all',
    PROVIDERS,
    host(SPF_DOMAIN),
    {
      [SPF_DOMAIN]: {
        TXT: [['v=spf1 mx a include:_spf.google.com include:spf.protection.outlook.com include:sendgrid.net -all']],
        A: [`${NET}.1`],
        MX: [{ exchange: 'mx.example.com', priority: 10 }],
      },
    },
    host('mx.example.com'),
  ),
  spfCase('v=spf1 ip4:198.51.100.0/24 ip6:2001:db8::/32 -all'),
  spfCase('v=spf1 -all'),
  spfCase(null),
  spfCase('v=spf1 include:missing.example.net -all'),
  spfCase('v=spf1 redirect=_spf.example.net', spfAt('_spf.example.net', 'v=spf1 ip4:198.51.100.7 -all')),
  spfCase('v=spf1 ip4:198.51.100.1 ~all redirect=gone.example.net'),
  spfCase('v=spf1 a:a1.example.net a:a2.example.net a:a3.example.net -all'),
  spfCase('v=spf1 ptr -all'),
  spfCase('v=spf1 ip4:198.51.100.1 ~all', {
    [SPF_DOMAIN]: { TXT: [['v=spf1 ip4:198.51.100.1 ~all'], ['v=spf1 -all']] },
  }),
  spfCase('v=spf1 ip4:198.51.100.256 -all'),
  spfCase('v=spf1 ip4:198.51.100.0/024 -all'),
  spfCase('v=spf1 a:example.com/33 -all'),
  spfCase('v=spf1 include:%{d01}.example.net -all', spfAt('example.com.example.net', 'v=spf1 -all')),
  spfCase('v=spf1 include:%{d0}.example.net -all'),
  spfCase('v=spf1 include:_spf.google.com ~all -all', PROVIDERS),
  spfCase('v=spf1 mx:mx10.example.net -all', {
    'mx10.example.net': { MX: Array.from({ length: 11 }, (_, i) => ({ exchange: `m${i}.example.net`, priority: i })) },
  }),
  spfCase('spf1 -all'),
  spfCase('v=spf1  ip4:198.51.100.1   -all'),
  spfCase('v=spf1 ip4:198.51.100.1 -all '),
  spfCase('v=spf1 redirect=a.example.net redirect=b.example.net'),
  spfCase('v=spf1 -all exp=explain.example.net exp=x.example.net'),
  spfCase('v=spf1 foo=bar -all'),
  spfCase('v=spf1 redirect:other.example.net'),
  spfCase(
    'v=spf1 ' + Array.from({ length: 11 }, (_, i) => `a:h${i}.example.net`).join(' ') + ' -all',
    ...Array.from({ length: 11 }, (_, i) => host(`h${i}.example.net`)),
  ),
  spfCase(
    'v=spf1 ' + Array.from({ length: 10 }, (_, i) => `a:h${i}.example.net`).join(' ') + ' -all',
    ...Array.from({ length: 10 }, (_, i) => host(`h${i}.example.net`)),
  ),
  spfCase(
    'v=spf1 ' + Array.from({ length: 10 }, (_, i) => `a:h${i}.example.net`).join(' ') + ' include:_spf.google.com -all',
    PROVIDERS,
    ...Array.from({ length: 10 }, (_, i) => host(`h${i}.example.net`)),
  ),
  spfCase('v=spf1 include:loop.example.net -all', spfAt('loop.example.net', 'v=spf1 include:loop.example.net -all')),
  // Reviewed divergences (divergences.ts).
  spfCase('v=spf1 a:v6.example.net -all', { 'v6.example.net': { AAAA: ['2001:db8::1'] } }),
  spfCase('v=spf1 mx:mxnull.example.net -all', { 'mxnull.example.net': { MX: [{ priority: 0, exchange: '.' }] } }),
  spfCase('v=spf1 ip4:0.0.0.0/0 include:bad.example.net -all', spfAt('bad.example.net', 'v=spf1 ip4:203.0.113 -all')),
];

const DMARC_RECORDS: string[] = [
  'v=DMARC1; p=reject; rua=mailto:dmarc@example.com',
  'v=DMARC1; p=none; rua=mailto:dmarc@example.com; ruf=mailto:dmarc@example.com; fo=1',
  'v=DMARC1; p=quarantine; sp=reject; adkim=s; aspf=s; pct=100',
  'v=DMARC1; p=reject; sp=none; np=reject',
  'v=DMARC1; p=none',
  'v=DMARC1; p=reject;',
  'v=DMARC1;p=reject;rua=mailto:a@example.com',
  'v=DMARC1; p=rejcet; rua=mailto:dmarc@example.com',
  'v=DMARC1; p=rejcet',
  'v=DMARC1 p=reject',
  'v=DMARC1; p=reject; sp=rejcet',
  'v=DMARC1; p=reject; sp=rejcet; rua=mailto:dmarc@example.com',
  'v=DMARC1; p=reject; np=yes',
  'v=DMARC1; p=reject; p=none',
  'v=DMARC1; p=none; rua=mailto:a@example.com; rua=mailto:b@example.com',
  'v=DMARC1; p=reject; rua=mailto:a@example.com;mailto:b@example.com',
  'v=DMARC1; p = reject; rua = mailto:dmarc@example.com',
  'v=DMARC1; P=reject',
  'v=DMARC1; p=reject; p',
  'v=DMARC1; p=quarantine; rua=mailto:',
  'v=DMARC1; rua=mailto:d@example.com!x',
  'v=DMARC1; p=REJECT; ADKIM=s',
  'V=DMARC1; p=reject',
  'v=dmarc1; p=reject',
  ' v=DMARC1; p=reject',
  'v=DMARC1; p=reject; adkim=x',
  'v=DMARC1; p=reject; pct=abc',
  'v=DMARC1; rua=mailto:dmarc@example.com',
  'v=DMARC1; sp=reject; rua=mailto:d@example.com',
  'v=DMARC1; rua=https://dmarc.example.com/report',
  'v=DMARC1; p=quarantine; rua=dmarc@example.com',
  'v=DMARC1; p=reject; t=y',
  'v=DMARC1; p=reject; psd=n',
  'v=DMARC1; p=reject;; rua=mailto:d@example.com',
  'v=DMARC1; p=reject; junk',
  'p=reject; v=DMARC1',
];

const DKIM_RECORDS: string[] = [
  `v=DKIM1; k=rsa; p=${KEYS.rsa2048}`,
  `v=DKIM1; p=${KEYS.rsa2048}`,
  `k=rsa; p=${KEYS.rsa2048}`,
  `v=DKIM1; k=rsa; p=${KEYS.rsa1024}`,
  `v=DKIM1; k=; p=${KEYS.rsa1024}`,
  `v=DKIM1; k=rsa; p=${KEYS.rsa512}`,
  `v=DKIM1; k=ed25519; p=${KEYS.ed25519}`,
  `v=DKIM1; k=ed25519; p=${KEYS.ed25519Spki}`,
  `v=DKIM1; p=${KEYS.ed25519}`,
  `v=DKIM1; k=rsa; p=${KEYS.rsa1024Pkcs1}`,
  'v=DKIM1; k=rsa; p=',
  'v=DKIM1; p=',
  'v=DKIM1;; k=rsa; p=',
  `v=DKIM1; k=rsa; t=y; p=${KEYS.rsa2048}`,
  `v=DKIM1; k=rsa; t=s; p=${KEYS.rsa2048}`,
  `v=DKIM1; k=rsa; h=sha1; p=${KEYS.rsa2048}`,
  `v=DKIM1; k=rsa; h=sha256; p=${KEYS.rsa2048}`,
  `v=DKIM1; k=rsa; s=email; p=${KEYS.rsa2048}`,
  `v=DKIM1; k=rsa; s=tls; p=${KEYS.rsa2048}`,
  `v=DKIM1; k=rsa; p=${KEYS.rsa2048.slice(0, 100)} ${KEYS.rsa2048.slice(100)}`,
  `k=rsa; v=DKIM1; p=${KEYS.rsa2048}`,
  `v=DKIM1; k=rsa; junk; p=${KEYS.rsa2048}`,
  `v=DKIM1; k=rsa; p=${KEYS.rsa2048};`,
  `v=DKIM1;; k=rsa; p=${KEYS.rsa2048}`,
  `v=DKIM1; k=rsa; k=rsa; p=${KEYS.rsa2048}`,
  `v=DKIM2; k=rsa; p=${KEYS.rsa2048}`,
  `v=dkim1; k=rsa; p=${KEYS.rsa2048}`,
  `v=DKIM1; k=dsa; p=${KEYS.rsa2048}`,
  `v=DKIM1; k=RSA; p=${KEYS.rsa2048}`,
  'v=DKIM1; k=rsa; p=not*base64',
  `v=DKIM1; K=rsa; p=${KEYS.rsa2048}`,
];

const STS_RECORDS: string[] = [
  'v=STSv1; id=20240101T000000',
  'v=STSv1; id=20240101',
  'v=STSv1;id=abc123;',
  'v=STSv1; id=abc123; ',
  'v=STSv1; id=abc123 ',
  'v=STSv1;; id=abc123',
  'v=STSv1; id=abc; id=def',
  'v=STSv1; id=abc; id=',
  'v=STSv1; id=abc; id=d-e-f',
  'v=STSv1; id=2024-01-01',
  'v=STSv1; id=',
  'v=STSv1',
  'v=stsv1; id=abc',
  'v=STSv1; ID=abc',
  'v=STSv1; id=abc; ext=value',
  'v=STSv1; id = abc',
  ' v=STSv1; id=abc',
  'v=STSv1 ; id=abc',
];

const POLICY = (...lines: string[]) => lines.join('\n');
const STS_POLICIES: string[] = [
  POLICY('version: STSv1', 'mode: enforce', 'mx: mail.example.com', 'max_age: 604800'),
  ['version: STSv1', 'mode: testing', 'mx: *.example.com', 'max_age: 86400', ''].join('\r\n'),
  POLICY('version: STSv1', 'mode: none', 'max_age: 86400'),
  POLICY('version: STSv1', 'mode: enforce', 'mx: mx1.example.com', 'mx: mx2.example.com', 'max_age: 31557600'),
  POLICY('version: STSv1', 'mode: enforce', 'mx: mx1.example.com', 'max_age: 31557601'),
  POLICY('version: STSv1', 'mode: enforce', 'mx: mx1.example.com', 'max_age: 99999999999'),
  POLICY('version: STSv1', 'mode: enforce', 'mx: mx1.example.com', 'max_age: -1'),
  POLICY('version: STSv1', 'mode: enforce', 'mode: testing', 'mx: mx1.example.com', 'max_age: 86400'),
  POLICY('version: STSv1', 'mode: ENFORCE', 'mx: mx1.example.com', 'max_age: 86400'),
  POLICY('version: STSv1', 'mode: enforce', 'max_age: 86400'),
  POLICY('version: STSv1', 'mode: enforce', 'mx: *.*.example.com', 'max_age: 86400'),
  POLICY('version: STSv1', 'mode: enforce', 'mx: 192.0.2.1', 'max_age: 86400'),
  POLICY('version: STSv1', 'mode: enforce', 'mx: mail.example.com.', 'max_age: 86400'),
  POLICY('Version: STSv1', 'mode: enforce', 'mx: mail.example.com', 'max_age: 86400'),
  POLICY('version:STSv1', 'mode:enforce', 'mx:mail.example.com', 'max_age:86400'),
  POLICY('version: STSv1', 'mode: enforce', 'mx: mail.example.com', 'max_age: 86400', 'not a field'),
  POLICY('version: STSv1', 'mode: enforce', 'mx: mail.example.com', 'max_age: 86400', 'ext_1: anything'),
  POLICY('version: STSv1', 'mode: none', '_x: 1', 'max_age: 86400'),
  'version: STSv1\nmode: enforce\nmode: none\rmx: x.example.com\nmx: mail.example.com\nmax_age: 86400',
  POLICY('version: STSv1', 'mode: enforce', 'mx: mail.example.com', 'max_age: 86400', 'mx: MAIL.example.com'),
  POLICY('version: STSv1', 'mode: enforce', 'mx: mail.example.com', 'max_age: 86400 '),
  POLICY('mode: enforce', 'mx: mail.example.com', 'max_age: 86400'),
];

const MX_HOSTS = [
  'mail.example.com',
  'a.mail.example.com',
  'MAIL.EXAMPLE.COM.',
  'x.example.com',
  'example.com',
  'a.b.example.com',
];

const BIMI_RECORDS: string[] = [
  'v=BIMI1; l=https://example.com/logo.svg',
  'v=BIMI1; l=https://example.com/logo.svg; a=https://example.com/vmc.pem',
  'v=BIMI1; l=; a=',
  'v=BIMI1; l=',
  'v=BIMI1;',
  'v=BIMI1; l=; a=https://example.com/vmc.pem',
  'v=BIMI1; l=http://example.com/logo.svg',
  'v=BIMI1; l=https://example.com/logo.svg; l=https://example.com/other.svg',
  'v=BIMI1; a=https://example.com/vmc.pem',
  'v=bimi1; l=https://example.com/logo.svg',
  'v = BIMI1; l=https://example.com/logo.svg',
  'v=BIMI1; l=https://example.com/logo.svg; avp=brand',
  'v=BIMI1; l=https://example.com/logo.svg; avp=x',
  'v=BIMI1; l=https://example.com/logo.svg,https://example.com/b.svg',
  'v=BIMI1; l=https://example.com/logo.svg;; a=',
  'v=BIMI1; l=https://example.com/logo.svg; junk',
  'v=BIMI1; l=HTTPS://EXAMPLE.COM/L.SVG',
  'v=BIMI1; l =; a=https://example.com/vmc.pem',
  'l=https://example.com/logo.svg; v=BIMI1',
  'v=BIMI1; l=https://example.com/logo.svg; a=http://example.com/vmc.pem',
];

export const CORPUS: readonly Case[] = [
  ...SPF,
  ...DMARC_RECORDS.map((record): Case => ({ family: 'dmarc', record })),
  ...DKIM_RECORDS.map((record): Case => ({ family: 'dkim', record })),
  ...STS_RECORDS.map((record): Case => ({ family: 'mta-sts-record', record })),
  ...STS_POLICIES.map((policy): Case => ({ family: 'mta-sts-policy', policy })),
  ...STS_POLICIES.slice(0, 4).flatMap((policy) =>
    MX_HOSTS.map((h): Case => ({ family: 'mta-sts-mx', policy, host: h })),
  ),
  ...BIMI_RECORDS.map((record): Case => ({ family: 'bimi', record })),
];
