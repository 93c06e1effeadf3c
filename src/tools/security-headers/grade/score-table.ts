/**
 * The score table of the 12 tests (MDN HTTP Observatory, algorithm version 6): for each result id
 * its score modifier, whether it counts as a pass, and what we tell people. Ids and modifiers are
 * the Observatory's; the wording is ours.
 */
import type { TestName } from '../analysis.ts';

export interface ResultRule {
  modifier: number;
  pass: boolean;
  description: string;
  recommendation: string;
}

export interface TestRules {
  title: string;
  results: Record<string, ResultRule>;
}

const PASS = true;
const FAIL = false;
const rule = (modifier: number, pass: boolean, description: string, recommendation: string): ResultRule => ({
  modifier,
  pass,
  description,
  recommendation,
});
const NOTHING_TO_DO = 'Nothing to change.';

export const TEST_RULES: Record<TestName, TestRules> = {
  'content-security-policy': {
    title: 'Content Security Policy (CSP)',
    results: {
      'csp-implemented-with-no-unsafe-default-src-none': rule(
        10,
        PASS,
        "A Content Security Policy is enforced with default-src 'none' " +
          'and no unsafe sources for scripts, objects or styles.',
        NOTHING_TO_DO,
      ),
      'csp-implemented-with-no-unsafe': rule(
        5,
        PASS,
        "A Content Security Policy is enforced without 'unsafe-inline', 'unsafe-eval' or overly broad sources.",
        "Start from default-src 'none' and allow only what each resource type needs.",
      ),
      'csp-implemented-with-unsafe-inline-in-style-src-only': rule(
        0,
        PASS,
        'The Content Security Policy is safe for scripts, ' +
          "but style-src allows 'unsafe-inline', data: or a broad source.",
        'Move inline styles to style sheets, or allow them with nonces or hashes.',
      ),
      'csp-implemented-but-duplicate-directives': rule(
        0,
        PASS,
        'The Content Security Policy is safe, but report-uri or report-to appears more than once in a policy; ' +
          'only the first one counts.',
        'Send each reporting directive once per policy.',
      ),
      'csp-implemented-with-insecure-scheme-in-passive-content-only': rule(
        -10,
        PASS,
        'The Content Security Policy lets images or media load over http: or ftp: on an HTTPS site.',
        'Replace the http: and ftp: sources images and media load from (img-src, media-src or default-src) ' +
          'with https: ones; upgrade-insecure-requests does not lift this penalty.',
      ),
      'csp-implemented-with-unsafe-eval': rule(
        -10,
        FAIL,
        "The Content Security Policy allows 'unsafe-eval' in script-src or style-src.",
        "Remove 'unsafe-eval'; replace eval(), new Function() and string timers with code that does not need them.",
      ),
      'csp-implemented-with-unsafe-inline': rule(
        -20,
        FAIL,
        'The Content Security Policy does not stop injected scripts: ' +
          "script-src (or default-src) allows 'unsafe-inline', data: or a wildcard/scheme-wide source, " +
          'or object-src is not restricted.',
        "Set object-src 'none' and a script-src without 'unsafe-inline', data: or wildcards; " +
          "use nonces or hashes (with 'strict-dynamic') for inline scripts.",
      ),
      'csp-implemented-with-insecure-scheme': rule(
        -20,
        FAIL,
        'The Content Security Policy lets active content (scripts, frames, connections...) ' +
          'load over http: or ftp: on an HTTPS site.',
        'Replace http: and ftp: sources with https: ones.',
      ),
      'csp-header-invalid': rule(
        -25,
        FAIL,
        'The Content Security Policy cannot be used: a policy is empty or too short (a trailing comma makes an ' +
          "empty one), a directive is repeated, 'strict-dynamic' comes without a nonce or hash, or the policies " +
          'are too many to evaluate (over 100 policies, 1,000 directives, or 20,000 sources or a million characters ' +
          'of them to merge).',
        'Fix the policy syntax; check it with a CSP evaluator before deploying.',
      ),
      'csp-not-implemented': rule(
        -25,
        FAIL,
        'No Content Security Policy is enforced.',
        "Send a Content-Security-Policy header, starting from default-src 'none' (or 'self'), " +
          "object-src 'none', base-uri 'none' and frame-ancestors 'none'.",
      ),
      'csp-not-implemented-but-reporting-enabled': rule(
        -25,
        FAIL,
        'Only a report-only Content Security Policy is sent: violations are reported but nothing is blocked.',
        'Once the reports are clean, send the same policy as Content-Security-Policy to enforce it.',
      ),
    },
  },
  cookies: {
    title: 'Cookies',
    results: {
      'cookies-secure-with-httponly-sessions-and-samesite': rule(
        5,
        PASS,
        'All cookies are Secure and use SameSite; session cookies are HttpOnly.',
        NOTHING_TO_DO,
      ),
      'cookies-secure-with-httponly-sessions': rule(
        0,
        PASS,
        'All cookies are Secure and session cookies are HttpOnly, but some cookies have no SameSite attribute.',
        'Add SameSite=Lax (or Strict) to every cookie.',
      ),
      'cookies-not-found': rule(0, PASS, 'No cookies are set.', NOTHING_TO_DO),
      'cookies-without-secure-flag-but-protected-by-hsts': rule(
        -5,
        FAIL,
        'Some cookies lack the Secure attribute; HSTS limits the risk.',
        'Add Secure to every cookie.',
      ),
      'cookies-session-without-secure-flag-but-protected-by-hsts': rule(
        -10,
        FAIL,
        'A session cookie lacks the Secure attribute; HSTS limits the risk.',
        'Add Secure to session cookies.',
      ),
      'cookies-without-secure-flag': rule(
        -20,
        FAIL,
        'Some cookies lack the Secure attribute and can be sent over plain HTTP.',
        'Add Secure to every cookie and deploy HSTS.',
      ),
      'cookies-samesite-flag-invalid': rule(
        -20,
        FAIL,
        'A cookie has an invalid SameSite value, or SameSite=None without Secure.',
        'Use SameSite=Strict, Lax or None; None requires Secure.',
      ),
      'cookies-anticsrf-without-samesite-flag': rule(
        -20,
        FAIL,
        'An anti-CSRF cookie has no SameSite attribute.',
        'Add SameSite=Strict (or Lax) to anti-CSRF cookies.',
      ),
      'cookies-session-without-httponly-flag': rule(
        -30,
        FAIL,
        'A session cookie lacks HttpOnly, so scripts (and injected scripts) can read it.',
        'Add HttpOnly to session cookies.',
      ),
      'cookies-session-without-secure-flag': rule(
        -40,
        FAIL,
        'A session cookie lacks the Secure attribute and no HSTS protects it.',
        'Add Secure to session cookies and deploy HSTS.',
      ),
    },
  },
  'cross-origin-resource-sharing': {
    title: 'Cross-Origin Resource Sharing (CORS)',
    results: {
      'cross-origin-resource-sharing-not-implemented': rule(
        0,
        PASS,
        'Content is not readable by other origins.',
        NOTHING_TO_DO,
      ),
      'cross-origin-resource-sharing-implemented-with-public-access': rule(
        0,
        PASS,
        'Content is readable by any origin (Access-Control-Allow-Origin: *), without credentials.',
        'Make sure nothing private is served with Access-Control-Allow-Origin: *.',
      ),
      'cross-origin-resource-sharing-implemented-with-restricted-access': rule(
        0,
        PASS,
        'Content is readable by a restricted set of origins.',
        NOTHING_TO_DO,
      ),
      'cross-origin-resource-sharing-implemented-with-universal-access': rule(
        -50,
        FAIL,
        "Any origin can read content with the visitor's credentials: " +
          'the requesting Origin is echoed with Access-Control-Allow-Credentials: true.',
        'Echo only origins from an allow-list, or drop Access-Control-Allow-Credentials.',
      ),
    },
  },
  redirection: {
    title: 'Redirection',
    results: {
      'redirection-all-redirects-preloaded': rule(
        0,
        PASS,
        'Every host in the redirect chain is on the HSTS preload list.',
        NOTHING_TO_DO,
      ),
      'redirection-to-https': rule(0, PASS, 'http:// redirects to https:// on the same host first.', NOTHING_TO_DO),
      'redirection-not-needed-no-http': rule(0, PASS, 'The site is not served over plain HTTP.', NOTHING_TO_DO),
      'redirection-off-host-from-http': rule(
        -5,
        FAIL,
        'http:// redirects straight to https:// on another host, so HSTS is never set for the original host.',
        'Redirect http://host/ to https://host/ first, then to the other host.',
      ),
      'redirection-not-to-https-on-initial-redirection': rule(
        -10,
        FAIL,
        'http:// first redirects to another http:// URL before reaching https://.',
        'Make the first redirect go to https:// on the same host.',
      ),
      'redirection-missing': rule(
        -20,
        FAIL,
        'http:// does not redirect to https://.',
        'Redirect every http:// request to https:// (301 or 308).',
      ),
      'redirection-not-to-https': rule(
        -20,
        FAIL,
        'http:// redirects, but never ends on https://.',
        'Redirect http:// requests to https://.',
      ),
      'redirection-invalid-cert': rule(
        -20,
        FAIL,
        'The redirect chain reaches an HTTPS server whose certificate does not verify.',
        'Install a certificate chain that verifies for every host in the chain.',
      ),
    },
  },
  'referrer-policy': {
    title: 'Referrer Policy',
    results: {
      'referrer-policy-private': rule(
        5,
        PASS,
        'A Referrer-Policy keeps URLs private ' +
          '(no-referrer, same-origin, strict-origin or strict-origin-when-cross-origin).',
        NOTHING_TO_DO,
      ),
      'referrer-policy-not-implemented': rule(
        0,
        PASS,
        'No Referrer-Policy is set; browsers default to strict-origin-when-cross-origin.',
        'Set Referrer-Policy: strict-origin-when-cross-origin (or stricter) explicitly.',
      ),
      'referrer-policy-unsafe': rule(
        -5,
        FAIL,
        'The Referrer-Policy leaks URLs to other sites ' +
          '(origin, origin-when-cross-origin, unsafe-url or no-referrer-when-downgrade).',
        'Use strict-origin-when-cross-origin, same-origin or no-referrer.',
      ),
      'referrer-policy-header-invalid': rule(
        -5,
        FAIL,
        'The Referrer-Policy has no valid value.',
        'Use one of the policy values defined by the Referrer Policy specification.',
      ),
    },
  },
  'strict-transport-security': {
    title: 'Strict Transport Security (HSTS)',
    results: {
      'hsts-preloaded': rule(
        5,
        PASS,
        'The host is on the HSTS preload list, so browsers never use plain HTTP for it.',
        NOTHING_TO_DO,
      ),
      'hsts-implemented-max-age-at-least-six-months': rule(
        0,
        PASS,
        'HSTS is set with a max-age of at least six months.',
        'Raise max-age to a year with includeSubDomains, then add preload and submit the domain.',
      ),
      'hsts-implemented-max-age-less-than-six-months': rule(
        -10,
        FAIL,
        'HSTS is set, but max-age is under six months (15,552,000 seconds).',
        'Raise max-age to at least 31536000 (one year).',
      ),
      'hsts-not-implemented': rule(
        -20,
        FAIL,
        'The HTTPS response sends no Strict-Transport-Security header.',
        'Send Strict-Transport-Security: max-age=31536000; includeSubDomains over HTTPS.',
      ),
      'hsts-header-invalid': rule(
        -20,
        FAIL,
        'The Strict-Transport-Security header cannot be parsed (no max-age, or the header is sent more than once).',
        'Send one header with a max-age directive.',
      ),
      'hsts-not-implemented-no-https': rule(
        -20,
        FAIL,
        'The site does not answer over HTTPS, so HSTS cannot be set.',
        'Serve the site over HTTPS, then add HSTS.',
      ),
      'hsts-invalid-cert': rule(
        -20,
        FAIL,
        'The HTTPS certificate does not verify, so browsers ignore HSTS.',
        'Install a certificate chain that verifies.',
      ),
    },
  },
  'subresource-integrity': {
    title: 'Subresource Integrity (SRI)',
    results: {
      'sri-implemented-and-all-scripts-loaded-securely': rule(
        5,
        PASS,
        'Scripts use Subresource Integrity and load over HTTPS.',
        NOTHING_TO_DO,
      ),
      'sri-implemented-and-external-scripts-loaded-securely': rule(
        5,
        PASS,
        'Scripts from other sites use Subresource Integrity and load over HTTPS.',
        NOTHING_TO_DO,
      ),
      'sri-not-implemented-response-not-html': rule(
        0,
        PASS,
        'The response is not HTML, so it loads no scripts.',
        NOTHING_TO_DO,
      ),
      'sri-not-implemented-but-no-scripts-loaded': rule(0, PASS, 'The page loads no scripts.', NOTHING_TO_DO),
      'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': rule(
        0,
        PASS,
        'All scripts come from the site itself, so Subresource Integrity is not needed.',
        NOTHING_TO_DO,
      ),
      'sri-not-implemented-but-external-scripts-loaded-securely': rule(
        -5,
        FAIL,
        'Scripts from other sites load over HTTPS but without Subresource Integrity.',
        'Add integrity (and crossorigin) attributes to scripts from other sites.',
      ),
      'sri-implemented-but-external-scripts-not-loaded-securely': rule(
        -20,
        FAIL,
        'Scripts from other sites use Subresource Integrity but load over plain or protocol-relative HTTP.',
        'Load every script over https://.',
      ),
      'sri-not-implemented-and-external-scripts-not-loaded-securely': rule(
        -50,
        FAIL,
        'Scripts from other sites load over plain or protocol-relative HTTP without Subresource Integrity.',
        'Load every script over https:// and add integrity attributes to scripts from other sites.',
      ),
      'html-not-parseable': rule(
        -20,
        FAIL,
        'The HTML body could not be read, so the scripts could not be checked.',
        'Serve well-formed HTML with a correct Content-Type.',
      ),
    },
  },
  'x-content-type-options': {
    title: 'X-Content-Type-Options',
    results: {
      'x-content-type-options-nosniff': rule(0, PASS, 'X-Content-Type-Options is set to nosniff.', NOTHING_TO_DO),
      'x-content-type-options-not-implemented': rule(
        -5,
        FAIL,
        'X-Content-Type-Options is not set.',
        'Send X-Content-Type-Options: nosniff.',
      ),
      'x-content-type-options-header-invalid': rule(
        -5,
        FAIL,
        'X-Content-Type-Options has a value other than nosniff (or is sent twice).',
        'Send exactly one X-Content-Type-Options: nosniff.',
      ),
    },
  },
  'x-frame-options': {
    title: 'X-Frame-Options',
    results: {
      'x-frame-options-implemented-via-csp': rule(
        5,
        PASS,
        'Framing is controlled by the CSP frame-ancestors directive.',
        NOTHING_TO_DO,
      ),
      'x-frame-options-sameorigin-or-deny': rule(
        5,
        PASS,
        'X-Frame-Options is set to DENY or SAMEORIGIN.',
        "Add CSP frame-ancestors 'none' (or 'self') too.",
      ),
      'x-frame-options-allow-from-origin': rule(
        0,
        PASS,
        'X-Frame-Options uses ALLOW-FROM, which current browsers ignore.',
        'Use CSP frame-ancestors to allow specific origins.',
      ),
      'x-frame-options-not-implemented': rule(
        -20,
        FAIL,
        'Nothing stops other sites from framing the page (clickjacking).',
        "Send CSP frame-ancestors 'none' (or 'self'), or X-Frame-Options: DENY.",
      ),
      'x-frame-options-header-invalid': rule(
        -20,
        FAIL,
        'X-Frame-Options has an invalid value (or is sent twice).',
        'Send exactly one X-Frame-Options: DENY or SAMEORIGIN.',
      ),
    },
  },
  'cross-origin-resource-policy': {
    title: 'Cross-Origin Resource Policy (CORP)',
    results: {
      'corp-implemented-with-same-origin': rule(
        10,
        PASS,
        'Cross-Origin-Resource-Policy is same-origin.',
        NOTHING_TO_DO,
      ),
      'corp-implemented-with-same-site': rule(10, PASS, 'Cross-Origin-Resource-Policy is same-site.', NOTHING_TO_DO),
      'corp-implemented-with-cross-origin': rule(
        0,
        PASS,
        'Cross-Origin-Resource-Policy is cross-origin: any site may embed the resource.',
        'Use same-site or same-origin unless other sites must embed it.',
      ),
      'corp-not-implemented': rule(
        0,
        PASS,
        'Cross-Origin-Resource-Policy is not set.',
        'Send Cross-Origin-Resource-Policy: same-origin (or same-site).',
      ),
      'corp-header-invalid': rule(
        -5,
        FAIL,
        'Cross-Origin-Resource-Policy has an invalid value (or is sent twice).',
        'Send exactly one of same-origin, same-site or cross-origin.',
      ),
    },
  },
  'cross-origin-opener-policy': {
    title: 'Cross-Origin Opener Policy (COOP)',
    results: {
      'coop-implemented-with-same-origin': rule(10, PASS, 'Cross-Origin-Opener-Policy is same-origin.', NOTHING_TO_DO),
      'coop-implemented-with-same-origin-allow-popups': rule(
        10,
        PASS,
        'Cross-Origin-Opener-Policy is same-origin-allow-popups.',
        NOTHING_TO_DO,
      ),
      'coop-implemented-with-noopener-allow-popups': rule(
        10,
        PASS,
        'Cross-Origin-Opener-Policy is noopener-allow-popups.',
        NOTHING_TO_DO,
      ),
      'coop-implemented-with-unsafe-none': rule(
        0,
        PASS,
        'Cross-Origin-Opener-Policy is unsafe-none (the default).',
        'Use same-origin unless cross-origin popups must keep a reference.',
      ),
      'coop-not-implemented': rule(
        0,
        PASS,
        'Cross-Origin-Opener-Policy is not set.',
        'Send Cross-Origin-Opener-Policy: same-origin.',
      ),
      'coop-header-invalid': rule(
        -5,
        FAIL,
        'Cross-Origin-Opener-Policy is not a valid token (values are case-sensitive and unquoted) or is sent twice.',
        'Send exactly one lower-case value such as same-origin.',
      ),
    },
  },
  'cross-origin-embedder-policy': {
    title: 'Cross-Origin Embedder Policy (COEP)',
    results: {
      'coep-implemented-with-require-corp': rule(
        10,
        PASS,
        'Cross-Origin-Embedder-Policy is require-corp.',
        NOTHING_TO_DO,
      ),
      'coep-implemented-with-credentialless': rule(
        10,
        PASS,
        'Cross-Origin-Embedder-Policy is credentialless.',
        NOTHING_TO_DO,
      ),
      'coep-implemented-with-unsafe-none': rule(
        0,
        PASS,
        'Cross-Origin-Embedder-Policy is unsafe-none (the default).',
        'Use require-corp or credentialless when the page can be cross-origin isolated.',
      ),
      'coep-not-implemented': rule(
        0,
        PASS,
        'Cross-Origin-Embedder-Policy is not set.',
        'Send Cross-Origin-Embedder-Policy: require-corp (or credentialless) ' +
          'when the page can be cross-origin isolated.',
      ),
      'coep-header-invalid': rule(
        -5,
        FAIL,
        'Cross-Origin-Embedder-Policy is not a valid token (values are case-sensitive and unquoted) or is sent twice.',
        'Send exactly one lower-case value such as require-corp.',
      ),
    },
  },
};

/** The rule of a result id; throws on an id the table does not know (a programming error). */
export function ruleFor(test: TestName, result: string): ResultRule {
  const found = TEST_RULES[test].results[result];
  if (!found) throw new Error(`Unknown result ${result} for test ${test}`);
  return found;
}
