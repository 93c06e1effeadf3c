/**
 * How /openapi.json describes each route of src/app.ts, by the route's name in src/paths.ts; null
 * leaves it out (the retired keys endpoint). Loaded with the document, on its first request.
 */
import type { PathName } from '../../paths.ts';
import { badgeOperation } from './badge-operation.ts';
import type { Description, Operation } from './document.ts';
import { PAGE_OPERATIONS } from './page-operations.ts';
import { keyOptional, PAGE_REFUSALS } from './shared.ts';
import { healthOperation, readinessOperation } from './probe-operations.ts';
import { scanHistoryOperation, storedScanOperation } from './scan-operations.ts';
import {
  executePerTool,
  legacyExecuteOperation,
  legacyListToolsOperation,
  listToolsOperation,
  mcpOperation,
} from './tool-operations.ts';

/** `GET /openapi.json` itself. */
const thisDocument: Description = (_site, pattern) => ({
  [pattern]: {
    operationId: 'openapi',
    summary: 'This document',
    description: 'A key sent is checked.',
    tags: ['operations'],
    security: keyOptional,
    responses: {
      '200': {
        description: 'The document.',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
      // Sending a key is never needed here; one that is sent is checked, and a bad one counts.
      ...PAGE_REFUSALS,
    },
  },
});

export const OPERATIONS = {
  catalog: listToolsOperation,
  execute: executePerTool,
  scanHistory: scanHistoryOperation,
  scan: storedScanOperation,
  developerKeys: null,
  legacyCatalog: legacyListToolsOperation,
  legacyExecute: legacyExecuteOperation,
  badge: badgeOperation,
  mcp: mcpOperation,
  health: healthOperation,
  readiness: readinessOperation,
  openapi: thisDocument,
  ...PAGE_OPERATIONS,
} satisfies Record<PathName, Operation | Description | null>;
