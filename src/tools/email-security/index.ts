/** The email-security tool as the service registers it (src/tools/registry.ts). */
import { SEVERITIES } from '../grading.ts';
import { objectsIn, textOf, type JsonDetails } from '../json-details.ts';
import type { Finding, ToolEntry } from '../tool-entry.ts';
import { EmailSecurityStatusSchema } from './status-schema.ts';
import { emailSecurityDefinition } from './definition.ts';
import { emailSecurityGuide } from './guide.ts';
import { COMMON_SELECTORS } from './dkim/selectors.ts';

/** The grading vocabulary's severity order; a severity it does not know sorts last. */
function severityRank(severity: unknown): number {
  const rank = (SEVERITIES as readonly unknown[]).indexOf(severity);
  return rank === -1 ? SEVERITIES.length : rank;
}

/** Findings, most severe first. */
function findingsBySeverity(details: JsonDetails): Finding[] {
  return objectsIn(details['findings'])
    .sort((a, b) => severityRank(a['severity']) - severityRank(b['severity']))
    .map((f) => ({
      title: textOf(f['title']),
      severity: textOf(f['severity']),
      fix: textOf(f['recommendation'] ?? ''),
    }));
}

export const emailSecurity: ToolEntry<'email-security'> = {
  ...emailSecurityDefinition,
  acceptsSelectors: true,
  selectorsAlwaysTried: COMMON_SELECTORS,
  targetInSchemas: { accepts: 'an apex domain', normalizedTo: 'an apex domain' },
  mcp: {
    name: 'email_security_scan',
    purpose: "grades a domain's email authentication",
    description:
      "Grade a domain's email authentication from A+ to F: " +
      'SPF, DMARC, DKIM (common selectors, or the ones you pass), MX, MTA-STS, TLS-RPT, BIMI and DNSSEC, ' +
      'with Google/Yahoo bulk-sender readiness. ' +
      'Use it when asked whether a domain can be spoofed or phished, why its mail lands in spam, ' +
      'or whether it meets sender requirements. ' +
      'Give the registrable domain (example.com), not a URL or address. ' +
      'It only reads public DNS and the MTA-STS policy file. ' +
      'Each scan counts against the hourly scan quota; pass maxAgeSec (e.g. 3600) to reuse a recent result ' +
      'without scanning or spending quota.',
  },
  findingsOf: findingsBySeverity,
  statusSchema: EmailSecurityStatusSchema,
  guide: emailSecurityGuide,
};
