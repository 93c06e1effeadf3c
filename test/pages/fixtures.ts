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
import { addresses, captureOf, mx, nxdomain, soa, txt } from '../support/email-capture-builder.ts';

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
