import { ApiError } from '../http/problem.ts';
import type { KeyVerdict } from '../keys/key-service.ts';
import { STORE_RETRY_AFTER_SEC } from '../limits.ts';
import { StoreUnavailableError } from '../store/port.ts';
import { refuseClientIfStillRefused } from './rate-limit.ts';
import type { Handler, Principal, RequestContext } from '../context.ts';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The key the request presents: none, one, or a header that cannot carry a key. */
function presentedKey(headers: Headers): { key: string } | { none: true } | { bad: 'malformed' | 'conflicting' } {
  const authorization = headers.get('authorization');
  const apiKey = headers.get('x-api-key');
  let fromAuthorization: string | undefined;
  if (authorization !== null) {
    const match = BEARER.exec(authorization);
    if (!match) return { bad: 'malformed' };
    fromAuthorization = match[1];
  }
  const fromApiKey = apiKey?.trim();
  if (fromAuthorization !== undefined && fromApiKey !== undefined && fromAuthorization !== fromApiKey)
    return { bad: 'conflicting' };
  const key = fromAuthorization ?? fromApiKey;
  if (key === undefined) return { none: true };
  return key === '' ? { bad: 'malformed' } : { key };
}

/**
 * Works out who is calling. Refusal waits for `refuseInvalidKey`, so failed attempts are rate
 * limited too; a key that needs a store lookup is not looked up for a client address this instance
 * is still refusing. A CORS preflight is anonymous whatever it carries: browsers never send
 * credentials with one, and answering it by key would make an uncounted key checker.
 */
export const identifyKey: Handler = async (request, ctx) => {
  const presented = request.method === 'OPTIONS' ? { none: true as const } : presentedKey(request.headers);
  if ('none' in presented) ctx.principal = { kind: 'anonymous' };
  else if ('bad' in presented) ctx.principal = { kind: 'invalid', reason: presented.bad };
  else ctx.principal = await verifiedPrincipal(presented.key, ctx);
  return undefined;
};

async function verifiedPrincipal(key: string, ctx: RequestContext): Promise<Principal> {
  const { keys } = ctx.services;
  let verdict: KeyVerdict;
  try {
    const checked = await keys.check(key);
    if ('lookUp' in checked) refuseClientIfStillRefused(ctx);
    verdict = 'lookUp' in checked ? await keys.lookUp(checked.lookUp, ctx.store) : checked;
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    return { kind: 'unverifiable' };
  }
  if (!verdict.ok)
    return { kind: 'invalid', reason: verdict.reason, ...('id' in verdict ? { keyId: verdict.id } : {}) };
  keys.markUsed(verdict.record, ctx.waitUntil, ctx.store);
  return { kind: 'key', record: verdict.record };
}

const REASONS = {
  malformed:
    'The API key is malformed: ' +
    'it does not have the developer-key format (prefix, 36 letters and digits, valid checksum), ' +
    'or the Authorization header is not "Bearer <key>".',
  unknown: 'The API key is not recognised.',
  revoked: 'The API key has been revoked.',
  expired: 'The API key has expired.',
  conflicting: 'The Authorization and X-Api-Key headers carry different keys; send one key.',
} as const;

/** 401 for a key that is not valid (no fallback to anonymous), 503 when it cannot be checked. */
export const refuseInvalidKey: Handler = (_request, ctx) => {
  const p = ctx.principal;
  if (p.kind === 'invalid') {
    throw new ApiError('unauthorized', {
      detail: REASONS[p.reason],
      headers: { 'www-authenticate': `Bearer realm="agent-scan", error="invalid_token"` },
    });
  }
  if (p.kind === 'unverifiable') {
    ctx.notes.cause = 'store unavailable: the key could not be looked up';
    throw new ApiError('service_unavailable', {
      detail: 'The API key cannot be verified right now because the key store is not answering.',
      retryAfterSec: STORE_RETRY_AFTER_SEC,
    });
  }
  return undefined;
};
