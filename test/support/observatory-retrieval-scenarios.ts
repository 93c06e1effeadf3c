/**
 * The sites of the retrieval-agreement test (observatory-retrieval.integration.test.ts): what
 * http://host/ (port 80) and https://host/ (port 443) answer, where each scenario differs in which
 * responses the grade depends on (redirect chains, cookies per hop and per session, robots.txt,
 * the CORS preflight, certificates, statuses). Every host is `<name>.oracle.test`.
 */
import type { Respond, SiteRequest, SiteResponse } from './observatory-sites.ts';

type Header = [string, string];
type Answer = SiteResponse | Respond;

/** Results whose modifier changed between v4 and v6: the v4 (oracle) modifier. */
export const V4_MODIFIERS: Record<string, number> = { 'x-frame-options-sameorigin-or-deny': 0 };

export interface Scenario {
  name: string;
  /** Builds the handlers of port 80 and port 443 (null: nothing listens) for the scenario's host. */
  http: ((host: string) => Respond) | null;
  https: ((host: string) => Respond) | null;
  /** Serve a self-signed certificate neither scanner trusts. */
  selfSigned?: true;
  /** Other names answered by the same servers (an off-host redirect's target). */
  aliases?: (host: string) => string[];
  /** Both must refuse to grade (the graded response's status). */
  refused?: true;
}

const ORACLE_DOMAIN = 'oracle.test';
export const hostOf = (scenario: Scenario): string => `${scenario.name}.${ORACLE_DOMAIN}`;

/** The HSTS preload list both scanners use (the Observatory's `conf/hsts-preload.json` format). */
export const HSTS_PRELOAD = {
  [`preloaded.${ORACLE_DOMAIN}`]: {
    includeSubDomains: false,
    includeSubDomainsForPinning: false,
    mode: 'force-https',
    pinned: false,
  },
};

const PAGE = '<!doctype html><html><head><title>oracle</title></head><body>ok</body></html>';
const GOOD: Header[] = [
  ['content-type', 'text/html; charset=utf-8'],
  ['strict-transport-security', 'max-age=63072000'],
  ['content-security-policy', "default-src 'none'; base-uri 'none'; form-action 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
  ['cross-origin-resource-policy', 'same-origin'],
];
const page = (...extra: Header[]): SiteResponse => ({ headers: [...GOOD, ...extra], body: PAGE });
const moved = (location: string | null, status = 301, ...extra: Header[]): SiteResponse => ({
  status,
  headers: [...(location === null ? [] : [['location', location] as Header]), ...extra],
});
const status = (code: number, ...extra: Header[]): SiteResponse => ({
  status: code,
  headers: [['content-type', 'text/plain'], ...extra],
  body: `status ${code}`,
});
const cookie = (value: string): Header => ['set-cookie', value];
const ANY_ORIGIN: Header = ['access-control-allow-origin', '*'];

/**
 * A site by path: GET answers from `get`; OPTIONS from `preflight`, else like GET (as most
 * servers do); anything else is 404.
 */
function site(get: Record<string, Answer>, preflight: Record<string, Answer> = {}): Respond {
  return (request: SiteRequest) => {
    const path = new URL(request.url, 'http://x').pathname;
    const answer = (request.method === 'OPTIONS' ? preflight[path] : undefined) ?? get[path] ?? status(404);
    return typeof answer === 'function' ? answer(request) : answer;
  };
}
const toHttps = (host: string) => site({ '/': moved(`https://${host}/`) });
const goodHttps = () => site({ '/': page() });

/** A CORS preflight answered by a redirect to /cors, whose OPTIONS and GET allow different origins. */
const corsRedirect = (code: number) => () =>
  site(
    { '/': page(), '/cors': { headers: [['access-control-allow-origin', 'https://example.com']], body: 'get' } },
    { '/': moved('/cors', code), '/cors': { status: 204, headers: [ANY_ORIGIN] } },
  );
const corsStatus = (code: number) => () => site({ '/': page() }, { '/': status(code, ANY_ORIGIN) });

/**
 * Each scenario pins a retrieval behaviour of the Observatory (1.4.8, and main: its retriever is
 * unchanged) that decides which responses the grade reads: only the graded session's cookie jar
 * counts (not the http session's, even on hops it alone passes); the jar's storage rules (prefix,
 * Domain, expired cookies); an invalid certificate retried without verification on either session,
 * after which robots.txt cookies count and the preflight goes to robots.txt; the preflight read
 * only when 2xx, its redirects followed (a 303 turns it into a GET), the Origin it sent never
 * compared (no universal access); a 3xx without Location followed to /undefined.
 */
export const SCENARIOS: Scenario[] = [
  { name: 'good', http: toHttps, https: goodHttps },
  { name: 'https-only', http: null, https: goodHttps },
  { name: 'http-only', http: () => site({ '/': page(cookie('sessionid=a; HttpOnly; SameSite=Lax')) }), https: null },
  {
    name: 'off-host',
    aliases: (host) => [`www.${host}`],
    http: (host) => site({ '/': moved(`https://www.${host}/`) }),
    https: goodHttps,
  },
  {
    name: 'cookie-on-http-hop',
    http: (host) => site({ '/': moved(`https://${host}/`, 301, cookie('sessionid=b; Path=/')) }),
    https: goodHttps,
  },
  {
    name: 'cookie-on-https-hop-of-http-chain',
    http: (host) => site({ '/': moved(`https://${host}/welcome`) }),
    https: () => site({ '/': page(), '/welcome': moved('/', 302, cookie('sessionid=c; Secure; Path=/')) }),
  },
  {
    name: 'cookies-on-https-hops',
    http: toHttps,
    https: () =>
      site({
        '/': moved('/login', 302, cookie('sessionid=d; Secure; HttpOnly; SameSite=Lax')),
        '/login': moved('/home', 302, cookie('csrftoken=e; Secure; Path=/')),
        '/home': page(),
      }),
  },
  {
    name: 'cookie-on-http-session-only',
    http: () => site({ '/': page(cookie('tracker=f; Path=/')) }),
    https: goodHttps,
  },
  {
    name: 'samesite-invalid-on-hop',
    http: toHttps,
    https: () => site({ '/': moved('/home', 302, cookie('pref=g; Secure; SameSite=bogus')), '/home': page() }),
  },
  {
    name: 'cookie-variants',
    http: toHttps,
    https: () =>
      site({
        '/': page(
          cookie('__Host-id=h; Secure; Path=/; SameSite=Strict'),
          cookie('__Secure-pref=i; Secure; SameSite=Lax'),
          cookie('sessionid=j; Secure; HttpOnly; SameSite=Lax'),
          cookie('csrftoken=k; Secure; SameSite=None'),
        ),
      }),
  },
  {
    name: 'cookie-samesite-invalid',
    http: toHttps,
    https: () => site({ '/': page(cookie('track=l; SameSite=None'), cookie('pref=m; Secure; SameSite=Bogus')) }),
  },
  {
    name: 'cookie-prefix-violations',
    http: toHttps,
    https: (host) =>
      site({
        '/': page(cookie(`__Host-sess=n; Secure; Path=/; Domain=${host}`), cookie('__Secure-login=o; HttpOnly')),
      }),
  },
  {
    name: 'cookie-foreign-domain',
    http: toHttps,
    https: () => site({ '/': page(cookie('sessionid=r; Domain=example.com; Path=/')) }),
  },
  {
    name: 'cookie-deleted-on-later-hop',
    http: toHttps,
    https: () =>
      site({
        '/': moved('/home', 302, cookie('sessionid=s; Path=/')),
        '/home': page(cookie('sessionid=; Path=/; Max-Age=0')),
      }),
  },
  {
    name: 'robots-cookie',
    http: toHttps,
    https: () => site({ '/': page(), '/robots.txt': status(200, cookie('sessionid=p; Path=/')) }),
  },
  { name: 'invalid-cert', selfSigned: true, http: () => site({ '/': page() }), https: goodHttps },
  {
    name: 'invalid-cert-redirect',
    selfSigned: true,
    http: toHttps,
    https: goodHttps,
  },
  {
    name: 'invalid-cert-robots',
    selfSigned: true,
    http: null,
    https: () =>
      site(
        { '/': page(), '/robots.txt': status(200, cookie('sessionid=q; Path=/')) },
        { '/': status(204, ANY_ORIGIN), '/robots.txt': status(404) },
      ),
  },
  { name: 'cors-204', http: toHttps, https: () => site({ '/': page() }, { '/': status(204, ANY_ORIGIN) }) },
  {
    name: 'cors-403',
    http: toHttps,
    https: corsStatus(403),
  },
  {
    name: 'cors-404',
    http: toHttps,
    https: corsStatus(404),
  },
  {
    name: 'cors-500',
    http: toHttps,
    https: corsStatus(500),
  },
  {
    name: 'cors-301',
    http: toHttps,
    https: corsRedirect(301),
  },
  {
    name: 'cors-302',
    http: toHttps,
    https: corsRedirect(302),
  },
  {
    name: 'cors-303',
    http: toHttps,
    https: corsRedirect(303),
  },
  {
    name: 'cors-reflected-credentials',
    http: toHttps,
    https: () =>
      site(
        { '/': page() },
        {
          '/': (request) => ({
            status: 204,
            headers: [
              ['access-control-allow-origin', String(request.headers.origin ?? 'null')],
              ['access-control-allow-credentials', 'true'],
            ],
          }),
        },
      ),
  },
  {
    name: 'cors-on-get-only',
    http: toHttps,
    https: () => site({ '/': page(ANY_ORIGIN) }, { '/': status(204) }),
  },
  {
    name: 'no-location-on-http',
    http: () => site({ '/': moved(null, 302) }),
    https: goodHttps,
  },
  {
    name: 'no-location-on-https',
    refused: true,
    http: toHttps,
    https: () => site({ '/': moved(null, 302, ...GOOD) }),
  },
  { name: 'status-404', refused: true, http: toHttps, https: () => site({ '/': { ...page(), status: 404 } }) },
  { name: 'preloaded', http: () => site({ '/': page() }), https: goodHttps },
];
