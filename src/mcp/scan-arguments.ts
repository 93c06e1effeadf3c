/**
 * The arguments of an MCP scan tool: the REST execute request (validated by the same pipeline,
 * with its messages) plus `detail`, which only MCP has and which never reaches the pipeline.
 */
import * as v from 'valibot';
import { ApiError } from '../http/problem.ts';
import { jsonSchemaOf, toolInputSchemas } from '../contract/request-schemas.ts';
import type { ToolName } from '../tools/registry.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';
import { DetailSchema, type Detail } from './compact-schemas.ts';

/** `detail` read and checked, and the rest of the arguments for the scan pipeline. */
export function scanArguments(
  tool: Pick<ToolEntry, 'targetExamples'>,
  args: unknown,
): { detail: Detail; input: Record<string, unknown> } {
  const { detail, ...input } = (args ?? {}) as Record<string, unknown>;
  // The pipeline's own message speaks of a request body; a model is given arguments.
  if (input['target'] === undefined)
    throw new ApiError('bad_request', {
      detail: 'The arguments have no "target".',
      hint: `Give the target to scan, e.g. {"target": "${tool.targetExamples[0] ?? 'example.com'}"}.`,
    });
  return { detail: detailOf(detail), input };
}

/** The `detail` argument, or the refusal a model can correct it from. */
function detailOf(value: unknown): Detail {
  if (value === undefined) return 'compact';
  const parsed = v.safeParse(DetailSchema, value);
  if (parsed.success) return parsed.output;
  throw new ApiError('bad_request', {
    detail: parsed.issues[0].message,
    hint: 'Leave "detail" out for the compact result, or give "full" for the complete result.',
  });
}

/** A scan tool's input schema: the REST request's properties, described as arguments, and `detail`. */
export function scanInputSchema(tool: ToolEntry<ToolName>): Record<string, unknown> {
  const schema = toolInputSchemas()[tool.name];
  const properties = schema['properties'] as Record<string, unknown>;
  // The REST title and description speak of a request body; the rest is the same schema.
  const rest = Object.fromEntries(Object.entries(schema).filter(([k]) => k !== 'title' && k !== 'description'));
  return {
    ...rest,
    description: `The arguments of ${tool.mcp.name}. Only target is required.`,
    properties: { ...properties, detail: { ...jsonSchemaOf(DetailSchema), default: 'compact' } },
  };
}
