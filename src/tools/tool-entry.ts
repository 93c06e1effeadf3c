/**
 * One tool as the service registers it: its pure definition plus what the surfaces need at start.
 * Each tool folder's index.ts exports one entry; src/tools/registry.ts lists them, and the catalog,
 * schemas, OpenAPI, MCP tools, scanners and pages read that list.
 */
import type * as v from 'valibot';
import type { AppConfig } from '../config.ts';
import type { GuardedFetchDeps } from '../net/guarded-fetch.ts';
import type { Resolver } from '../net/resolver.ts';
import type { ScanFetch } from '../net/scan-fetch.ts';
import type { ToolGuide } from './tool-guide.ts';
import type { Scanner, ToolDefinition } from './tool.ts';

/** What the runtime gives the scanners (src/service.ts passes it to createScanners). */
export interface ScannerRuntime {
  /** The fetch scans go through; on Node it pins connections to the vetted addresses. */
  scanFetch: ScanFetch;
  /** Plain fetch for our own services (the DoH resolver, the preload status service). */
  fetch: typeof fetch;
  /** TESTS ONLY: the port MTA-STS policy hosts answer on (a local test site). */
  mtaStsPort?: number;
}

/** What a tool's scanner factory is given: one resolver and one guarded fetch shared by every tool. */
export interface ScannerSetup {
  config: AppConfig;
  runtime: ScannerRuntime;
  resolver: Resolver;
  guarded: GuardedFetchDeps;
}

/** One problem of a scan, as the MCP compact result lists it. */
export interface Finding {
  /** What is wrong, in words. */
  title: string;
  /** email-security: the finding's severity (critical, high, medium, low, info). */
  severity?: string;
  /** security-headers: what the failed test took off the score. */
  scoreImpact?: number;
  /** What to change. */
  fix: string;
}

export interface ToolEntry<Name extends string = string> extends ToolDefinition<Name> {
  /** The request takes DKIM `selectors` (the input schema lists them, the tool page shows a field). */
  acceptsSelectors: boolean;
  /**
   * The selectors every scan of this tool looks up besides the caller's: a kept result answers a
   * later request (`maxAgeSec`) only if it looked up these and the request's own.
   */
  selectorsAlwaysTried: readonly string[];
  /** How the target reads in the shared request and response schemas (src/contract/request-schemas.ts). */
  targetInSchemas: { accepts: string; normalizedTo: string };
  mcp: {
    /** The MCP tool name (snake_case). */
    name: string;
    /** What the tool does, in a few words after its name in the server's instructions. */
    purpose: string;
    /** The tool description an agent reads: what it does and when to use it. */
    description: string;
  };
  /** The problems of an assessed result, most important first, each with its fix (the MCP compact result). */
  findingsOf(details: Record<string, unknown>): Finding[];
  /** What the tool is for and how its result reads, for the skill file and the tool page. */
  guide: ToolGuide;
  /** `result.status` of an assessed scan (src/tools/<tool>/status-schema.ts). */
  statusSchema: v.GenericSchema<string>;
}

/**
 * The heavy half of a tool (src/tools/<tool>/implementation.ts), listed in src/tools/implementations.ts
 * and loaded the first time a scan runs or a document describes results, never at start.
 */
export interface ToolImplementation {
  /** Its scanner, whose code (retrieval, parsing, grading) is a chunk of its own, loaded here. */
  createScanner(setup: ScannerSetup): Promise<Scanner>;
  /**
   * The shapes of its `result` (src/tools/<tool>/result-schema.ts), from which the OpenAPI document
   * describes the scan envelope: `details` of an assessed scan and of a 422 (its `status` is the
   * entry's statusSchema).
   */
  resultSchemas: {
    details: v.GenericSchema;
    unassessedDetails: v.GenericSchema;
    /** Parts the document names, so that one used in several places (or in itself) is written once. */
    parts: Record<string, v.GenericSchema>;
  };
}
