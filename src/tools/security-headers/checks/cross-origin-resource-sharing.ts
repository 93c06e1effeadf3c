import type { Check } from './check-context.ts';
import { HeaderView } from '../parse/headers.ts';

/** First match wins. */
const CORS_RULES: {
  result: string;
  when: (f: { allowOrigin: string; credentials: boolean; echoesOrigin: boolean }) => boolean;
}[] = [
  { result: 'cross-origin-resource-sharing-implemented-with-public-access', when: (f) => f.allowOrigin === '*' },
  {
    result: 'cross-origin-resource-sharing-implemented-with-universal-access',
    when: (f) => f.echoesOrigin && f.credentials,
  },
  { result: 'cross-origin-resource-sharing-implemented-with-restricted-access', when: () => true },
];

/**
 * Reads Access-Control-Allow-Origin from the answer to the OPTIONS preflight, as the Observatory
 * does: only a 2xx answer counts (its HTTP client rejects others), the graded response's own
 * headers are not read, and an empty value is no header. Echoing the Origin with credentials is
 * universal access only when the capture records the Origin as the grader saw it (`corsOrigin`):
 * the Observatory's retriever never exposes the Origin it sent to its test, so its scans never
 * find universal access; the `cors-origin-reflected-with-credentials` finding says it instead.
 */
export const crossOriginResourceSharingCheck: Check = (context) => {
  const preflight = context.capture.cors;
  const answered = preflight !== null && preflight.status >= 200 && preflight.status < 300;
  const source = new HeaderView(answered ? preflight.headers : []);
  const headers = source.pick('access-control-allow-origin', 'access-control-allow-credentials');
  const acao = source.combined('access-control-allow-origin');
  const origin = context.capture.corsOrigin ?? null;
  const status = preflight?.status ?? null;
  if (!acao)
    return {
      result: 'cross-origin-resource-sharing-not-implemented',
      data: { allowOrigin: null, origin, preflightStatus: status },
      headers,
    };
  const allowOrigin = acao.slice(0, 256).trim().toLowerCase();
  const credentials = source.combined('access-control-allow-credentials')?.trim().toLowerCase() === 'true';
  const facts = { allowOrigin, credentials, echoesOrigin: origin !== null && acao === origin };
  const result = CORS_RULES.find((r) => r.when(facts))!.result;
  return { result, data: { allowOrigin, allowCredentials: credentials, origin, preflightStatus: status }, headers };
};
