/**
 * TEST ONLY: a stand-in for the public internet, so guard-on tests have hosts the guard allows.
 *
 * The test DNS answers "public" names with addresses from SIMULATED_PUBLIC: ordinary public
 * unicast addresses, so the guard lets them through. This wrapper sits between the guard and the
 * real pinned fetch and rewrites those vetted addresses to SIMULATED_PUBLIC_HOST (127.0.0.2),
 * where the tests' "public" servers listen. Loopback addresses pass unchanged (the
 * allowPrivate control tests need them). Every other address is refused here, before any
 * connection, so no test can reach a real network — and a guard failure shows as a wrong reason.
 *
 * Production code never sees this mapping: it lives in test support only.
 */
import { isIP } from 'node:net';
import type { ConnectionHints, ScanFetch } from '../../src/net/scan-fetch.ts';

/** Where the simulated public hosts listen. Any loopback address works on Linux; ::1-only hosts lack it. */
export const SIMULATED_PUBLIC_HOST = '127.0.0.2';

/** Public unicast addresses that stand for test servers (just above CGNAT 100.64/10; never contacted). */
export const SIMULATED_PUBLIC = {
  site: '100.128.0.1',
  decoy: '100.128.0.2',
  other: '100.128.0.3',
} as const;

const SIMULATED = new Set<string>(Object.values(SIMULATED_PUBLIC));

function isLoopback(address: string): boolean {
  return (isIP(address) === 4 && address.startsWith('127.')) || address === '::1';
}

export interface FetchCall {
  url: string;
  /** The addresses the guard vetted (before the rewrite). */
  vetted: string[];
  /** The addresses handed to the real fetch. */
  routed: string[];
}

export interface SimulatedInternet extends ScanFetch {
  calls: FetchCall[];
}

export function simulatedInternet(inner: ScanFetch): SimulatedInternet {
  const calls: FetchCall[] = [];
  const routed = async (url: string, init: RequestInit, hints: ConnectionHints): Promise<Response> => {
    const addresses = [...new Set(hints.addresses.map((a) => (SIMULATED.has(a) ? SIMULATED_PUBLIC_HOST : a)))];
    calls.push({ url, vetted: hints.addresses, routed: addresses });
    const outside = addresses.filter((a) => !isLoopback(a));
    if (outside.length > 0) {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('test network: no route outside loopback'), { code: 'ETEST_NO_EGRESS' }),
      });
    }
    return inner(url, init, { ...hints, addresses });
  };
  return Object.assign(routed, { calls });
}
