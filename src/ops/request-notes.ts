/**
 * What a request did, noted by the layers it passes through: the scan it ran, how it ended, how
 * much store work it took. Read once the response is ready, for its access-log line, and by the
 * execute route for `Server-Timing`.
 */
import type { ErrorCode } from '../http/errors.ts';

export interface RequestNotes {
  tool?: string;
  /** The scanned host or domain: never a path, a query string or a key. */
  targetHost?: string;
  scanId?: string;
  grade?: string | null;
  /** True when an earlier scan was reused (`maxAgeSec`). */
  cached?: boolean;
  /** Why a scan could not assess its target (the 422's `result.details.reason`). */
  reason?: string;
  /** The problem code of a refusal. */
  problem?: ErrorCode;
  /** For a 5xx: what failed, for the operator. */
  cause?: string;
  /** Time spent scanning (ms). */
  scanMs?: number;
  /** Store operations started for this request; each is one round trip on Upstash. */
  storeRoundTrips: number;
  /** Time spent waiting on store operations that finished (ms). */
  storeMs: number;
  mcp?: McpNotes;
}

export interface McpNotes {
  /** The JSON-RPC method, e.g. `tools/call`. */
  method: string;
  /** For `tools/call`: the tool's name. */
  tool?: string;
  /** For `tools/call`: whether the tool's result was an error. */
  isError?: boolean;
}

export const newRequestNotes = (): RequestNotes => ({ storeRoundTrips: 0, storeMs: 0 });

const milliseconds = (ms: number) => Math.round(ms * 10) / 10;

/** `Server-Timing` (W3C): the scan and the store, as far as this request waited on them. */
export function serverTiming(notes: RequestNotes): string {
  const entries = [`store;dur=${milliseconds(notes.storeMs)};desc="${notes.storeRoundTrips} round trips"`];
  if (notes.scanMs !== undefined) entries.unshift(`scan;dur=${milliseconds(notes.scanMs)}`);
  return entries.join(', ');
}
