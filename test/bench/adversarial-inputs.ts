/**
 * Hand-written red-team inputs for the adversarial bench: the largest and most awkward text a
 * target controls, at each input's cap. The caps: one TXT record's text in the largest DNS
 * message; a response's headers as the guarded fetch keeps them (MAX_HEADER_BYTES: one value
 * can fill them); the HTML body and MTA-STS policy caps of the retrievers; the target and badge
 * parameter limits.
 */
import * as packet from '@leichtgewicht/dns-packet';
import { MAX_DNS_MESSAGE_BYTES } from '../../src/net/dns-message.ts';
import { MAX_HEADER_BYTES } from '../../src/net/guarded-fetch.ts';
import { MAX_TARGET_LENGTH } from '../../src/limits.ts';
import { MTA_STS_POLICY_MAX_BYTES } from '../../src/tools/email-security/mta-sts/retrieve.ts';

/** Text of one TXT record in a 65,535-byte DNS message (each 255-byte string costs a length byte). */
export const TXT_CAP = 65_000;
/** The name, ": " and CRLF leave this much of MAX_HEADER_BYTES to one header's value. */
export const HEADER_VALUE_CAP = MAX_HEADER_BYTES - 64;
/** docs/capture.md: the HTML body is read up to 512 KiB. */
export const HTML_CAP = 512 * 1024;
export const POLICY_CAP = MTA_STS_POLICY_MAX_BYTES;
/** A request body is at most 8 KiB, so a target text arrives that long at most; 2,048 is the limit checked. */
export const TARGET_CAP = 8 * 1024;
export { MAX_TARGET_LENGTH, MAX_DNS_MESSAGE_BYTES };
/** A badge path parameter: a request line of Node's 16 KiB header limit. */
export const BADGE_CAP = 16 * 1024;

/** `prefix`, then `unit` repeated until `cap` characters (whole units only). */
export const fill = (prefix: string, unit: string, cap: number): string =>
  prefix + unit.repeat(Math.max(0, Math.floor((cap - prefix.length) / unit.length)));

/** Long runs of the characters that make scanners and regular expressions work hardest. */
export function runs(prefix: string, cap: number): string[] {
  return [' ', '\t', '"', "'", '\\', '/', ';', ',', '=', ':', '%', '.', '-', '1', 'a', '\u0000', '\u00a0'].map(
    (character) => fill(prefix, character, cap),
  );
}

const numbered = (count: number, item: (i: number) => string, separator: string): string =>
  Array.from({ length: count }, (_, i) => item(i)).join(separator);

export const SPF_RECORDS: string[] = [
  `v=spf1 include:x.${'a'.repeat(60_000)}-`,
  `v=spf1 a:${'%{d}'.repeat(16_000)} -all`,
  `v=spf1 redirect=${'%{d}'.repeat(16_000)}`,
  fill('v=spf1', ' a:%{d}.x', TXT_CAP),
  fill('v=spf1', ' a:%{d5r.-+,/_=}', TXT_CAP),
  fill('v=spf1', ' a=b', TXT_CAP),
  fill('v=spf1', ' x', TXT_CAP),
  fill('v=spf1', ' %', TXT_CAP),
  fill('v=spf1', ' ptr', TXT_CAP),
  fill('v=spf1 -all', ' ptr', TXT_CAP),
  fill('v=spf1', ' exists:%{i}.x', TXT_CAP),
  fill('v=spf1', ' ip4:192.0.2.1/24', TXT_CAP),
  fill('v=spf1', ' ip6:2001:db8:1:2:3:4:5:6/64', TXT_CAP),
  fill('v=spf1', ' include:a.example', TXT_CAP),
  fill('v=spf1 a:x.com', '/1', TXT_CAP),
  fill('v=spf1 a:x.com/', '1', TXT_CAP),
  fill('v=spf1 a:a', '.a', TXT_CAP),
  fill('v=spf1 a:', '-', TXT_CAP),
  ...runs('v=spf1 ', TXT_CAP),
];

export const DMARC_RECORDS: string[] = [
  fill('v=DMARC1; p=reject', '; x=y', TXT_CAP),
  fill('v=DMARC1', '; p=reject', TXT_CAP),
  fill('v=DMARC1; p=reject', ';', TXT_CAP),
  fill('v=DMARC1; p=reject; fo=0', ':1', TXT_CAP),
  `v=DMARC1; p=reject; rua=${numbered(3_500, (i) => `mailto:r@d${i}.example`, ',')}`.slice(0, TXT_CAP),
  `v=DMARC1; p=reject; rua=${numbered(3_500, (i) => `mailto:r@d${i}.example!10m`, ',')}`.slice(0, TXT_CAP),
  fill('v', ' ', TXT_CAP),
  fill('v=', ' ', TXT_CAP),
  ...runs('v=DMARC1; p=', TXT_CAP),
];

/** DER: a SEQUENCE of `count` empty SEQUENCEs (a key reader must walk every child). */
function manyChildren(count: number): string {
  const body = new Uint8Array(count * 2).map((_, i) => (i % 2 === 0 ? 0x30 : 0));
  const length = body.length;
  const header = [0x30, 0x83, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
  return Buffer.from([...header, ...body]).toString('base64');
}

export const DKIM_RECORDS: string[] = [
  fill('v=DKIM1; k=rsa; p=', 'A', TXT_CAP),
  fill('v=DKIM1; k=rsa; p=', 'AAAA ', TXT_CAP),
  `v=DKIM1; k=rsa; p=${manyChildren(24_000)}`,
  fill('v=DKIM1; p=AAAA', '; x=y', TXT_CAP),
  fill('v=DKIM1; p=; h=sha1', ':sha1', TXT_CAP),
  ...runs('v=DKIM1; p=', TXT_CAP),
];

export const STS_POLICIES: string[] = [
  fill('version: STSv1\nmode: enforce\nmax_age: 86400\n', 'mx: a.example\n', POLICY_CAP),
  fill('version: STSv1\n', 'x: y\n', POLICY_CAP),
  fill('version: STSv1\n', 'version: STSv1\r\n', POLICY_CAP),
  fill('k: x', ' ', POLICY_CAP - 1) + 'y',
  fill('mx: ', 'a.', POLICY_CAP),
  ...runs('', POLICY_CAP),
];

export const TAG_RECORDS: string[] = [
  fill('v=STSv1; id=1', '; a=b', TXT_CAP),
  fill('v=TLSRPTv1; rua=', 'mailto:a@b.example,', TXT_CAP),
  fill('v=BIMI1; l=https://l.example/', 'a', TXT_CAP),
  fill('', 'a=b;', TXT_CAP),
  fill('', '=', TXT_CAP),
  ...runs('v=TLSRPTv1; rua=', TXT_CAP),
];

export const REPORT_URIS: string[] = [
  fill('mailto:', 'a', TXT_CAP) + '@b.example',
  fill('mailto:a@', 'b.', TXT_CAP),
  fill('mailto:a@b.example', '!1', TXT_CAP),
  fill('https://', 'a', TXT_CAP),
  fill('mailto:', '%41', TXT_CAP),
  ...runs('mailto:', TXT_CAP),
];

export const CSP_VALUES: string[] = [
  numbered(5_000, (i) => `script-src a${i}.example`, ','),
  numbered(10_000, (i) => `d${i}-src a`, ';'),
  numbered(10_000, (i) => `d${i}-src a`, ','),
  numbered(5_000, (i) => `default-src 'self'; d${i}-src a`, ','),
  [0, 1]
    .map(
      (p) => `script-src ${numbered(5_000, (i) => (p === 0 ? `*.a${i}.example` : `https://*.a${i}.example/x/`), ' ')}`,
    )
    .join(', '),
  numbered(16, () => `script-src ${numbered(160, (i) => `https://*.a${i}.example/p/`, ' ')}`, ', '),
  fill("script-src 'nonce-a' 'strict-dynamic'", ' *.', HEADER_VALUE_CAP),
  ...runs('default-src ', HEADER_VALUE_CAP),
].map((value) => value.slice(0, HEADER_VALUE_CAP));

/**
 * Meta CSP contents a page can carry (a 512 KiB body): as many policies as are evaluated, each
 * long paths (percent-encoded or slash runs) that the merge compares piece by piece.
 */
export const META_CSP_CONTENTS: string[][] = [
  numbered(100, () => `script-src https://a.example/${'%41/'.repeat(1_250)}`, '\n').split('\n'),
  numbered(100, (i) => `script-src https://a.example${'/'.repeat(5_000)}${i % 2}`, '\n').split('\n'),
  numbered(100, (i) => `script-src ${numbered(200, (j) => `https://a.example/${i}/${j}/`, ' ')}`, '\n').split('\n'),
];

export const SERVER_VALUES: string[] = [
  `1${'.'.repeat(50_000)}`,
  `${'1'.repeat(50_000)}x`,
  `/${' '.repeat(50_000)}x`,
  fill('', '1.', HEADER_VALUE_CAP),
  fill('', '/ ', HEADER_VALUE_CAP),
];

export const STRUCTURED_FIELD_VALUES: string[] = [
  fill('a=(', 'b ', HEADER_VALUE_CAP),
  fill('a="', 'b', HEADER_VALUE_CAP),
  fill('a', ';b', HEADER_VALUE_CAP),
  fill('a', ', a', HEADER_VALUE_CAP),
  fill('a=:', 'QUJD', HEADER_VALUE_CAP),
  ...runs('camera=', HEADER_VALUE_CAP),
];

export const COOKIE_VALUES: string[] = [
  fill('session=1', '; Secure', HEADER_VALUE_CAP),
  fill('__Host-a=1', '; Domain=x', HEADER_VALUE_CAP),
  ...runs('a=', HEADER_VALUE_CAP),
];

export const HSTS_VALUES: string[] = [fill('max-age=1', '; includeSubDomains', HEADER_VALUE_CAP), ...runs('', 4096)];

export const HTML_BODIES: string[] = [
  fill('<a ', 'b ', HTML_CAP),
  fill('', '<meta http-equiv="content-security-policy" content="script-src a">', HTML_CAP),
  fill('', '<script src="https://cdn.example/a.js"></script>', HTML_CAP),
  fill('', '<!--', HTML_CAP),
  fill('', '<script>', HTML_CAP),
  fill('', '<title>', HTML_CAP),
  fill('<a x="', '&#x41;', HTML_CAP),
  fill('', '<a', HTML_CAP),
  fill('<title>', ' ', HTML_CAP - 30) + 'Just a moment..',
  fill('', 'Reference #1', HTML_CAP),
  fill('', 'Press ', HTML_CAP),
  fill('', '<svg>', HTML_CAP / 2) + fill('', '</a>', HTML_CAP / 2),
  fill('', '<svg><mi>', HTML_CAP / 2) + fill('', '</svg>', HTML_CAP / 2),
  fill('', '<math><svg><title>', HTML_CAP),
  ...runs('<meta content=', HTML_CAP),
];

export const HOST_TEXTS: string[] = [
  fill('https://', 'a.', BADGE_CAP),
  fill('', '%41', BADGE_CAP),
  fill('', '1.', BADGE_CAP),
  fill('xn--', 'a', BADGE_CAP),
  fill('', 'ä.', BADGE_CAP),
  fill('a', ':1', BADGE_CAP),
  ...runs('https://', BADGE_CAP),
];

/**
 * DNS responses: a NULL record whose data is a chain of compression pointers, each to the one
 * before it, then as many A records as fit, each named by the last pointer (every name walks the
 * whole chain); and a large answer of 240 long TXT records.
 */
export function dnsResponses(): Uint8Array[] {
  const header = [0, 0, 0x81, 0x80, 0, 0, 0, 0, 0, 0, 0, 0];
  const chainStart = header.length + 11; // after the NULL record's root name, type, class, TTL and length
  const chain = [0]; // the root name, where the chain ends
  let previous = chainStart;
  while (chain.length + 2 <= 40_000) {
    const at = chainStart + chain.length;
    chain.push(0xc0 | (previous >> 8), previous & 0xff);
    previous = at;
  }
  const nullRecord = [0, 0, 10, 0, 1, 0, 0, 0, 0, chain.length >> 8, chain.length & 0xff, ...chain];
  const aRecord = [0xc0 | (previous >> 8), previous & 0xff, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 192, 0, 2, 1];
  const count = Math.floor((MAX_DNS_MESSAGE_BYTES - header.length - nullRecord.length) / aRecord.length);
  const answers = count + 1;
  header[6] = answers >> 8;
  header[7] = answers & 0xff;
  const chained = [...header, ...nullRecord, ...Array.from({ length: count }, () => aRecord).flat()];
  const manyTxt = packet.encode({
    type: 'response',
    id: 0,
    flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE,
    questions: [{ type: 'TXT', name: 'example.com', class: 'IN' }],
    answers: Array.from({ length: 240 }, (_, i) => ({
      type: 'TXT' as const,
      name: 'example.com',
      ttl: 60,
      data: [`v=spf1 ip4:192.0.2.${i} `.padEnd(250, 'a')],
    })),
  });
  return [Uint8Array.from(chained), new Uint8Array(manyTxt)];
}
