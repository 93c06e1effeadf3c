/**
 * The `fetch` a scan goes through, as the runtime provides it. The third argument tells a
 * runtime that can pin connections where it may connect; the platform `fetch` ignores it.
 */

/** A header as it was sent: lower-case name, value as bytes read as Latin-1 (what `Headers` gives). */
export type HeaderPair = [name: string, value: string];

export interface ConnectionHints {
  /** The addresses the guard vetted for this URL's host; connect to these and nothing else. */
  addresses: string[];
  /** Accept any certificate (the scanner's second try after a certificate failure). */
  insecureTls: boolean;
  /**
   * A runtime that sees the response header block as sent (order kept, duplicates kept) reports
   * it here before resolving; `status` lets the caller match it to the response.
   */
  onWireHeaders?: (status: number, headers: HeaderPair[]) => void;
}

export type ScanFetch = (url: string, init: RequestInit, hints: ConnectionHints) => Promise<Response>;

/**
 * Header pairs through the Fetch API alone. `Headers` iterates names sorted, and joins repeated
 * fields with ", " except Set-Cookie, which `getSetCookie()` returns one by one. So the wire
 * order is lost, and a repeated field other than Set-Cookie shows as one pair.
 */
export function headerPairsFromFetch(headers: Headers): HeaderPair[] {
  const pairs: HeaderPair[] = [];
  let cookiesDone = false;
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') {
      pairs.push([name, value]);
      return;
    }
    if (cookiesDone) return;
    cookiesDone = true;
    const cookies = typeof headers.getSetCookie === 'function' ? headers.getSetCookie() : [value];
    for (const cookie of cookies) pairs.push(['set-cookie', cookie]);
  });
  return pairs;
}
