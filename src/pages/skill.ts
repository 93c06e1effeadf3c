/**
 * /agent-skills/{tool}.md: a SKILL.md in the Agent Skills format (YAML front matter with `name`
 * and `description`, then Markdown), with URLs built from the request's base URL. Limits come
 * from the running service, grades from the tool definition, errors from the error table.
 */
import { ERROR_CODES, errorPath, ERRORS } from '../http/errors.ts';
import { mcpClientConfig } from '../contract/mcp-connection.ts';
import { openApiPath, PATHS, scanHistoryPath, skillPath, toolPagePath } from '../paths.ts';
import { MAX_AGE_SEC_LIMIT } from '../contract/request-schemas.ts';
import { ALL_SCOPES } from '../scopes.ts';
import { ALLOWLISTED_TOOLS, TOOLS_ELSEWHERE } from '../tools/registry.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';
import { quotaHeaderGuide, storedScanGuide, SUGGESTED_MAX_AGE_SEC } from '../tools/tool-guide.ts';
import { ERROR_DOCS } from './error-docs.ts';
import { curlExample, executeUrlOf, fetchExample } from './examples.ts';
import { absolute, siteFor, thousands, type SiteOptions } from './site.ts';

/** A YAML 1.2 double-quoted scalar: JSON string syntax is valid YAML. */
const yamlString = (s: string) => JSON.stringify(s);

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * Table cells: pipes escaped, and each run of whitespace holding a line break made one space. The
 * run is matched whole: the pattern `\s*\n\s*` restarts at each character of a long run without one.
 */
export const tableCell = (s: string) =>
  s.replace(/\|/g, '\\|').replace(/\s+/g, (whitespace) => (whitespace.includes('\n') ? ' ' : whitespace));

export function renderSkill(tool: ToolEntry, baseUrl: string, options: SiteOptions = {}): string {
  const site = siteFor(baseUrl, options);
  const { guide } = tool;
  const { limits } = site;
  const others = ALLOWLISTED_TOOLS.filter((t) => t.name !== tool.name);
  const compatibility =
    `Requires HTTPS access to ${site.baseUrl}. ` + 'No API key needed; an optional free key raises the rate limit.';
  const frontMatter = [
    '---',
    `name: ${tool.name}`,
    `description: ${yamlString(guide.skillDescription)}`,
    `compatibility: ${yamlString(compatibility)}`,
    'metadata:',
    '  api-version: "1"',
    `  execute-url: ${yamlString(executeUrlOf(tool, site))}`,
    `  catalog-url: ${yamlString(absolute(site, PATHS.catalog))}`,
    `  openapi-url: ${yamlString(absolute(site, PATHS.openapi))}`,
    '---',
  ];
  const selectorsItem = tool.acceptsSelectors
    ? '\n- `selectors` (optional): up to 10 DKIM selector names to check first, ' +
      'e.g. from the `s=` tag of a DKIM-Signature header.'
    : '';
  const storedScans = storedScanGuide({
    scanUrl: absolute(site, openApiPath(PATHS.scan)),
    historyUrl: `${absolute(site, scanHistoryPath(tool.name))}?target={target}`,
    maxAgeLimitSec: MAX_AGE_SEC_LIMIT,
    selectors: tool.acceptsSelectors,
  });
  const errorItems = ERROR_CODES.map(
    (code) =>
      `- **${ERRORS[code].status} \`${code}\`** (${ERRORS[code].title}): ${ERROR_DOCS[code].meaning} ` +
      `What to do: ${ERRORS[code].hint} ` +
      `Retry: ${lowerFirst(ERROR_DOCS[code].retry)} [More](${absolute(site, errorPath(code))})`,
  );
  const body =
    `# ${tool.title}

${tool.description}

## When to use it

${guide.whenToUse.map((line) => `- ${line}`).join('\n')}

## When not to use it

${guide.whenNotToUse.map((line) => `- ${line}`).join('\n')}
${others.map((t) => `- Other tool on this API: [${t.name}](${absolute(site, skillPath(t.name))}).`).join('\n')}

## How to call it

\`POST ${executeUrlOf(tool, site)}\` with a JSON body (at most 8 KiB): \`${JSON.stringify(guide.exampleBody)}\`.

- \`target\` (required): ${tool.targetDescription}${selectorsItem}
- \`maxAgeSec\` (optional, 0 to ${MAX_AGE_SEC_LIMIT}): reuse a stored result younger than this many seconds ` +
    `instead of scanning; send ${SUGGESTED_MAX_AGE_SEC} unless the user needs a fresh result.

\`\`\`sh
${curlExample(tool, site)}
\`\`\`

\`\`\`js
${fetchExample(tool, site)}
\`\`\`

A scan takes a few seconds (at most 30); every new scan counts against the hourly scan quota.

### Reuse results and read past scans

${storedScans.map((line) => `- ${line}`).join('\n')}

### Over MCP

The same scan is the MCP tool \`${tool.mcp.name}\` at \`${absolute(site, PATHS.mcp)}\` ` +
    '(Streamable HTTP, stateless; arguments as the JSON body above, `maxAgeSec` included). ' +
    "The result's structured content is the same JSON as the REST response, after a short readable summary. " +
    `Client configuration:

\`\`\`json
${JSON.stringify(mcpClientConfig(site.baseUrl, site.keyPrefix), null, 2)}
\`\`\`

The key header is optional. Refusals keep the error codes below: ` +
    'a refused request answers with its HTTP status and a JSON-RPC error whose `data` is the problem; ' +
    'a refused or unassessable scan is a tool result with `isError: true` ' +
    `and the problem (with \`retryAfterSec\` on \`rate_limit_exceeded\`) as structured content.

## Authentication

- Anonymous use works for every endpoint: send no key.
- A developer key is free: create one at ${site.accountUrl} (sign in, name it, copy it; it is shown once). ` +
    `Keys start with \`${site.keyPrefix}\`.
- Send it as \`Authorization: Bearer <key>\` or \`X-Api-Key: <key>\` (same meaning). ` +
    `Never put a key in a URL or in shared output.
- Scopes: ${ALL_SCOPES.map((s) => `\`${s}\``).join(', ')} (every key has all three). ` +
    `This endpoint needs \`tools:execute\`; the catalog, stored scans and histories need \`tools:read\`.
- An invalid, expired or revoked key gets \`401\`: there is no fallback to anonymous access. ` +
    `A revoked key may keep working for about a minute.

## Limits

| Limit | Anonymous | With a key |
| --- | --- | --- |
| Requests per minute | ${limits.anonymousPerMinute} per client IP | ${limits.keyPerMinute} per key |
| Scans per hour | ${limits.scansPerHourPerClient} per client IP and ${limits.scansPerHourPerTarget} per target ` +
    `(at most ${limits.scansPerHourPerClientPerTarget} of them by one client); ` +
    `${thousands(limits.scansPerHourOverall)} overall | same |

- A spent limit answers \`429\` with \`Retry-After\` (seconds) and \`retryAfterSec\`; ` +
    `\`violatedPolicies\` says which limit. No scan runs. Waiting for the scan quota can take up to an hour.
- Every response carries \`RateLimit-Policy\`, \`RateLimit\`, \`RateLimit-Limit\`, \`RateLimit-Remaining\`, ` +
    `\`RateLimit-Reset\` and \`X-RateLimit-*\`.
${quotaHeaderGuide(limits.scansPerHourPerClient)
  .map((line) => `- ${line}`)
  .join('\n')}
- A key raises the per-minute limit only; the scan quota is the same with or without one.

## How to read the result

A \`200\` is \`{success: true, apiVersion: "1", toolName, target, grade, gradeScore, ` +
    'result: {status, message, details}, error: null, uiUrl, skillUrl, ' +
    `scanId, scannedAt, assessed, cached, scanUrl, permalink}\`.

- \`grade\`, best to worst: ${tool.gradeScale.join(', ')}.
- \`gradeScore\`: ${tool.scoreRange.min} to ${tool.scoreRange.max}. ${tool.scoreRange.note}
- \`result.message\`: one sentence to quote to the user.

| \`result.status\` | Meaning |
| --- | --- |
${guide.statuses.map(([status, meaning]) => `| \`${status}\` | ${tableCell(meaning)} |`).join('\n')}

Main fields of \`result.details\`:

${guide.detailFields.map(([field, meaning]) => `- \`${field}\`: ${meaning}`).join('\n')}

${guide.readingTips.map((tip) => `- ${tip}`).join('\n')}

A \`422\` means the scan ran but could not assess the target: ` +
    `\`grade\` and \`gradeScore\` are null, and \`result.details.reason\` says why:

${guide.notAssessedReasons.map(([reason, meaning]) => `- \`${reason}\`: ${meaning}`).join('\n')}

Show people the web page too: ${absolute(site, toolPagePath(tool.name))}

## Errors

Errors are \`application/problem+json\`: ` +
    '`{success: false, error: {code, message, hint}, type, title, status, detail, code}`. ' +
    `Read \`code\`, \`detail\` and \`error.hint\`; \`type\` links to the page of the code.

${errorItems.join('\n')}

Tools that are not on this API answer \`404\`: ${TOOLS_ELSEWHERE.map((t) => `\`${t.name}\``).join(', ')}.

## More

- Tool catalog (tools, input schemas, limits, error codes): ${absolute(site, PATHS.catalog)}
- Stored scan by id: ${absolute(site, openApiPath(PATHS.scan))}
- History of a target: ${absolute(site, scanHistoryPath(tool.name))}?target={target}
- OpenAPI description: ${absolute(site, PATHS.openapi)}
- Index for agents: ${absolute(site, PATHS.llms)}
`;
  return `${frontMatter.join('\n')}\n${body}`;
}
