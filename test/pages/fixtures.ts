/**
 * Scan outcomes for the page tests, produced by the real analyzers from hand-written captures so
 * they have exactly the shape the API returns. Hostile markup is planted in values a scanned site
 * controls (header values, DNS records), to check that the tool page renders it as text.
 */
import { problemBody } from '../../src/http/problem.ts';
import { analyzeEmail } from '../../src/tools/email-security/analyze.ts';
import type { SecurityHeadersCapture } from '../../src/tools/security-headers/capture.ts';
import { gradeCapture } from '../../src/tools/security-headers/scanner.ts';
import type { ScanOutcome } from '../../src/tools/tool.ts';
import { addresses, captureOf, mx, nxdomain, signed, soa, txt } from '../support/email-capture-builder.ts';
import { dkimRecord } from '../support/mail-zones.ts';
import { siteCapture } from '../support/observatory-cases.ts';

/** Markup that would run or show if it were ever parsed as HTML. */
export const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>';

export function securityHeadersOutcome(): ScanOutcome {
  const capture: SecurityHeadersCapture = {
    host: 'example.com',
    http: {
      verified: true,
      chain: [{ url: 'http://example.com/', status: 301, headers: [['location', 'https://example.com/']] }],
    },
    https: {
      verified: true,
      chain: [
        {
          url: 'https://example.com/',
          status: 200,
          headers: [
            ['content-type', 'text/html; charset=utf-8'],
            ['strict-transport-security', 'max-age=31536000'],
            ['x-content-type-options', 'nosniff'],
            ['content-security-policy', `default-src 'self' 'unsafe-inline'; report-uri /csp?${HOSTILE}`],
            ['server', `nginx/1.25.3 ${HOSTILE}`],
            ['x-powered-by', HOSTILE],
          ],
        },
      ],
    },
    cors: null,
    html:
      '<html><head><title>Example</title></head>' +
      '<body><script src="https://cdn.example.net/x.js"></script></body></html>',
  };
  const outcome = gradeCapture(capture);
  if (!outcome.assessed) throw new Error(`fixture not graded: ${outcome.result.message}`);
  return outcome;
}

export function challengeOutcome(): ScanOutcome {
  const capture: SecurityHeadersCapture = {
    host: 'example.com',
    http: null,
    https: {
      verified: true,
      chain: [
        {
          url: 'https://example.com/',
          status: 403,
          headers: [
            ['content-type', 'text/html'],
            ['server', 'cloudflare'],
            ['cf-mitigated', 'challenge'],
          ],
        },
      ],
    },
    cors: null,
    html: '<title>Just a moment...</title>',
  };
  return gradeCapture(capture);
}

export function emailOutcome(): ScanOutcome {
  const capture = captureOf(
    'example.com',
    [
      soa('example.com'),
      mx('example.com', [10, 'mx1.example.com']),
      addresses('mx1.example.com', 'A', '192.0.2.1'),
      txt('example.com', 'v=spf1 mx ~all'),
      txt('_dmarc.example.com', `v=DMARC1; p=none; rua=mailto:dmarc@example.com; ruf=mailto:${HOSTILE}`),
      nxdomain('_domainkey.example.com', 'TXT'),
      nxdomain('_mta-sts.example.com', 'TXT'),
      nxdomain('_smtp._tls.example.com', 'TXT'),
      nxdomain('default._bimi.example.com', 'TXT'),
    ],
    { selectors: { requested: ['google'], tried: ['google', 'selector1'] } },
  );
  const outcome = analyzeEmail(capture);
  if (!outcome.assessed) throw new Error(`fixture not graded: ${outcome.result.message}`);
  return outcome;
}

function graded(outcome: ScanOutcome, grade: string): ScanOutcome {
  if (!outcome.assessed || outcome.grade !== grade)
    throw new Error(`fixture graded ${outcome.grade ?? 'not at all'}, not ${grade}: ${outcome.result.message}`);
  return outcome;
}

/** A site that sends every header as it should: A+. */
export const securityHeadersAPlusOutcome = (): ScanOutcome => graded(gradeCapture(siteCapture()), 'A+');

/** A site that sends no security header and a cookie without attributes: F. */
export const securityHeadersFOutcome = (): ScanOutcome =>
  graded(
    gradeCapture(
      siteCapture({
        headers: [
          ['content-type', 'text/html'],
          ['set-cookie', 'sid=1; Path=/'],
          ['server', 'nginx'],
        ],
        html: '<p>hello</p>',
      }),
    ),
    'F',
  );

/** A signed domain with SPF -all, DMARC reject, a DKIM key of `dkimBits`, MTA-STS enforce, TLS-RPT and BIMI. */
function signedDomainOutcome(dkimBits: number): ScanOutcome {
  const d = 'example.com';
  const queries = [
    soa(d),
    mx(d, [10, 'mx1.example.com']),
    addresses('mx1.example.com', 'A', '192.0.2.1'),
    txt(d, 'v=spf1 ip4:192.0.2.1 -all'),
    txt('_dmarc.example.com', 'v=DMARC1; p=reject; rua=mailto:dmarc@example.com'),
    txt('google._domainkey.example.com', dkimRecord(dkimBits)),
    txt('_mta-sts.example.com', 'v=STSv1; id=20261122'),
    txt('_smtp._tls.example.com', 'v=TLSRPTv1; rua=mailto:tls@example.com'),
    txt('default._bimi.example.com', 'v=BIMI1; l=https://example.com/logo.svg; a=https://example.com/vmc.pem'),
  ].map(signed);
  const mtaStsPolicy = {
    url: 'https://mta-sts.example.com/.well-known/mta-sts.txt',
    status: 200,
    contentType: 'text/plain',
    body: 'version: STSv1\nmode: enforce\nmx: mx1.example.com\nmax_age: 604800\n',
    error: null,
    redirects: [],
  };
  return analyzeEmail(captureOf(d, queries, { selectors: { requested: [], tried: ['google'] }, mtaStsPolicy }));
}

/** The signed domain with a 2048-bit key: A+. */
export const emailAPlusOutcome = (): ScanOutcome => graded(signedDomainOutcome(2048), 'A+');

/** The signed domain with a 1024-bit key: DKIM passes its own check but the key is weak. */
export const emailWeakKeyOutcome = (): ScanOutcome => signedDomainOutcome(1024);

/** A domain that receives mail but publishes no SPF, DMARC, DKIM or transport record: F. */
export function emailFOutcome(): ScanOutcome {
  const d = 'example.com';
  const absent = ['_dmarc', '_domainkey', '_mta-sts', '_smtp._tls', 'default._bimi'];
  const queries = [
    soa(d),
    mx(d, [10, 'mx1.example.com']),
    addresses('mx1.example.com', 'A', '192.0.2.1'),
    txt(d, 'google-site-verification=abc'),
    ...absent.map((label) => nxdomain(`${label}.${d}`, 'TXT')),
  ];
  return graded(analyzeEmail(captureOf(d, queries, { selectors: { requested: [], tried: ['google'] } })), 'F');
}

/** The execute envelope the API answers with for an outcome (200, or the 422 problem). */
export function envelope(
  tool: string,
  target: string,
  outcome: ScanOutcome,
  baseUrl = 'https://scan.test',
): { status: number; body: Record<string, unknown> } {
  const common = {
    apiVersion: '1',
    toolName: tool,
    target,
    grade: outcome.assessed ? outcome.grade : null,
    gradeScore: outcome.assessed ? outcome.gradeScore : null,
    result: outcome.result,
    uiUrl: `${baseUrl}/tools/${tool}`,
    skillUrl: `${baseUrl}/agent-skills/${tool}.md`,
  };
  if (outcome.assessed) return { status: 200, body: { success: true, ...common, error: null } };
  const detail = `The scan ran but could not assess ${target}: ${outcome.result.message}`;
  return { status: 422, body: { ...problemBody(baseUrl, 'unprocessable_entity', { detail }), ...common } };
}
