import { ApiError } from '../http/problem.ts';
import { ALLOWLISTED_TOOLS, findTool, TOOLS_ELSEWHERE, type ToolName } from '../tools/registry.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';

/** The tool named `name`, or a 404 that says where the known tools not on this API run. */
export function lookUpTool(name: string, accountUrl: string): ToolEntry<ToolName> {
  const tool = findTool(name);
  if (tool) return tool;
  const elsewhere = TOOLS_ELSEWHERE.find((t) => t.name === name);
  if (elsewhere) {
    const where =
      elsewhere.runsIn === 'browser'
        ? 'in a browser on the website, after email verification'
        : 'through the account portal with a signed-in command-line client';
    throw new ApiError('not_found', {
      detail: `The ${name} tool is not available on this API: it ${elsewhere.reason}.`,
      hint: `Use it ${where} (${accountUrl}). This API runs ${ALLOWLISTED_TOOLS.map((t) => t.name).join(' and ')}.`,
      extra: { tool: name, runsIn: elsewhere.runsIn },
    });
  }
  throw new ApiError('not_found', {
    detail: `There is no tool named ${JSON.stringify(name.slice(0, 100))} on this API.`,
  });
}
