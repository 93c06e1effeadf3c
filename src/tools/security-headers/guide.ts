/**
 * What security-headers is for and how its result reads, for the skill file, the tool page and
 * the error pages (the result fields are those of docs/capture.md and
 * docs/security-headers-grading.md).
 */
import { SHARED_422_REASONS, type ToolGuide } from '../tool-guide.ts';

export const securityHeadersGuide: ToolGuide = {
  navLabel: 'Security headers',
  targetLabel: 'URL or domain',
  skillDescription:
    "Grade a website's HTTP security headers (Content-Security-Policy, Strict-Transport-Security, cookies, CORS, " +
    'redirects, X-Frame-Options, Referrer-Policy, CORP/COOP/COEP, Subresource Integrity) with the Agent Scan API, ' +
    'using the MDN HTTP Observatory scoring model, and explain what to fix. ' +
    "Use when asked to check, audit, grade or compare a site's security headers or HTTP hardening, " +
    'to verify a header change after a deploy, or to explain a CSP or HSTS problem. ' +
    'Not for email/DNS records (use email-security), TLS cipher audits or vulnerability scanning.',
  whenToUse: [
    "Someone asks how secure a site's HTTP response headers are, or for its Observatory-style grade (A+ to F).",
    'You need to check a CSP, HSTS, cookie, CORS, framing or referrer policy change after a deploy.',
    'You want concrete, per-header recommendations (each failing test and finding carries one).',
    'You compare several sites (each scan counts against the hourly quota; see Limits).',
  ],
  whenNotToUse: [
    'Email authentication (SPF, DKIM, DMARC, MTA-STS): use the email-security skill.',
    'Vulnerability scanning, crawling, logins or anything intrusive: ' +
      'this tool only sends a few ordinary GET and OPTIONS requests and reads headers.',
    'TLS certificate or cipher audits: only whether TLS verified is recorded.',
    'Private or internal hosts (localhost, 10.0.0.0/8, …): they are refused.',
    'website-security, react2shell and fortibleed-check: not available on this API ' +
      '(they run in a browser with email verification, or through the account portal).',
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
    [
      'tests[]',
      'name, title, result (the Observatory result id), pass, scoreModifier, description, recommendation, data, ' +
        'headers (the raw [name, value] pairs the test read)',
    ],
    [
      'findings[]',
      'id, severity (high, medium, low, info), title, evidence[], recommendation; ' +
        'beyond the 12 tests, never change the score; most severe first',
    ],
    ['retrieval', 'finalUrl, finalStatus, redirects[] ({url, status}), verified (TLS)'],
    ['algorithmVersion', '6 (MDN HTTP Observatory model)'],
  ],
  notAssessedReasons: [
    [
      'bot-challenge',
      'a bot or WAF challenge answered instead of the site (details.vendor, details.evidence); ' +
        'retrying later or from elsewhere rarely helps',
    ],
    [
      'blocked-address',
      'the site is, or redirects to, an address that may not be scanned (private, loopback, metadata)',
    ],
    [
      'dns, refused, tls, timeout, network',
      'neither http:// nor https:// got a response (details.errors has the reason per session)',
    ],
    ['too-many-redirects, invalid-redirect', 'the redirect chain is broken'],
    ['unexpected-status, no-response', 'the final status is not 2xx, 3xx, 401 or 403, or nothing answered'],
    ...SHARED_422_REASONS,
  ],
  readingTips: [
    'Start with the failing tests (pass: false), most negative scoreModifier first; each has a recommendation.',
    'Then the high and medium findings; low and info findings are hardening advice.',
    'Quote the raw header values from tests[].headers when explaining a problem.',
    'A score of 100 is the baseline; bonuses above 100 only count when penalties leave at least 90.',
    "A 503 (service_unavailable) means this service's DNS resolver could not be reached: " +
      'nothing is wrong with the site, no scan was counted; retry after Retry-After.',
  ],
  invalidInputCauses: [
    'the target is not an http(s) URL or domain, contains user:password@, or its host is not a fully qualified name.',
  ],
  notAssessedCauses: [
    'a bot or WAF challenge answered instead of the site ' +
      '(result.details.reason "bot-challenge", with vendor and evidence).',
    'the site could not be reached (dns, refused, tls, timeout), redirects were broken, ' +
      'it redirected to an address that may not be scanned, or it answered with an error status.',
  ],
  targetAdvice: 'try the exact URL of a page',
};
