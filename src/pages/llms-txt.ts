/**
 * /llms.txt (llmstxt.org): an H1, a blockquote summary, a few lines of free text, then H2
 * sections of `- [name](url): notes` links. Absolute URLs from the base URL.
 */
import { ERROR_CODES, errorPath, ERRORS } from '../http/errors.ts';
import { mcpClientConfig } from '../contract/mcp-connection.ts';
import { executePath, LEGACY_SUNSET_DAY, openApiPath, PATHS, skillPath, toolPagePath } from '../paths.ts';
import { MAX_AGE_SEC_LIMIT } from '../contract/request-schemas.ts';
import { ALLOWLISTED_TOOLS, TOOLS_ELSEWHERE } from '../tools/registry.ts';
import { quotaHeaderGuide, storedScanGuide } from '../tools/tool-guide.ts';
import { ERROR_DOCS } from './error-docs.ts';
import { SITE_NAME } from './layout.ts';
import { absolute, siteFor, thousands, type SiteOptions } from './site.ts';

/** Link text cannot hold brackets; notes stay on one line. */
const label = (s: string) => s.replace(/[[\]]/g, '');
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

const SUMMARY =
  'Non-intrusive security checks over HTTP for agents and developers: ' +
  'a grade (A+ to F) for the HTTP security headers of a website (security-headers) ' +
  'and for the email authentication DNS records of a domain (email-security). ' +
  'Anonymous use is allowed; a free developer key raises the rate limit.';

export function renderLlmsTxt(baseUrl: string, options: SiteOptions = {}): string {
  const site = siteFor(baseUrl, options);
  const { limits } = site;
  const link = (name: string, path: string, notes: string) =>
    `- [${label(name)}](${absolute(site, path)}): ${oneLine(notes)}`;
  const usage =
    `Call a tool with POST ${absolute(site, executePath('{tool}'))} and a JSON body {"target": "..."}. ` +
    `Anonymous: ${limits.anonymousPerMinute} requests per minute per client IP; ` +
    `with a key in "Authorization: Bearer <key>" or "X-Api-Key: <key>": ${limits.keyPerMinute} per minute. ` +
    `Scans: ${limits.scansPerHourPerClient} per hour per client IP and ${limits.scansPerHourPerTarget} per target ` +
    `(at most ${limits.scansPerHourPerClientPerTarget} by one client), ` +
    `${thousands(limits.scansPerHourOverall)} overall, with or without a key. ` +
    'Errors are application/problem+json whose "type" links to an error page; ' +
    'on 429 or 503 wait Retry-After seconds. ' +
    `Keys are created on the account portal (${site.accountUrl}), not through this API.`;
  // Free text, one sentence per fact: the link sections below may hold only links.
  const reuse = storedScanGuide({
    scanUrl: absolute(site, openApiPath(PATHS.scan)),
    historyUrl: `${absolute(site, openApiPath(PATHS.scanHistory))}?target={target}`,
    maxAgeLimitSec: MAX_AGE_SEC_LIMIT,
    selectors: true,
  }).join(' ');
  const quotaHeaders = quotaHeaderGuide(limits.scansPerHourPerClient).join(' ');
  const skills = ALLOWLISTED_TOOLS.map((t) =>
    link(`${t.name} skill`, skillPath(t.name), `SKILL.md (Agent Skills format). ${t.guide.skillDescription}`),
  );
  return `# ${SITE_NAME}

> ${SUMMARY}

${usage}

${reuse}

${quotaHeaders}

## API

${[
  link(
    'Tool catalog',
    PATHS.catalog,
    'JSON: the tools, their execute URLs and input schemas, grade scales, ' +
      'authentication, rate limits and error codes. Start here.',
  ),
  link('OpenAPI description', PATHS.openapi, 'OpenAPI 3.1 document of every endpoint.'),
  link(
    'MCP endpoint',
    PATHS.mcp,
    'Model Context Protocol server (Streamable HTTP, stateless; 2026-07-28 and 2025 clients) ' +
      `with the tools ${ALLOWLISTED_TOOLS.map((t) => t.mcp.name).join(' and ')}; ` +
      'same keys, limits and quota as REST. ' +
      `Client configuration: ${JSON.stringify(mcpClientConfig(site.baseUrl, site.keyPrefix))}`,
  ),
].join('\n')}

## Agent skills

${skills.join('\n')}

## Tool pages

${ALLOWLISTED_TOOLS.map((t) => link(t.title, toolPagePath(t.name), `web form for people; ${t.description}`)).join('\n')}

## Errors

${[
  link('Error codes', PATHS.errors, 'index of every error code with its status and meaning'),
  ...ERROR_CODES.map((code) => link(`${code} (${ERRORS[code].status})`, errorPath(code), ERROR_DOCS[code].meaning)),
].join('\n')}

## Optional

${[
  link('Home', PATHS.home, 'overview page for people'),
  link(
    'Legacy catalog',
    PATHS.legacyCatalog,
    `deprecated alias of the tool catalog, with Deprecation and Sunset headers; retired on ${LEGACY_SUNSET_DAY}`,
  ),
].join('\n')}
- [Account portal](${site.accountUrl}): create and revoke free developer keys (sign-in required)
- Not on this API: ${TOOLS_ELSEWHERE.map((t) => `${t.name} (${t.reason})`).join('; ')}.
`;
}
