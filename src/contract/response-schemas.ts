/**
 * The valibot schemas of what the API answers: the scan envelope (one shape per tool, told apart
 * by `toolName`, whose `result` each tool describes in src/tools/<tool>/result-schema.ts), the
 * stored scan, the history and the problem document. src/contract/openapi/document.ts publishes them; tests check
 * real responses against them.
 */
import * as v from 'valibot';
import { problemEntries } from './problem-schemas.ts';
import { alwaysNull } from '../tools/always-null.ts';
import { SCAN_KEPT_DAYS } from './request-schemas.ts';
import { SCANS_KEPT_PER_TARGET } from '../store/port.ts';
import { TOOL_IMPLEMENTATIONS } from '../tools/implementations.ts';
import { ALLOWLISTED_TOOLS } from '../tools/registry.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';

type Tool = (typeof ALLOWLISTED_TOOLS)[number];
const resultSchemasOf = (tool: Tool) => TOOL_IMPLEMENTATIONS[tool.name].resultSchemas;
const described = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(schema, v.description(description));

const apiVersion = described(v.literal('1'), 'API version of this answer.');
const target = described(
  v.string(),
  'The scanned target, normalised ' +
    `(${ALLOWLISTED_TOOLS.map((t) => `${t.targetInSchemas.normalizedTo} for ${t.name}`).join(', ')}).`,
);
const message = described(v.string(), 'One-sentence summary for people.');
const pageEntries = {
  uiUrl: described(v.pipe(v.string(), v.url()), 'Web page of the tool.'),
  skillUrl: described(v.pipe(v.string(), v.url()), 'Agent skill description of the tool (Markdown).'),
};

const ScanIdSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{22}$/),
  v.description('Opaque, unguessable id of the stored scan (22 base64url characters).'),
  v.examples(['3q2-7wAAAAC6vbrQ8J-Hxw']),
);
const ScannedAtSchema = described(v.pipe(v.string(), v.isoTimestamp()), 'When the scan finished (RFC 3339, UTC).');
const scanLinkEntries = {
  scanUrl: described(
    v.pipe(v.string(), v.url()),
    `This scan as JSON, {base_url}/api/v1/scans/{scanId}, for ${SCAN_KEPT_DAYS} days.`,
  ),
  permalink: described(v.pipe(v.string(), v.url()), 'Web page of this scan for people, {base_url}/scans/{scanId}.'),
};
const CachedSchema = described(
  v.boolean(),
  'True when a stored result younger than maxAgeSec answered instead of a new scan: ' +
    'scanId and scannedAt are the original ones, the Age header gives its age, and no scan quota was spent.',
);
/** Members every scan envelope has alike: named parts, written once in the OpenAPI document. */
export const ENVELOPE_PARTS = {
  ScanTarget: target,
  ScanId: ScanIdSchema,
  ScannedAt: ScannedAtSchema,
  ScanUrl: scanLinkEntries.scanUrl,
  Permalink: scanLinkEntries.permalink,
  Cached: CachedSchema,
  ToolPage: pageEntries.uiUrl,
  ToolSkill: pageEntries.skillUrl,
};

const storedEntries = (assessed: v.GenericSchema<boolean>, cached: v.GenericSchema<boolean>) => ({
  scanId: ScanIdSchema,
  scannedAt: ScannedAtSchema,
  assessed,
  cached,
  ...scanLinkEntries,
});

/** Why the scan pipeline itself stopped a scan: its deadline, or the client leaving (never kept). */
const PipelineStopSchema = v.object({
  reason: described(
    v.picklist(['timeout', 'client-closed']),
    'timeout: the scan reached its deadline; client-closed: the client left before the scan ended.',
  ),
});

/**
 * How much of `result.details` a schema spells out: all of it (the OpenAPI document, the tests),
 * or only that it is an object (the MCP tools' output schemas, which models read in full).
 */
type Depth = 'detailed' | 'outline';
const OPEN_DETAILS = described(v.record(v.string(), v.unknown()), "The tool's findings; see the OpenAPI document.");

/** `result` of an assessed scan and of an unassessed one, of one tool. */
const assessedResult = (tool: Tool, depth: Depth) =>
  v.object({
    status: resultSchemasOf(tool).status,
    message,
    details:
      // The tool's own schema, not a copy, so the document can name it (src/contract/openapi/components.ts).
      depth === 'outline' ? OPEN_DETAILS : resultSchemasOf(tool).details,
  });
const unassessedResult = (tool: Tool, depth: Depth) =>
  v.object({
    status: described(v.literal('error'), 'The scan could not assess the target.'),
    message,
    details:
      depth === 'outline'
        ? OPEN_DETAILS
        : described(
            v.union([resultSchemasOf(tool).unassessedDetails, PipelineStopSchema]),
            'Why the target could not be assessed: `reason` and what comes with it.',
          ),
  });

const toolEntries = (tool: Tool) => ({
  apiVersion,
  toolName: described(v.literal(tool.name), 'The tool that ran.'),
  target,
  ...pageEntries,
});
const gradeOf = (tool: ToolEntry) =>
  described(v.picklist(tool.gradeScale), "Letter grade, best first in the catalog's scale.");
const scoreOf = (tool: ToolEntry) =>
  described(
    v.pipe(v.number(), v.minValue(tool.scoreRange.min), v.maxValue(tool.scoreRange.max)),
    `Numeric score, ${tool.scoreRange.min} to ${tool.scoreRange.max}.`,
  );

/** `error` of a success: always null (a problem's `error` otherwise, which need not be spelled out here). */
const succeeded = alwaysNull(v.object({}), 'Always null: the request succeeded.');
const notGraded = (tool: ToolEntry) => alwaysNull(gradeOf(tool), 'Always null: the target was not assessed.');
const notScored = (tool: ToolEntry) => alwaysNull(scoreOf(tool), 'Always null: the target was not assessed.');

/** The 200 body of execute, one object per tool: discriminate on `toolName`. */
const scanResponseOf = (tool: Tool, depth: Depth = 'detailed') =>
  v.pipe(
    v.object({
      success: v.literal(true),
      ...toolEntries(tool),
      result: assessedResult(tool, depth),
      grade: gradeOf(tool),
      gradeScore: scoreOf(tool),
      error: succeeded,
      ...storedEntries(described(v.literal(true), 'The scan assessed its target.'), CachedSchema),
    }),
    v.title(`${pascal(tool.name)}Scan${depth === 'outline' ? 'Outline' : ''}`),
  );

/** The 422 body of execute: a problem that also carries the scan envelope; `result` says why. */
const unassessedScanOf = (tool: Tool, depth: Depth = 'detailed') =>
  v.pipe(
    v.object({
      ...problemEntries,
      // Literals, so that a client can tell this answer from the problems of other statuses.
      error: v.object({ ...problemEntries.error.entries, code: v.literal('unprocessable_entity') }),
      status: described(v.literal(422), 'The HTTP status.'),
      code: described(v.literal('unprocessable_entity'), 'The error code: the scan could not assess its target.'),
      ...toolEntries(tool),
      result: unassessedResult(tool, depth),
      grade: notGraded(tool),
      gradeScore: notScored(tool),
      ...storedEntries(described(v.literal(false), 'The scan could not assess its target.'), CachedSchema),
    }),
    v.title(`${pascal(tool.name)}UnassessedScan${depth === 'outline' ? 'Outline' : ''}`),
  );

/**
 * A kept scan read back by id: the envelope its execute answer had, with success true either way;
 * `assessed` tells an assessed scan from one that could not assess its target.
 */
const storedScanOf = (tool: Tool, depth: Depth = 'detailed') => {
  const entries = { success: v.literal(true), ...toolEntries(tool), error: succeeded };
  const always = described(v.literal(true), 'Always true: a stored result.');
  return v.pipe(
    v.union([
      v.object({
        ...entries,
        result: assessedResult(tool, depth),
        grade: gradeOf(tool),
        gradeScore: scoreOf(tool),
        ...storedEntries(described(v.literal(true), 'The scan assessed its target.'), always),
      }),
      v.object({
        ...entries,
        result: unassessedResult(tool, depth),
        grade: notGraded(tool),
        gradeScore: notScored(tool),
        ...storedEntries(described(v.literal(false), 'The scan could not assess its target; result says why.'), always),
      }),
    ]),
    v.title(`${pascal(tool.name)}StoredScan${depth === 'outline' ? 'Outline' : ''}`),
  );
};

export const ScanHistoryResponseSchema = v.pipe(
  v.object({
    success: v.literal(true),
    apiVersion,
    toolName: described(v.picklist(ALLOWLISTED_TOOLS.map((t) => t.name)), 'The tool whose scans these are.'),
    target: described(v.string(), 'The target, normalised exactly as execute normalises it.'),
    scans: described(
      v.pipe(
        v.array(
          v.object({
            scanId: ScanIdSchema,
            scannedAt: ScannedAtSchema,
            grade: described(v.nullable(v.string()), 'Null when the scan could not assess its target.'),
            gradeScore: described(v.nullable(v.number()), 'Null when grade is null.'),
            status: described(
              v.picklist(['passed', 'warnings', 'failed', 'error']),
              'result.status of the scan; error when it could not assess its target.',
            ),
            ...scanLinkEntries,
          }),
        ),
        v.maxLength(SCANS_KEPT_PER_TARGET),
      ),
      `Kept scans of this tool and target, newest first: the last ${SCAN_KEPT_DAYS} days, ` +
        `at most ${SCANS_KEPT_PER_TARGET}.`,
    ),
    error: succeeded,
  }),
  v.title('ScanHistory'),
);

function pascal(name: string): string {
  return name.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());
}

/** One schema per tool, told apart by `toolName` (its output type is what all of them share). */
const variantOf = <S extends v.GenericSchema>(make: (tool: Tool) => S): v.GenericSchema<v.InferOutput<S>> =>
  v.variant(
    'toolName',
    ALLOWLISTED_TOOLS.map(make) as unknown as [v.ObjectSchema<{ toolName: v.GenericSchema<string> }, undefined>],
  );

/** Every tool's answer, as one schema each; the OpenAPI document names every part. */
export const PER_TOOL = ALLOWLISTED_TOOLS.map((tool) => ({
  tool,
  scan: scanResponseOf(tool),
  unassessed: unassessedScanOf(tool),
  stored: storedScanOf(tool),
}));

export const ScanResponseSchema = v.pipe(
  variantOf((tool) => PER_TOOL.find((p) => p.tool === tool)!.scan),
  v.title('ScanResponse'),
  v.description('200 of execute: the scan envelope; `toolName` tells which result shape it holds.'),
);
export const UnassessedScanSchema = v.pipe(
  variantOf((tool) => PER_TOOL.find((p) => p.tool === tool)!.unassessed),
  v.title('UnassessedScan'),
  v.description(
    '422: the scan ran but could not assess the target. ' +
      'A problem body that also carries the scan envelope; result explains why.',
  ),
);
export const StoredScanResponseSchema = v.pipe(
  v.union(PER_TOOL.map((p) => p.stored)),
  v.title('StoredScan'),
  v.description(
    'A kept scan read back by id: the envelope its execute answer had, with success true ' +
      'even when the scan could not assess its target. `toolName` tells which result it holds, `assessed` ' +
      'whether its target could be assessed.',
  ),
);

/** The execute answers with `result.details` left open, for the MCP tools' output schema. */
export const ScanOutlineSchema = v.pipe(
  variantOf((tool) => scanResponseOf(tool, 'outline')),
  v.title('ScanResponse'),
);
export const UnassessedScanOutlineSchema = v.pipe(
  variantOf((tool) => unassessedScanOf(tool, 'outline')),
  v.title('UnassessedScan'),
);
