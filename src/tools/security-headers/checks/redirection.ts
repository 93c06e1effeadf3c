import type { Check } from './check-context.ts';
import { HeaderView } from '../parse/headers.ts';
import { urlParts } from '../parse/url-parts.ts';

interface RouteFacts {
  /** null when the http session got no response. */
  route: { protocol: string; hostname: string }[] | null;
  verified: boolean;
  allPreloaded: boolean;
}

/** Checked in order on the http session's chain; the first match is the result. */
const REDIRECTION_RULES: { result: string; when: (f: RouteFacts) => boolean }[] = [
  { result: 'redirection-not-needed-no-http', when: (f) => f.route === null },
  { result: 'redirection-invalid-cert', when: (f) => !f.verified },
  { result: 'redirection-all-redirects-preloaded', when: (f) => f.allPreloaded },
  { result: 'redirection-missing', when: (f) => f.route!.length === 1 },
  { result: 'redirection-not-to-https', when: (f) => f.route!.at(-1)!.protocol !== 'https:' },
  { result: 'redirection-not-to-https-on-initial-redirection', when: (f) => f.route![1]!.protocol === 'http:' },
  {
    result: 'redirection-off-host-from-http',
    when: (f) =>
      f.route![0]!.protocol === 'http:' &&
      f.route![1]!.protocol === 'https:' &&
      f.route![0]!.hostname !== f.route![1]!.hostname,
  },
  { result: 'redirection-to-https', when: () => true },
];

/** Follows the chain that started at http://host/: it should reach https:// on the same host first. */
export const redirectionCheck: Check = (context) => {
  const session = context.capture.http;
  const chain = session?.chain ?? [];
  const route = session && chain.length > 0 ? chain.map((hop) => urlParts(hop.url)) : null;
  const facts: RouteFacts = {
    route,
    verified: session?.verified ?? true,
    allPreloaded: route !== null && route.every((hop) => context.preload(hop.hostname).state === 'preloaded'),
  };
  const result = REDIRECTION_RULES.find((r) => r.when(facts))!.result;
  const last = chain.at(-1);
  return {
    result,
    data: {
      route: chain.map((hop) => hop.url),
      statuses: chain.map((hop) => hop.status),
      destination: last?.url ?? null,
      redirects: chain.length > 1,
      statusCode: last?.status ?? null,
    },
    headers: chain.slice(0, -1).flatMap((hop) => new HeaderView(hop.headers).pick('location')),
  };
};
