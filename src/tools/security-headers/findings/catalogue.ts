/**
 * Findings: what the grader sees beyond the Observatory model. They never change the score; high
 * and medium ones keep the status from `passed`. Each id has one severity, title and advice here;
 * the detectors (detectors.ts lists them) say which apply and with what evidence.
 */
import type { FindingId, Severity } from '../analysis.ts';

interface CatalogueEntry {
  severity: Severity;
  title: string;
  recommendation: string;
}

export interface Detected {
  id: FindingId;
  evidence: string[];
  /** In place of the catalogue's advice, when the advice depends on what was found. */
  recommendation?: string;
}

export const FINDING_CATALOGUE = {
  'csp3-script-directive-unsafe': {
    severity: 'high',
    title:
      'A CSP3 script directive (script-src-elem or script-src-attr) allows what script-src forbids; ' +
      'browsers that support CSP3 obey it',
    recommendation:
      "Remove 'unsafe-inline', data: and wildcards from script-src-elem and script-src-attr, " +
      'or rely on nonces and hashes.',
  },
  'csp3-style-directive-unsafe': {
    severity: 'low',
    title: 'A CSP3 style directive (style-src-elem or style-src-attr) allows inline or broadly sourced styles',
    recommendation: 'Restrict style-src-elem and style-src-attr like style-src, or use nonces and hashes.',
  },
  'csp3-directives-stricter': {
    severity: 'info',
    title:
      'script-src-elem and script-src-attr are stricter than the script-src the Observatory model grades; ' +
      'CSP3 browsers use them',
    recommendation: 'Browsers without CSP3 support fall back to script-src; tighten it too to get the full score.',
  },
  'csp-frame-ancestors-permissive': {
    severity: 'medium',
    title:
      'CSP frame-ancestors lets any site frame the page, so it gives no clickjacking protection ' +
      '(the model still credits it)',
    recommendation: "Use frame-ancestors 'none' or 'self', plus only the origins that must frame the page.",
  },
  'csp-strict-dynamic-without-nonce': {
    severity: 'medium',
    title:
      "'strict-dynamic' without a nonce or hash makes browsers block every script (the model calls the policy invalid)",
    recommendation: "Add a per-response nonce or script hashes to script-src, or remove 'strict-dynamic'.",
  },
  'csp-duplicate-report-directive': {
    severity: 'info',
    title:
      'report-uri or report-to is repeated in a policy; harmless for browsers, but the model withdraws the CSP bonus',
    recommendation: 'Send each reporting directive once per policy.',
  },
  'csp-base-uri-unrestricted': {
    severity: 'low',
    title: 'CSP does not restrict base-uri: an injected <base> element can redirect relative script URLs',
    recommendation: "Add base-uri 'none' (or 'self').",
  },
  'csp-report-only': {
    severity: 'info',
    title: 'A report-only Content Security Policy is sent; this is how it would grade if enforced',
    recommendation: 'Enforce the report-only policy once its reports are clean.',
  },
  'hsts-disabled': {
    severity: 'high',
    title: 'Strict-Transport-Security max-age=0 switches HSTS off and makes browsers forget it',
    recommendation: 'Send max-age=31536000 (one year) or more.',
  },
  'hsts-missing-on-first-https-response': {
    severity: 'low',
    title: 'The first HTTPS response (a redirect) sends no valid HSTS, so the host that was asked for is not covered',
    recommendation: 'Send Strict-Transport-Security on every HTTPS response, redirects included.',
  },
  'duplicate-header-identical': {
    severity: 'low',
    title:
      'A header meant to be sent once is repeated with the same value ' +
      '(browsers tolerate it; the model calls it invalid)',
    recommendation: 'Set the header in one place only (the application or the proxy, not both).',
  },
  'duplicate-header-conflicting': {
    severity: 'medium',
    title: 'A header meant to be sent once is repeated with different values; browsers may ignore it altogether',
    recommendation: 'Send the header once, with the value you mean.',
  },
  'permissions-policy-missing': {
    severity: 'low',
    title: 'No Permissions-Policy header restricts powerful browser features',
    recommendation:
      'Send Permissions-Policy disabling what the site does not use, ' +
      'e.g. camera=(), microphone=(), geolocation=(), payment=(), usb=().',
  },
  'permissions-policy-invalid': {
    severity: 'low',
    title: 'Permissions-Policy is not a valid structured-field dictionary, so browsers ignore all of it',
    recommendation: 'Use the dictionary syntax: feature=() to disable, feature=(self "https://example.com") to allow.',
  },
  'permissions-policy-broad': {
    severity: 'low',
    title: 'Permissions-Policy lets every origin use a powerful feature',
    recommendation: 'Allow powerful features to self and named origins only.',
  },
  'permissions-policy-set': {
    severity: 'info',
    title: 'Permissions-Policy restricts browser features',
    recommendation: 'Nothing to change; disable any further feature the site does not use.',
  },
  'information-leak': {
    severity: 'low',
    title: 'Response headers reveal server software, versions or internal details',
    recommendation: 'Remove these headers, or strip the version numbers, at the server or the proxy.',
  },
  'deprecated-header': {
    severity: 'low',
    title: 'Deprecated security headers are sent',
    // The detector names only the headers sent; this is the advice for all of them.
    recommendation:
      'Set X-XSS-Protection: 0 (or drop it) and rely on CSP; drop Expect-CT and Public-Key-Pins; ' +
      'replace Feature-Policy with Permissions-Policy.',
  },
  'cookie-prefix-violation': {
    severity: 'low',
    title:
      'A cookie name prefix (__Host- or __Secure-) promises attributes the cookie lacks, so browsers reject the cookie',
    recommendation: '__Secure- cookies need Secure; __Host- cookies need Secure, Path=/ and no Domain.',
  },
  'cors-origin-reflected-with-credentials': {
    severity: 'high',
    title:
      'The CORS preflight echoes the Origin it was sent and allows credentials: any site can read responses ' +
      "with the visitor's cookies (the model cannot see this and grades it restricted)",
    recommendation: 'Allow only an explicit list of trusted origins, and credentials only for them.',
  },
  'hsts-max-age-misread': {
    severity: 'high',
    title:
      'Browsers read this Strict-Transport-Security max-age differently from the model: they ignore a ' +
      'max-age that is not digits, or honour a shorter one than the model credits',
    recommendation: 'Send max-age as plain digits: Strict-Transport-Security: max-age=31536000.',
  },
  'content-type-not-recognised': {
    severity: 'low',
    title:
      'The HTML media type is spelled so the model does not recognise it (case or spaces): ' +
      'it read neither the page’s meta policies nor, unless the type is empty, its scripts; browsers do',
    recommendation: 'Send Content-Type: text/html; charset=utf-8 exactly.',
  },
  'page-encoding-misread': {
    severity: 'low',
    title:
      'The page declares an encoding in which its markup is not ASCII (UTF-16, or one browsers refuse): ' +
      'browsers decode it so, the model reads it as UTF-8, and the meta policies and scripts each sees differ',
    recommendation: 'Serve HTML as UTF-8: Content-Type: text/html; charset=utf-8.',
  },
  'script-url-misread': {
    severity: 'medium',
    title:
      'A script URL written unusually (a capitalised scheme, leading white space, three slashes, backslashes) ' +
      'loads from another site in browsers, but the model counts it as a path on this site',
    recommendation:
      'Write script URLs in lower case without surrounding spaces, and add integrity to third-party scripts.',
  },
  'csp-frame-ancestors-in-meta': {
    severity: 'low',
    title:
      'frame-ancestors is only in a <meta> policy, where browsers ignore it; ' +
      'the model credits it as clickjacking protection',
    recommendation: 'Send frame-ancestors in the Content-Security-Policy header (or X-Frame-Options: DENY).',
  },
  'error-status-graded': {
    severity: 'medium',
    title: 'The graded response is an error page (401 or 403); its headers may not be those of the real pages',
    recommendation: 'Scan a URL that answers 200, or check that error responses carry the same headers.',
  },
} satisfies Record<string, CatalogueEntry>;
