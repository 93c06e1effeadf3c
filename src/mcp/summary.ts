/**
 * The short readable text an MCP tool result leads with: grade, score and the few findings that
 * matter most (each tool says which: its entry's summarizeFindings), so an agent can answer from
 * it without reading the whole envelope.
 */
import { textOf } from '../tools/json-details.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';

const TOP_FINDINGS = 3;

type Body = Record<string, unknown>;

/**
 * A member of a body as text: strings, numbers, booleans, null and undefined as a template literal
 * prints them; objects and arrays as JSON, never "[object Object]".
 */
/** The summary of a scan reply (assessed or not); `body` is the REST response body. */
export function summarizeScan(tool: ToolEntry, body: Body): string {
  const result = (body['result'] ?? {}) as Body;
  const details = (result['details'] ?? {}) as Body;
  const lines = [`${textOf(body['toolName'])} scan of ${textOf(body['target'])}:`];
  if (body['grade'] === null || body['grade'] === undefined) {
    lines[0] += ` not assessed. ${textOf(result['message'] ?? '')}`.trimEnd();
    return [...lines, `More: ${textOf(body['uiUrl'])}`].join('\n');
  }
  const score = textOf(body['gradeScore']);
  lines[0] += ` grade ${textOf(body['grade'])}, score ${score}. ${textOf(result['message'] ?? '')}`.trimEnd();
  const findings = tool.summarizeFindings(details);
  if (findings.length === 0) lines.push('No problems found.');
  else
    lines.push(
      `Top findings (${Math.min(findings.length, TOP_FINDINGS)} of ${findings.length}):`,
      ...findings.slice(0, TOP_FINDINGS).map((f) => `- ${f}`),
    );
  lines.push(
    `The full result is in structuredContent (the same body as the REST API). Tool page: ${textOf(body['uiUrl'])}`,
  );
  return lines.join('\n');
}

/** The text of a refusal: what happened, when to retry, what to do. */
export function summarizeProblem(problem: Body): string {
  const error = (problem['error'] ?? {}) as Body;
  const retry = typeof problem['retryAfterSec'] === 'number' ? ` Retry after ${problem['retryAfterSec']} s.` : '';
  const text = `${textOf(problem['code'])} (${textOf(problem['status'])}): ${textOf(problem['detail'])}${retry}`;
  return `${text} ${textOf(error['hint'] ?? '')}`.trimEnd();
}
