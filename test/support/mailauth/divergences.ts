/**
 * Where our verdict and mailauth's differ, reviewed: in each row the RFC (or the BIMI draft) sides
 * with us, or a receiver-facing fact decides (docs/email-security-grading.md explains each). A row
 * quotes a curated input and both verdicts exactly; `when` recognises generated inputs of the same
 * class. Any other disagreement fails the differential test: it is a bug of ours to fix, or a
 * divergence to review and add here.
 */
import type { Family, Verdict } from './cases.ts';
import { KEYS } from './keys.ts';

export interface DivergenceRow {
  family: Family;
  /** A curated input (corpus.ts) showing the divergence. */
  input: string;
  /** Generated inputs of the same class. */
  when?: (input: string) => boolean;
  ours: Verdict;
  theirs: Verdict;
  rfc: string;
  why: string;
}

const dmarcTags = (input: string) =>
  input.split(';').flatMap((s) => (s.includes('=') ? [s.slice(0, s.indexOf('=')).trim().toLowerCase()] : []));
const repeated = (names: string[]) => names.some((n, i) => names.indexOf(n) !== i);
const POLICY = (p: string, rua = false): Verdict => ({
  selected: true,
  p,
  sp: p,
  np: p,
  adkim: 'r',
  aspf: 'r',
  rua,
});

export const DIVERGENCES: readonly DivergenceRow[] = [
  {
    family: 'spf',
    input: 'v=spf1 ip4:0.0.0.0/0 include:bad.example.net -all | bad.example.net TXT v=spf1 ip4:203.0.113 -all',
    when: (input) => /(^|\s)[+~?-]?(ip4:[\d.]+|a(:[^\s/]+)?|mx(:[^\s/]+)?)\/0(\s|\/\/|$)/i.test(input),
    ours: { result: 'permerror', limit: false, lookups: null, voids: null },
    theirs: { result: 'ok', limit: false, lookups: 0, voids: 0 },
    rfc: 'RFC 7208 §4.6.2, §5.6',
    why:
      "ip4:0.0.0.0/0 (or a/0, mx/0) matches every IPv4 sender, so evaluation ends there for mailauth's IPv4 " +
      'client; IPv6 senders go on to the later terms and meet their errors and limits, so a grader judges them',
  },
  {
    family: 'spf',
    input: 'v=spf1 a:v6.example.net -all | v6.example.net AAAA 2001:db8::1',
    when: (input) => /(^|\s)[+~?-]?a:v6\.example\.net(\s|\/|$)/i.test(input),
    ours: { result: 'ok', limit: false, lookups: 1, voids: 0 },
    theirs: { result: 'ok', limit: false, lookups: 1, voids: 1 },
    rfc: 'RFC 7208 §5.3, §4.6.4',
    why:
      'an a term asks A for IPv4 senders and AAAA for IPv6 ones; mailauth judges one IPv4 client, for which an ' +
      'IPv6-only name is void; a grader counts a term void only when no sender finds an address there',
  },
  {
    family: 'dmarc',
    input: ' v=DMARC1; p=reject',
    when: (input) => /^\s+v/.test(input),
    ours: { selected: false },
    theirs: POLICY('reject'),
    rfc: 'RFC 9989 §4.7, §4.10 step 2',
    why: 'mailauth trims the TXT text before the version test; a record not starting with "v=DMARC1" is discarded',
  },
  {
    family: 'dmarc',
    input: 'v=DMARC1; p=reject; p',
    when: (input) => /;\s*[A-Za-z]+\s*(;|$)/.test(input),
    ours: POLICY('reject'),
    theirs: { selected: false },
    rfc: 'RFC 9989 §4.8',
    why:
      'a segment without "=" is a syntax error, discarded with the rest applied; mailauth reads the bare name ' +
      'as a tag whose value replaces the earlier p',
  },
  {
    family: 'dmarc',
    input: 'v=DMARC1; p=quarantine; rua=mailto:',
    when: (input) => /(^|;)\s*rua\s*=[^;]*mailto:\s*(,|;|$)/i.test(input),
    ours: { ...POLICY('quarantine'), rua: false },
    theirs: POLICY('quarantine', true),
    rfc: 'RFC 9989 §4.7 (rua), RFC 6068',
    why:
      '"mailto:" without an address is a syntactically valid URI (both apply the p=none fallback with it), ' +
      'but no report can be sent to it: ours says whether reports reach someone',
  },
  {
    family: 'dmarc',
    input: 'v=DMARC1; rua=mailto:d@example.com!x',
    when: (input) => /(^|;)\s*rua\s*=[^;]*![^\d;,]/i.test(input),
    ours: POLICY('none'),
    theirs: { selected: false },
    rfc: 'RFC 9989 §4.10.1, RFC 3986 §2.2',
    why:
      '"!" is allowed in a URI, so "mailto:d@example.com!x" is a syntactically valid reporting URI and the ' +
      'missing p falls back to none; mailauth rejects the malformed size suffix and ignores the record',
  },
  {
    family: 'dmarc',
    input: 'v=DMARC1; P=reject',
    when: (input) => /;\s*[A-Za-z]*[A-Z][A-Za-z]*\s*=/.test(input),
    ours: POLICY('reject'),
    theirs: { selected: false },
    rfc: 'RFC 9989 §4.8 (ABNF), RFC 5234 §2.3',
    why:
      'the DMARC grammar spells tag names as quoted ABNF strings, which match in any case; mailauth strict ' +
      'compares them case-sensitively as DKIM does',
  },
  {
    family: 'dmarc',
    input: 'v=DMARC1; rua=https://dmarc.example.com/report',
    when: (input) => /(^|;)\s*rua\s*=[^;]*\b(?!mailto:)[a-z][a-z0-9+.-]*:\/\//i.test(input),
    ours: { ...POLICY('none'), rua: false },
    theirs: POLICY('none', true),
    rfc: 'RFC 9989 §4.7 (rua), §4.10.1',
    why:
      'both apply the p=none fallback (an https URI is a syntactically valid reporting URI), but no receiver ' +
      'sends aggregate reports to https ("URIs involving schemes not supported … MUST be ignored")',
  },
  {
    family: 'mta-sts-policy',
    input: 'version: STSv1\nmode: enforce\nmx: mx1.example.com\nmax_age: 31557601',
    // the first max_age line counts (senders use the first)
    when: (input) => Number(/^max_age:[ \t]*(\d{1,10})[ \t]*\r?$/m.exec(input)?.[1] ?? '0') > 31557600,
    ours: { valid: true, mode: 'enforce', maxAge: 31557601, mx: ['mx1.example.com'] },
    theirs: { valid: false },
    rfc: 'RFC 8461 §3.2 (sts-policy-max-age-value = 1*10(DIGIT))',
    why:
      'the grammar accepts any 10 digits; "maximum value of 31557600" bounds the lifetime, so senders cap it ' +
      '(the analysis warns) rather than discard the policy',
  },
  {
    family: 'dkim',
    input: `v=DKIM1; k=; p=${KEYS.rsa1024}`,
    when: (input) => /(^|;)\s*k\s*=\s*(;|$)/.test(input),
    ours: { usable: false, revoked: false },
    theirs: { usable: true, revoked: false, keyType: 'rsa', testing: false },
    rfc: 'RFC 6376 §3.6.1 (key-k-tag), §6.1.2',
    why: 'k= needs a key type, so an empty one breaks the record and verifiers ignore it; mailauth defaults to rsa',
  },
  {
    family: 'mta-sts-policy',
    input: 'version: STSv1\nmode: enforce\nmode: none\rmx: x.example.com\nmx: mail.example.com\nmax_age: 86400',
    when: (input) => /\r(?!\n)/.test(input),
    ours: { valid: false },
    theirs: { valid: true, mode: 'enforce', maxAge: 86400, mx: ['mail.example.com'] },
    rfc: 'RFC 8461 §3.2 (sts-policy-term = LF / CRLF)',
    why: 'a bare CR does not end a line, so the line holding it is not a field; mailauth splits lines on it',
  },
  {
    family: 'mta-sts-policy',
    input: 'version: STSv1\nmode: none\n_x: 1\nmax_age: 86400',
    when: (input) => /^_[^:\n]*:/m.test(input),
    ours: { valid: false },
    theirs: { valid: true, mode: 'none', maxAge: 86400, mx: [] },
    rfc: 'RFC 8461 §3.2 (sts-policy-ext-name starts with a letter or digit)',
    why: 'a key starting with "_" is not a field the grammar allows; mailauth takes it as an unknown field',
  },
  {
    family: 'mta-sts-policy',
    input: 'version: STSv1\nmode: enforce\nmx: mail.example.com\nmax_age: 86400\nnot a field',
    when: (input) => input.split(/\r?\n/).some((line) => line.trim() !== '' && !/^[A-Za-z0-9_.-]+:/.test(line)),
    ours: { valid: false },
    theirs: { valid: true, mode: 'enforce', maxAge: 86400, mx: ['mail.example.com'] },
    rfc: 'RFC 8461 §3.2 (sts-policy-record ABNF)',
    why: 'a line that is not "key: value" breaks the policy grammar; mailauth skips it',
  },
  {
    family: 'bimi',
    input: 'v=BIMI1; l=https://example.com/logo.svg; l=https://example.com/other.svg',
    when: (input) => repeated(dmarcTags(input)),
    ours: { verdict: 'invalid' },
    theirs: { verdict: 'valid', l: 'https://example.com/other.svg', a: null },
    rfc: 'RFC 6376 §3.2 (the BIMI tag-list syntax, draft-brand-indicators §4.3)',
    why: 'a repeated tag makes the whole tag-list invalid; mailauth lets the last one win',
  },
  {
    family: 'bimi',
    input: 'v=BIMI1; l=https://example.com/logo.svg;; a=',
    when: (input) => /;\s*;/.test(input),
    ours: { verdict: 'invalid' },
    theirs: { verdict: 'valid', l: 'https://example.com/logo.svg', a: null },
    rfc: 'draft-brand-indicators-for-message-identification §4.3 (bimi-sep ABNF)',
    why: 'an empty field breaks the record grammar, and receivers "MUST NOT attempt to fix syntactical errors"',
  },
  {
    family: 'bimi',
    input: 'v=BIMI1; l=https://example.com/logo.svg; junk',
    when: (input) => input.split(';').some((segment) => /^\s*([^=\s]*\s*$|=)/.test(segment) && segment.trim() !== ''),
    ours: { verdict: 'invalid' },
    theirs: { verdict: 'valid', l: 'https://example.com/logo.svg', a: null },
    rfc: 'draft-brand-indicators-for-message-identification §4.3 (bimi-record ABNF)',
    why: 'a segment that is not tag=value breaks the record grammar, and receivers "MUST NOT attempt to fix" it',
  },
  {
    family: 'bimi',
    input: 'v=BIMI1; l=HTTPS://EXAMPLE.COM/L.SVG',
    when: (input) =>
      input.split(';').some((segment) => {
        const scheme = /^\s*[la]\s*=\s*(https):/i.exec(segment)?.[1];
        return scheme !== undefined && scheme !== 'https';
      }),
    ours: { verdict: 'valid', l: 'HTTPS://EXAMPLE.COM/L.SVG', a: null },
    theirs: { verdict: 'invalid' },
    rfc: 'RFC 3986 §3.1, draft-brand-indicators-for-message-identification §4.3',
    why: 'URI schemes are case-insensitive, so HTTPS: is the https scheme the draft requires',
  },
  {
    family: 'bimi',
    input: 'v=bimi1; l=https://example.com/logo.svg',
    when: (input) => /^v\s*=\s*(?!BIMI1)[bB][iI][mM][iI]1/.test(input),
    ours: { verdict: 'invalid' },
    theirs: { verdict: 'valid', l: 'https://example.com/logo.svg', a: null },
    rfc: 'draft-brand-indicators-for-message-identification §4.3 (v=)',
    why: 'the version "MUST have the value of BIMI1 … MUST match precisely"; mailauth compares it in any case',
  },
];
