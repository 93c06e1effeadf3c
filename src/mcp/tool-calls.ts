/**
 * What every MCP tool shares: the request context a call runs in, the JSON Schema adapter for the
 * SDK, and the rule that a refusal or an unexpected error is a tool result, never an exception.
 */
import type { CallToolResult, ServerContext, StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { RequestContext } from '../context.ts';
import { ApiError, refusalOf } from '../http/problem.ts';
import { reportError } from '../ops/access-log.ts';
import { refusalResult } from './refusals.ts';

/** What the route hands each tool call through the SDK (in `authInfo.extra`). */
export interface CallScope {
  ctx: RequestContext;
}

/**
 * The JSON Schemas come from valibot schemas; validation is left to the handlers so an MCP caller
 * gets the API's own messages (the SDK would otherwise answer first with its own).
 */
export function describedBy(jsonSchema: Record<string, unknown>): StandardSchemaWithJSON {
  return {
    '~standard': {
      version: 1,
      vendor: 'agent-scan',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => jsonSchema, output: () => jsonSchema },
    },
  };
}

function callScope(sdk: ServerContext): CallScope {
  const scope = sdk.http?.authInfo?.extra?.['agentScan'] as CallScope | undefined;
  if (!scope) throw new Error('MCP tool called without the request context');
  return scope;
}

/**
 * Runs one tool call: a refusal (an ApiError, or the store not answering) becomes the refusal
 * result; anything else is logged and an internal_error.
 */
export async function runCall(
  sdk: ServerContext,
  call: (scope: CallScope) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const scope = callScope(sdk);
  const { ctx } = scope;
  const result = await settled(scope, call);
  if (ctx.notes.mcp) ctx.notes.mcp.isError = result.isError === true;
  return result;
}

async function settled(scope: CallScope, call: (scope: CallScope) => Promise<CallToolResult>): Promise<CallToolResult> {
  const { ctx } = scope;
  try {
    return await call(scope);
  } catch (error) {
    const refusal = refusalOf(error, ctx);
    if (refusal) return refusalResult(ctx, refusal);
    reportError(ctx, error);
    return refusalResult(
      ctx,
      new ApiError('internal_error', { detail: 'An unexpected error occurred; it has been logged.' }),
    );
  }
}

/**
 * A result whose structured content is `structured`, led by a readable `text` and then, as the MCP
 * specification asks for clients without structured content, `structured` serialized.
 */
export function scanResult(text: string, structured: Record<string, unknown>, isError = false): CallToolResult {
  const content: CallToolResult['content'] = [
    { type: 'text', text },
    { type: 'text', text: JSON.stringify(structured) },
  ];
  return isError
    ? { isError: true, content, structuredContent: structured }
    : { content, structuredContent: structured };
}
