/** The kept scans: one by id, and a tool and target's history. */
import { respond } from '../http/respond.ts';
import { historyBody, storedScanBody } from '../scan/envelope.ts';
import { findStoredScan, targetHistory } from '../scan/stored-scans.ts';
import { lookUpTool } from '../scan/tool-lookup.ts';
import type { Handler } from '../context.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** `GET /api/v1/scans/{scanId}`: the stored envelope, 200 whether or not the scan assessed its target. */
export const storedScan: Handler = async (request, ctx) => {
  const scan = await findStoredScan(ctx, request.params['scanId'] ?? '');
  return respond(ctx, JSON.stringify(await storedScanBody(scan, ctx)), { headers: JSON_HEADERS });
};

/** `GET /api/v1/agent/tools/{tool}/scans?target=…`: newest first, the target normalised as execute does. */
export const scanHistory: Handler = async (request, ctx) => {
  const tool = lookUpTool(request.params['tool'] ?? '', ctx.services.config.accountUrl);
  const { target, scans } = await targetHistory(ctx, tool, request.query['target']);
  const body = historyBody(tool.name, target, scans, ctx);
  return respond(ctx, JSON.stringify(body), { headers: JSON_HEADERS });
};
