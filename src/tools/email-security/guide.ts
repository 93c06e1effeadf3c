/**
 * What email-security is for and how its result reads, for the skill file, the tool page and the
 * error pages (the result fields are those of docs/email-capture.md and
 * docs/email-security-grading.md).
 */
import { SHARED_422_REASONS, type ToolGuide } from '../tool-guide.ts';

export const emailSecurityGuide: ToolGuide = {
  navLabel: 'Email security',
  targetLabel: 'Domain',
  skillDescription:
    "Grade a domain's email authentication DNS records (SPF, DMARC, DKIM, MX, MTA-STS, TLS-RPT, BIMI, DNSSEC) " +
    'with the Agent Scan API and explain what to fix, including Google/Yahoo/Microsoft bulk-sender readiness. ' +
    'Use when asked whether a domain is protected against spoofing or phishing, why mail lands in spam, ' +
    'to check SPF lookup limits, a DMARC policy or DKIM keys, or to verify DNS changes. ' +
    'Not for website headers (use security-headers) or for sending test mail.',
  whenToUse: [
    'Someone asks whether a domain can be spoofed, or for its email security grade (A+ to F).',
    'You need to check SPF syntax and the 10-lookup limit, the DMARC policy and reporting, or DKIM key sizes.',
    'Someone asks whether a domain meets the Google, Yahoo and Microsoft bulk-sender rules (the DNS part).',
    'You verify DNS record changes after they were published.',
  ],
  whenNotToUse: [
    "A website's HTTP headers: use the security-headers skill.",
    'Subdomains, URLs, mailboxes or IP addresses as the target: ' +
      'give the apex (registrable) domain; a 400 hint names it.',
    'Deliverability of a particular message (alignment, spam rate, PTR): ' +
      'those need real mail and are listed as not checkable from DNS.',
    'Sending mail or probing mail servers: the tool only makes DNS queries and fetches the MTA-STS policy file.',
  ],
  exampleBody: { target: 'example.com', selectors: ['google', 's1'] },
  statuses: [
    ['passed', 'grade A- or better and no critical or high finding'],
    ['warnings', 'score 50 or more, with something to fix'],
    ['failed', 'score below 50'],
    [
      'error',
      'only on a 422: the domain does not exist, its DNS failed, or the deadline came before SPF, DMARC and MX ' +
        'were read; grade and gradeScore are null',
    ],
  ],
  detailFields: [
    ['score, grade', 'the same as gradeScore and grade'],
    [
      'sections',
      'dmarc, spf, dkim, mx, mtaSts, tlsRpt, bimi, dnssec: ' +
        'each with status (pass, warn, fail, not-applicable, error), summary, records[], findings[], facts',
    ],
    [
      'findings[]',
      "every section's findings, most severe first: " +
        'section, id, severity (critical, high, medium, low, info), title, evidence[], recommendation, rfc',
    ],
    [
      'scoreItems[]',
      'category, item, earned, max: every point of the score ' +
        '(DMARC 35, SPF 30, DKIM 25, transport 10; what does not apply is dropped and the rest rescaled)',
    ],
    ['caps[]', 'caps that lowered the grade, e.g. "no DMARC record: at most D"'],
    [
      'incomplete[]',
      'sections the 20 s scan deadline cut short (they earn no points and the grade stays below A+); usually empty',
    ],
    [
      'bulkSender',
      'ready (true, false, "unknown", or "not-applicable" for a parked domain), spf, dkim, dmarc, missing[], ' +
        'notCheckableFromDns[]',
    ],
    ['parked', 'true when the domain publishes that it sends no mail (null MX, or no MX with v=spf1 -all)'],
    ['selectors', 'DKIM selectors requested and tried; pass yours in "selectors" when DKIM shows likely-present'],
  ],
  notAssessedReasons: [
    ['nxdomain', 'the domain does not exist'],
    ['dns-failure', "the domain's DNS failed (SERVFAIL or time-out) for the core lookups; retry later"],
    ...SHARED_422_REASONS,
  ],
  readingTips: [
    'Read caps first: they explain a grade lower than the points suggest.',
    'Then critical and high findings; each has a recommendation and usually an RFC reference.',
    'DKIM "likely-present" means keys exist under a selector that was not guessed: ' +
      'ask for the selector (often in a DKIM-Signature header, s=) and scan again with "selectors".',
    'bulkSender.missing lists what blocks bulk sending; notCheckableFromDns lists what DNS cannot show.',
    "A 503 (service_unavailable) means this service's DNS resolver could not be reached: " +
      'nothing is wrong with the domain, no scan was counted; retry after Retry-After.',
  ],
  invalidInputCauses: [
    'the target is a subdomain, URL, mailbox or IP address instead of an apex domain (the hint names the apex to use).',
    '"selectors" is not an array of at most 10 DKIM selector names.',
  ],
  notAssessedCauses: [
    'the domain does not exist (nxdomain), DNS failed for the core lookups (dns-failure), ' +
      'or the SPF, DMARC or MX records were not read before the deadline (timeout).',
  ],
  targetAdvice: 'the apex domain',
};
