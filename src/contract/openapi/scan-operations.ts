/**
 * The operations of the OpenAPI document (src/contract/openapi/document.ts) that read kept scans: one scan by id,
 * and a tool and target's history. Both count against the per-minute limit, never the scan quota.
 */
import { KEY_REFUSALS, keyOptional, problem } from './shared.ts';
import { SCAN_KEPT_DAYS } from '../request-schemas.ts';
import { SCANS_KEPT_PER_TARGET } from '../../store/port.ts';
import { MAX_TARGET_LENGTH } from '../../limits.ts';
import { ALLOWLISTED_TOOLS } from '../../tools/registry.ts';

const KEPT = `Scans are kept ${SCAN_KEPT_DAYS} days, at most the ${SCANS_KEPT_PER_TARGET} newest per tool and target.`;
const READ_LIMITS =
  'Counts against the per-minute limit, never the scan quota. Requires `tools:read` when a key is sent.';

/** What both reads answer besides 200. */
const readRefusals = { ...KEY_REFUSALS, '403': problem('forbidden', 'the key lacks `tools:read`.') };

export const storedScanOperation = {
  operationId: 'get-scan',
  summary: 'A stored scan by its scanId',
  description:
    'The envelope the execute answer had, with `success: true` and `cached: true`, ' +
    'also for a scan that could not assess its target (`assessed: false`, grade and gradeScore null, ' +
    `result explaining why). ${KEPT} ${READ_LIMITS}`,
  tags: ['scans'],
  security: keyOptional,
  parameters: [
    {
      name: 'scanId',
      in: 'path',
      required: true,
      description: 'The `scanId` of an execute answer.',
      schema: { type: 'string' },
      example: '3q2-7wAAAAC6vbrQ8J-Hxw',
    },
  ],
  responses: {
    '200': {
      description: 'The stored scan.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/StoredScan' } } },
    },
    '404': problem('not_found', 'no such scan: the id is unknown, malformed, or older than the retention.'),
    ...readRefusals,
  },
};

export const scanHistoryOperation = {
  operationId: 'list-scans',
  summary: "A target's kept scans, newest first",
  description:
    'The scans of one tool and target, newest first, each with its scanId, scannedAt, grade, gradeScore, ' +
    `status, scanUrl and permalink. ${KEPT} ${READ_LIMITS}`,
  tags: ['scans'],
  security: keyOptional,
  parameters: [
    {
      name: 'tool',
      in: 'path',
      required: true,
      description: 'Any other name answers 404.',
      schema: { type: 'string', enum: ALLOWLISTED_TOOLS.map((t) => t.name) },
    },
    {
      name: 'target',
      in: 'query',
      required: true,
      description:
        'What was scanned, as it would be sent to execute; it is normalised exactly as execute does ' +
        '(`https://Example.com` and `example.com` are the same security-headers target).',
      schema: { type: 'string', minLength: 1, maxLength: MAX_TARGET_LENGTH },
      example: 'example.com',
    },
  ],
  responses: {
    '200': {
      description: 'The history (an empty `scans` array when there is none).',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ScanHistory' } } },
    },
    '400': problem('bad_request', '`target` missing, given more than once, or not a valid target of the tool.'),
    '404': problem('not_found', 'tool not on this API.'),
    ...readRefusals,
  },
};
