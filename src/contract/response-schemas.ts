/**
 * The scan answers with each tool's whole `result.details` (the OpenAPI document and the tests):
 * the envelopes of src/contract/scan-envelope.ts filled in with the tools' result shapes, which
 * load with this module (src/tools/implementations.ts), so only what describes results imports it.
 */
import * as v from 'valibot';
import { TOOL_IMPLEMENTATIONS } from '../tools/implementations.ts';
import { ALLOWLISTED_TOOLS } from '../tools/registry.ts';
import { scanResponseOf, storedScanOf, unassessedScanOf, variantOf } from './scan-envelope.ts';

/** Every tool's answer, as one schema each; the OpenAPI document names every part. */
export const PER_TOOL = ALLOWLISTED_TOOLS.map((tool) => {
  const shapes = TOOL_IMPLEMENTATIONS[tool.name].resultSchemas;
  return {
    tool,
    scan: scanResponseOf(tool, shapes),
    unassessed: unassessedScanOf(tool, shapes),
    stored: storedScanOf(tool, shapes),
  };
});

export const ScanResponseSchema = v.pipe(
  variantOf((tool) => PER_TOOL.find((p) => p.tool === tool)!.scan),
  v.title('ScanResponse'),
  v.description('200 of execute; `toolName` tells which result shape it holds.'),
);
export const UnassessedScanSchema = v.pipe(
  variantOf((tool) => PER_TOOL.find((p) => p.tool === tool)!.unassessed),
  v.title('UnassessedScan'),
  v.description('422: a problem with the scan envelope; `result` says why the target was not assessed.'),
);
export const StoredScanResponseSchema = v.pipe(
  v.union(PER_TOOL.map((p) => p.stored)),
  v.title('StoredScan'),
  v.description(
    "A kept scan by id: its execute answer's envelope, `success` and `cached` true even when `assessed` is false.",
  ),
);
