import { CORS_PROBE_ORIGIN } from '../capture.ts';
import type { TestRunner } from '../context.ts';
import { HeaderView } from '../headers.ts';

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
 * Reads Access-Control-Allow-Origin from the OPTIONS preflight (sent with an Origin); when the
 * preflight has none, from the graded response. Echoing the Origin with credentials is universal access.
 */
export const crossOriginResourceSharingTest: TestRunner = (context) => {
  const preflight = context.capture.cors ? new HeaderView(context.capture.cors.headers) : null;
  const source = preflight?.has('access-control-allow-origin') ? preflight : context.auto.headers;
  const from = source === preflight ? 'preflight' : 'response';
  const headers = source.pick('access-control-allow-origin', 'access-control-allow-credentials');
  const acao = source.values('access-control-allow-origin')[0];
  const origin = context.capture.corsOrigin ?? CORS_PROBE_ORIGIN;
  if (acao === undefined)
    return { result: 'cross-origin-resource-sharing-not-implemented', data: { allowOrigin: null, origin }, headers };
  const allowOrigin = acao.slice(0, 256).trim().toLowerCase();
  const credentials = source.values('access-control-allow-credentials')[0]?.trim().toLowerCase() === 'true';
  const facts = { allowOrigin, credentials, echoesOrigin: allowOrigin === origin.toLowerCase() };
  const result = CORS_RULES.find((r) => r.when(facts))!.result;
  return { result, data: { allowOrigin, allowCredentials: credentials, origin, from }, headers };
};
