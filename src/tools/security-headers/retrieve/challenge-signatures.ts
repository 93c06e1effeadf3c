/**
 * Bot/WAF challenge signatures, as data. Decisive headers are documented by the vendor and
 * enough on their own; body markers count only on a refusing status (403, 429, 503, or AWS's
 * 202/405); vendor presence (a CDN's usual headers and cookies) never counts: it is evidence kept
 * beside a verdict.
 * Sources: the vendors' documentation and public WAF fingerprints (docs/challenge-detection.md).
 */
export interface DecisiveHeader {
  vendor: string;
  header: string;
  value: RegExp;
}

export interface BodyMarker {
  vendor: string;
  marker: RegExp;
}

export interface Presence {
  vendor: string;
  /** A header and a pattern its value must match, or a cookie-name pattern in Set-Cookie. */
  header?: [name: string, value: RegExp];
  cookie?: RegExp;
}

export const DECISIVE_HEADERS: DecisiveHeader[] = [
  { vendor: 'cloudflare', header: 'cf-mitigated', value: /^\s*challenge\s*$/i },
  { vendor: 'vercel', header: 'x-vercel-mitigated', value: /^\s*(challenge|deny)\s*$/i },
  { vendor: 'aws-waf', header: 'x-amzn-waf-action', value: /^\s*(challenge|captcha)\s*$/i },
  { vendor: 'sucuri', header: 'x-sucuri-block', value: /\S/ },
];

export const REFUSING_STATUSES = new Set([403, 429, 503]);
/** AWS WAF answers a challenge with 202 and a CAPTCHA with 405. */
export const AWS_CHALLENGE_STATUSES = new Set([202, 405]);

export const BODY_MARKERS: BodyMarker[] = [
  { vendor: 'cloudflare', marker: /<title>\s*Just a moment\.\.\.\s*<\/title>/i },
  { vendor: 'cloudflare', marker: /\/cdn-cgi\/challenge-platform\// },
  { vendor: 'cloudflare', marker: /_cf_chl_opt/ },
  { vendor: 'cloudflare', marker: /Checking (if the site connection is secure|your browser)/i },
  { vendor: 'cloudflare', marker: /Sorry, you have been blocked|Cloudflare Ray ID/ },
  { vendor: 'vercel', marker: /<title>\s*Vercel Security Checkpoint\s*<\/title>/i },
  { vendor: 'vercel', marker: /\/_?vercel\/(security|protection\/challenge)/ },
  { vendor: 'akamai', marker: /Reference&#32;#\d+\.|Reference #\d+\.[0-9a-f]+\.\d+/i },
  { vendor: 'akamai', marker: /errors\.edgesuite\.net/ },
  { vendor: 'imperva', marker: /Incapsula incident ID/i },
  { vendor: 'imperva', marker: /\/_Incapsula_Resource/ },
  { vendor: 'datadome', marker: /(geo|ct)\.captcha-delivery\.com/ },
  { vendor: 'perimeterx', marker: /perimeterx\.net|px-captcha|client\.px-cloud\.net/ },
  { vendor: 'perimeterx', marker: /Press\s*&(amp;)?\s*Hold/i },
  { vendor: 'sucuri', marker: /Sucuri WebSite Firewall/i },
  { vendor: 'ddos-guard', marker: /ddos-guard\.net|id="link-ddg"/i },
  { vendor: 'f5', marker: /The requested URL was rejected\. Please consult with your administrator\./i },
  { vendor: 'anubis', marker: /<script id="anubis_challenge"|\/\.within\.website\/x\/cmd\/anubis\// },
  { vendor: 'aws-waf', marker: /awswaf\.com|AwsWafIntegration/ },
  { vendor: 'kasada', marker: /ips\.js\?|KPSDK/ },
];

export const PRESENCE: Presence[] = [
  { vendor: 'cloudflare', header: ['server', /^cloudflare$/i] },
  { vendor: 'cloudflare', header: ['cf-ray', /\S/] },
  { vendor: 'vercel', header: ['x-vercel-id', /\S/] },
  { vendor: 'akamai', header: ['server', /AkamaiGHost/i] },
  { vendor: 'akamai', cookie: /^(_abck|ak_bmsc|bm_sz)$/ },
  { vendor: 'imperva', header: ['x-cdn', /Incapsula|Imperva/i] },
  { vendor: 'imperva', header: ['x-iinfo', /\S/] },
  { vendor: 'imperva', cookie: /^(incap_ses_|visid_incap_)/ },
  { vendor: 'datadome', header: ['x-datadome', /\S/] },
  { vendor: 'datadome', header: ['x-datadome-cid', /\S/] },
  { vendor: 'datadome', cookie: /^datadome$/ },
  { vendor: 'perimeterx', cookie: /^_px/ },
  { vendor: 'sucuri', header: ['x-sucuri-id', /\S/] },
  { vendor: 'sucuri', header: ['server', /Sucuri/i] },
  { vendor: 'ddos-guard', header: ['server', /ddos-guard/i] },
  { vendor: 'ddos-guard', cookie: /^__ddg/ },
  { vendor: 'f5', cookie: /^TS[0-9a-f]{6,8}$/ },
  { vendor: 'kasada', header: ['x-kpsdk-ct', /\S/] },
  { vendor: 'aws-waf', cookie: /^aws-waf-token$/ },
];
