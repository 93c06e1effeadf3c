/** The parts of a recorded URL the tests compare: protocol and lower-case host name. */

/** `{ protocol: 'https:', hostname: 'example.com' }`; empty strings when the URL does not parse. */
export function urlParts(url: string): { protocol: string; hostname: string } {
  try {
    const parsed = new URL(url);
    return { protocol: parsed.protocol, hostname: parsed.hostname.toLowerCase() };
  } catch {
    return { protocol: '', hostname: '' };
  }
}

/** The lower-case host name of a URL, or '' when it does not parse. */
export const hostnameOf = (url: string): string => urlParts(url).hostname;
