/**
 * MTA-STS retrieval: the `_mta-sts.<domain>` TXT record, then, when it announces a policy,
 * `https://mta-sts.<domain>/.well-known/mta-sts.txt` through the guarded fetch: no redirects
 * (RFC 8461 §3.3: senders must not follow them; one is recorded as error `redirect`), a short
 * timeout and a 64 KiB cap (`too-large` beyond). The certificate must verify (no retry without).
 */
import { guardedFetch, type GuardedFetchDeps, type GuardedResult } from '../../../net/guarded-fetch.ts';
import type { PolicyFetch, RecordingResolver } from '../capture.ts';
import { isStsRecord } from './record.ts';

export const MTA_STS_POLICY_MAX_BYTES = 64 * 1024;
const MTA_STS_FETCH_TIMEOUT_MS = 5_000;

export const mtaStsName = (domain: string) => `_mta-sts.${domain}`;

/** The policy URL. `port` is for tests only (a local HTTPS server); production never sets it. */
export function policyUrl(domain: string, port?: number): string {
  return `https://mta-sts.${domain}${port !== undefined ? `:${port}` : ''}/.well-known/mta-sts.txt`;
}

export interface MtaStsRetrieveOptions {
  /** The scan's deadline. */
  signal?: AbortSignal;
  /** TESTS ONLY: fetch the policy from this port instead of 443 (a local test site). */
  port?: number;
}

function toPolicyFetch(url: string, result: GuardedResult): PolicyFetch {
  if (!result.ok) {
    const last = result.chain[result.chain.length - 1];
    const redirected = result.reason === 'too-many-redirects' || result.reason === 'invalid-redirect';
    return {
      url,
      status: last?.status ?? null,
      contentType: last?.headers.find(([name]) => name === 'content-type')?.[1] ?? null,
      body: null,
      error: redirected ? 'redirect' : result.reason,
      redirects: result.reason === 'too-many-redirects' ? [result.url] : [],
    };
  }
  const error = result.truncated && result.bodyError === undefined ? 'too-large' : (result.bodyError ?? null);
  return {
    url,
    status: result.status,
    contentType: result.headers.find(([name]) => name === 'content-type')?.[1] ?? null,
    body: result.body,
    error,
    redirects: [],
  };
}

/**
 * Asks for the TXT record and, when a `v=STSv1` record is there, fetches the policy. Returns the
 * fetch for `capture.mtaStsPolicy` (null when no record invited it). Pass the scan's
 * RecordingResolver as `deps.resolver` too, or the policy host's address lookups go unrecorded.
 */
export async function retrieveMtaSts(
  resolver: RecordingResolver,
  domain: string,
  deps: GuardedFetchDeps,
  options: MtaStsRetrieveOptions = {},
): Promise<PolicyFetch | null> {
  const txt = await resolver.query(mtaStsName(domain), 'TXT');
  if (!txt.answers.some((record) => isStsRecord(record.text))) return null;
  const url = policyUrl(domain, options.port);
  const result = await guardedFetch(
    url,
    {
      maxRedirects: 0,
      readBody: true,
      maxBodyBytes: MTA_STS_POLICY_MAX_BYTES,
      timeoutMs: MTA_STS_FETCH_TIMEOUT_MS,
      headers: { accept: 'text/plain' },
      ...(options.signal ? { signal: options.signal } : {}),
    },
    deps,
  );
  return toPolicyFetch(url, result);
}
