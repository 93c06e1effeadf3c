/**
 * Every path the service answers, relative to the base URL, by name: the route table (src/app.ts)
 * gives each name its method, surface, handler and operation; the catalog, the scan envelope and
 * the pages build their links from them. Patterns are itty-router's: `:name` is one segment,
 * `:name+` the rest of the path.
 */
export const PATHS = {
  catalog: '/api/v1/agent/tools',
  execute: '/api/v1/agent/tools/:tool/execute',
  scanHistory: '/api/v1/agent/tools/:tool/scans',
  scan: '/api/v1/scans/:scanId',
  developerKeys: '/api/v1/developer/keys',
  legacyCatalog: '/api/agent/tools',
  legacyExecute: '/api/agent/tools/:tool/execute',
  badge: '/api/badge/:domain+',
  mcp: '/mcp',
  openapi: '/openapi.json',
  home: '/',
  llms: '/llms.txt',
  toolPage: '/tools/:tool',
  scanPage: '/scans/:scanId',
  skill: '/agent-skills/:skill',
  errors: '/developers/errors',
  error: '/developers/errors/:slug',
  script: '/assets/tool-page.js',
  stylesheet: '/assets/site.css',
  health: '/healthz',
  readiness: '/readyz',
} as const;

export type PathName = keyof typeof PATHS;

/** When the unversioned catalog path retires, and when it was deprecated (2026-11-01). */
const LEGACY_SUNSET_DATE = new Date(Date.UTC(2027, 8, 1));
/** The Sunset header's HTTP date (RFC 8594). */
export const LEGACY_SUNSET = LEGACY_SUNSET_DATE.toUTCString();
const MONTHS = 'January February March April May June July August September October November December'.split(' ');
/** The same day for people ("1 September 2027"), without Intl (not every edge runtime has its data). */
export const LEGACY_SUNSET_DAY =
  `${LEGACY_SUNSET_DATE.getUTCDate()} ${MONTHS[LEGACY_SUNSET_DATE.getUTCMonth()]} ` +
  `${LEGACY_SUNSET_DATE.getUTCFullYear()}`;
export const LEGACY_DEPRECATED_AT = 1_793_491_200;

const LEGACY_PREFIX = '/api/agent/tools';

/**
 * The versioned path that replaces a path under the unversioned prefix (every response there is
 * marked deprecated, docs/api-behaviour.md), or null for any other path.
 */
export function successorOf(path: string): string | null {
  if (path !== LEGACY_PREFIX && !path.startsWith(`${LEGACY_PREFIX}/`)) return null;
  return `/api/v1${path.slice('/api'.length)}`;
}

const PARAMETER = /:(\w+)\+?/g;

/** A pattern with its parameters filled in; values are used as given (callers pass path-safe text). */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(PARAMETER, (_, name: string) => params[name] ?? '');
}

export const executePath = (tool: string) => fillPath(PATHS.execute, { tool });
export const toolPagePath = (tool: string) => fillPath(PATHS.toolPage, { tool });
export const scanPath = (scanId: string) => fillPath(PATHS.scan, { scanId });
export const scanPagePath = (scanId: string) => fillPath(PATHS.scanPage, { scanId });
export const scanHistoryPath = (tool: string) => fillPath(PATHS.scanHistory, { tool });
export const skillPath = (tool: string) => fillPath(PATHS.skill, { skill: `${tool}.md` });
export const errorPagePath = (slug: string) => fillPath(PATHS.error, { slug });
export const badgePath = (domain: string) => fillPath(PATHS.badge, { domain });

/** OpenAPI's spelling of a pattern: `{name}` for every parameter. */
export const openApiPath = (pattern: string) => pattern.replace(PARAMETER, '{$1}');

/** The fixed part of a pattern, before its first parameter. */
export const prefixOf = (pattern: string) => pattern.split(':')[0]!;

/** Everything under this prefix is the REST API (and the badge, which has its own budget). */
export const API_PREFIX = '/api/';

/** Where programs, not people, call: the REST API and badges, MCP, the OpenAPI document, the readiness probe. */
const MACHINE_PATHS = ['/api', PATHS.mcp, PATHS.openapi, PATHS.readiness];

/**
 * Whether a path is one of those, or beneath one, or starts with `/health`: an unknown path there
 * is answered with a problem whatever the client accepts, never with a page (src/pages/not-found-page.ts).
 */
export function isMachinePath(path: string): boolean {
  return path.startsWith('/health') || MACHINE_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}
