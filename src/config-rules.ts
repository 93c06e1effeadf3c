/**
 * The rules single variables are checked by, with the messages an operator reads: URLs, the
 * store token, TRUST_PROXY and the quota numbers (src/config.ts puts them together).
 */
import * as v from 'valibot';
import { withoutTrailingSlashes } from './net/host-text.ts';

const MAX_QUOTA = 1_000_000;
export const quotaNumber = (name: string) =>
  v.pipe(
    v.string(),
    v.regex(/^[0-9]{1,7}$/, `${name} must be a whole number from 1 to ${MAX_QUOTA}`),
    v.transform(Number),
    v.minValue(1, `${name} must be a whole number from 1 to ${MAX_QUOTA}`),
    v.maxValue(MAX_QUOTA, `${name} must be a whole number from 1 to ${MAX_QUOTA}`),
  );

/** A whole number from `min` to `max`, with the message naming the variable and the range. */
export const wholeNumber = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^[0-9]{1,9}$/, `${name} must be a whole number from ${min} to ${max}`),
    v.transform(Number),
    v.minValue(min, `${name} must be a whole number from ${min} to ${max}`),
    v.maxValue(max, `${name} must be a whole number from ${min} to ${max}`),
  );

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};
export const httpUrl = (name: string, example: string) =>
  v.pipe(
    v.string(),
    v.check(isHttpUrl, (issue) => {
      const text = String(issue.input);
      const bare = /^[a-z0-9.-]+(?::[0-9]+)?(?:\/[^\s]*)?$/i.test(text) && !text.includes('://');
      return (
        `${name} must be an absolute http:// or https:// URL` +
        (bare ? ` (did you mean https://${text}?)` : ` such as ${example}; got "${withoutCredentials(text)}"`)
      );
    }),
    v.transform(withoutTrailingSlashes),
  );

/** A value as it may be repeated in a message: no `user:password@`, at most 80 characters. */
const withoutCredentials = (text: string) => text.replace(/\/\/[^/@\s]*@/, '//…@').slice(0, 80);

/** Whether a URL (already checked to parse) has credentials, or also a query or a fragment. */
function hasExtras(text: string, extras: 'credentials' | 'credentials, query or fragment'): boolean {
  try {
    const url = new URL(text);
    const authority = text.slice(text.indexOf('//') + 2).split('/')[0]!;
    if (authority.includes('@')) return true; // also an empty user:password@, which URL drops
    return extras !== 'credentials' && (url.search !== '' || url.hash !== '' || /[?#]/.test(text));
  } catch {
    return false; // not a URL at all: the URL check says so
  }
}

/**
 * An http(s) URL that the service uses as given: BASE_URL is the prefix of every URL it hands out,
 * the store URL goes into every request; credentials belong in the token, and would land in logs.
 */
export const plainUrl = (name: string, example: string, extras: Parameters<typeof hasExtras>[1], message: string) =>
  v.pipe(
    httpUrl(name, example),
    v.check((text) => !hasExtras(text, extras), message),
  );

/** BASE_URL as every URL in answers will start: lower-case host, path percent-encoded, no trailing slash. */
export const normalizedBase = (text: string) => {
  const url = new URL(text);
  return withoutTrailingSlashes(url.origin + url.pathname);
};

/** A value wrapped in quotes that an env-file reader kept (docker --env-file does). */
export const isQuoted = (text: string) => text.length >= 2 && /^(?:"[^]*"|'[^]*')$/.test(text);

/** Sent in an Authorization header: a space or a control character would break it (and land in error texts). */
export const HEADER_SAFE_TOKEN = /^[\x21-\x7e]{1,4096}$/;

/**
 * Headers that proxies and platforms set to the client's address. Any other `x-` name is taken as
 * a proxy's own; words such as `yes` or `true` are refused (TRUST_PROXY names a header, not a switch).
 */
const KNOWN_ADDRESS_HEADERS = [
  'x-forwarded-for',
  'x-real-ip',
  'cf-connecting-ip',
  'true-client-ip',
  'fly-client-ip',
  'fastly-client-ip',
  'x-vercel-forwarded-for',
  'do-connecting-ip',
];
export const TRUST_PROXY_MESSAGE =
  'TRUST_PROXY names the request header your proxy writes the client address into ' +
  `(${KNOWN_ADDRESS_HEADERS.slice(0, 3).join(', ')}, … or any x- header), or is "none"`;
export const trustedHeader = (name: string) =>
  name === 'none' || KNOWN_ADDRESS_HEADERS.includes(name) || /^x-[a-z0-9-]+$/.test(name);
