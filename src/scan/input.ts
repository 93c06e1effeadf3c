import * as v from 'valibot';
import { ApiError } from '../http/problem.ts';
import { MAX_DNS_NAME_LENGTH } from '../net/host-text.ts';
import { loadPublicSuffixList } from '../net/site-domain.ts';
import { ExecuteRequestSchema } from '../contract/request-schemas.ts';
import { targetTextProblem } from '../tools/target-text.ts';
import type { BadgeFeed, ToolDefinition } from '../tools/tool.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';

export interface ScanInput {
  /** The normalised target the scanner gets. */
  target: string;
  /** What the per-target quota counts (the host). */
  quotaKey: string;
  selectors: string[] | undefined;
  /** The badge the target belongs to, and whether this scan's grade feeds it. */
  badge: BadgeFeed;
  /** Reuse a stored result younger than this (0: always scan). */
  maxAgeSec: number;
}

/** A tool without DKIM selectors ignores the member, as it does any unknown one. */
function withoutSelectors(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || !('selectors' in input)) return input;
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  delete rest['selectors'];
  return rest;
}

/** Validates `input` (the JSON body or the tool arguments) for `tool`; refusals are 400s. */
export async function parseScanInput(
  input: unknown,
  tool: ToolDefinition & Pick<ToolEntry, 'acceptsSelectors'>,
): Promise<ScanInput> {
  if (Array.isArray(input))
    throw new ApiError('bad_request', { detail: 'The body must be a JSON object; got an array.' });
  const parsed = v.safeParse(ExecuteRequestSchema, tool.acceptsSelectors ? input : withoutSelectors(input));
  if (!parsed.success) throw new ApiError('bad_request', { detail: parsed.issues[0].message });
  const textProblem = targetTextProblem(parsed.output.target);
  if (textProblem) throw new ApiError('bad_request', { detail: textProblem });
  const target = tool.parseTarget(parsed.output.target, await loadPublicSuffixList());
  if (!target.ok) throw new ApiError('bad_request', { detail: target.detail, hint: target.hint });
  const selectors = parsed.output.selectors?.map((s) => s.toLowerCase());
  const tooLong = selectors?.find((s) => `${s}._domainkey.${target.target}`.length > MAX_DNS_NAME_LENGTH);
  if (tooLong !== undefined)
    throw new ApiError('bad_request', {
      detail:
        `The DKIM selector "${tooLong}" is too long for ${target.target}: its key's name ` +
        `(selector._domainkey.domain) would pass the ${MAX_DNS_NAME_LENGTH} characters a DNS name may have.`,
    });
  return {
    target: target.target,
    quotaKey: target.quotaKey,
    badge: target.badge,
    selectors,
    maxAgeSec: parsed.output.maxAgeSec ?? 0,
  };
}
