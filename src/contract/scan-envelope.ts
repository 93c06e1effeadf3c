/**
 * The scan envelopes (one shape per tool, told apart by `toolName`), built for given result shapes:
 * each tool's own (src/contract/response-schemas.ts, for the OpenAPI document and the tests), or
 * `result.details` left open (the outlines here, for the MCP tools' output schemas, which must not
 * load the tools' result shapes); the history; the envelope's named parts.
 */
import * as v from 'valibot';
import { problemEntries, problemErrorOf } from './problem-schemas.ts';
import { alwaysNull } from '../tools/always-null.ts';
import { SCAN_KEPT_DAYS } from './request-schemas.ts';
import { SCANS_KEPT_PER_TARGET } from '../store/port.ts';
import { ALLOWLISTED_TOOLS } from '../tools/registry.ts';
import type { ToolEntry, ToolImplementation } from '../tools/tool-entry.ts';

type Tool = (typeof ALLOWLISTED_TOOLS)[number];
const described = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(schema, v.description(description));

const apiVersion = v.literal('1');
const target = described(
  v.string(),
  `Normalised: ${ALLOWLISTED_TOOLS.map((t) => `${t.targetInSchemas.normalizedTo} for ${t.name}`).join(', ')}.`,
);
const message = v.string();
const pageEntries = {
  uiUrl: v.pipe(v.string(), v.url()),
  skillUrl: described(v.pipe(v.string(), v.url()), 'Agent skill, in Markdown.'),
};

const ScanIdSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{22}$/),
  v.description('Opaque and unguessable.'),
  v.examples(['3q2-7wAAAAC6vbrQ8J-Hxw']),
);
const ScannedAtSchema = described(v.pipe(v.string(), v.isoTimestamp()), 'When the scan ended, in UTC.');
const scanLinkEntries = {
  scanUrl: described(v.pipe(v.string(), v.url()), `This scan as JSON, kept ${SCAN_KEPT_DAYS} days.`),
  permalink: described(v.pipe(v.string(), v.url()), "This scan's web page."),
};
const CachedSchema = described(v.boolean(), 'True: a kept result answered, as `maxAgeSec` allowed.');
/** The `?tool=` badge of the target (src/scan/badge-link.ts, docs/badge.md). */
const BadgeLinkSchema = described(
  v.object({
    feeds: v.boolean(),
    url: described(v.nullable(v.pipe(v.string(), v.url())), 'null: the target has no badge (an IP address).'),
    markdown: described(v.nullable(v.string()), 'The badge linked to the target on the tool page; null as `url`.'),
    why: described(v.nullable(v.string()), 'Why this scan does not feed the badge; null when it does.'),
  }),
  "The target's `?tool=` badge; `feeds`: it shows this scan's grade (only a scan of the site's start does).",
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
  BadgeLink: BadgeLinkSchema,
};

const storedEntries = (assessed: v.GenericSchema<boolean>, cached: v.GenericSchema<boolean>) => ({
  scanId: ScanIdSchema,
  scannedAt: ScannedAtSchema,
  assessed,
  cached,
  ...scanLinkEntries,
  badge: BadgeLinkSchema,
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
export type ResultShapes = Pick<ToolImplementation['resultSchemas'], 'details' | 'unassessedDetails'> | 'outline';
const OPEN_DETAILS = described(v.record(v.string(), v.unknown()), "The tool's findings; see the OpenAPI document.");

/** `result` of an assessed scan and of an unassessed one, of one tool. */
export const assessedResult = (tool: Tool, shapes: ResultShapes) =>
  v.object({
    status: tool.statusSchema,
    message,
    details:
      // The tool's own schema, not a copy, so the document can name it (src/contract/openapi/components.ts).
      shapes === 'outline' ? OPEN_DETAILS : shapes.details,
  });
export const unassessedResult = (tool: Tool, shapes: ResultShapes) =>
  v.object({
    status: v.literal('error'),
    message,
    details:
      shapes === 'outline'
        ? OPEN_DETAILS
        : described(
            v.union([shapes.unassessedDetails, PipelineStopSchema]),
            'Why the target was not assessed: `reason` and what comes with it.',
          ),
  });

const toolEntries = (tool: Tool) => ({
  apiVersion,
  toolName: v.literal(tool.name),
  target,
  ...pageEntries,
});
const gradeOf = (tool: ToolEntry) => described(v.picklist(tool.gradeScale), 'Letter grade, best first.');
const scoreOf = (tool: ToolEntry) =>
  described(
    v.pipe(v.number(), v.minValue(tool.scoreRange.min), v.maxValue(tool.scoreRange.max)),
    `From ${tool.scoreRange.min} to ${tool.scoreRange.max}.`,
  );

/** `error` of a success: always null (a problem's `error` otherwise, which need not be spelled out here). */
const succeeded = alwaysNull(v.object({}), 'Always null: the request succeeded.');
const notGraded = (tool: ToolEntry) => alwaysNull(gradeOf(tool), 'Always null: not assessed.');
const notScored = (tool: ToolEntry) => alwaysNull(scoreOf(tool), 'Always null: not assessed.');

/** The 200 body of execute, one object per tool: discriminate on `toolName`. */
export const scanResponseOf = (tool: Tool, shapes: ResultShapes) =>
  v.pipe(
    v.object({
      success: v.literal(true),
      ...toolEntries(tool),
      result: assessedResult(tool, shapes),
      grade: gradeOf(tool),
      gradeScore: scoreOf(tool),
      error: succeeded,
      ...storedEntries(v.literal(true), CachedSchema),
    }),
    v.title(`${pascal(tool.name)}Scan${shapes === 'outline' ? 'Outline' : ''}`),
  );

/** The 422 body of execute: a problem that also carries the scan envelope; `result` says why. */
export const unassessedScanOf = (tool: Tool, shapes: ResultShapes) =>
  v.pipe(
    v.object({
      ...problemEntries,
      // Literals, so that a client can tell this answer from the problems of other statuses.
      error: problemErrorOf(v.literal('unprocessable_entity')),
      status: v.literal(422),
      code: v.literal('unprocessable_entity'),
      ...toolEntries(tool),
      result: unassessedResult(tool, shapes),
      grade: notGraded(tool),
      gradeScore: notScored(tool),
      ...storedEntries(v.literal(false), CachedSchema),
    }),
    v.title(`${pascal(tool.name)}UnassessedScan${shapes === 'outline' ? 'Outline' : ''}`),
  );

/**
 * A kept scan read back by id: the envelope its execute answer had, with success true either way;
 * `assessed` tells an assessed scan from one that could not assess its target.
 */
export const storedScanOf = (tool: Tool, shapes: ResultShapes) => {
  const entries = { success: v.literal(true), ...toolEntries(tool), error: succeeded };
  const always = v.literal(true);
  return v.pipe(
    v.union([
      v.object({
        ...entries,
        result: assessedResult(tool, shapes),
        grade: gradeOf(tool),
        gradeScore: scoreOf(tool),
        ...storedEntries(v.literal(true), always),
      }),
      v.object({
        ...entries,
        result: unassessedResult(tool, shapes),
        grade: notGraded(tool),
        gradeScore: notScored(tool),
        ...storedEntries(v.literal(false), always),
      }),
    ]),
    v.title(`${pascal(tool.name)}StoredScan${shapes === 'outline' ? 'Outline' : ''}`),
  );
};

export const ScanHistoryResponseSchema = v.pipe(
  v.object({
    success: v.literal(true),
    apiVersion,
    toolName: described(v.picklist(ALLOWLISTED_TOOLS.map((t) => t.name)), 'As asked.'),
    target: described(v.string(), 'Normalised as execute does.'),
    scans: described(
      v.pipe(
        v.array(
          v.object({
            scanId: ScanIdSchema,
            scannedAt: ScannedAtSchema,
            grade: described(v.nullable(v.string()), 'Null: not assessed.'),
            gradeScore: described(v.nullable(v.number()), 'Null when grade is.'),
            status: described(
              v.picklist(['passed', 'warnings', 'failed', 'error']),
              '`result.status`; error: not assessed.',
            ),
            ...scanLinkEntries,
          }),
        ),
        v.maxLength(SCANS_KEPT_PER_TARGET),
      ),
      `Newest first: the last ${SCAN_KEPT_DAYS} days, at most ${SCANS_KEPT_PER_TARGET}.`,
    ),
    error: succeeded,
  }),
  v.title('ScanHistory'),
);

function pascal(name: string): string {
  return name.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());
}

/** One schema per tool, told apart by `toolName` (its output type is what all of them share). */
export const variantOf = <S extends v.GenericSchema>(make: (tool: Tool) => S): v.GenericSchema<v.InferOutput<S>> =>
  v.variant(
    'toolName',
    ALLOWLISTED_TOOLS.map(make) as unknown as [v.ObjectSchema<{ toolName: v.GenericSchema<string> }, undefined>],
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
