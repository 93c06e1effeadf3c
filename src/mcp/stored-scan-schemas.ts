/**
 * The shapes of the two read-only MCP tools: their arguments (validated here, so the messages are
 * ours) and their results, which are the bodies of `GET /api/v1/scans/{scanId}` and
 * `GET /api/v1/agent/tools/{tool}/scans` (src/api/scans.ts).
 */
import * as v from 'valibot';
import { MAX_TARGET_LENGTH } from '../limits.ts';
import { SCAN_ID_PATTERN } from '../scan/scan-id.ts';
import { ALLOWLISTED_TOOLS } from '../tools/registry.ts';
import { DetailSchema } from './compact-schemas.ts';

const TOOL_NAMES = ALLOWLISTED_TOOLS.map((t) => t.name);

/** An object's own message, or the missing member's when the issue is about one. */
const objectMessage = (members: string) => (issue: v.BaseIssue<unknown>) =>
  issue.path?.length
    ? `The arguments have no "${String(issue.path[0]?.key)}"; give ${members}.`
    : `The arguments must be a JSON object; got ${issue.received}.`;

export const GetScanArgumentsSchema = v.object(
  {
    scanId: v.pipe(
      v.string('"scanId" must be a string.'),
      v.metadata({ pattern: SCAN_ID_PATTERN.source }),
      v.description(
        'The scanId of a scan result (22 characters). Scans are kept 30 days, the 50 newest per tool and target.',
      ),
      v.examples(['5hJq0cXbT3mN8vR2kL9wYa']),
    ),
    detail: v.optional(DetailSchema),
  },
  objectMessage('"scanId"'),
);

export const ScanHistoryArgumentsSchema = v.object(
  {
    tool: v.pipe(
      v.picklist(TOOL_NAMES, `"tool" must be one of ${TOOL_NAMES.join(', ')}.`),
      v.description(`Which scan: ${TOOL_NAMES.join(' or ')} (the toolName of a scan result).`),
    ),
    target: v.pipe(
      v.string('"target" must be a string.'),
      v.metadata({ maxLength: MAX_TARGET_LENGTH }),
      v.description(
        'What was scanned, written as for the scan tool and normalised the same way ' +
          `(${ALLOWLISTED_TOOLS.map((t) => `${t.name}: ${t.targetInSchemas.accepts}`).join('; ')}), ` +
          'so "Example.COM" and "example.com" are one target.',
      ),
      v.examples(['example.com']),
    ),
  },
  objectMessage('"tool" and "target"'),
);

const links = {
  scanUrl: v.pipe(
    v.string(),
    v.url(),
    v.description('The scan in the REST API: GET {base_url}/api/v1/scans/{scanId}.'),
  ),
  permalink: v.pipe(v.string(), v.url(), v.description('The scan as a web page to share: {base_url}/scans/{scanId}.')),
};

const scanFacts = {
  scanId: v.pipe(v.string(), v.description('Identifies the scan; get_scan reads it back for 30 days.')),
  scannedAt: v.pipe(v.string(), v.description('When the scan finished (RFC 3339, UTC).')),
  grade: v.pipe(v.nullable(v.string()), v.description('Letter grade; null when the scan could not assess the target.')),
  gradeScore: v.pipe(v.nullable(v.number()), v.description('Numeric score; null when not assessed.')),
};

const bodyHead = {
  success: v.literal(true),
  apiVersion: v.literal('1'),
  toolName: v.picklist(TOOL_NAMES),
  target: v.pipe(v.string(), v.description('The normalised target.')),
};

export const StoredScanSchema = v.pipe(
  v.looseObject({
    ...bodyHead,
    ...scanFacts,
    result: v.looseObject({ status: v.string(), message: v.string(), details: v.record(v.string(), v.unknown()) }),
    assessed: v.pipe(v.boolean(), v.description('False when the scan ran but could not assess the target.')),
    cached: v.literal(true),
    uiUrl: v.pipe(v.string(), v.url()),
    skillUrl: v.pipe(v.string(), v.url()),
    ...links,
    error: v.null(),
  }),
  v.title('StoredScan'),
  v.description('A kept scan, as GET /api/v1/scans/{scanId} answers it: the scan envelope, assessed or not.'),
);

export const ScanHistorySchema = v.pipe(
  v.object({
    ...bodyHead,
    scans: v.pipe(
      v.array(v.object({ ...scanFacts, status: v.string(), ...links })),
      v.description('The kept scans of the tool and target, newest first (at most 50, none older than 30 days).'),
    ),
    error: v.null(),
  }),
  v.title('ScanHistory'),
  v.description('A target history, as GET /api/v1/agent/tools/{tool}/scans answers it.'),
);
