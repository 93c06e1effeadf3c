/**
 * HSTS preload status, looked up from a preload status service (default: hstspreload.org's
 * `/api/v2/status?domain=`), cached, with a short deadline. Any failure is "unknown", which the
 * grader treats as not preloaded and says so. The service accepts only registered domains
 * submitted with includeSubDomains, so "preloaded" is read as preloaded with includeSubDomains.
 */
import { BoundedCache } from '../../../cache/bounded-cache.ts';
import { readCapped } from '../../../http/read-capped.ts';
import { withTimeout } from '../../../net/abort-signals.ts';

/** A status answer is a few hundred bytes; a service sending more is not read further. */
const MAX_STATUS_BYTES = 16 * 1024;

export type PreloadStatus = { preloaded: boolean; includeSubDomains: boolean } | 'unknown';
export type PreloadLookup = (host: string, signal?: AbortSignal) => Promise<PreloadStatus>;

export function createPreloadLookup(options: {
  url: string | null;
  fetch: typeof fetch;
  timeoutMs?: number;
  ttlMs?: number;
  now?: () => number;
}): PreloadLookup {
  const { url, timeoutMs = 1500, ttlMs = 6 * 3_600_000, now = Date.now } = options;
  const cache = new BoundedCache<string, PreloadStatus>({ maxEntries: 10_000, ttlMs, now });
  return async (host, signal) => {
    if (url === null) return 'unknown';
    const hit = cache.get(host);
    if (hit !== undefined) return hit;
    let status: PreloadStatus = 'unknown';
    try {
      const response = await options.fetch(`${url}?domain=${encodeURIComponent(host)}`, {
        signal: withTimeout(signal, timeoutMs),
      });
      const read = response.ok ? await readCapped(response.body, MAX_STATUS_BYTES) : null;
      if (read && !read.overflowed && read.error === undefined) {
        const body = JSON.parse(new TextDecoder().decode(read.bytes)) as { status?: unknown } | null;
        if (body?.status === 'preloaded') status = { preloaded: true, includeSubDomains: true };
        else if (typeof body?.status === 'string') status = { preloaded: false, includeSubDomains: false };
      }
    } catch {
      status = 'unknown';
    }
    // Unknown answers are retried sooner than real ones.
    cache.set(host, status, status === 'unknown' ? { ttlMs: 60_000 } : {});
    return status;
  };
}
