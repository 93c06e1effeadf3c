/**
 * The network half of email-security: every DNS question the analysis will read, asked through a
 * recording resolver in dependency order, with everything independent in flight at once, so a
 * scan takes about as long as its longest chain of dependent queries, not their sum.
 */
import type { GuardedFetchDeps } from '../../net/guarded-fetch.ts';
import type { Resolver } from '../../net/resolver.ts';
import { RecordingResolver, type EmailSecurityCapture } from './capture.ts';
import {
  retrieveApexTxt,
  retrieveBimi,
  retrieveDkim,
  retrieveDmarc,
  retrieveDnssec,
  retrieveMtaSts,
  retrieveMx,
  retrieveTlsRpt,
} from './mechanisms.ts';
import { retrieveSpf } from './spf/walk.ts';
import { withTimeout } from '../../net/abort-signals.ts';

export interface EmailRetrieveDeps {
  resolver: Resolver;
  /** For the MTA-STS policy file (the address guard applies). */
  fetch: GuardedFetchDeps;
  /** TESTS ONLY: the port of the MTA-STS policy host. */
  mtaStsPort?: number;
}

const EMAIL_SCAN_DEADLINE_MS = 20_000;

export async function retrieveEmail(
  domain: string,
  deps: EmailRetrieveDeps,
  options: { selectors?: string[]; signal?: AbortSignal } = {},
): Promise<EmailSecurityCapture> {
  const started = Date.now();
  const deadline = withTimeout(options.signal, EMAIL_SCAN_DEADLINE_MS);
  const requested = options.selectors ?? [];
  const capture: EmailSecurityCapture = {
    domain,
    queries: [],
    mtaStsPolicy: null,
    selectors: { requested, tried: [] },
  };
  const dns = new RecordingResolver(deps.resolver, capture, deadline);

  const mx = retrieveMx(dns, domain);
  const apexTxt = retrieveApexTxt(dns, domain);
  // DKIM's provider selectors come from the MX hosts and the SPF includes.
  const dkim = Promise.all([mx, apexTxt]).then(([m, txt]) =>
    retrieveDkim(dns, domain, { requested, mxHosts: m.hosts, apexTxt: txt }),
  );
  // The policy host's address lookups go through the recorder too, so the capture has them.
  const mtaSts = retrieveMtaSts(
    dns,
    domain,
    { ...deps.fetch, resolver: dns },
    { signal: deadline, ...(deps.mtaStsPort ? { port: deps.mtaStsPort } : {}) },
  );
  const [selectors, policy] = await Promise.all([
    dkim,
    mtaSts,
    retrieveSpf(dns, domain),
    retrieveDmarc(dns, domain),
    retrieveTlsRpt(dns, domain),
    retrieveBimi(dns, domain),
    retrieveDnssec(dns, domain),
  ]);
  capture.selectors = selectors;
  capture.mtaStsPolicy = policy;
  capture.durationMs = Date.now() - started;
  return capture;
}
