/**
 * The hints a model reads on MCP, by error code. The shared table (src/http/errors.ts) speaks to
 * REST callers of request bodies and headers; these speak of tool arguments, clients and waits in
 * minutes and seconds. An argument's own hint (a bad_request about the target) is kept.
 */
import type { RequestContext } from '../context.ts';
import type { ErrorCode } from '../http/errors.ts';
import type { ProblemOptions } from '../http/problem.ts';
import { waitText } from '../http/wait-text.ts';

type HintOf = (options: ProblemOptions, ctx: RequestContext) => string;

const wait = (options: ProblemOptions) => waitText(options.retryAfterSec ?? 1);
const USE_A_CLIENT = 'Connect with an MCP client; it sends each message the way this server expects.';

function rateLimitHint(options: ProblemOptions, ctx: RequestContext): string {
  const policies = (options.extra?.['violatedPolicies'] ?? []) as string[];
  if (policies.some((p) => p.startsWith('scans-')))
    return (
      `Wait ${wait(options)} before the next scan. The hourly scan quota is the same with or without a key. ` +
      'maxAgeSec reuses a recent result without spending quota.'
    );
  const first = `Wait ${wait(options)} before calling again.`;
  if (!policies.includes('per-minute') || ctx.principal.kind === 'key') return first;
  return `${first} A free developer key raises the limit to ${ctx.services.limits.keyPerMinute} calls a minute.`;
}

const MCP_HINTS: Record<ErrorCode, HintOf> = {
  bad_request: () => 'Correct the arguments as the detail says and call the tool again.',
  unauthorized: () =>
    'Fix or remove the API key in the MCP client configuration. Without a key the tools work anonymously.',
  forbidden: () => 'Use an API key that has this scope, or call without a key.',
  not_found: () => 'Check the scanId. Scans are kept 30 days. scan_history lists the kept scans of a target.',
  method_not_allowed: () => USE_A_CLIENT,
  not_acceptable: () => USE_A_CLIENT,
  request_timeout: () => 'The message did not arrive in full in time. Call again.',
  gone: () => 'Developer keys are created on the account portal.',
  payload_too_large: () => 'Tool arguments are limited to 8 KiB. A scan needs only a target.',
  unsupported_media_type: () => USE_A_CLIENT,
  unprocessable_entity: () =>
    'The reason says why the target could not be assessed. Try again later when the cause is temporary.',
  rate_limit_exceeded: rateLimitHint,
  internal_error: () => 'This is a bug in the service. Try again later.',
  // Whether the attempt was counted is the detail's to say: the store may not have confirmed it yet.
  service_unavailable: (options) => `No scan ran. Try again in ${wait(options)}.`,
};

/**
 * Codes whose own hint, where one was given, already speaks to an MCP caller: a bad argument, and
 * the Origin refusal (which no key or scope can fix).
 */
const OWN_HINT_KEPT: readonly ErrorCode[] = ['bad_request', 'forbidden'];

/** The refusal's options with the hint a model should read. */
export function mcpHinted(code: ErrorCode, options: ProblemOptions, ctx: RequestContext): ProblemOptions {
  // A target refused with the apex to use ("use example.com") says so as a call to make.
  const apex = /^use ([a-z0-9.-]{1,253})$/i.exec(options.hint ?? '')?.[1];
  if (code === 'bad_request' && apex) return { ...options, hint: `Call the tool again with the target "${apex}".` };
  if (options.hint !== undefined && OWN_HINT_KEPT.includes(code)) return options;
  return { ...options, hint: MCP_HINTS[code](options, ctx) };
}
