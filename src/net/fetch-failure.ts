/**
 * Turns what a `fetch` threw into a reason a scan can report. Runtimes wrap the cause
 * (undici: TypeError "fetch failed" → cause → maybe AggregateError of per-address errors), so
 * the whole chain is searched for well-known error codes and names. Messages are built from
 * codes only: a runtime's own message can contain the address it tried to reach.
 */

export type ConnectFailureReason = 'refused' | 'tls' | 'timeout' | 'dns' | 'blocked-address' | 'network';

export interface ConnectFailure {
  reason: ConnectFailureReason;
  /** The most telling error code found, when there is one. */
  code: string | null;
  message: string;
}

/** The code a pinned fetch uses when asked to connect somewhere the guard did not vet. */
export const NOT_VETTED_CODE = 'ERR_ADDRESS_NOT_VETTED';

const TLS_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'HOSTNAME_MISMATCH',
  'EPROTO',
]);
const TLS_PREFIXES = ['ERR_TLS_', 'ERR_SSL_', 'CERT_'];
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ABORT_ERR',
  'ERR_ABORTED',
]);
const TIMEOUT_NAMES = new Set(['AbortError', 'TimeoutError']);

const SAFE_CODE = /^[A-Z][A-Z0-9_]{1,63}$/;

/** Every error reachable from `error` through `cause` and `errors` (AggregateError), breadth first. */
function errorChain(error: unknown): { code: string | null; name: string | null }[] {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  const found: { code: string | null; name: string | null }[] = [];
  while (queue.length > 0 && found.length < 32) {
    const current = queue.shift();
    if (current === null || current === undefined || seen.has(current)) continue;
    seen.add(current);
    if (typeof current !== 'object') continue;
    const record = current as { code?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
    found.push({
      code: typeof record.code === 'string' && SAFE_CODE.test(record.code) ? record.code : null,
      name: typeof record.name === 'string' ? record.name : null,
    });
    queue.push(record.cause);
    if (Array.isArray(record.errors)) queue.push(...(record.errors as unknown[]));
  }
  return found;
}

const isTls = (code: string) => TLS_CODES.has(code) || TLS_PREFIXES.some((prefix) => code.startsWith(prefix));

export function classifyFetchError(error: unknown): ConnectFailure {
  const chain = errorChain(error);
  const codes = chain.map((e) => e.code).filter((c): c is string => c !== null);
  const pick = (test: (code: string) => boolean) => codes.find(test) ?? null;

  const notVetted = pick((c) => c === NOT_VETTED_CODE);
  if (notVetted)
    return {
      reason: 'blocked-address',
      code: notVetted,
      message:
        'the connection was refused by the address pin: it would have gone to an address the guard did not check',
    };
  const tls = pick(isTls);
  if (tls)
    return {
      reason: 'tls',
      code: tls,
      message: `the TLS handshake failed or the certificate was not accepted (${tls})`,
    };
  const refused = pick((c) => c === 'ECONNREFUSED');
  if (refused)
    return { reason: 'refused', code: refused, message: 'the connection was refused (nothing listens on that port)' };
  const dns = pick((c) => DNS_CODES.has(c));
  if (dns) return { reason: 'dns', code: dns, message: `the host name could not be resolved (${dns})` };
  const timeout = pick((c) => TIMEOUT_CODES.has(c));
  if (timeout || chain.some((e) => e.name !== null && TIMEOUT_NAMES.has(e.name))) {
    return { reason: 'timeout', code: timeout, message: 'no response in time' };
  }
  const other = codes[0] ?? null;
  return {
    reason: 'network',
    code: other,
    message: other ? `the request failed on the network (${other})` : 'the request failed on the network',
  };
}
