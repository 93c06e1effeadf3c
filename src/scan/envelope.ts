/**
 * The scan envelope of a stored scan, for every answer that carries one: a fresh execute (200, or
 * 422 for a scan that could not assess its target), a cached execute, and `GET /api/v1/scans/{id}`.
 * URLs are built from the base URL of the answering request, never stored.
 */
import type { RequestContext } from '../context.ts';
import { problemBody } from '../http/problem.ts';
import { scanPagePath, scanPath, skillPath, toolPagePath } from '../paths.ts';
import type { ScanSummary, StoredScan } from '../store/port.ts';
import type { BadgeFeed } from '../tools/tool.ts';
import { unassessedCause } from '../tools/unassessed-causes.ts';
import { badgeLinkOf, keptScanBadge } from './badge-link.ts';

/** A scan that could not assess its target feeds no badge: the badge keeps the grade it had. */
function notAssessed(badge: BadgeFeed): BadgeFeed {
  if (!badge.feeds) return badge;
  const why = 'This scan could not assess its target, so the badge keeps the grade it had.';
  return { domain: badge.domain, feeds: false, why };
}

/** The members every envelope has, whatever the answer's status. */
function envelopeOf(scan: StoredScan, ctx: RequestContext, cached: boolean, badge: BadgeFeed): Record<string, unknown> {
  return {
    apiVersion: '1',
    toolName: scan.tool,
    target: scan.target,
    grade: scan.assessed ? scan.grade : null,
    gradeScore: scan.assessed ? scan.gradeScore : null,
    result: scan.result,
    uiUrl: ctx.baseUrl + toolPagePath(scan.tool),
    skillUrl: ctx.baseUrl + skillPath(scan.tool),
    scanId: scan.scanId,
    scannedAt: new Date(scan.scannedAt).toISOString(),
    assessed: scan.assessed,
    cached,
    scanUrl: ctx.baseUrl + scanPath(scan.scanId),
    permalink: ctx.baseUrl + scanPagePath(scan.scanId),
    badge: badgeLinkOf(scan.tool, scan.target, scan.assessed ? badge : notAssessed(badge), ctx.baseUrl),
  };
}

/** The execute answer's body: the success body, or for a scan that could not assess its target the 422 problem. */
export function executeBody(
  scan: StoredScan,
  ctx: RequestContext,
  cached: boolean,
  badge: BadgeFeed,
): Record<string, unknown> {
  const envelope = envelopeOf(scan, ctx, cached, badge);
  if (scan.assessed) return { success: true, ...envelope, error: null };
  // What to do depends on the cause: one table for this hint, MCP's `next` and the tool pages.
  const cause = unassessedCause(scan.result.details['reason']);
  const problem = problemBody(
    ctx.baseUrl,
    'unprocessable_entity',
    {
      detail: `The scan ran but could not assess ${scan.target}: ${scan.result.message}`,
      hint: `${cause.title} (result.details.reason). ${cause.next}`,
    },
    ctx.requestId,
  );
  return { ...problem, ...envelope };
}

/** A stored scan read back by id: the request succeeded whether or not the scan assessed its target. */
export async function storedScanBody(scan: StoredScan, ctx: RequestContext): Promise<Record<string, unknown>> {
  return { success: true, ...envelopeOf(scan, ctx, true, await keptScanBadge(scan)), error: null };
}

/** A tool and target's history as the API answers it (REST and MCP alike), newest first. */
export function historyBody(
  toolName: string,
  target: string,
  scans: ScanSummary[],
  ctx: RequestContext,
): Record<string, unknown> & { scans: Record<string, unknown>[] } {
  return {
    success: true,
    apiVersion: '1',
    toolName,
    target,
    scans: scans.map((s) => ({
      scanId: s.scanId,
      scannedAt: new Date(s.scannedAt).toISOString(),
      grade: s.grade,
      gradeScore: s.gradeScore,
      status: s.status,
      scanUrl: ctx.baseUrl + scanPath(s.scanId),
      permalink: ctx.baseUrl + scanPagePath(s.scanId),
    })),
    error: null,
  };
}

/** Whole seconds since the scan finished: the `Age` of a stored answer. */
export const ageSeconds = (scan: StoredScan, now: number) => Math.max(0, Math.floor((now - scan.scannedAt) / 1000));
