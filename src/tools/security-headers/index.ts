/** The security-headers tool as the service registers it (src/tools/registry.ts). */
import { objectsIn, textOf, type JsonDetails } from '../json-details.ts';
import type { Finding, ToolEntry } from '../tool-entry.ts';
import { SecurityHeadersStatusSchema } from './status-schema.ts';
import { securityHeadersDefinition } from './definition.ts';
import { securityHeadersGuide } from './guide.ts';

/** Failed tests, largest penalty first: the test's title and what it found, and its recommendation. */
function failedTests(details: JsonDetails): Finding[] {
  return objectsIn(details['tests'])
    .filter((t) => t['pass'] !== true)
    .sort((a, b) => Number(a['scoreModifier'] ?? 0) - Number(b['scoreModifier'] ?? 0))
    .map((t) => ({
      title: [t['title'] ?? t['name'], t['description']]
        .filter((x) => x !== undefined)
        .map(textOf)
        .join(': '),
      scoreImpact: Number(t['scoreModifier'] ?? 0),
      fix: textOf(t['recommendation'] ?? ''),
    }));
}

export const securityHeaders: ToolEntry<'security-headers'> = {
  ...securityHeadersDefinition,
  acceptsSelectors: false,
  selectorsAlwaysTried: [],
  targetInSchemas: {
    accepts: 'a URL or domain (https:// is assumed when the scheme is left out)',
    normalizedTo: 'a URL',
  },
  mcp: {
    name: 'security_headers_scan',
    purpose: 'grades a website',
    description:
      "Grade a website's HTTP security headers from A+ to F, scored like the MDN HTTP Observatory: " +
      'Content-Security-Policy, Strict-Transport-Security, cookies, X-Frame-Options, Referrer-Policy, CORS, ' +
      'redirects and more. ' +
      'Use it when asked whether a site or URL is configured securely, to check headers after a deploy, ' +
      'or to explain what a site should fix. ' +
      'It sends ordinary GET requests to the site only. ' +
      'For email or DNS questions use email_security_scan. ' +
      'Each scan counts against the hourly scan quota; pass maxAgeSec (e.g. 3600) to reuse a recent result ' +
      'without scanning or spending quota, or read a past result with get_scan.',
  },
  findingsOf: failedTests,
  statusSchema: SecurityHeadersStatusSchema,
  guide: securityHeadersGuide,
};
