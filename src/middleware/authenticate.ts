import { ApiError } from '../http/problem.ts';
import { STORE_RETRY_AFTER_SEC } from '../limits.ts';
import { StoreUnavailableError } from '../store/port.ts';
import type { Handler, Principal } from '../context.ts';

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

/** Works out who is calling. Refusal waits for `refuseInvalidKey`, so failed attempts are rate limited too. */
export const identifyKey: Handler = async (request, ctx) => {
  const presented = presentedKey(request.headers);
  let principal: Principal;
  if ('none' in presented) principal = { kind: 'anonymous' };
  else if ('bad' in presented) principal = { kind: 'invalid', reason: presented.bad };
  else {
    try {
      const verdict = await ctx.services.keys.verify(presented.key);
      principal = verdict.ok ? { kind: 'key', record: verdict.record } : { kind: 'invalid', reason: verdict.reason };
      if (verdict.ok) ctx.services.keys.markUsed(verdict.record, ctx.waitUntil);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      principal = { kind: 'unverifiable' };
    }
  }
  ctx.principal = principal;
  return undefined;
};

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
    throw new ApiError('service_unavailable', {
      detail: 'The API key cannot be verified right now because the key store is not answering.',
      retryAfterSec: STORE_RETRY_AFTER_SEC,
    });
  }
  return undefined;
};
