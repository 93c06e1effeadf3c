/**
 * The operations of the OpenAPI document (src/contract/openapi/document.ts) that read kept scans: one scan by id,
 * and a tool and target's history. Both count against the per-minute limit, never the scan quota.
 */
import { KEY_REFUSALS, keyOptional, problem } from './shared.ts';
import { MAX_TARGET_LENGTH } from '../../limits.ts';
import { ALLOWLISTED_TOOLS } from '../../tools/registry.ts';

/** What both reads answer besides 200. */
const readRefusals = { ...KEY_REFUSALS, '403': problem('forbidden', 'needs `tools:read`.') };

export const storedScanOperation = {
  operationId: 'get-scan',
  summary: 'A stored scan by its scanId',
  description: 'As execute answered, `cached: true`.',
  tags: ['scans'],
  security: keyOptional,
  parameters: [
    {
      name: 'scanId',
      in: 'path',
      required: true,
      schema: { type: 'string' },
      example: '3q2-7wAAAAC6vbrQ8J-Hxw',
    },
  ],
  responses: {
    '200': {
      description: 'The scan.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/StoredScan' } } },
    },
    '404': problem('not_found', 'unknown or expired id.'),
    ...readRefusals,
  },
};

export const scanHistoryOperation = {
  operationId: 'list-scans',
  summary: "A target's kept scans, newest first",
  description: 'Each with its `scanUrl`.',
  tags: ['scans'],
  security: keyOptional,
  parameters: [
    {
      name: 'tool',
      in: 'path',
      required: true,
      schema: { type: 'string', enum: ALLOWLISTED_TOOLS.map((t) => t.name) },
    },
    {
      name: 'target',
      in: 'query',
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: MAX_TARGET_LENGTH },
      example: 'example.com',
    },
  ],
  responses: {
    '200': {
      description: 'The history.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ScanHistory' } } },
    },
    '400': problem('bad_request', 'bad `target`.'),
    '404': problem('not_found', 'unknown tool.'),
    ...readRefusals,
  },
};
