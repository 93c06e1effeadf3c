/**
 * Copy-paste examples of calling a tool, with absolute URLs from the base URL. Shared by the
 * skills and the tool pages so both always show the same request.
 */
import { executePath } from '../paths.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';
import { absolute, type Site } from './site.ts';

export const executeUrlOf = (tool: ToolEntry, site: Site) => absolute(site, executePath(tool.name));

export function curlExample(tool: ToolEntry, site: Site): string {
  const body = JSON.stringify(tool.guide.exampleBody);
  const url = executeUrlOf(tool, site);
  return [
    '# anonymous',
    `curl -sS -X POST '${url}' \\`,
    `  -H 'Content-Type: application/json' -d '${body}'`,
    '',
    `# with a developer key (${site.limits.keyPerMinute} requests/min instead of ${site.limits.anonymousPerMinute}); ` +
      'X-Api-Key: <key> works too',
    `curl -sS -X POST '${url}' \\`,
    `  -H "Authorization: Bearer $AGENT_SCAN_API_KEY" \\`,
    `  -H 'Content-Type: application/json' -d '${body}'`,
  ].join('\n');
}

export function fetchExample(tool: ToolEntry, site: Site): string {
  const body = JSON.stringify(tool.guide.exampleBody);
  return [
    `const apiKey = undefined; // or your developer key, e.g. read from AGENT_SCAN_API_KEY`,
    `const response = await fetch('${executeUrlOf(tool, site)}', {`,
    `  method: 'POST',`,
    `  headers: { 'Content-Type': 'application/json', ...(apiKey ? { Authorization: 'Bearer ' + apiKey } : {}) },`,
    `  body: JSON.stringify(${body}),`,
    `});`,
    `const body = await response.json();`,
    `if (response.status === 200) {`,
    `  console.log(body.grade, body.gradeScore, body.result.status, body.result.message);`,
    `} else if (response.status === 429 || response.status === 503) {`,
    `  const waitSec = Number(response.headers.get('Retry-After') ?? body.retryAfterSec);`,
    `  // wait waitSec seconds before retrying; do not retry in a loop`,
    `} else {`,
    `  // 422: body.result.message and body.result.details.reason say why there is no grade`,
    `  // other problems: body.code, body.detail, body.error.hint; body.type links to the error page`,
    `  console.error(response.status, body.code, body.detail, body.error?.hint);`,
    `}`,
  ].join('\n');
}

/** A shell word in single quotes: a `'` inside becomes `'\''`. */
const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The anonymous curl line that scans one given target (what a page without JavaScript offers instead). */
export function curlScanOf(tool: ToolEntry, site: Site, target: string, selectors: readonly string[] = []): string {
  const body = JSON.stringify(tool.acceptsSelectors && selectors.length > 0 ? { target, selectors } : { target });
  return [
    `curl -sS -X POST ${shellQuoted(executeUrlOf(tool, site))} \\`,
    `  -H 'Content-Type: application/json' -d ${shellQuoted(body)}`,
  ].join('\n');
}
