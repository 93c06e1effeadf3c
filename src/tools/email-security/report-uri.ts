/**
 * Report destinations: DMARC `rua`/`ruf` (RFC 9989 §4.7, RFC 7489 §6.4 with its `!size`
 * suffix) and TLS-RPT `rua` (RFC 8460 §3: `mailto:` or `https:`). Validation only; nothing is
 * contacted here.
 */
import { normalizeName } from '../../net/dns-records.ts';
import { endsInNumericLabel, isHostname, percentDecode } from '../../net/host-text.ts';
import type { ReportUri } from './result-schema-records.ts';

export type { ReportUri };

/** A host name (A-labels for IDNs; any case, one trailing dot) of at least two labels, the last not all digits. */
export function isHostName(name: string): boolean {
  const host = normalizeName(name);
  return isHostname(host) && host.includes('.') && !endsInNumericLabel(host);
}

function mailto(uri: string, rest: string): Pick<ReportUri, 'address' | 'host' | 'problem'> {
  const decoded = percentDecode(rest.split('?')[0] ?? '');
  if (decoded === null) return { address: null, host: null, problem: `${uri}: invalid percent-encoding` };
  const at = decoded.lastIndexOf('@');
  if (at <= 0) return { address: null, host: null, problem: `${uri}: not an email address (local-part@domain)` };
  const host = normalizeName(decoded.slice(at + 1));
  if (!isHostName(host))
    return { address: decoded, host: null, problem: `${uri}: "${host}" is not a valid domain name` };
  if (/[\s,<>]/.test(decoded))
    return { address: decoded, host, problem: `${uri}: the address contains spaces, commas or angle brackets` };
  return { address: decoded, host, problem: null };
}

function https(uri: string): Pick<ReportUri, 'address' | 'host' | 'problem'> {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return { address: null, host: null, problem: `${uri}: not a valid URL` };
  }
  const host = url.hostname.toLowerCase();
  if (!isHostName(host)) return { address: null, host: null, problem: `${uri}: "${host}" is not a host name` };
  return { address: null, host, problem: null };
}

export interface ReportUriRules {
  /** Schemes accepted (lower-case). */
  schemes: string[];
  /** Accept the RFC 7489 `!size` suffix (DMARC). */
  allowSize: boolean;
}

export function parseReportUri(raw: string, rules: ReportUriRules): ReportUri {
  let uri = raw.trim();
  let size: string | null = null;
  if (rules.allowSize) {
    const bang = /!([0-9]+[kmgt]?)$/i.exec(uri);
    if (bang) {
      size = bang[1]!.toLowerCase();
      uri = uri.slice(0, bang.index);
    } else if (uri.includes('!')) {
      return {
        uri: raw.trim(),
        scheme: null,
        address: null,
        host: null,
        size: null,
        problem: `${raw.trim()}: "!" must be followed by a size such as 10m (or be percent-encoded)`,
      };
    }
  }
  const colon = /^([a-z][a-z0-9+.-]*):/i.exec(uri);
  const base: ReportUri = { uri: raw.trim(), scheme: null, address: null, host: null, size, problem: null };
  if (!colon) return { ...base, problem: `${raw.trim()}: no scheme; write it as mailto:reports@example.com` };
  const scheme = colon[1]!.toLowerCase();
  if (!rules.schemes.includes(scheme))
    return {
      ...base,
      scheme,
      problem:
        `${raw.trim()}: the ${scheme}: scheme is not accepted here ` +
        `(use ${rules.schemes.map((s) => `${s}:`).join(' or ')})`,
    };
  const parsed = scheme === 'mailto' ? mailto(uri, uri.slice(colon[0].length)) : https(uri);
  return { ...base, scheme, ...parsed };
}

/**
 * Report URIs read per list; the rest are counted, not parsed. Receivers may send reports to as
 * few as two (RFC 7489 §6.2), and one TXT record can list thousands.
 */
export const MAX_REPORT_URIS = 50;

/** Splits a comma-separated URI list (commas inside a URI must be percent-encoded). */
export function splitUriList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
