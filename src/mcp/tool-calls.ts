/**
 * What every MCP tool shares: what a call is given (the request context it runs in, its abort
 * signal and progress channel), the shape of a tool and of its result, and the rule that a
 * refusal or an unexpected error is a tool result, never an exception.
 */
import type { RequestContext } from '../context.ts';
import { ApiError, refusalOf } from '../http/problem.ts';
import { reportError } from '../ops/access-log.ts';
import type { ScanProgress } from '../tools/tool.ts';
import { refusalResult } from './refusals.ts';

/** A tool's answer (MCP `CallToolResult`): a readable summary, the structured result, and `isError` on a refusal. */
export interface ToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: true;
}

export type ProgressToken = string | number;

/** A progress notification, sent on the call's own response. */
export interface ProgressNotification {
  method: 'notifications/progress';
  params: { progressToken: ProgressToken } & ScanProgress;
}

/** One tool call: the request it came in, and its own channel back to the client. */
export interface ToolCall {
  ctx: RequestContext;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** The call's `_meta.progressToken`, when the client asked for progress. */
  progressToken: ProgressToken | undefined;
  notify(notification: ProgressNotification): Promise<void>;
}

/** A tool as tools/list describes it (JSON Schemas generated from the valibot schemas), and its handler. */
export interface McpTool {
  name: string;
  config: {
    title: string;
    description: string;
    inputSchema: Record<string, unknown>;
    outputSchema: Record<string, unknown>;
    annotations: {
      title: string;
      readOnlyHint: boolean;
      destructiveHint: boolean;
      idempotentHint: boolean;
      openWorldHint: boolean;
    };
  };
  handler: (args: Record<string, unknown>, call: ToolCall) => Promise<ToolResult>;
}

/**
 * Runs one tool call: a refusal (an ApiError, or the store not answering) becomes the refusal
 * result; anything else is logged and an internal_error.
 */
export async function runCall(call: ToolCall, run: (call: ToolCall) => Promise<ToolResult>): Promise<ToolResult> {
  const { ctx } = call;
  const result = await settled(call, run);
  if (ctx.notes.mcp) ctx.notes.mcp.isError = result.isError === true;
  return result;
}

async function settled(call: ToolCall, run: (call: ToolCall) => Promise<ToolResult>): Promise<ToolResult> {
  const { ctx } = call;
  try {
    return await run(call);
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
export function scanResult(text: string, structured: Record<string, unknown>, isError = false): ToolResult {
  const content: ToolResult['content'] = [
    { type: 'text', text },
    { type: 'text', text: JSON.stringify(structured) },
  ];
  return isError
    ? { isError: true, content, structuredContent: structured }
    : { content, structuredContent: structured };
}
