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
import { noDnsResponse, resolverUnreachable } from '../../net/resolver-reachability.ts';
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
import { bimiName } from './bimi/retrieve.ts';
import { dmarcName } from './dmarc/tree-walk.ts';
import { mtaStsName } from './mta-sts/retrieve.ts';
import { tlsRptName } from './tls-rpt/retrieve.ts';
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

/** The record families `retrieveEmail` reports through `finished`, as the scanner counts them. */
export const RECORD_FAMILIES = 8;

export async function retrieveEmail(
  domain: string,
  deps: EmailRetrieveDeps,
  options: { selectors?: string[]; signal?: AbortSignal; finished?: (phase: string) => void } = {},
): Promise<EmailSecurityCapture> {
  const finished = options.finished ?? (() => {});
  const family = <T>(name: string, lookup: Promise<T>) => lookup.finally(() => finished(`Looked up ${name}`));
  const started = Date.now();
  const deadline = withTimeout(options.signal, deps.deadlineMs ?? EMAIL_SCAN_DEADLINE_MS);
  const requested = options.selectors ?? [];
  const capture: EmailSecurityCapture = {
    domain,
    queries: [],
    mtaStsPolicy: null,
    selectors: { requested, tried: [] },
  };
  // The first wave: the apex and the first question of each independent section. The rest waits
  // for the apex's verdict, which comes about when the first wave's other answers do.
  const firstWave = new Set(
    [
      ['MX', domain],
      ['TXT', domain],
      ['SOA', domain],
      ['TXT', dmarcName(domain)],
      ['TXT', mtaStsName(domain)],
      ['TXT', tlsRptName(domain)],
      ['TXT', bimiName(domain)],
    ].map(([type, name]) => `${type} ${name}`),
  );
  let decide: (go: boolean) => void = () => {};
  const apexVerdict = new Promise<boolean>((resolve) => (decide = resolve));
  const gate = (name: string, type: string) => firstWave.has(`${type} ${name}`) || apexVerdict;
  const dns = new RecordingResolver(deps.resolver, capture, deadline, gate);
  const finish = () => {
    capture.durationMs = Date.now() - started;
    if (deadline.aborted) capture.deadlineReached = true;
    return capture;
  };

  const mx = family('MX', retrieveMx(dns, domain));
  const apexTxt = retrieveApexTxt(dns, domain);
  // DKIM's provider selectors come from the MX hosts and the SPF includes.
  const dkim = family(
    'DKIM',
    Promise.all([mx, apexTxt]).then(([m, txt]) =>
      retrieveDkim(dns, domain, { requested, mxHosts: m.hosts, apexTxt: txt }),
    ),
  );
  // The policy host's address lookups go through the recorder too, so the capture has them.
  const mtaSts = family(
    'MTA-STS',
    retrieveMtaSts(
      dns,
      domain,
      { ...deps.fetch, resolver: dns },
      { signal: deadline, ...(deps.mtaStsPort ? { port: deps.mtaStsPort } : {}) },
    ),
  );
  const others = [
    family('SPF', retrieveSpf(dns, domain)),
    family('DMARC', retrieveDmarc(dns, domain)),
    family('TLS-RPT', retrieveTlsRpt(dns, domain)),
    family('BIMI', retrieveBimi(dns, domain)),
    family('DNSSEC', retrieveDnssec(dns, domain)),
  ];
  const stop = await apexStop(dns, deps.resolver, domain, deadline);
  if (stop?.unreachable !== undefined) capture.resolverUnreachable = stop.unreachable;
  decide(stop === null);
  const [selectors, policy] = await Promise.all([dkim, mtaSts, ...others]);
  capture.selectors = selectors;
  capture.mtaStsPolicy = policy;
  return finish();
}

/**
 * Whether the scan stops at the apex: its MX, TXT and SOA all NXDOMAIN (the domain does not
 * exist), or none of them got a DNS response and neither does another name (the resolver itself
 * is unreachable). Null: go on. Answers as soon as one apex answer shows the domain exists.
 */
async function apexStop(
  dns: RecordingResolver,
  resolver: Resolver,
  domain: string,
  deadline: AbortSignal,
): Promise<{ unreachable?: string } | null> {
  const asked = [dns.query(domain, 'MX'), dns.query(domain, 'TXT'), dns.query(domain, 'SOA')];
  if (await anyShowsExistence(asked)) return null;
  const apex = await Promise.all(asked); // all in already
  if (apex.every((answer) => answer.outcome === 'nxdomain')) return {};
  if (!apex.every(noDnsResponse) || deadline.aborted) return null;
  const unreachable = await resolverUnreachable(resolver, domain, deadline);
  return unreachable === null ? null : { unreachable };
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
