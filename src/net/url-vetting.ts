/**
 * The check every hop of a scan passes before any connection: the URL's form, the host name,
 * and every address the name resolves to. An IP literal is checked as it is, without DNS.
 */
import { checkAddress, checkHostname, describeRange } from './address-policy.ts';
import { isIpLiteralHostname } from './host-text.ts';
import { resolveAddresses, type AddressLookup, type Resolver } from './resolver.ts';

export type VettingFailureReason = 'invalid-url' | 'dns' | 'blocked-address' | 'timeout';

export type Vetting =
  | { ok: true; url: URL; addresses: string[] }
  | { ok: false; reason: VettingFailureReason; message: string; range?: string };

export interface VettingContext {
  resolver: Resolver;
  allowPrivate: boolean;
  signal?: AbortSignal;
}

export async function vetUrl(href: string, context: VettingContext): Promise<Vetting> {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { ok: false, reason: 'invalid-url', message: 'not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      reason: 'invalid-url',
      message: `only http and https URLs are scanned, not ${url.protocol.slice(0, -1).slice(0, 20)}`,
    };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'invalid-url', message: 'URLs with credentials (user:password@) are not scanned' };
  }
  const host = url.hostname;
  if (isIpLiteralHostname(host)) {
    const verdict = checkAddress(host, { allowPrivate: context.allowPrivate });
    if (!verdict.allowed) {
      return {
        ok: false,
        reason: 'blocked-address',
        range: verdict.range,
        message: `the address is in the ${describeRange(verdict)} range; scans only reach public addresses`,
      };
    }
    return { ok: true, url, addresses: [host.replace(/^\[|\]$/g, '')] };
  }

  const name = checkHostname(host);
  if (!name.allowed) {
    const reason = name.reason === 'invalid' ? 'invalid-url' : 'blocked-address';
    return {
      ok: false,
      reason,
      range: name.reason,
      message: `${host} is ${name.message}; scans only reach public hosts`,
    };
  }
  const lookup = await resolveAddresses(context.resolver, name.name, context.signal ? { signal: context.signal } : {});
  if (lookup.addresses.length === 0) return dnsFailure(name.name, lookup, context.signal);
  for (const address of lookup.addresses) {
    const verdict = checkAddress(address, { allowPrivate: context.allowPrivate });
    if (!verdict.allowed) {
      // The range only: the address itself could tell an attacker about the inside of a network.
      return {
        ok: false,
        reason: 'blocked-address',
        range: verdict.range,
        message:
          `${name.name} resolves to an address in the ${describeRange(verdict)} range; ` +
          'scans only reach public addresses',
      };
    }
  }
  return { ok: true, url, addresses: lookup.addresses };
}

function dnsFailure(name: string, lookup: AddressLookup, signal?: AbortSignal): Vetting {
  if (signal?.aborted) return { ok: false, reason: 'timeout', message: `the time ran out while resolving ${name}` };
  const outcomes = [lookup.v4.outcome, lookup.v6.outcome];
  if (outcomes.every((o) => o === 'nxdomain'))
    return { ok: false, reason: 'dns', message: `${name} does not exist (NXDOMAIN)` };
  const failed = [lookup.v4, lookup.v6].find(
    (r) => r.outcome === 'servfail' || r.outcome === 'timeout' || r.outcome === 'error',
  );
  if (failed) {
    const why =
      failed.outcome === 'servfail'
        ? 'the resolver answered SERVFAIL'
        : failed.outcome === 'timeout'
          ? 'no DNS answer in time'
          : (failed.error ?? 'the lookup failed');
    return { ok: false, reason: 'dns', message: `${name} could not be resolved: ${why}` };
  }
  return { ok: false, reason: 'dns', message: `${name} has no A or AAAA records` };
}
