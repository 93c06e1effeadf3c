/**
 * The short readable text an MCP tool result leads with: grade, score and the few findings that
 * matter most, so an agent can answer from it without reading the whole envelope.
 */
const TOP_FINDINGS = 3;

const SEVERITY_RANK: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3, info: 4 };

type Body = Record<string, unknown>;

const asArray = (value: unknown): Body[] => (Array.isArray(value) ? value.filter((x): x is Body => typeof x === 'object' && x !== null) : []);

/** security-headers: failed tests, largest penalty first. */
function headerFindings(details: Body): string[] {
  return asArray(details['tests'])
    .filter((t) => t['pass'] !== true)
    .sort((a, b) => Number(a['scoreModifier'] ?? 0) - Number(b['scoreModifier'] ?? 0))
    .map((t) => `${t['title'] ?? t['name']} (${t['result']}, ${Number(t['scoreModifier'] ?? 0)}): ${t['recommendation'] ?? t['description'] ?? ''}`.trim());
}

/** email-security: findings, most severe first. */
function emailFindings(details: Body): string[] {
  return asArray(details['findings'])
    .sort((a, b) => (SEVERITY_RANK[String(a['severity'])] ?? 9) - (SEVERITY_RANK[String(b['severity'])] ?? 9))
    .map((f) => `[${f['severity']}] ${f['title']}${f['recommendation'] ? ` — ${f['recommendation']}` : ''}`);
}

/** The summary of a scan reply (assessed or not); `body` is the REST response body. */
export function summarizeScan(body: Body): string {
  const result = (body['result'] ?? {}) as Body;
  const details = (result['details'] ?? {}) as Body;
  const lines = [`${body['toolName']} scan of ${body['target']}:`];
  if (body['grade'] === null || body['grade'] === undefined) {
    lines[0] += ` not assessed. ${result['message'] ?? ''}`.trimEnd();
    return [...lines, `More: ${body['uiUrl']}`].join('\n');
  }
  lines[0] += ` grade ${body['grade']}, score ${body['gradeScore']}. ${result['message'] ?? ''}`.trimEnd();
  const findings = body['toolName'] === 'security-headers' ? headerFindings(details) : emailFindings(details);
  if (findings.length === 0) lines.push('No problems found.');
  else lines.push(`Top findings (${Math.min(findings.length, TOP_FINDINGS)} of ${findings.length}):`, ...findings.slice(0, TOP_FINDINGS).map((f) => `- ${f}`));
  lines.push(`The full result is in structuredContent (the same body as the REST API). Tool page: ${body['uiUrl']}`);
  return lines.join('\n');
}

/** The text of a refusal: what happened, when to retry, what to do. */
export function summarizeProblem(problem: Body): string {
  const error = (problem['error'] ?? {}) as Body;
  const retry = typeof problem['retryAfterSec'] === 'number' ? ` Retry after ${problem['retryAfterSec']} s.` : '';
  return `${problem['code']} (${problem['status']}): ${problem['detail']}${retry} ${error['hint'] ?? ''}`.trimEnd();
}
