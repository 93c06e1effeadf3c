/**
 * Seeded, reproducible security-headers captures shaped like what real sites send (fast-check):
 * http and https sessions with redirect chains (same host, off-host, downgrades, more than ten
 * hops), sites with only one scheme, invalid certificates, cookies on hops and on either session,
 * CORS preflights with any status, every graded header well-formed and not, odd content types,
 * and bodies that are pages, JSON, text or empty. Each case carries what the oracle needs beside
 * the capture: the body as served and the page v4 must read in place of it (page-arbitrary.ts).
 */
import fc from 'fast-check';
import type { HeaderPairs, Hop, SecurityHeadersCapture } from '../../../src/tools/security-headers/capture.ts';
import { HeaderView, isHtmlType } from '../../../src/tools/security-headers/parse/headers.ts';
import { contentTypeArbitrary, securityHeadersArbitrary, setCookiesArbitrary } from './header-values.ts';
import type { PreloadEntry } from './oracle-package.ts';
import { pageArbitrary, renderPage } from './page-arbitrary.ts';

/** The seed of the differential test and the default of `npm run fidelity`. */
export const FIDELITY_SEED = 20_261_123;

/** The HSTS preload list both graders read: a registrable domain, an entry without subdomains, a TLD. */
export const PRELOAD_LIST: Record<string, PreloadEntry> = {
  'preloaded-site.com': { includeSubDomains: true, mode: 'force-https' },
  'exact-only.org': { includeSubDomains: false, mode: 'force-https' },
  app: { includeSubDomains: true, mode: 'force-https' },
};

const SITES: { host: string; domain: string }[] = [
  { host: 'example.com', domain: 'example.com' },
  { host: 'www.example.com', domain: 'example.com' },
  { host: 'shop.example.co.uk', domain: 'example.co.uk' },
  { host: 'preloaded-site.com', domain: 'preloaded-site.com' },
  { host: 'www.preloaded-site.com', domain: 'preloaded-site.com' },
  { host: 'exact-only.org', domain: 'exact-only.org' },
  { host: 'www.exact-only.org', domain: 'exact-only.org' },
  { host: 'site.app', domain: 'site.app' },
];

const HTTP_ROUTES = [
  ...['stay', 'to-https', 'to-https', 'to-https-www', 'http-first', 'to-http-other', 'back-to-http', 'many'],
  ...['preloaded', 'no-location'],
];
const HTTPS_ROUTES = ['direct', 'direct', 'direct', 'www', 'downgrade', 'many', 'no-location'];

/** The URLs a session visits, the first being where it starts. */
function route(kind: string, scheme: 'http' | 'https', host: string): string[] {
  const start = `${scheme}://${host}/`;
  const www = host.startsWith('www.') ? host.replace(/^www\./, '') : `www.${host}`;
  const many = [start, ...Array.from({ length: 10 }, (_, i) => `https://${host}/hop/${i + 1}`)];
  const routes: Record<string, string[]> = {
    stay: [start],
    direct: [start],
    'to-https': [start, `https://${host}/`],
    'to-https-www': [start, `https://${www}/`],
    www: [start, `https://${www}/`],
    'http-first': [start, `http://${www}/`, `https://${www}/`],
    'to-http-other': [start, 'http://other-site.com/'],
    'back-to-http': [start, `https://${host}/`, `http://${host}/landing`],
    downgrade: [start, `http://${host}/`],
    many,
    preloaded: [start, 'https://preloaded-site.com/'],
    // A redirect without Location: the Observatory's client goes on to the relative URL "undefined".
    'no-location': [start, `${start}undefined`],
  };
  return routes[kind]!;
}

const REDIRECTS = [301, 302, 303, 307, 308];
const FINAL_STATUSES = [200, 200, 200, 200, 200, 200, 204, 401, 403, 404, 500];
const BODIES = ['{"ok":true}', '[1,2]', '123', 'true', '"text"', 'null', 'plain text', ''];

/** true once in `n` draws. */
export const oneIn = (n: number): fc.Arbitrary<boolean> => fc.integer({ min: 1, max: n }).map((i) => i === 1);

export interface GeneratedCase {
  capture: SecurityHeadersCapture;
  /** The final response's body as the site served it (capture.html is what the retriever kept). */
  body: string;
  /** The page as v4 must read it (null when v4 reads the served page as v6 does). */
  htmlForV4: string | null;
}

function hopsArbitrary(urls: string[], site: { host: string; domain: string }): fc.Arbitrary<Hop[]> {
  const redirects = urls.slice(1).map((next) =>
    fc
      .record({
        status: fc.constantFrom(...REDIRECTS),
        cookies: setCookiesArbitrary(site.host, site.domain, 2),
        hsts: fc.constantFrom<HeaderPairs>([], [], [['strict-transport-security', 'max-age=31536000']]),
      })
      .map(({ status, cookies, hsts }) => {
        const location: HeaderPairs = next.endsWith('/undefined') ? [] : [['location', next]];
        return { status, headers: [...location, ...cookies, ...hsts] };
      }),
  );
  return fc.tuple(...redirects).map((hops) => hops.map((hop, i) => ({ url: urls[i]!, ...hop })));
}

const finalHeadersArbitrary = (site: { host: string; domain: string }) =>
  fc
    .tuple(contentTypeArbitrary, securityHeadersArbitrary, setCookiesArbitrary(site.host, site.domain, 3))
    .map(([type, security, cookies]) => [...type, ...security, ...cookies]);

export const caseArbitrary: fc.Arbitrary<GeneratedCase> = fc
  .record({
    site: fc.constantFrom(...SITES),
    schemes: fc.constantFrom('both', 'both', 'both', 'both', 'https-only', 'http-only'),
    httpRoute: fc.constantFrom(...HTTP_ROUTES),
    httpsRoute: fc.constantFrom(...HTTPS_ROUTES),
    verified: oneIn(8).map((invalid) => !invalid),
    status: fc.constantFrom(...FINAL_STATUSES),
    page: pageArbitrary,
    otherBody: fc.constantFrom(...BODIES),
    htmlBody: oneIn(6).map((other) => !other),
    robots: fc.record({
      status: fc.constantFrom(200, 200, 404),
      cookies: fc.constantFrom<HeaderPairs>(
        [],
        [['set-cookie', 'sessionid=r; Path=/']],
        [['set-cookie', 'theme=dark; Secure; HttpOnly; SameSite=Lax']],
      ),
    }),
    corsCookies: fc.constantFrom<HeaderPairs>([], [], [['set-cookie', 'login=p; Path=/']]),
    cors: fc.option(
      fc.record({
        status: fc.constantFrom(200, 204, 204, 403, 404, 500),
        headers: fc.constantFrom<HeaderPairs>(
          [['access-control-allow-origin', '*']],
          [['access-control-allow-origin', 'https://http-observatory.security.mozilla.org']],
          [
            ['access-control-allow-origin', 'https://http-observatory.security.mozilla.org'],
            ['access-control-allow-credentials', 'true'],
          ],
          [
            ['access-control-allow-origin', 'https://example.com'],
            ['access-control-allow-credentials', 'TRUE'],
          ],
          [['access-control-allow-origin', 'null']],
          [
            ['access-control-allow-origin', '*'],
            ['access-control-allow-origin', '*'],
          ],
          [],
        ),
      }),
      { freq: 2 },
    ),
  })
  .chain((c) => {
    const httpUrls = route(c.httpRoute, 'http', c.site.host);
    const httpsUrls = route(c.httpsRoute, 'https', c.site.host);
    const last = (urls: string[]) => urls.at(-1)!;
    // The "many" routes end on an eleventh response that is still a redirect.
    const finalStatus = (urls: string[]) => (urls.length === 11 ? 302 : c.status);
    return fc
      .record({
        httpHops: hopsArbitrary(httpUrls, c.site),
        httpsHops: hopsArbitrary(httpsUrls, c.site),
        httpsFinal: finalHeadersArbitrary(c.site),
        httpFinal: fc.oneof(fc.constant(null), finalHeadersArbitrary(c.site)),
      })
      .map((g): GeneratedCase => {
        const httpsFinal: Hop = { url: last(httpsUrls), status: finalStatus(httpsUrls), headers: g.httpsFinal };
        // The http session ends on the same response when it ends on the same URL.
        const httpFinal: Hop =
          last(httpUrls) === last(httpsUrls) || g.httpFinal === null
            ? { ...httpsFinal, url: last(httpUrls), status: finalStatus(httpUrls) }
            : { url: last(httpUrls), status: finalStatus(httpUrls), headers: g.httpFinal };
        const httpsChain = [...g.httpsHops, httpsFinal];
        const httpChain = [...g.httpHops, httpFinal];
        const https = c.schemes === 'http-only' ? null : { verified: c.verified, chain: httpsChain };
        const throughBadTls = !c.verified && httpChain.some((hop) => hop.url.startsWith('https:'));
        const http =
          c.schemes === 'https-only' ? null : { verified: !(throughBadTls && https !== null), chain: httpChain };
        const gradedHop = (https ?? http)!.chain.at(-1)!;
        const page = renderPage(c.page, c.site.host, c.site.domain);
        const body = c.htmlBody ? page.html : c.otherBody;
        const kept = isHtmlType(new HeaderView(gradedHop.headers));
        const graded = https ?? http!;
        const capture: SecurityHeadersCapture = {
          host: c.site.host,
          http,
          https,
          cors: c.cors ? { status: c.cors.status, headers: [...c.cors.headers, ...c.corsCookies] } : null,
          html: kept ? body : null,
        };
        // After a certificate failure the Observatory fetches robots.txt through the session's jar,
        // and sends the preflight there when it answered 2xx.
        if (!graded.verified) {
          const robotsUrl = new URL('/robots.txt', graded.chain[0]!.url).href;
          capture.robots = [{ url: robotsUrl, status: c.robots.status, headers: c.robots.cookies }];
          if (c.robots.status === 200) capture.corsUrl = robotsUrl;
        }
        return { capture, body, htmlForV4: c.htmlBody ? page.htmlForV4 : null };
      });
  });
