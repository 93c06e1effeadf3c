/**
 * Request ids (`X-Request-Id`): every request has one, echoed on its response, written in its log
 * lines and in its problem bodies. A caller's own id is kept when it is safe to echo and to log.
 */
const REQUEST_ID_HEADER = 'x-request-id';

// Visible ASCII only: no spaces, no control characters, nothing a log line or a header could be split on.
const VISIBLE_ASCII = /^[\x21-\x7e]{1,128}$/;

/** The caller's `X-Request-Id` when it is 1–128 visible ASCII characters, else a new one. */
export function requestIdOf(headers: Headers): string {
  const sent = headers.get(REQUEST_ID_HEADER);
  return sent !== null && VISIBLE_ASCII.test(sent) ? sent : crypto.randomUUID();
}
