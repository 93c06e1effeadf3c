/**
 * Email-security scan latency against the local DoH server with 20 ms added to every answer: a
 * scan that asks independent questions together takes a few delays (its longest chain of
 * dependent queries), not the sum of all its queries.
 */
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import { parseConfig } from '../../src/config.ts';
import { retrieveEmail } from '../../src/tools/email-security/retrieve.ts';
import { createDohResolver } from '../../src/net/resolver.ts';
import { startDohServer } from '../support/doh-server.ts';
import { mailZones } from '../support/mail-zones.ts';

const DELAY_MS = 20;
const ROUNDS = 5;

export async function measureEmailLatency(): Promise<Record<string, number>> {
  const doh = await startDohServer(mailZones(), { delayMs: DELAY_MS });
  const config = parseConfig({ DOH_URL: doh.url });
  const scanFetch = createPinnedFetch();
  const resolver = createDohResolver({ url: config.dohUrl, fetch });
  const deps = { resolver, fetch: { fetch: scanFetch, resolver, allowPrivate: false, userAgent: 'bench' } };
  try {
    await retrieveEmail('gworkspace.test', deps);
    const times: number[] = [];
    let queries = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      const capture = await retrieveEmail('gworkspace.test', deps);
      times.push(performance.now() - started);
      queries = capture.queries.length;
    }
    const scanMs = [...times].sort((x, y) => x - y)[Math.floor(ROUNDS / 2)]!;
    return {
      email_scan_ms_with_20ms_dns: Math.round(scanMs),
      email_scan_queries: queries,
      email_queries_one_by_one_ms: queries * DELAY_MS,
      email_scan_in_dns_delays: Math.round((scanMs / DELAY_MS) * 10) / 10,
      email_scan_vs_one_by_one_ratio: Math.round((scanMs / (queries * DELAY_MS)) * 100) / 100,
    };
  } finally {
    await scanFetch.close();
    await doh.close();
  }
}
