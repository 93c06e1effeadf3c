/**
 * What each tool is for and how its result reads, for people and agents: the skill files and the
 * tool pages are written from this table plus the tool definitions (grade scale, score range).
 * The result fields are those of docs/capture.md, docs/security-headers-grading.md,
 * docs/email-capture.md and docs/email-security-grading.md.
 */
import type { ToolName } from '../tools/tool.ts';

export interface ToolGuide {
  /** Label of the target field on the tool page. */
  targetLabel: string;
  /** The request takes DKIM `selectors` (the page shows a field for them). */
  acceptsSelectors: boolean;
  /** The skill's front-matter description: what it does and when to use it (≤ 1024 characters). */
  skillDescription: string;
  whenToUse: string[];
  whenNotToUse: string[];
  /** A request body for the examples. */
  exampleBody: Record<string, unknown>;
  /** `result.status` values and what each means. */
  statuses: [status: string, meaning: string][];
  /** The main fields of `result.details` on a 200. */
  detailFields: [field: string, meaning: string][];
  /** `result.details.reason` values of a 422. */
  notAssessedReasons: [reason: string, meaning: string][];
  /** How to turn a result into advice. */
  readingTips: string[];
}

const SHARED_422_REASONS: [string, string][] = [
  ['timeout', 'the scan did not finish within the 30 s deadline; retry later'],
  ['client-closed', 'the connection closed before the scan finished'],
];

export const TOOL_GUIDES: Record<ToolName, ToolGuide> = {
  'security-headers': {
    targetLabel: 'URL or domain',
    acceptsSelectors: false,
    skillDescription:
      "Grade a website's HTTP security headers (Content-Security-Policy, Strict-Transport-Security, cookies, CORS, redirects, X-Frame-Options, Referrer-Policy, CORP/COOP/COEP, Subresource Integrity) with the Agent Scan API, using the MDN HTTP Observatory scoring model, and explain what to fix. Use when asked to check, audit, grade or compare a site's security headers or HTTP hardening, to verify a header change after a deploy, or to explain a CSP or HSTS problem. Not for email/DNS records (use email-security), TLS cipher audits or vulnerability scanning.",
    whenToUse: [
      "Someone asks how secure a site's HTTP response headers are, or for its Observatory-style grade (A+ to F).",
      'You need to check a CSP, HSTS, cookie, CORS, framing or referrer policy change after a deploy.',
      'You want concrete, per-header recommendations (each failing test and finding carries one).',
      'You compare several sites (each scan counts against the hourly quota; see Limits).',
    ],
    whenNotToUse: [
      'Email authentication (SPF, DKIM, DMARC, MTA-STS): use the email-security skill.',
      'Vulnerability scanning, crawling, logins or anything intrusive: this tool only sends a few ordinary GET and OPTIONS requests and reads headers.',
      'TLS certificate or cipher audits: only whether TLS verified is recorded.',
      'Private or internal hosts (localhost, 10.0.0.0/8, …): they are refused.',
      'website-security, react2shell and fortibleed-check: not available on this API (they run in a browser with email verification, or through the account portal).',
    ],
    exampleBody: { target: 'example.com' },
    statuses: [
      ['passed', 'no test failed and no high or medium finding'],
      ['warnings', 'score 50 or more, and a test failed or a high/medium finding exists'],
      ['failed', 'score below 50 (grade C- or worse)'],
      ['error', 'only on a 422: the site could not be assessed; grade and gradeScore are null'],
    ],
    detailFields: [
      ['score, grade', 'the same as gradeScore and grade'],
      ['testsPassed, testsFailed, testsQuantity', 'counts of the 12 tests'],
      ['tests[]', 'name, title, result (the Observatory result id), pass, scoreModifier, description, recommendation, data, headers (the raw [name, value] pairs the test read)'],
      ['findings[]', 'id, severity (high, medium, low, info), title, evidence[], recommendation; beyond the 12 tests, never change the score; most severe first'],
      ['retrieval', 'finalUrl, finalStatus, redirects[] ({url, status}), verified (TLS)'],
      ['algorithmVersion', '6 (MDN HTTP Observatory model)'],
    ],
    notAssessedReasons: [
      ['bot-challenge', 'a bot or WAF challenge answered instead of the site (details.vendor, details.evidence); retrying later or from elsewhere rarely helps'],
      ['blocked-address', 'the site is, or redirects to, an address that may not be scanned (private, loopback, metadata)'],
      ['dns, refused, tls, timeout, network', 'neither http:// nor https:// got a response (details.errors has the reason per session)'],
      ['too-many-redirects, invalid-redirect', 'the redirect chain is broken'],
      ['unexpected-status, no-response', 'the final status is not 2xx, 3xx, 401 or 403, or nothing answered'],
      ...SHARED_422_REASONS,
    ],
    readingTips: [
      'Start with the failing tests (pass: false), most negative scoreModifier first; each has a recommendation.',
      'Then the high and medium findings; low and info findings are hardening advice.',
      'Quote the raw header values from tests[].headers when explaining a problem.',
      'A score of 100 is the baseline; bonuses above 100 only count when penalties leave at least 90.',
    ],
  },
  'email-security': {
    targetLabel: 'Domain',
    acceptsSelectors: true,
    skillDescription:
      "Grade a domain's email authentication DNS records (SPF, DMARC, DKIM, MX, MTA-STS, TLS-RPT, BIMI, DNSSEC) with the Agent Scan API and explain what to fix, including Google/Yahoo/Microsoft bulk-sender readiness. Use when asked whether a domain is protected against spoofing or phishing, why mail lands in spam, to check SPF lookup limits, a DMARC policy or DKIM keys, or to verify DNS changes. Not for website headers (use security-headers) or for sending test mail.",
    whenToUse: [
      'Someone asks whether a domain can be spoofed, or for its email security grade (A+ to F).',
      'You need to check SPF syntax and the 10-lookup limit, the DMARC policy and reporting, or DKIM key sizes.',
      'Someone asks whether a domain meets the Google, Yahoo and Microsoft bulk-sender rules (the DNS part).',
      'You verify DNS record changes after they were published.',
    ],
    whenNotToUse: [
      "A website's HTTP headers: use the security-headers skill.",
      'Subdomains, URLs, mailboxes or IP addresses as the target: give the apex (registrable) domain; a 400 hint names it.',
      'Deliverability of a particular message (alignment, spam rate, PTR): those need real mail and are listed as not checkable from DNS.',
      'Sending mail or probing mail servers: the tool only makes DNS queries and fetches the MTA-STS policy file.',
    ],
    exampleBody: { target: 'example.com', selectors: ['google', 's1'] },
    statuses: [
      ['passed', 'grade A- or better and no critical or high finding'],
      ['warnings', 'score 50 or more, with something to fix'],
      ['failed', 'score below 50'],
      ['error', 'only on a 422: the domain does not exist or DNS failed; grade and gradeScore are null'],
    ],
    detailFields: [
      ['score, grade', 'the same as gradeScore and grade'],
      ['sections', 'dmarc, spf, dkim, mx, mtaSts, tlsRpt, bimi, dnssec: each with status (pass, warn, fail, not-applicable, error), summary, records[], findings[], facts'],
      ['findings[]', "every section's findings, most severe first: section, id, severity (critical, high, medium, low, info), title, evidence[], recommendation, rfc"],
      ['scoreItems[]', 'category, item, earned, max: every point of the score (DMARC 35, SPF 30, DKIM 25, transport 10; what does not apply is dropped and the rest rescaled)'],
      ['caps[]', 'caps that lowered the grade, e.g. "no DMARC record: at most D"'],
      ['bulkSender', 'ready (true, false or "unknown"), spf, dkim, dmarc, missing[], notCheckableFromDns[]'],
      ['parked', 'true when the domain publishes that it sends no mail (null MX, or no MX with v=spf1 -all)'],
      ['selectors', 'DKIM selectors requested and tried; pass yours in "selectors" when DKIM shows likely-present'],
    ],
    notAssessedReasons: [
      ['nxdomain', 'the domain does not exist'],
      ['dns-failure', 'DNS failed (SERVFAIL or time-out) for the core lookups; retry later'],
      ...SHARED_422_REASONS,
    ],
    readingTips: [
      'Read caps first: they explain a grade lower than the points suggest.',
      'Then critical and high findings; each has a recommendation and usually an RFC reference.',
      'DKIM "likely-present" means keys exist under a selector that was not guessed: ask for the selector (often in a DKIM-Signature header, s=) and scan again with "selectors".',
      'bulkSender.missing lists what blocks bulk sending; notCheckableFromDns lists what DNS cannot show.',
    ],
  },
};
