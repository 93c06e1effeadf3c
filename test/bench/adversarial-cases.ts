/**
 * What the adversarial bench feeds to what: every parser of target-controlled input and both
 * whole-capture graders, each with the hand-written red-team inputs of adversarial-inputs.ts and
 * adversarial-captures.ts, then samples of the fuzz tests' arbitraries drawn at `size: 'max'` up
 * to the input's cap, and the error classes the parser documents.
 */
import * as tldts from 'tldts';
import fc from 'fast-check';
import { normalizeBadgeDomainWith } from '../../src/net/site-domain.ts';
import { checkAddress, checkHostname } from '../../src/net/address-policy.ts';
import { decodeResponse, DnsMessageError } from '../../src/net/dns-message.ts';
import { asciiHostname, percentDecode } from '../../src/net/host-text.ts';
import { queryNameProblem } from '../../src/net/resolver.ts';
import { analyzeEmail } from '../../src/tools/email-security/analyze.ts';
import { parseBimiRecord } from '../../src/tools/email-security/bimi/record.ts';
import { exchange } from '../../src/tools/email-security/capture.ts';
import { emailSecurityDefinition } from '../../src/tools/email-security/definition.ts';
import { DerError, readPublicKey } from '../../src/tools/email-security/dkim/der.ts';
import { parseDkimKeyRecord } from '../../src/tools/email-security/dkim/key-record.ts';
import { planSelectors } from '../../src/tools/email-security/dkim/selectors.ts';
import { classifyDmarcText, parseDmarcRecord } from '../../src/tools/email-security/dmarc/parse.ts';
import { parseStsPolicy } from '../../src/tools/email-security/mta-sts/policy.ts';
import { parseStsRecord } from '../../src/tools/email-security/mta-sts/record.ts';
import { analyzeMx } from '../../src/tools/email-security/mx/analyze.ts';
import { parseReportUri } from '../../src/tools/email-security/report-uri.ts';
import { analyzeSpf } from '../../src/tools/email-security/spf/analyze.ts';
import { expandDomainSpec, parseDomainSpec } from '../../src/tools/email-security/spf/macro.ts';
import { parseSpfRecord } from '../../src/tools/email-security/spf/parse.ts';
import { buildSpfTree } from '../../src/tools/email-security/spf/tree.ts';
import { parseTagList } from '../../src/tools/email-security/tag-list.ts';
import { parseTlsRptRecord } from '../../src/tools/email-security/tls-rpt/record.ts';
import { detectChallenge } from '../../src/tools/security-headers/retrieve/challenge.ts';
import { parseSetCookie } from '../../src/tools/security-headers/parse/set-cookie.ts';
import { parseModelCsp, splitPolicies } from '../../src/tools/security-headers/parse/csp-directives.ts';
import { analyzeCsp } from '../../src/tools/security-headers/checks/content-security-policy.ts';
import { securityHeadersDefinition } from '../../src/tools/security-headers/definition.ts';
import { HeaderView, splitList } from '../../src/tools/security-headers/parse/headers.ts';
import { parseHsts } from '../../src/tools/security-headers/parse/hsts.ts';
import { extractHtmlFacts } from '../../src/tools/security-headers/parse/html-facts.ts';
import { permissionsPolicyFindings } from '../../src/tools/security-headers/findings/permissions-policy.ts';
import { gradeCapture } from '../../src/tools/security-headers/scanner.ts';
import { parseDictionary } from '../../src/tools/security-headers/parse/structured-fields.ts';
import { targetTextProblem } from '../../src/tools/target-text.ts';
import { emailCaptureArbitrary } from '../support/fuzz-domain-captures.ts';
import { headerPairsArbitrary, securityHeadersCaptureArbitrary } from '../support/fuzz-site-captures.ts';
import * as grammars from '../support/fuzz-grammars.ts';
import { FUZZ_SEED, textOrAnything } from '../support/fuzz.ts';
import { worstDomains, worstSites } from './adversarial-captures.ts';
import * as red from './adversarial-inputs.ts';

type ErrorClass = abstract new (...args: never[]) => Error;

export interface AdversarialInput {
  /** Where the input came from, for the report: `red-team 3` or `sample 12`. */
  label: string;
  call: () => unknown;
}

export interface AdversarialCase {
  parser: string;
  /** The red-team inputs, then `samples` drawn from the arbitrary. */
  inputs(samples: number): AdversarialInput[];
  /** The error classes the parser documents; any other error is a defect. */
  typedErrors: ErrorClass[];
}

function parserCase<T>(
  parser: string,
  redTeam: () => T[],
  arbitrary: fc.Arbitrary<T>,
  run: (input: T) => unknown,
  ...typedErrors: ErrorClass[]
): AdversarialCase {
  return {
    parser,
    typedErrors,
    inputs: (samples) => [
      ...redTeam().map((input, i) => ({ label: `red-team ${i}`, call: () => run(input) })),
      ...fc
        .sample(arbitrary, { seed: FUZZ_SEED, numRuns: samples })
        .map((input, i) => ({ label: `sample ${i}`, call: () => run(input) })),
    ],
  };
}

const text = (tokens: readonly string[], maxLength: number) => textOrAnything(tokens, { maxLength, size: 'max' });
const TXT = red.TXT_CAP;
const HEADER = red.HEADER_VALUE_CAP;
const headerRef = (name: string, value: string) => ({
  url: 'https://example.com/',
  status: 200,
  verified: true,
  headers: new HeaderView([[name, value]]),
});

export const ADVERSARIAL_CASES: AdversarialCase[] = [
  parserCase(
    'net.decodeResponse',
    red.dnsResponses,
    fc.uint8Array({ maxLength: red.MAX_DNS_MESSAGE_BYTES, size: 'max' }),
    decodeResponse,
    DnsMessageError,
  ),
  parserCase(
    'net.hostText',
    () => red.HOST_TEXTS,
    text(grammars.HOST_TOKENS, red.BADGE_CAP),
    (t) => [asciiHostname(t), percentDecode(t), queryNameProblem(t)],
  ),
  parserCase(
    'net.addressPolicy',
    () => red.HOST_TEXTS,
    text(grammars.HOST_TOKENS, red.BADGE_CAP),
    (t) => [checkAddress(t), checkHostname(t)],
  ),
  parserCase(
    'tools.targetText',
    () => red.HOST_TEXTS.map((t) => t.slice(0, red.TARGET_CAP)),
    text(grammars.HOST_TOKENS, red.TARGET_CAP),
    targetTextProblem,
  ),
  parserCase(
    'securityHeaders.parseTarget',
    () => red.HOST_TEXTS.map((t) => t.slice(0, red.MAX_TARGET_LENGTH)),
    text(grammars.HOST_TOKENS, red.MAX_TARGET_LENGTH),
    (t) => securityHeadersDefinition.parseTarget(t, tldts),
  ),
  parserCase(
    'emailSecurity.parseTarget',
    () => red.HOST_TEXTS.map((t) => t.slice(0, red.MAX_TARGET_LENGTH)),
    text(grammars.HOST_TOKENS, red.MAX_TARGET_LENGTH),
    (t) => emailSecurityDefinition.parseTarget(t, tldts),
  ),
  parserCase(
    'badge.normalizeBadgeDomain',
    () => red.HOST_TEXTS,
    text(grammars.HOST_TOKENS, red.BADGE_CAP),
    (t) => normalizeBadgeDomainWith(tldts, t),
  ),
  parserCase(
    'csp.parseModelCsp',
    () => red.CSP_VALUES,
    text(grammars.CSP_TOKENS, HEADER),
    (t) => [parseModelCsp(splitPolicies([t])), parseModelCsp(splitPolicies([t]), true)],
  ),
  parserCase(
    'csp.analyzeCsp',
    () => red.CSP_VALUES,
    text(grammars.CSP_TOKENS, HEADER),
    (t) => analyzeCsp(headerRef('content-security-policy', t), [t], true),
  ),
  parserCase(
    'csp.analyzeCsp (meta)',
    () => red.META_CSP_CONTENTS,
    fc.array(text(grammars.CSP_TOKENS, HEADER), { maxLength: 100 }),
    (contents) => analyzeCsp(headerRef('x-none', ''), contents, true),
  ),
  parserCase(
    'headers.splitList',
    () => [...red.CSP_VALUES, ...red.SERVER_VALUES],
    text(grammars.CSP_TOKENS, HEADER),
    splitList,
  ),
  parserCase(
    'structuredFields.parseDictionary',
    () => red.STRUCTURED_FIELD_VALUES,
    text(grammars.STRUCTURED_FIELD_TOKENS, HEADER),
    parseDictionary,
  ),
  parserCase(
    'permissionsPolicy.findings',
    () => red.STRUCTURED_FIELD_VALUES,
    text(grammars.STRUCTURED_FIELD_TOKENS, HEADER),
    (t) => permissionsPolicyFindings(new HeaderView([['permissions-policy', t]])),
  ),
  parserCase(
    'cookies.parseSetCookie',
    () => red.COOKIE_VALUES,
    text(grammars.COOKIE_TOKENS, HEADER),
    (t) => parseSetCookie(t, 'example.com'),
  ),
  parserCase('hsts.parseHsts', () => red.HSTS_VALUES, text(grammars.HSTS_TOKENS, HEADER), parseHsts),
  parserCase(
    'html.extractHtmlFacts',
    () => red.HTML_BODIES,
    text(grammars.HTML_TOKENS, red.HTML_CAP),
    extractHtmlFacts,
  ),
  parserCase(
    'challenge.detectChallenge',
    worstSites,
    securityHeadersCaptureArbitrary({ maxLength: 16 * 1024, size: 'max' }),
    detectChallenge,
  ),
  parserCase(
    'headers.serverVersion',
    () => red.SERVER_VALUES.map((v): [string, string][] => [['server', v]]),
    headerPairsArbitrary({ maxLength: HEADER, size: 'max' }),
    (pairs) =>
      gradeCapture({
        host: 'example.com',
        http: null,
        https: { verified: true, chain: [{ url: 'https://example.com/', status: 200, headers: pairs }] },
        cors: null,
        html: null,
      }),
  ),
  parserCase(
    'securityHeaders.gradeCapture',
    worstSites,
    securityHeadersCaptureArbitrary({ maxLength: 16 * 1024, size: 'max' }),
    (capture) => JSON.stringify(gradeCapture(capture)),
  ),
  parserCase('spf.parseSpfRecord', () => red.SPF_RECORDS, text(grammars.SPF_TOKENS, TXT), parseSpfRecord),
  parserCase(
    'spf.expandDomainSpec',
    () => red.SPF_RECORDS.map((r) => r.slice(r.indexOf(':') + 1)),
    text(grammars.SPF_TOKENS, TXT),
    (t) => {
      const spec = parseDomainSpec(t);
      return spec.ok
        ? expandDomainSpec(spec.value, { domain: 'a'.repeat(63) + '.example', senderDomain: 'example.com' })
        : spec;
    },
  ),
  parserCase('spf.buildSpfTree', worstDomains, emailCaptureArbitrary({ maxLength: TXT, size: 'max' }), (capture) =>
    buildSpfTree(capture.domain, (name, type) => exchange(capture, name, type)),
  ),
  parserCase('spf.analyzeSpf', worstDomains, emailCaptureArbitrary({ maxLength: TXT, size: 'max' }), analyzeSpf),
  parserCase(
    'dmarc.parseDmarcRecord',
    () => red.DMARC_RECORDS,
    text(grammars.DMARC_TOKENS, TXT),
    (t) => [classifyDmarcText(t), parseDmarcRecord(t)],
  ),
  parserCase('dkim.parseDkimKeyRecord', () => red.DKIM_RECORDS, text(grammars.DKIM_TOKENS, TXT), parseDkimKeyRecord),
  parserCase(
    'dkim.readPublicKey',
    () => red.DKIM_RECORDS.map((r) => Buffer.from(r.slice(r.indexOf('p=') + 2), 'base64')),
    fc.uint8Array({ maxLength: TXT, size: 'max' }),
    readPublicKey,
    DerError,
  ),
  parserCase(
    'dkim.planSelectors',
    () => [red.HOST_TEXTS],
    fc.array(text(grammars.HOST_TOKENS, 255), { maxLength: 1_000, size: 'max' }),
    (names) => planSelectors(names, names, names),
  ),
  parserCase(
    'mtaSts.parseStsPolicy',
    () => red.STS_POLICIES,
    text(grammars.STS_POLICY_TOKENS, red.POLICY_CAP),
    parseStsPolicy,
  ),
  parserCase('mtaSts.parseStsRecord', () => red.TAG_RECORDS, text(grammars.STS_RECORD_TOKENS, TXT), parseStsRecord),
  parserCase('tlsRpt.parseTlsRptRecord', () => red.TAG_RECORDS, text(grammars.TLS_RPT_TOKENS, TXT), parseTlsRptRecord),
  parserCase('bimi.parseBimiRecord', () => red.TAG_RECORDS, text(grammars.BIMI_TOKENS, TXT), parseBimiRecord),
  parserCase(
    'tagList.parseTagList',
    () => [...red.TAG_RECORDS, ...red.DMARC_RECORDS],
    text(grammars.TAG_LIST_TOKENS, TXT),
    (t) => parseTagList(t, (n) => n.toLowerCase()),
  ),
  parserCase(
    'reportUri.parseReportUri',
    () => red.REPORT_URIS,
    text(grammars.REPORT_URI_TOKENS, TXT),
    (t) => parseReportUri(t, { schemes: ['mailto', 'https'], allowSize: true }),
  ),
  parserCase('mx.analyzeMx', worstDomains, emailCaptureArbitrary({ maxLength: TXT, size: 'max' }), (capture) =>
    analyzeMx(capture),
  ),
  parserCase(
    'emailSecurity.analyzeEmail',
    worstDomains,
    emailCaptureArbitrary({ maxLength: TXT, size: 'max' }),
    (capture) => JSON.stringify(analyzeEmail(capture)),
  ),
];
