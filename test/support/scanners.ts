/**
 * Scanners injected through createApp(deps), and the outcomes they answer with: real outcomes of
 * the tools' own graders on fixed captures, so every answer the API tests see has the shape a
 * real scan gives (test/support/conforming-app.ts checks it against the OpenAPI document).
 */
import { analyzeEmail } from '../../src/tools/email-security/analyze.ts';
import { COMMON_SELECTORS } from '../../src/tools/email-security/dkim/selectors.ts';
import { gradeCapture } from '../../src/tools/security-headers/scanner.ts';
import type { ScanContext, ScanOutcome, Scanner } from '../../src/tools/tool.ts';
import { addresses, captureOf, mx, soa, txt } from './email-capture-builder.ts';
import { dkimRecord } from './mail-zones.ts';
import { headersWith, siteCapture } from './observatory-cases.ts';

/** security-headers: a site without Content-Security-Policy: grade B, score 75, status warnings. */
export const GRADED: ScanOutcome = gradeCapture(
  siteCapture({ headers: headersWith({ 'content-security-policy': null }) }),
);

/** security-headers: a Cloudflare challenge page instead of the site (422, reason bot-challenge). */
export const CHALLENGED: ScanOutcome = gradeCapture(
  siteCapture({
    status: 403,
    headers: [
      ['cf-mitigated', 'challenge'],
      ['content-type', 'text/html'],
    ],
    html: '<title>Just a moment...</title>',
  }),
);

const MAIL_DOMAIN = 'example.com';

/**
 * email-security: DMARC p=none (at most D: anyone can send as the domain), SPF ?all, no TLS-RPT,
 * no DNSSEC: grade D, score 39, status failed.
 */
export const GRADED_EMAIL: ScanOutcome = analyzeEmail(
  captureOf(
    MAIL_DOMAIN,
    [
      txt(MAIL_DOMAIN, 'v=spf1 mx ?all'),
      mx(MAIL_DOMAIN, [10, `mail.${MAIL_DOMAIN}`]),
      addresses(`mail.${MAIL_DOMAIN}`, 'A', '192.0.2.1'),
      soa(MAIL_DOMAIN),
      txt(`_dmarc.${MAIL_DOMAIN}`, `v=DMARC1; p=none; rua=mailto:d@${MAIL_DOMAIN}`),
      txt(`default._domainkey.${MAIL_DOMAIN}`, dkimRecord(2048)),
      txt(`_mta-sts.${MAIL_DOMAIN}`, 'v=STSv1; id=20240101'),
      txt(`default._bimi.${MAIL_DOMAIN}`, 'v=BIMI1; l=https://l.example/logo.svg; a=https://l.example/vmc.pem'),
    ],
    {
      mtaStsPolicy: {
        url: `https://mta-sts.${MAIL_DOMAIN}/.well-known/mta-sts.txt`,
        status: 200,
        contentType: 'text/plain',
        body: `version: STSv1\nmode: enforce\nmx: mail.${MAIL_DOMAIN}\nmax_age: 604800\n`,
        error: null,
        redirects: [],
      },
      selectors: { requested: [], tried: [...COMMON_SELECTORS] },
    },
  ),
);

/** A scanner that records every call and answers as told (by default, its tool's GRADED outcome). */
export class RecordingScanner {
  readonly calls: { target: string; context: ScanContext }[] = [];

  constructor(
    public outcome: ScanOutcome | ((target: string, context: ScanContext) => Promise<ScanOutcome>) = GRADED,
  ) {}

  readonly scan: Scanner = async (target, context) => {
    this.calls.push({ target, context });
    return typeof this.outcome === 'function' ? this.outcome(target, context) : this.outcome;
  };
}
