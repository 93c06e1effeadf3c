/**
 * The network half of email-security: every DNS question the analysis will read, asked through a
 * recording resolver in dependency order, with everything independent in flight at once, so a
 * scan takes about as long as its longest chain of dependent queries, not their sum.
 *
 * The apex's MX, TXT and SOA come first (SPF and DKIM need the first two anyway): a domain that
 * does not exist ends the scan there, and so does a resolver that gives no DNS response at all
 * (checked once more on another name, so a broken domain is not mistaken for a broken resolver).
 */
import type { GuardedFetchDeps } from '../../net/guarded-fetch.ts';
import type { DnsResult, Resolver } from '../../net/resolver.ts';
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
  /** TESTS ONLY: the scan's deadline (default `EMAIL_SCAN_DEADLINE_MS`). */
  deadlineMs?: number;
}

const EMAIL_SCAN_DEADLINE_MS = 20_000;

export async function retrieveEmail(
  domain: string,
  deps: EmailRetrieveDeps,
  options: { selectors?: string[]; signal?: AbortSignal } = {},
): Promise<EmailSecurityCapture> {
  const started = Date.now();
  const deadline = withTimeout(options.signal, deps.deadlineMs ?? EMAIL_SCAN_DEADLINE_MS);
  const requested = options.selectors ?? [];
  const capture: EmailSecurityCapture = {
    domain,
    queries: [],
    mtaStsPolicy: null,
    selectors: { requested, tried: [] },
  };
  const dns = new RecordingResolver(deps.resolver, capture, deadline);
  const finish = () => {
    capture.durationMs = Date.now() - started;
    if (deadline.aborted) capture.deadlineReached = true;
    return capture;
  };

  const asked = [dns.query(domain, 'MX'), dns.query(domain, 'TXT'), dns.query(domain, 'SOA')];
  if (!(await anyShowsExistence(asked))) {
    const apex = await Promise.all(asked); // all in already
    if (apex.every((answer) => answer.outcome === 'nxdomain')) return finish();
    if (apex.every(noDnsResponse) && !deadline.aborted) {
      const check = await deps.resolver.query(topLevelDomain(domain), 'SOA', { signal: deadline });
      if (noDnsResponse(check) && !deadline.aborted) {
        capture.resolverUnreachable = check.error ?? check.outcome;
        return finish();
      }
    }
  }

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
  return finish();
}

/**
 * True as soon as one answer is a DNS response other than NXDOMAIN (the name exists: no need to
 * wait for a slow SOA); false once all are in without one.
 */
function anyShowsExistence(answers: Promise<DnsResult>[]): Promise<boolean> {
  return new Promise((resolve) => {
    let pending = answers.length;
    for (const answer of answers)
      void answer.then((result) => {
        if (result.rcode !== null && result.outcome !== 'nxdomain') resolve(true);
        if (--pending === 0) resolve(false);
      });
  });
}

/** No DNS message came back: the resolver failed at the transport (network, HTTP, time-out). */
function noDnsResponse(answer: DnsResult): boolean {
  return answer.rcode === null && (answer.outcome === 'error' || answer.outcome === 'timeout');
}

const topLevelDomain = (domain: string) => domain.slice(domain.lastIndexOf('.') + 1);
